// The night's pages: the lobby and the director's board (a table's own page is the game's
// page, served under /table/ID/). Every text is set as text, never as markup.
"use strict";

const page = document.body.dataset.page;
document.title = page === "board" ? t("Director's board") : t("Lobby");
document.getElementById("title").textContent = document.title;
const main = document.getElementById("main");
const problem = document.getElementById("problem");

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function number(value) {  // as the page's language writes it: 0,75 in German, French and Spanish
  return Number(value).toLocaleString(LANG, { maximumFractionDigits: 3 });
}

function where(row) {
  if (row.table) return t("Round {round} · Table {table}", { round: row.round, table: row.table });
  return row.round ? t("Round {round}", { round: row.round }) : row.name;
}

function tableCard(row, linked) {
  const card = el("section", null, "card");
  card.dataset.game = row.game;
  const heading = el("h2");
  if (linked) {
    const link = el("a", where(row));
    link.href = spoken(`/table/${encodeURIComponent(row.game)}/`);  // in this page's language
    heading.append(link);
  } else {
    heading.textContent = where(row);
  }
  card.append(heading);
  const state = row.abandoned ? t("abandoned") : row.finished ? t("finished")
    : t("hand {hand}, {dealer} deals", { hand: row.hand, dealer: row.dealer });
  const meta = el("p", `${row.title} — ${state}`, row.finished ? "meta finished" : "meta");
  meta.dataset.hand = row.hand;
  card.append(meta);
  if (!row.finished && !row.abandoned && row.needs.length) {
    card.append(el("p", t("To record: {needs}", { needs: row.needs.map(needWords).join(", ") }), "meta"));
  }
  const table = el("table");
  for (const side of row.sides || []) {  // a partnership game: each side once, with its score (and bags)
    const tr = el("tr");
    const bags = side.bags === undefined ? "" : nt("{count} bag", "{count} bags", side.bags, { count: side.bags });
    tr.append(el("td", side.place), el("td", side.name), el("td", number(side.score), "num"), el("td", bags, "num"));
    table.append(tr);
  }
  for (const p of (row.sides || []).length ? [] : row.players) {
    const tr = el("tr");
    tr.append(el("td", p.place), el("td", p.left ? t("{player} (left)", { player: p.name }) : p.name), el("td", number(p.score), "num"));
    table.append(tr);
  }
  card.append(table);
  const latest = el("ul", null, "latest");
  for (const entry of row.latest) {  // in the order they were entered, the newest last
    if (entry.hand === null && entry.n === 0) continue;
    const item = el("li", entry.text, entry.correction ? "correction" : "");  // said as a correction by the server
    latest.append(item);
  }
  card.append(latest);
  return card;
}

function leaderboard(night) {
  const box = el("section", null, "card board");
  const byScore = night.by === "score";  // a progressive night: each player's side's points
  box.append(el("h2", byScore ? t("Night {night}: scores", { night: night.night })
                              : t("Night {night}: placement points", { night: night.night })));
  if (night.players.length) box.append(ranking(night.players, "", byScore));
  else box.append(el("p", t("No game has finished yet.")));
  if (night.provisional.length) {
    box.append(el("h3", t("If the games in play ended now:"), "provisional"));
    box.append(ranking(night.provisional, "provisional", byScore));
  }
  return box;
}

function ranking(players, kind, byScore) {
  const table = el("table", null, kind || "");
  const head = el("tr");
  head.append(el("th", "#"), el("th", t("player")), el("th", byScore ? t("score") : t("points"), "num"), el("th", t("games"), "num"));
  table.append(head);
  for (const p of players) {
    const tr = el("tr");
    tr.append(el("td", p.place), el("td", p.name), el("td", number(p.points), "num"), el("td", p.games, "num"));
    table.append(tr);
  }
  return table;
}

// The board on a TV: the round in play and the leaderboard fill the screen; a round whose
// games are all over folds to one line (opened with a tap or a click), the latest first.
function over(row) { return row.finished || row.abandoned; }

function rounds(rows) {
  const byRound = new Map();
  for (const row of rows) {
    const key = row.round || 0;
    if (!byRound.has(key)) byRound.set(key, []);
    byRound.get(key).push(row);
  }
  return [...byRound.entries()].sort((a, b) => b[0] - a[0]);  // the latest round first
}

function foldedRound(number, rows) {
  const box = el("details", null, "round done");
  box.dataset.round = number;
  const title = number ? t("Round {round}", { round: number }) : t("Games by hand");
  const done = nt("{count} game over", "{count} games over", rows.length, { count: rows.length });
  box.append(el("summary", `${title} — ${done}`));
  const grid = el("div", null, "tables");
  for (const row of rows) grid.append(tableCard(row, false));
  box.append(grid);
  return box;
}

function boardTables(rows) {
  const live = el("div", null, "live");
  const folded = [];
  const grouped = rounds(rows);
  const playing = grouped.find(([, games]) => games.some((row) => !over(row))) || grouped[0];
  for (const [number, games] of grouped) {
    if (playing && number === playing[0]) {
      const grid = el("div", null, "tables");
      for (const row of games) grid.append(tableCard(row, false));
      live.append(grid);
    } else if (games.every(over)) {
      folded.push(foldedRound(number, games));
    } else {  // an earlier round still in play stays open
      const grid = el("div", null, "tables");
      for (const row of games) grid.append(tableCard(row, false));
      live.append(grid);
    }
  }
  live.append(...folded);
  return live;
}

function draw(data) {
  problem.hidden = true;
  document.getElementById("title").textContent =
    page === "board" ? t("Night {night}", { night: data.night.night }) : t("Night {night}: the tables", { night: data.night.night });
  const opened = new Set([...main.querySelectorAll("details[open]")].map((d) => d.dataset.round));
  main.replaceChildren();
  if (page === "board") {
    const layout = el("div", null, "layout");
    layout.append(boardTables(data.tables), leaderboard(data.night));
    main.append(layout);
    for (const d of main.querySelectorAll("details")) d.open = opened.has(d.dataset.round);  // as the director left them
  } else {
    const grid = el("div", null, "tables");
    for (const row of data.tables) grid.append(tableCard(row, true));
    main.append(grid);
  }
}

function start() {
  const events = new EventSource(spoken("/api/night/events"));
  events.addEventListener("state", (event) => draw(JSON.parse(event.data)));
  events.addEventListener("failed", (event) => {
    problem.textContent = JSON.parse(event.data).error;
    problem.hidden = false;
  });
}

start();
