// The night's pages: the lobby and the director's board (a table's own page is the game's
// page, served under /table/ID/). Every text is set as text, never as markup.
"use strict";

const page = document.body.dataset.page;
const main = document.getElementById("main");
const problem = document.getElementById("problem");

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (cls) node.className = cls;
  return node;
}

function number(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 1000) / 1000);
}

function where(row) {
  if (row.table) return `Round ${row.round} · Table ${row.table}`;
  return row.round ? `Round ${row.round}` : row.name;
}

function tableCard(row, linked) {
  const card = el("section", null, "card");
  card.dataset.game = row.game;
  const heading = el("h2");
  if (linked) {
    const link = el("a", where(row));
    link.href = `/table/${encodeURIComponent(row.game)}/`;
    heading.append(link);
  } else {
    heading.textContent = where(row);
  }
  card.append(heading);
  const state = row.abandoned ? "abandoned" : row.finished ? "finished" : `hand ${row.hand}, ${row.dealer} deals`;
  const meta = el("p", `${row.title} — ${state}`, row.finished ? "meta finished" : "meta");
  meta.dataset.hand = row.hand;
  card.append(meta);
  if (!row.finished && !row.abandoned && row.needs.length) card.append(el("p", `To record: ${row.needs.join(", ")}`, "meta"));
  const table = el("table");
  for (const p of row.players) {
    const tr = el("tr");
    tr.append(el("td", p.place), el("td", p.name + (p.left ? " (left)" : "")), el("td", number(p.score), "num"));
    table.append(tr);
  }
  card.append(table);
  const latest = el("ul", null, "latest");
  for (const entry of row.latest.slice().reverse()) {
    if (entry.hand === null && entry.n === 0) continue;
    const said = entry.correction && !entry.text.startsWith("correction") ? "correction: " + entry.text : entry.text;
    const item = el("li", said, entry.correction ? "correction" : "");
    latest.append(item);
  }
  card.append(latest);
  return card;
}

function leaderboard(night) {
  const box = el("section", null, "card board");
  box.append(el("h2", `Night ${night.night}: placement points`));
  if (!night.players.length) {
    box.append(el("p", "No game has finished yet."));
    return box;
  }
  const table = el("table");
  const head = el("tr");
  head.append(el("th", "#"), el("th", "player"), el("th", "points", "num"), el("th", "games", "num"));
  table.append(head);
  for (const p of night.players) {
    const tr = el("tr");
    tr.append(el("td", p.place), el("td", p.name), el("td", number(p.points), "num"), el("td", p.games, "num"));
    table.append(tr);
  }
  box.append(table);
  return box;
}

function draw(data) {
  problem.hidden = true;
  document.getElementById("title").textContent =
    page === "board" ? `Night ${data.night.night}` : `Night ${data.night.night}: the tables`;
  main.replaceChildren();
  const grid = el("div", null, "tables");
  for (const row of data.tables) grid.append(tableCard(row, page === "lobby"));
  if (page === "board") {
    const layout = el("div", null, "layout");
    layout.append(grid, leaderboard(data.night));
    main.append(layout);
  } else {
    main.append(grid);
  }
}

function start() {
  const events = new EventSource("/api/night/events");
  events.addEventListener("state", (event) => draw(JSON.parse(event.data)));
  events.addEventListener("failed", (event) => {
    problem.textContent = JSON.parse(event.data).error;
    problem.hidden = false;
  });
}

start();
