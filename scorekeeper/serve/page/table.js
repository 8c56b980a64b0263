"use strict";
// Every text from the game goes in as a text node (never as markup). The chart is SVG the
// server built with every name escaped. The table's link has no secret, and its page has no
// control that writes: those are in scorer.js, which only the scorer's link loads.
const $ = (id) => document.getElementById(id);
function el(tag, cls, ...children) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}
function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
function pad2(n) { return String(n).padStart(2, "0"); }
function clock(ms) { const d = new Date(ms); return pad2(d.getHours()) + ":" + pad2(d.getMinutes()); }
function points(v) {
  if (Number.isInteger(v)) return String(v);
  const whole = Math.trunc(Math.abs(v)), sign = v < 0 ? "-" : "";
  return Math.abs(Math.abs(v) - whole - 0.5) < 1e-9 ? sign + (whole || "") + "½" : String(v);
}
function markClass(m) { return m.startsWith("MOON") ? "badge moon" : m.startsWith("FORCED") ? "badge blind" : "badge"; }
// `bid …` in the scorer's words becomes <code>, as text.
function words(text) {
  const p = document.createDocumentFragment();
  text.split("`").forEach((part, i) => {
    if (i % 2) return p.append(el("code", null, part));
    // a line may break after a slash ("Ansage/Blindansage/Sammeln"), rather than inside a word
    part.split("/").forEach((piece, k) => (k ? p.append("/", document.createElement("wbr"), piece) : p.append(piece)));
  });
  return p;
}
function button(text, onTap, cls) {
  const b = el("button", cls || null, text);
  b.type = "button";
  b.addEventListener("click", onTap);
  return b;
}
// The page's own words (its HTML holds none), in the page's language.
function label() {
  const labels = {
    "lobby": t("all tables"), "role": t("scorer"), "live": t("connecting…"), "h-standings": t("Standings"),
    "th-place": t("place"), "th-player": t("player"), "th-score": t("score"), "th-forfeits": t("forfeits"),
    "hand-title": t("Hand in progress"), "h-comments": t("Latest comments"), "h-corrections": t("Corrections recorded"),
    "h-chart": t("Running totals"), "h-sheet": t("Score sheet"), "head-label": t("Chain digest:"),
    "footnote": t("Read-only: nothing can be changed from this page. It updates by itself. This phone keeps each hand's chain digest as it first saw it, and says so if the record is ever rewritten."),
  };
  for (const [id, text] of Object.entries(labels)) $(id).textContent = text;
  $("lobby").href = spoken("/night");  // the night's lobby, in this page's language
  $("chart").append(el("p", "muted", t("No hand scored yet.")));
}
label();
// What a forfeit is called (the standings name it as data: "pants").
function forfeitName(kind) { return { pants: t("pants") }[kind] || kind; }

// --- the phone as a witness --------------------------------------------------------------
// Kept per game in this browser: each closed hand's digest with the entry it is and when this
// phone first saw it, and the last entry seen. The store is append-only: an entry once seen
// keeps its hash for ever. If it does not, the record was rewritten. A correction appends
// entries instead, so the digests seen stay where they were, and the hand shows as corrected.
function witness(s) {
  const key = "scorekeeper-witness:" + s.game.id;
  let w = null, kept = true;
  try { w = JSON.parse(localStorage.getItem(key)); } catch (e) { kept = false; }
  if (!w || typeof w !== "object" || !w.hands) w = { hands: {}, head: null };
  const now = Date.now(), chain = s.chain;
  const differs = [];
  for (const [hand, records] of Object.entries(w.hands)) {
    const broken = records.find((r) => chain[r.n] !== r.digest);
    if (broken) differs.push({ hand: Number(hand), seen: broken.seen });
  }
  if (w.head && chain[w.head.n] !== w.head.digest && w.head.hand !== null) {
    differs.push({ hand: w.head.hand, seen: w.head.seen });
  }
  differs.sort((a, b) => a.hand - b.hand);
  const corrected = [];
  if (!differs.length) {
    for (const h of s.hands) {
      const records = w.hands[h.hand] || (w.hands[h.hand] = []);
      const last = records[records.length - 1];
      // `after`: the last entry this phone had when it saw the hand so (what came before is no news)
      if (!last || last.digest !== h.digest) records.push({ n: h.n, digest: h.digest, seen: now, after: chain.length - 1 });
    }
    const last = chain.length - 1;
    if (!w.head || w.head.n !== last || w.head.digest !== chain[last]) {
      w.head = { n: last, digest: chain[last], hand: s.entries[last].hand, seen: now };
    }
    try { localStorage.setItem(key, JSON.stringify(w)); } catch (e) { kept = false; }
  }
  // Hands this phone saw closed that entries recorded since have changed (undo, corrections).
  for (const [hand, records] of Object.entries(w.hands)) {
    const first = records[0];
    // after a hand has closed, every entry for it is a correction or part of one
    const later = s.entries.filter((e) => e.hand === Number(hand) && e.n > (first.after ?? first.n));
    if (later.length) corrected.push({ hand: Number(hand), seen: first.seen, entries: later });
  }
  return { differs, corrected, kept };
}

// The game this phone follows, kept across games: when the game shown is replaced by another
// whose closed hands this phone never saw recorded (a copy of the game under a new id, say),
// the phone says so. A game started at the table begins with no closed hand, so it never alarms.
// Kept per page: a night's tables (/table/ID/) each follow their own game.
const FOLLOWING = "scorekeeper-following" + (location.pathname === "/" ? "" : ":" + location.pathname);
function followed() {
  try { return JSON.parse(localStorage.getItem(FOLLOWING)); } catch (e) { return null; }
}
function follow(s) {
  const f = { id: s.game.id, name: s.game.name || s.game.title, players: s.game.players, started_at: s.game.started_at,
              closed: s.hands.length, seen: Date.now() };
  try { localStorage.setItem(FOLLOWING, JSON.stringify(f)); } catch (e) { /* private mode: the witness note says so */ }
}
function swapCheck(s) {
  const f = followed();
  if (f && f.pending && f.pending.id === s.game.id) return f.pending;  // told until the scorer's OK
  if (!f || f.id === s.game.id || !f.closed || !s.hands.length) { follow(s); return null; }
  let mine = {};
  try { mine = (JSON.parse(localStorage.getItem("scorekeeper-witness:" + s.game.id)) || {}).hands || {}; } catch (e) { mine = {}; }
  const unseen = s.hands.filter((h) => !(h.hand in mine)).map((h) => h.hand);
  if (!unseen.length) { follow(s); return null; }
  f.pending = { id: s.game.id, unseen, was: { name: f.name, players: f.players, started_at: f.started_at, seen: f.seen } };
  try { localStorage.setItem(FOLLOWING, JSON.stringify(f)); } catch (e) { /* told for this view only */ }
  return f.pending;
}
function started(at) {
  const d = new Date(at);
  // TRANSLATORS: when a game started, where this phone cannot tell
  return isNaN(d) ? t("unknown") : d.toLocaleDateString(LANG) + " " + clock(d.getTime());
}
function showSwap(swap, s) {
  const box = clear($("swap"));
  box.classList.toggle("on", !!swap);
  if (!swap) return;
  const now = { game: s.game.name || s.game.title, started: started(s.game.started_at), hand: swap.unseen[0],
                first: swap.unseen[0], last: swap.unseen[swap.unseen.length - 1] };
  const text = el("div", "text",
    el("p", null, t("This is no longer the game this phone followed.")),
    el("small", null, [
      // TRANSLATORS: {started} is a date and time, or "unknown"
      t("It followed {game} ({players}; started {started}), last seen at {time}.",
        { game: swap.was.name, players: swap.was.players.join(", "), started: started(swap.was.started_at), time: clock(swap.was.seen) }),
      swap.unseen.length > 1
        ? t("The game shown now, {game} (started {started}), has hands {first} to {last} that this phone never saw recorded.", now)
        : t("The game shown now, {game} (started {started}), has hand {hand} that this phone never saw recorded.", now),
      t("If the scorer started or chose another game on purpose, tap OK; if not, ask the scorer to run sk verify --digest with a digest written down at the table."),
    ].join(" ")));
  box.append(text, button(t("OK"), () => { follow(s); box.classList.remove("on"); }, "dismiss"));
}

// The entries the scorer's page on this phone sent (their outbox ids): a correction this phone
// made itself is no news to it, and is not told back to it.
const MINE = "scorekeeper-my-entries";
function myEntries() {
  try { return new Set(JSON.parse(localStorage.getItem(MINE)) || []); } catch (e) { return new Set(); }
}
function noteMine(id) {
  const ids = [...myEntries(), id].slice(-500);  // the latest few hundred are all a notice can name
  try { localStorage.setItem(MINE, JSON.stringify(ids)); } catch (e) { /* private mode: told as any */ }
}

// A correction is told once, when it happens; the notice folds away, the history stays below.
const DISMISSED = "scorekeeper-corrections-read:";
function showWitness(v, s) {
  const alarm = clear($("alarm"));
  alarm.classList.toggle("on", v.differs.length > 0);
  if (v.differs.length) {
    const first = v.differs[0];
    const text = el("div", "text", el("p", null, t("hand {hand} differs from what this phone saw at {time}", { hand: first.hand, time: clock(first.seen) })));
    const more = v.differs.filter((d) => d.hand !== first.hand).map((d) => d.hand);
    if (more.length) text.append(el("p", null, t("and so do later hands: {hands}", { hands: [...new Set(more)].join(", ") })));
    text.append(el("small", null, t("The record was rewritten without a correction being entered. Ask the scorer: sk verify --digest, given a hand's digest someone wrote down, shows whether the store still holds it.")));
    alarm.append(text);
  }
  const key = DISMISSED + s.game.id;
  let read = -1;
  try { read = Number(localStorage.getItem(key) || -1); } catch (e) { read = -1; }
  const mine = myEntries();
  const news = (e) => e.n > read && !(e.entry_id && mine.has(e.entry_id));
  const fresh = v.corrected.map((c) => ({ ...c, entries: c.entries.filter(news) })).filter((c) => c.entries.length);
  const note = clear($("corrected"));
  note.classList.toggle("on", fresh.length > 0 || !v.kept);
  const text = el("div", "text");
  for (const c of fresh) {  // each entry as the players read it: what it took back or put right, no entry number
    text.append(el("div", null, t("Hand {hand} was corrected after this phone saw it at {time}:", { hand: c.hand, time: clock(c.seen) })));
    text.append(el("ul", "fixes", ...c.entries.map((e) => el("li", null, el("span", "when", clock(Date.parse(e.at))), " ", e.text))));
  }
  if (!v.kept) text.append(el("p", null, t("This browser does not let the page keep what it saw (private mode?): it cannot witness the record.")));
  note.append(text);
  if (fresh.length) {
    const newest = Math.max(...fresh.flatMap((c) => c.entries.map((e) => e.n)));
    note.append(button(t("Dismiss"), () => {
      try { localStorage.setItem(key, String(newest)); } catch (e) { /* kept for this view only */ }
      note.classList.remove("on");
    }, "dismiss"));
  }
}

// --- drawing -------------------------------------------------------------------------------
function drawStandings(s) {
  const body = clear($("standings").tBodies[0]);
  const sides = s.standings.sides || [];  // a partnership game: each side once, with its score
  $("th-player").textContent = sides.length ? t("side") : t("player");
  $("th-forfeits").textContent = sides.length ? "" : t("forfeits");
  for (const side of sides) {
    const bags = side.bags === undefined ? null : el("span", "muted", nt("{count} bag", "{count} bags", side.bags, { count: side.bags }));
    const cls = side.place === 1 && s.standings.hands_played ? "first" : null;
    body.append(el("tr", cls, el("td", "num", side.place), el("td", "name", side.name), el("td", "num score", signed(points(side.score))), el("td", null, bags)));
  }
  for (const p of sides.length ? [] : s.standings.players) {
    const forfeits = el("td");
    for (const f of p.forfeits) forfeits.append(el("span", "badge", forfeitName(f)));
    const cls = p.left ? "gone" : p.place === 1 && s.standings.hands_played ? "first" : null;
    const name = el("td", "name", p.name, p.left ? el("span", "left-mark", t("(left)")) : null);
    body.append(el("tr", cls, el("td", "num", p.place), name, el("td", "num score", signed(points(p.score))), forfeits));
  }
  const played = s.standings.hands_played;
  // the result is said here, once; the hand's box steps aside when the game is over
  $("result").textContent = s.result || nt("{count} hand played", "{count} hands played", played, { count: played });
}

function drawHand(s) {
  const box = clear($("hand"));
  $("s-hand").hidden = s.standings.finished;
  if (s.standings.finished) return;
  const [title, ...lines] = s.status_lines;
  $("hand-title").textContent = title ? handTitle(title, s.game.title) : t("Hand {hand}", { hand: s.status.hand });
  if (s.status.needs.length) lines.pop();  // what is still to record, said in the players' words below
  const dl = el("dl");
  for (const line of lines) {
    const at = line.indexOf(": ");
    if (at > 0 && at < 24) dl.append(el("dt", null, line.slice(0, at).trim()), el("dd", null, parts(line.slice(at + 2))));
    else box.append(el("p", "line warn", words(line)));
  }
  box.append(dl);
  if (s.needs.length) box.append(el("p", "needs", t("Still to come: {needs}", { needs: s.needs.join("; ") })));
}

// A status line's value, each of its parts (split at a semicolon: a player's picks) on a line of its own.
function parts(text) {
  const p = document.createDocumentFragment();
  text.split(/\s*;\s+/).forEach((part, i) => (i ? p.append(el("br"), words(part)) : p.append(words(part))));
  return p;
}

// The status's first line without the game's title it begins with ("Oh Hell — hand 3 of 19"),
// capitalised: "Hand 3 of 19".
function handTitle(line, title) {
  const rest = line.startsWith(title + " — ") ? line.slice(title.length + 3) : line;
  return rest.charAt(0).toLocaleUpperCase(LANG) + rest.slice(1);
}

function drawChart(s) {
  const box = clear($("chart"));
  if (!s.chart) { box.append(el("p", "muted", t("No hand scored yet."))); return; }
  const text = window.innerWidth < 700 ? s.chart_small : s.chart;
  const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  box.append(document.importNode(svg, true));
}

// The sheet: a column per player, each hand's cell their facts, the hand's points and their
// running total, labelled, so a phone reads every player's total without scrolling sideways
// (the hand column stays put where many players still need it). A note runs under its hand
// across the whole sheet and wraps, never widening a column; the key says what † and ‡ mean.
// On the scorer's page a closed hand is a button that opens its correction.
function signed(text) {  // a real minus sign, which no narrow font or column loses
  return String(text).replace(/(^|[\s(])-(?=[\d½])/g, "$1\u2212");
}
function handPoints(text) { return text === "" || /^[-0]/.test(text) ? signed(text) : "+" + text; }
function drawSheet(s) {
  const table = clear($("sheet")), sheet = s.sheet;
  table.classList.toggle("tappable", scorer !== null);
  table.style.setProperty("--players", String(sheet.players.length));
  const digests = Object.fromEntries(s.hands.map((h) => [h.hand, h.digest]));
  const info = sheet.columns.slice(1);
  const wide = window.matchMedia("(min-width: 760px)").matches;  // room for each hand's chain digest
  const head = el("tr", null, el("th", "hand num", t("hand")));
  for (const p of sheet.headers) { const th = el("th", "player", el("span", null, p)); th.title = p; head.append(th); }
  if (wide) head.append(el("th", "digest", t("digest")));
  table.append(el("thead", null, head));
  const body = el("tbody");
  const width = 1 + sheet.players.length + (wide ? 1 : 0);
  for (const row of sheet.rows) {
    const tr = el("tr", row.closed ? "closed" : "open");
    const facts = info.map((c, i) => row.info[i + 1]).filter((v) => v !== "" && v !== null && v !== undefined);
    tr.append(el("td", "hand", el("b", null, row.info[0]), el("small", null, facts.join("\u00a0· "))));
    for (const c of row.cells) {
      if (c.total === "") { tr.append(el("td", "cell away")); continue; }  // not dealt in this hand
      const said = el("div", "facts", signed(c.facts));
      for (const m of c.marks) said.append(" ", el("span", markClass(m), signed(m)));
      const cell = el("td", "cell", said);
      if (!c.shows_points && row.closed) cell.append(el("div", "pts", handPoints(c.points)));  // scored once the hand closes
      // TRANSLATORS: on the phone's score sheet, before a player's running total after the hand
      cell.append(el("div", "total", el("span", "label", t("total")), " ", el("b", null, signed(c.total))));
      tr.append(cell);
    }
    if (wide) tr.append(el("td", "digest", digests[row.hand] ? digests[row.hand].slice(0, 16) : ""));
    if (scorer !== null && row.closed) tr.addEventListener("click", () => openCorrection(row.hand));
    body.append(tr);
    for (const n of row.notes) { const td = el("td", null, el("div", null, n)); td.colSpan = width; body.append(el("tr", "note", td)); }
  }
  if (!sheet.rows.length) { const td = el("td", "muted", t("No hand recorded yet.")); td.colSpan = width; body.append(el("tr", null, td)); }
  table.append(body);
  if ((sheet.legend || []).length) {  // what the marks beside a hand's number mean
    const td = el("td", null, ...sheet.legend.map((line) => el("div", null, line)));
    td.colSpan = width;
    table.append(el("tfoot", null, el("tr", "key", td)));
  }
}

function drawComments(s) {
  const ul = clear($("comments"));
  for (const c of [...s.comments].reverse()) ul.append(el("li", null, el("span", "when", t("hand {hand}", { hand: c.hand })), c.text));
  if (!s.comments.length) ul.append(el("li", "muted", t("No comments yet.")));
  const fixes = s.entries.filter((e) => e.correction).reverse();
  const list = clear($("corrections"));
  $("s-corrections").classList.toggle("on", fixes.length > 0);
  for (const e of fixes) {
    list.append(el("li", null, el("span", "when", t("{time} · hand {hand}", { time: clock(Date.parse(e.at)), hand: e.hand })), e.text));
  }
}

let shown = null;
window.addEventListener("resize", () => { if (shown && !shown.empty) { drawChart(shown); drawSheet(shown); } });
function draw(s) {
  shown = s;
  document.body.classList.toggle("empty", !!s.empty);
  if (s.empty) { drawEmpty(s); return; }
  const g = s.game;
  document.title = (g.name || g.title) + " — scorekeeper";
  $("title").textContent = g.title;
  $("meta").textContent = [g.name, g.location, g.scorer && t("scorer {name}", { name: g.scorer })].filter(Boolean).join(" · ");
  $("head").textContent = s.head;
  const problem = clear($("problem"));  // what reading the store found amiss, said on every phone
  problem.classList.toggle("on", (s.warnings || []).length > 0);
  if ((s.warnings || []).length) problem.append(el("div", "text", ...s.warnings.map((w) => el("p", null, w))));
  drawStandings(s); drawHand(s); drawChart(s); drawSheet(s); drawComments(s);
  showSwap(swapCheck(s), s);  // before the witness takes in the hands of a game it never saw
  showWitness(witness(s), s);
  // a server started --read-only takes no entry: no controls, whatever the link says
  if (scorer !== null && !s.read_only && typeof drawEntry === "function") drawEntry(s);
  keepAwake(!s.standings.finished);
}

// A store with no game yet: the page says so; the scorer's page offers to start the first one.
function drawEmpty(s) {
  document.title = t("No game yet") + " — scorekeeper";
  $("title").textContent = t("No game yet");
  $("meta").textContent = scorer !== null && !s.read_only ? t("Start the first game below.")
    : t("This page shows the game as soon as the scorer starts it.");
  $("head").textContent = "";
  if (scorer !== null && !s.read_only && typeof drawEntry === "function") drawEntry(s);
}

// --- the screen stays awake while a game is open ---------------------------------------------
let wakeLock = null, wantAwake = false, tappedOnce = false;
async function keepAwake(on) {
  wantAwake = on;
  if (!("wakeLock" in navigator)) { awakeByVideo(on && tappedOnce); return; }
  try {
    if (on && !wakeLock && document.visibilityState === "visible") {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!on && wakeLock) {
      await wakeLock.release();
      wakeLock = null;
    }
  } catch (e) { wakeLock = null; /* refused (battery saver): the screen sleeps as usual */ }
}
document.addEventListener("visibilitychange", () => { if (wantAwake) keepAwake(true); });
// Without the Screen Wake Lock API (a page served over plain http on the room's network is not a
// "secure context", where browsers offer it), a tiny blank video, muted and looping, keeps the
// screen on while it plays, as it would for a film. A browser lets it start only from a tap:
// the first tap anywhere on the page starts it.
let awakeVideo = null;
function awakeByVideo(on) {
  if (!on) { if (awakeVideo) awakeVideo.pause(); return; }
  if (!awakeVideo) {
    awakeVideo = document.createElement("video");
    awakeVideo.id = "awake";
    for (const name of ["muted", "loop", "playsinline"]) awakeVideo.setAttribute(name, "");
    awakeVideo.muted = true;
    awakeVideo.loop = true;
    awakeVideo.playsInline = true;
    awakeVideo.setAttribute("aria-hidden", "true");
    for (const [file, kind] of [["awake.webm", "video/webm"], ["awake.mp4", "video/mp4"]]) {
      const source = document.createElement("source");
      source.src = file;
      source.type = kind;
      awakeVideo.append(source);
    }
    document.body.append(awakeVideo);
  }
  if (awakeVideo.paused) awakeVideo.play().catch(() => { /* refused: the screen sleeps as usual */ });
}
for (const gesture of ["click", "touchend", "keydown"]) {  // those a browser takes as a tap that may start a video
  document.addEventListener(gesture, () => { tappedOnce = true; if (wantAwake) keepAwake(true); }, { capture: true });
}

// --- the scorer: lines built from taps --------------------------------------------------------
// The secret comes from the link's fragment (#scorer=…), which the browser never sends; it goes
// out only in the Authorization header of a write, never in an address or a cookie.
const scorer = (() => {
  const m = location.hash.match(/(?:^#|&)scorer=([A-Za-z0-9_-]+)/);
  return m ? m[1] : null;
})();

// A night's table (/table/ID/) links back to the night's lobby.
$("lobby").hidden = !location.pathname.startsWith("/table/");

// The scorer's link loads the controls (scorer.js); the table's link never does.
if (scorer !== null) {
  const controls = document.createElement("script");
  controls.src = "scorer.js";
  document.head.append(controls);
}

// --- the state, pushed by the server (Server-Sent Events); polled where they can't be had ---
function live(ok, text) { const l = $("live"); l.classList.toggle("down", !ok); l.textContent = text; }
function trouble(message) {
  const p = $("problem");
  const problem = message || t("starting");
  clear(p).append(el("div", "text", t("The scorer's store cannot be read just now: {problem}", { problem })));
  p.classList.add("on");
}
function received(data) {
  let s;
  try { s = JSON.parse(data); } catch (e) { return; }
  if (s.error) { trouble(s.error); return; }
  draw(s);
  live(true, t("live · {time}", { time: clock(Date.now()) }));
}
let etag = null;
async function poll() {
  try {
    const r = await fetch(spoken("api/state"), { cache: "no-store", headers: etag ? { "If-None-Match": etag } : {} });
    if (r.status === 200) { etag = r.headers.get("ETag"); received(await r.text()); }
    else if (r.status === 503) { etag = null; trouble((await r.json().catch(() => ({}))).error); }
    live(true, t("live · {time}", { time: clock(Date.now()) }));
  } catch (e) {
    live(false, t("reconnecting…"));
  }
  setTimeout(poll, 1000);
}
// The stream is opened again by the page itself when the browser gives it up (a laptop that
// answered with an error while restarting): a phone left on the table reconnects by itself.
// "live" is shown only while the stream is open or a poll has just been answered.
let polling = false;
function listen() {
  if (!("EventSource" in window)) { polling = true; poll(); return; }
  const source = new EventSource(spoken("api/events"));
  let opened = false;
  source.addEventListener("open", () => {
    opened = true; everOpened = true;
    live(true, t("live · {time}", { time: clock(Date.now()) }));
    if (typeof pump === "function") pump();  // the scorer's waiting entries go now
  });
  source.addEventListener("message", (e) => received(e.data));
  source.addEventListener("state", (e) => received(e.data));
  source.addEventListener("failed", (e) => received(e.data));  // {"error": …}: the store can't be read
  source.addEventListener("error", () => {
    live(false, t("reconnecting…"));
    if (!opened && !everOpened) { source.close(); polling = true; poll(); return; }  // no push here: ask every second instead
    if (source.readyState === EventSource.CLOSED) setTimeout(listen, 2000);
  });
}
let everOpened = false;
listen();
