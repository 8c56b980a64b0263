// The night's pages: the lobby, the director's board and a table's page (with its scorer's
// line when opened from the scorer's link). Every text is set as text, never as markup.
"use strict";

const page = document.body.dataset.page;
const main = document.getElementById("main");
const problem = document.getElementById("problem");
const params = new URLSearchParams(location.search);
const game = params.get("game");
let secret = null;

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
    link.href = `/table?game=${encodeURIComponent(row.game)}`;
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
    const item = el("li", (entry.correction ? "correction: " : "") + entry.text, entry.correction ? "correction" : "");
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
    page === "board" ? `Night ${data.night.night}` : page === "lobby" ? `Night ${data.night.night}: the tables` : "Table";
  main.replaceChildren();
  if (page === "table") {
    const row = data.tables.find((r) => r.game === game);
    if (!row) {
      main.append(el("p", "This table is not part of the night."));
      return;
    }
    document.getElementById("title").textContent = `${data.night.night} · ${where(row)}`;
    main.append(tableCard(row, false));
    if (secret) main.append(scorerForm());
    return;
  }
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

let lastReply = "";

function scorerForm() {
  const box = el("div");
  const form = el("form");
  const input = el("input");
  input.type = "text";
  input.id = "line";
  input.autocomplete = "off";
  input.placeholder = "e.g. bid 1 0 0 2, tricks 1 0 0 2, undo";
  const send = el("button", "Enter");
  send.type = "submit";
  form.append(input, send);
  const reply = el("pre", lastReply);
  reply.id = "reply";
  reply.hidden = !lastReply;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const line = input.value;
    const answer = await fetch("/api/night/entry", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${secret}` },
      body: JSON.stringify({ game, line }),
    });
    const said = await answer.json();
    lastReply = said.ok ? said.reply : said.error;
    reply.textContent = lastReply;
    reply.hidden = !lastReply;
    if (said.ok) input.value = "";
  });
  box.append(form, reply);
  return box;
}

function start() {
  const fromLink = /(?:^#|&)scorer=([^&]+)/.exec(location.hash);
  if (fromLink) {
    secret = decodeURIComponent(fromLink[1]);
    sessionStorage.setItem(`scorer:${game}`, secret);
  } else if (game) {
    secret = sessionStorage.getItem(`scorer:${game}`);
  }
  const events = new EventSource("/api/night/events");
  events.addEventListener("state", (event) => {
    const focused = document.activeElement && document.activeElement.id === "line";
    const typed = focused ? document.activeElement.value : "";
    draw(JSON.parse(event.data));
    if (focused) {
      const input = document.getElementById("line");
      input.value = typed;
      input.focus();
    }
  });
  events.addEventListener("failed", (event) => {
    problem.textContent = JSON.parse(event.data).error;
    problem.hidden = false;
  });
}

start();
