"use strict";
// The league's page: the ratings and the records of every game in the store, read again every
// ten seconds. Every text is set as text, in the page's language (say.js).
document.title = t("League · Scorekeeper");
for (const [id, text] of Object.entries({
  "h-league": t("League"), "summary": t("Reading the league…"), "to-table": t("The game on the table"), "h-ratings": t("Ratings"),
  "note": t("Rating = μ − 3σ (Plackett-Luce over the finished games, in the order played): the skill a player very likely has at least. “Last game” is the change over their latest game."),
})) document.getElementById(id).textContent = text;
document.getElementById("to-table").href = spoken("/");  // in this page's language
function cell(row, text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  row.appendChild(td);
  return td;
}
function head(table, names) {
  const row = table.createTHead().insertRow();
  for (const [name, cls] of names) {
    const th = document.createElement("th");
    th.textContent = name;
    if (cls) th.className = cls;
    row.appendChild(th);
  }
}
// numbers as the page's language writes them (a decimal comma in German, French and Spanish)
function fixed(value, digits) {
  return value === null || value === undefined ? "–"
    : Number(value).toLocaleString(LANG, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}
function signed(value) { return (value > 0 ? "+" : value < 0 ? "−" : "±") + fixed(Math.abs(value), 1); }
function pct(part, whole) { return whole ? Math.round(100 * part / whole) + "%" : "–"; }
function ratingsTable(data) {
  const table = document.getElementById("ratings");
  table.replaceChildren();
  head(table, [["#", "num"], [t("player")], [t("rating"), "num"], ["μ", "num"], ["σ", "num"], [t("games"), "num"], [t("last game"), "num"]]);
  const body = table.createTBody();
  data.players.forEach((p, i) => {
    const row = body.insertRow();
    if (i === 0) row.className = "first";
    cell(row, String(i + 1), "num");
    cell(row, p.name, "name");
    cell(row, fixed(p.rating, 1), "num rating");
    cell(row, fixed(p.mu, 1), "num");
    cell(row, fixed(p.sigma, 1), "num");
    cell(row, String(p.games), "num");
    cell(row, signed(p.change), "num " + (p.change > 0 ? "up" : p.change < 0 ? "down" : ""));
  });
  if (!data.players.length) cell(body.insertRow(), t("No finished games to rate yet.")).colSpan = 7;
}
function recordsSection(title, players, columns) {
  const section = document.createElement("section");
  const h2 = document.createElement("h2");
  h2.textContent = title;
  const wrap = document.createElement("div");
  wrap.className = "scroll";
  const table = document.createElement("table");
  head(table, columns.map(c => [c[0], c[2]]));
  const body = table.createTBody();
  for (const p of players) {
    const row = body.insertRow();
    for (const [, value, cls] of columns) cell(row, value(p), cls);
  }
  wrap.appendChild(table);
  section.append(h2, wrap);
  return section;
}
function show(league) {
  const r = league.ratings, s = league.records;
  document.getElementById("summary").textContent = nt("{count} game in the store, {finished} finished; {rated} rated",
    "{count} games in the store, {finished} finished; {rated} rated", s.games, { count: s.games, finished: s.finished, rated: r.games });
  ratingsTable(r);
  const out = [];
  if (s.rulesets.length > 1) {
    out.push(recordsSection(t("All rulesets"), s.players, [
      [t("player"), p => p.name, "name"], [t("played"), p => String(p.played), "num"], [t("won"), p => String(p.won), "num"],
      [t("win rate"), p => pct(p.won, p.played), "num"], [t("rating"), p => fixed(p.rating, 1), "num"],
    ]));
  }
  for (const block of s.rulesets) {
    const title = t("{ruleset}: {finished} of {games} finished", { ruleset: block.title, finished: block.finished, games: block.games });
    out.push(recordsSection(title, block.players, [
      [t("player"), p => p.name, "name"], [t("played"), p => String(p.played), "num"], [t("won"), p => String(p.won), "num"],
      [t("average"), p => fixed(p.average, 1), "num"], [t("best"), p => p.best === null ? "–" : String(p.best), "num"],
      [t("rating"), p => fixed(p.rating, 1), "num"],
    ]));
  }
  document.getElementById("records").replaceChildren(...out);
  document.getElementById("records").style.display = "contents";
}
let etag = null;
async function refresh() {
  try {
    const answer = await fetch(spoken("/api/league"), { headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store" });
    if (answer.status === 304) return;
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.error || t("the league cannot be read"));
    etag = answer.headers.get("ETag");
    show(data);
  } catch (problem) {
    const summary = document.getElementById("summary");
    summary.textContent = String(problem.message || problem);
    summary.className = "warn";
  }
}
refresh();
setInterval(refresh, 10000);
