"use strict";
// The scorer's controls, loaded only by the scorer's link (#scorer=…): the table's page never
// fetches this file. They only build lines, exactly what `play` takes, and send them to
// POST /api/entry with the secret in the Authorization header, through the outbox below; the
// server's reply (or its refusal) is shown as it comes. Drawing helpers (el, button, draw, shown…) are the page's.

// One word of a line, quoted as `play` reads it (shell words): names and comments may hold
// spaces and quotes.
function quote(word) {
  word = String(word);
  return /^[\p{L}\p{N}_@%+=:,.\/-]+$/u.test(word) ? word : "'" + word.replace(/'/g, "'\"'\"'") + "'";
}
function line(...parts) { return parts.filter((p) => p !== null && p !== undefined && p !== "").map(quote).join(" "); }

// --- the outbox: every entry is kept on the phone until the laptop has answered it -----------
// A tap makes an entry { id, line, game, after } and keeps it in IndexedDB before anything is
// sent, so an entry tapped while the laptop can't be reached (the Wi-Fi drops, `serve`
// restarts) is sent, in order, when it can be. `id` is the phone's own: an entry sent again
// (its answer was lost) is answered "again" and recorded once. `after` is the chain head the
// scorer saw when tapping; the laptop refuses the entry as stale if anything was recorded since
// (the terminal, say), and it stays here for the scorer to redo or drop. An entry tapped while
// earlier ones wait is `chained`: it was made on the view those entries leave, so it goes after
// the head the one before it left.
const PAGE = location.pathname;  // a night's tables share the laptop's address, not their outbox
const Outbox = {
  db: null, memory: [],  // memory: where IndexedDB can't be had (a private window)
  async open() {
    if (this.db || !("indexedDB" in window)) return this.db;
    this.db = await new Promise((done) => {
      try {
        const asked = indexedDB.open("scorekeeper-outbox", 1);
        asked.onupgradeneeded = () => asked.result.createObjectStore("entries", { keyPath: "id" });
        asked.onsuccess = () => done(asked.result);
        asked.onerror = () => done(null);
      } catch (e) { done(null); }
    });
    return this.db;
  },
  async run(mode, work) {
    const db = await this.open();
    if (!db) return work(null);
    return new Promise((done, failed) => {
      const tx = db.transaction("entries", mode), entries = tx.objectStore("entries");
      let result;
      Promise.resolve(work(entries)).then((r) => { result = r; });
      tx.oncomplete = () => done(result);
      tx.onerror = () => failed(tx.error);
    });
  },
  async all() {
    const found = await this.run("readonly", (entries) => entries
      ? new Promise((done) => { const r = entries.getAll(); r.onsuccess = () => done(r.result); r.onerror = () => done([]); })
      : this.memory.slice());
    return (found || []).filter((e) => e.page === PAGE).sort((a, b) => a.seq - b.seq);
  },
  async put(entry) {
    await this.run("readwrite", (entries) => {
      if (entries) entries.put(entry);
      else this.memory = [...this.memory.filter((e) => e.id !== entry.id), entry];
    });
  },
  async drop(id) {
    await this.run("readwrite", (entries) => {
      if (entries) entries.delete(id);
      else this.memory = this.memory.filter((e) => e.id !== id);
    });
  },
};
function newId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

let refusedLink = false, waiting = [], pumping = false, retry = null, lastTap = { line: null, at: 0 };
const tapped = new Map();  // entry id -> the picks and the open tool it was made from
// entry id -> what follows once it is recorded: the line to send (Euchre's hand: the makers'
// tricks after `make`), or what to do with the state at its head. A refused entry takes its
// follow-up with it, so one refusal is said, not two.
const followUps = new Map();
async function send(text, then) {
  const now = Date.now();
  if (text === lastTap.line && now - lastTap.at < 1500 && waiting.length) return false;  // a double tap
  lastTap = { line: text, at: now };
  const entry = {
    id: newId(), seq: now + Math.random(), page: PAGE, line: text,
    game: shown && !/^new\b/.test(text) ? shown.game.id : null,
    after: shown ? shown.head : null, chained: waiting.length > 0, stale: null,
  };
  waiting.push(entry);
  if (then) followUps.set(entry.id, then);
  // the taps that made it go with it: a refusal gives them back, to be put right
  tapped.set(entry.id, { picks, tool, toolArgs, pickKey, typed: formValues() });
  picks = {};
  tool = null;
  typed = null;
  showReply(t("Sending…"), "ok");
  if (shown) drawEntry(shown);
  try { await Outbox.put(entry); } catch (e) { /* kept in this page's memory still */ }
  pump();
  return true;
}

// Sends the waiting entries, first first, until one can't be sent now (tried again shortly) or
// is stale (kept, for the scorer to redo or drop).
async function pump() {
  if (pumping) return;
  pumping = true;
  clearTimeout(retry);
  try {
    while (waiting.length && !waiting[0].stale && !refusedLink) {
      const entry = waiting[0];
      const outcome = await post(entry);
      if (outcome === "later") { retry = setTimeout(pump, 1500); break; }
      if (outcome === "stale") break;
    }
  } finally {
    pumping = false;
    showWaiting();
  }
}

async function post(entry) {
  let r, body = {};
  const sent = { line: entry.line, id: entry.id };
  if (entry.game) sent.game = entry.game;
  if (entry.after) sent.after = entry.after;
  noteMine(entry.id);  // before it is answered: the state that tells of it may come first
  try {
    r = await fetch(spoken("api/entry"), {
      method: "POST", cache: "no-store", credentials: "omit",
      headers: { "Content-Type": "application/json", "Authorization": "Bearer " + scorer },
      body: JSON.stringify(sent),
    });
    body = await r.json().catch(() => ({}));
  } catch (e) {
    r = null;
  }
  if (!r || r.status === 503 || r.status === 408 || r.status >= 500) {  // not answered: it waits
    live(false, t("reconnecting…"));
    showReply(t("The laptop can't be reached just now: what you tap is kept on this phone and sent, in order, once it answers."), "ok");
    return "later";
  }
  if (r.status === 401) {  // a replaced link: what waits stays, for the new link to send
    refusedLink = true;
    showReply(body.error || t("refused ({status})", { status: r.status }), "refused");
    if (shown) drawEntry(shown);
    return "later";
  }
  if (r.status === 409 && body.stale) {
    entry.stale = body.error || t("refused ({status})", { status: r.status });
    entry.head = body.head || null;
    await Outbox.put(entry).catch(() => {});
    showReply("", "");  // said once, beside the entry's Redo and Drop
    return "stale";
  }
  await settle(entry, r.ok && body.ok ? body.head || entry.after : entry.after);
  if (r.ok && body.ok) {
    const started = /^new\b/.test(entry.line) && !body.again;
    const then = followUps.get(entry.id);
    followUps.delete(entry.id);
    showReply(body.reply || t("Recorded."), "ok", body.why || null);
    // Once the state at the answer's head is drawn: a new game's ruleset named (its reply names
    // its id), and an entry's follow-up sent on that head (the tricks after `make`).
    expectHead(body.head, started || then ? (s) => {
      if (started) showReply(t("New game started: {title}, {dealer} deals.", { title: s.game.title, dealer: s.status.dealer }), "ok");
      if (typeof then === "function") then(s);
      else if (then) send(then);
    } : null);
  } else {
    followUps.delete(entry.id);
    const before = tapped.get(entry.id);
    if (before && !waiting.length && !tool && !Object.keys(picks).length) {  // nothing tapped since
      ({ picks, tool, toolArgs, pickKey, typed } = before);
    }
    showReply(body.error || t("refused ({status})", { status: r.status }), "refused");
    if (shown) drawEntry(shown);
    const box = $("reply");
    if (box) box.scrollIntoView({ block: "nearest" });
  }
  tapped.delete(entry.id);
  return "done";
}

// An entry answered: out of the outbox; the one after it, if it was made on the view this one
// left, goes after the head this one left.
async function settle(entry, head) {
  waiting = waiting.filter((e) => e.id !== entry.id);
  await Outbox.drop(entry.id).catch(() => {});
  const next = waiting[0];
  if (next && next.chained && !next.stale) {
    next.after = head;
    next.chained = false;
    await Outbox.put(next).catch(() => {});
  }
}

// The stale entry at the front: sent again on the head now (redo), or given up (drop).
async function redo() {
  const entry = waiting[0];
  if (!entry || !entry.stale) return;
  entry.after = entry.head || (shown && shown.head) || entry.after;
  entry.stale = null;
  await Outbox.put(entry).catch(() => {});
  showReply(t("Sending…"), "ok");
  pump();
}
async function drop() {
  const entry = waiting[0];
  if (!entry || !entry.stale) return;
  await settle(entry, entry.after);
  showReply(t("Dropped: {line}", { line: entry.line }), "ok");
  pump();
}

// A line the page built, as the scorer reads it: its words unquoted, its options said in words.
function readable(text) {
  const words = [...text.matchAll(/'((?:[^']|'"'"')*)'|(\S+)/g)].map((m) => m[1] !== undefined ? m[1].replace(/'"'"'/g, "'") : m[2]);
  const said = [];
  for (let i = 0; i < words.length; i++) {
    const option = words[i].startsWith("--") ? words[i].slice(2) : null, value = words[i + 1];
    if (option === null) { said.push(words[i]); continue; }
    i++;
    said.push({ hand: t("for hand {hand}", { hand: value }), after: t("seated after {player}", { player: value }),
                reason: t("because: {reason}", { reason: value }), players: t("players: {players}", { players: value }),
                dealer: t("{dealer} deals", { dealer: value }), kind: renegeName(value), note: t("({note})", { note: value }), name: t("named {name}", { name: value }),
                location: t("at {place}", { place: value }), scorer: t("scored by {player}", { player: value }) }[option] || value);
  }
  return said.join(" ");
}

// How many entries wait, always said; a stale one with its two ways out.
function showWaiting() {
  const box = $("outbox");
  if (!box) return;
  clear(box);
  box.className = waiting.length ? "waiting" : "";
  box.append(el("span", null, nt("{count} entry waits to be sent", "{count} entries wait to be sent", waiting.length, { count: waiting.length })));
  const first = waiting[0];
  if (first && first.stale) {
    box.append(el("span", "stale", first.stale), el("span", "line", t("Your entry: {entry}", { entry: readable(first.line) })),
               el("div", "row", button(t("Redo"), redo, "primary"), button(t("Drop"), drop)));
  }
}

// What an earlier visit (or a reload) left waiting is sent once the page knows the game.
Outbox.all().then((kept) => {
  const known = new Set(waiting.map((e) => e.id));
  waiting = [...kept.filter((e) => !known.has(e.id)), ...waiting].sort((a, b) => a.seq - b.seq);
  showWaiting();
  pump();
}).catch(() => {});
window.addEventListener("online", () => pump());

// The last reply stays shown across redraws (a pushed state redraws the controls), until the next.
// `why`: the points the Why? tool asked for, as data, laid out in the page's own way.
let lastReply = null;
function showReply(text, kind, why) {
  lastReply = { text, kind, why: why || null };
  const box = $("reply");
  if (box) fillReply(box);
}
function replyBox() {
  const box = el("div", null);
  box.id = "reply";
  if (lastReply) fillReply(box);
  return box;
}
function fillReply(box) {
  clear(box);
  box.className = lastReply.kind + (lastReply.why ? " why" : "");
  if (lastReply.why) box.append(whyView(lastReply.why, lastReply.text));
  else box.append(...replyBlocks(lastReply.text));
}

// A reply's lines, its tables (a heading over a rule of dashes, a run for each column, and
// the rows whose columns keep to those runs) kept whole: on a narrow screen a table scrolls
// sideways, where wrapped it would come apart; the sentences around it wrap.
function replyBlocks(text) {
  const lines = text.split("\n"), blocks = [];
  let prose = [];
  const flush = () => { if (prose.length) blocks.push(document.createTextNode(prose.join("\n"))); prose = []; };
  for (let i = 0; i < lines.length; i++) {
    const rule = lines[i + 1];
    if (!lines[i].trim() || rule === undefined || !/^-+( +-+)+ *$/.test(rule)) { prose.push(lines[i]); continue; }
    const gaps = [...rule.matchAll(/ +/g)].map((m) => [m.index, m.index + m[0].length]);
    let end = i + 2;
    while (end < lines.length && lines[end].trim() && gaps.every(([a, b]) => !lines[end].slice(a, b).trim())) end++;
    flush();
    blocks.push(el("div", "columns", lines.slice(i, end).join("\n")));
    i = end - 1;
  }
  flush();
  return blocks;
}

// A player's points for Why?, read on a phone: each hand with its points, what the player bid
// and took, each item with the rule's words ("bid 1, took 1: made → 11") and the rule under it,
// the corrections of the hand, then the total. Drawn from the data `why` gives, never from the
// command line's table; a negative number takes a real minus sign, as on the sheet.
function whyView(w, head) {
  const box = el("div", null, el("p", "why-head", signed(head)));
  const hands = el("ol", "why-hands");
  const terms = [];
  for (const h of w.hands) {
    if (h.start) terms.push(h.start.points);
    terms.push(h.points);
    const said = h.said !== null ? signed(h.said) : handPoints(points(h.points));
    const state = h.scored ? said : h.items.length ? t("not scored yet; {points} so far", { points: said }) : t("not scored yet");
    const hand = el("li", "why-hand", el("div", "why-title", el("b", null, t("Hand {hand}", { hand: h.hand })), el("span", "pts", state)));
    hand.dataset.hand = String(h.hand);
    hand.append(el("div", "muted", h.about));
    const facts = h.player === w.player ? h.facts
      : h.facts ? t("as {player}, {facts}", { player: h.player, facts: h.facts }) : t("as {player}", { player: h.player });
    if (facts) hand.append(el("div", "why-facts", signed(facts)));
    const items = el("ul", "why-items");
    const item = (reason, value, by) => el("li", null, el("div", "why-item", el("span", null, signed(reason)), el("b", "pts", handPoints(points(value)))),
      by ? el("small", "muted", signed(t("by {rule}", { rule: by }))) : null);
    if (h.start) items.append(item(h.start.text, h.start.points, h.start.by));
    let rule = null;
    for (const i of h.items) {
      items.append(item(i.reason, i.points, i.by !== rule ? i.by : null));  // one rule often gives several items in a row
      rule = i.by;
    }
    if (h.scored && !h.items.length) items.append(item(t("no rule gave points"), 0, null));
    for (const note of h.notes) items.append(el("li", "why-note", t("note: {note}", { note })));
    for (const fix of h.corrections) items.append(el("li", "why-note", signed(fix)));
    hand.append(items);
    hands.append(hand);
  }
  if (!w.hands.length) box.append(el("p", "muted", t("No hand has been scored yet.")));
  else box.append(hands);
  if (w.hand === null && w.hands.length) {
    const total = signed(points(w.total));
    const sum = terms.map((v, i) => (i ? (v < 0 ? " \u2212 " : " + ") + points(Math.abs(v)) : signed(points(v)))).join("");
    box.append(el("p", "why-total", terms.length > 1 ? t("Total: {sum} = {total}", { sum, total }) : t("Total: {total}", { total })));
  }
  return box;
}

// What the scorer has tapped but not sent: kept across pushed states while the hand still needs it.
let picks = {}, pickKey = "", tool = null, toolArgs = null, undoArmed = false;
// What is typed in the open tool's form, put back when the controls are drawn again (a pushed
// state, a refusal): a redraw never wipes what the scorer is typing.
let typed = null, drawnTool = null;
// Where the last tap was, for its reply to show beside it: a tool's form, or the pads and tools.
let replyAt = "answer";
document.addEventListener("click", (e) => { replyAt = e.target.closest && e.target.closest("#tool") ? "tool" : "answer"; }, true);
function formValues() {
  const f = document.querySelector("#tool form");
  return f ? Object.fromEntries([...f.elements].filter((x) => x.name).map((x) => [x.name, x.value])) : null;
}
function putBack(panel, values) {
  for (const x of panel.querySelectorAll("[name]")) if (x.name in values) x.value = values[x.name];
}

// The state after an entry is not in its answer: it comes by the event stream, built once for
// every page. Should it not have come a moment after the answer (a stream reconnecting, or none),
// the page asks for it once. `then(state)`: what to do once the state at that head is drawn.
let expected = null;
function expectHead(head, then) {
  if (head && shown && shown.head === head) { if (then) then(shown); return; }
  expected = { head, then };
  setTimeout(async () => {
    if (!expected || expected.head !== head) return;
    try {
      const r = await fetch(spoken("api/state"), { cache: "no-store" });
      if (r.status === 200) received(await r.text());
    } catch (e) { /* the stream or the next poll brings it */ }
  }, 400);
}

// What the taps on the entry panel are for: a new game, hand or need starts them afresh.
function needKey(s) { return [s.game.id, s.status.hand, s.status.needs[0]].join("|"); }

function drawEntry(s) {
  if (expected && s.head === expected.head) {
    const then = expected.then;
    expected = null;
    if (then) then(s);
  }
  let box = $("entry");
  if (!box) {
    box = el("section", null);
    box.id = "entry";
    document.querySelector("main .col").prepend(box);
    $("role").hidden = false;
    $("footnote").textContent = t("This is the scorer's page: what you tap is recorded for the whole table. The table's link shows the same game without these controls.");
  }
  if (s.empty) tool = "start";
  else if (tool === "start") { tool = null; typed = null; }
  if (tool && drawnTool === tool) typed = formValues() || typed;
  clear(box);
  if (s.empty) { drawStart(box, s); return; }
  const need = s.status.needs[0], key = needKey(s);
  if (key !== pickKey) { picks = {}; pickKey = key; }
  const reply = replyBox();
  const outbox = el("div", null); outbox.id = "outbox";
  const what = need ? needWords(picks.byCard ? "trick" : need) : t("nothing to record");  // card by card: its first trick
  const heading = s.standings.finished ? t("Game over")
    // TRANSLATORS: {what} is what the hand needs next, e.g. "the bids"; {extra}: which tie-break hand (1, 2…), as the sheet names it
    : s.status.tie_break ? t("Hand {hand} (tie-break {extra}): {what}", { hand: s.status.hand, extra: s.status.tie_break, what })
    // TRANSLATORS: {what} is what the hand needs next, e.g. "the bids"
    : t("Hand {hand}: {what}", { hand: s.status.hand, what });
  const deals = s.status.cards !== null
    ? nt("{dealer} deals · {count} card", "{dealer} deals · {count} cards", s.status.cards, { dealer: s.status.dealer, count: s.status.cards })
    : t("{dealer} deals", { dealer: s.status.dealer });
  const title = el("h2", null, heading, el("small", null, s.standings.finished ? "" : deals));
  box.append(title);
  if (refusedLink) {
    box.append(el("p", "check bad", t("This scorer's link is not the current one (a new link was made at the laptop): it can no longer record. Scan the new scorer's link.")));
    return;
  }
  box.append(outbox);
  showWaiting();
  // the reply goes beside what was tapped: under the open tool's form, else under the answer pads
  if (!s.standings.finished && need && !tool) box.append(answerPanel(s, need));
  const underTool = tool && replyAt === "tool";
  if (!underTool) box.append(reply);
  const tools = el("div", null); tools.id = "tools";
  const open = (name) => () => { tool = tool === name ? null : name; toolArgs = null; typed = null; drawEntry(shown); };
  // Undo asks for a second tap (within 4 s): a thumb slipping on it takes back nobody's entry.
  const undo = button(undoArmed ? t("Tap again to undo") : t("Undo"), () => {
    if (undoArmed) { undoArmed = false; send("undo"); return; }
    undoArmed = true;
    drawEntry(shown);
    setTimeout(() => { if (undoArmed) { undoArmed = false; drawEntry(shown); } }, 4000);
  }, undoArmed ? "chosen" : null);
  tools.append(undo);
  for (const [name, label] of [["join", t("Join")], ["leave", t("Leave")], ["rename", t("Rename")], ["adjust", t("Adjust")], ["comment", t("Comment")],
                               ["renege", t("Renege")], ["why", t("Why?")], ["new", t("New game")], ["correct", t("Past hand")]]) {
    if (name === "new" && !s.choices.rulesets.length) continue;  // a night's table: its games start at the laptop
    if (name === "renege" && !(s.choices.reneges || []).length) continue;  // the ruleset sets no penalty
    tools.append(button(label, open(name), tool === name ? "chosen" : null));
  }
  box.append(tools);
  const panel = el("div", "panel"); panel.id = "tool";
  if (tool) panel.append(toolPanel(s, tool));
  if (tool && typed) putBack(panel, typed);
  drawnTool = tool;
  box.append(panel);
  if (underTool) box.append(reply);
}

// The players a per-player answer is for, in the order `play`'s prompt names them, with the
// values each may give ([]: any up to the hand's cards), as the server's interpreter says.
function asked(s) { return (s.asking && s.asking.players) || []; }

// A suit's name on its button (the word the line sends stays the typed one).
function suitName(word) {
  return { spades: t("spades"), hearts: t("hearts"), diamonds: t("diamonds"), clubs: t("clubs") }[word] || word;
}

function suitButtons(s, onPick, allowNone, chosen, only = null) {
  const row = el("div", "pad");
  for (const suit of s.choices.suits) {
    if (only && !only.includes(suit.word)) continue;
    // a French suit's sign with its name (♥ hearts); a Decktet suit's name alone (Moons; Monde in German)
    const label = suit.symbol.length === 1 ? suit.symbol + " " + suitName(suit.word) : suit.symbol;
    row.append(button(label, () => onPick(suit.word), chosen === suit.word ? "chosen" : null));
  }
  if (allowNone) row.append(button(t("no trump"), () => onPick("none"), chosen === "none" ? "chosen" : null));
  return row;
}

// The pack's cards to tap; those in `spent` (played already in the hand) are shown greyed, and
// those in `twice` (both Jokers, while neither is played) have a button for each copy: the
// second is chosen when `chosen` holds the card twice. `onPick` is told the card and the copy.
function cardPicker(s, onPick, chosen, spent = [], twice = []) {
  const decktet = s.choices.pack.some((c) => c.name.length > 4);
  const box = el("div", null);
  let suit = null;
  for (const card of s.choices.pack) {
    if (!decktet && card.suit !== suit) { suit = card.suit; box.append(el("div", "pad cards")); }
    if (decktet && !box.lastChild) box.append(el("div", "pad cards decktet"));
    const times = (chosen || []).filter((c) => c === card.code).length;
    for (let copy = 0; copy < (twice.includes(card.code) ? 2 : 1); copy++) {
      const b = button(card.name, () => onPick(card.code, copy), times > copy ? "chosen" : null);
      b.title = card.code;
      b.disabled = spent.includes(card.code);
      box.lastChild.append(b);
    }
  }
  return box;
}

// A pad of numbers; those the rules forbid now (`allowed` says no) are shown greyed, not hidden,
// so the scorer sees which value the hook takes away.
function numberPad(values, chosen, onPick, allowed = () => true) {
  const row = el("div", "pad");
  for (const v of values) {
    const b = button(String(v), () => onPick(v), String(chosen) === String(v) ? "chosen" : null);
    b.disabled = !allowed(v);
    row.append(b);
  }
  return row;
}

function range(n) { return Array.from({ length: n + 1 }, (_, i) => i); }

function answerPanel(s, need) {
  const redraw = () => drawEntry(shown);
  if (need === "trick" || !s.asking.by_card) return needPanel(s, need, redraw);
  // nothing of the hand's play is in yet: it goes by totals, or card by card from its first trick
  const other = picks.byCard ? t("By totals instead") : t("Card by card instead");
  const swap = el("div", "row", button(other, () => { picks = { byCard: !picks.byCard }; redraw(); }));
  return el("div", null, picks.byCard ? trickPanel(s, redraw) : needPanel(s, need, redraw), swap);
}

function needPanel(s, need, redraw) {
  const box = el("div", null), st = s.status;
  if (need === "trump" || need === "cursed") {
    box.append(suitButtons(s, (w) => send(line(need, w)), need === "trump" && s.choices.no_trump));
  } else if (need === "flip") {
    box.append(el("p", "muted", t("Tap the card turned up.")), cardPicker(s, (c) => send(line("flip", c))));
  } else if (need === "first" || need === "last") {
    const row = el("div", "pad");
    for (const p of st.order) row.append(button(p, () => send(line(need, p))));
    box.append(row);
  } else if (need === "make") {
    box.append(makePanel(s, redraw));
  } else if (need === "tricks" && s.asking.makers_tricks) {
    box.append(makersTricks(s, redraw, null));
  } else if (need === "bids" || need === "tricks") {
    box.append(perPlayer(s, need, redraw));
  } else if (need === "poisons") {
    box.append(poisonPads(s, redraw));
  } else if (need === "took") {
    box.append(tookPanel(s, redraw));
  } else if (need === "trick") {
    box.append(trickPanel(s, redraw));
  }
  return box;
}

// Bids or tricks: one pad per player in the prompt's order, legal values only; the sum checked
// before the line goes (tricks total the hand's cards; under the hook, the dealer may not make
// the bids total them).
function perPlayer(s, need, redraw, hand) {
  const chosen = hand ? toolArgs.picks : picks;
  const st = s.status, box = el("div", null);
  const who = hand ? hand.players : asked(s).map((p) => p.name);
  const legal = Object.fromEntries(asked(s).map((p) => [p.name, p.legal]));
  const words = Object.fromEntries(asked(s).map((p) => [p.name, need === "bids" && !hand ? p.words || [] : []]));
  const cards = hand ? hand.cards : s.asking.cards_each;
  const hook = !hand && need === "bids" ? s.choices.hook : null;
  const recorded = hand ? 0 : Object.values(st.bids || {}).reduce((sum, b) => sum + b, 0);
  const sumOthers = () => recorded + who.filter((p) => !hook || p !== hook.player).reduce((sum, p) => sum + counted(chosen[p] ?? 0), 0);
  for (const p of who) {
    const rules = !hand && legal[p] && legal[p].length ? legal[p] : null;  // null: any up to the cards
    const hooked = hook && p === hook.player && who.filter((q) => q !== p).every((q) => q in chosen);
    const allowed = (v) => (!rules || rules.includes(v)) && !(hooked && sumOthers() + v === hook.total);
    const pick = (v) => { if (String(chosen[p]) === String(v)) delete chosen[p]; else chosen[p] = v; redraw(); };
    // Spades: nil, and blind nil where the rules allow it now for the player's side, on the
    // player's line (four pads of 0-13 and the send button fit a phone's screen)
    const said = el("span", "words", ...(words[p] || []).map((w) => button(bidName(w), () => pick(w), chosen[p] === w ? "chosen" : null)));
    const mine = el("div", "player", el("div", "who", el("span", "name", p), said, el("span", "picked", p in chosen ? bidName(chosen[p]) : "")));
    mine.dataset.player = p;
    mine.append(numberPad(range(cards), chosen[p], pick, allowed));
    if (cards > 11) mine.lastChild.classList.add("many");
    box.append(mine);
  }
  const given = who.filter((p) => p in chosen);
  const total = given.reduce((sum, p) => sum + counted(chosen[p]), 0);
  let problem = "";
  const owed = hand ? hand.cards : s.asking.tricks_total;
  if (need === "tricks" && owed !== null) {
    if (given.length < who.length) problem = t("Give every player's tricks ({count} to go).", { count: who.length - given.length });
    else if (total !== owed) problem = nt("The tricks total {total}; this hand has {count} card.", "The tricks total {total}; this hand has {count} cards.", owed, { total, count: owed });
  } else if (need === "bids" && !given.length) problem = t("Tap a bid.");
  else if (hook && given.includes(hook.player) && sumOthers() + counted(chosen[hook.player]) === hook.total) {
    problem = t("{player} may not bid {bid}: the bids would total {total} (the hook).", { player: hook.player, bid: chosen[hook.player], total: hook.total });
  }
  const idle = !given.length;  // nothing tapped yet: a hint, not a fault
  box.append(el("p", problem && !idle ? "check bad" : "check", problem || (need === "bids" ? t("Bids total {total}", { total: recorded + total }) : t("Tricks total {total}", { total }))));
  const go = button(need === "bids" ? t("Send bids") : t("Send tricks"), () => send(line(need === "bids" ? "bid" : "tricks", ...given.map((p) => p + "=" + chosen[p]), ...(hand ? ["--hand", String(hand.hand)] : []))), "primary");
  go.disabled = !!problem;
  box.append(el("div", "row", go));
  return box;
}

// A bid's number of tricks: nil and blind nil bid none.
function counted(bid) { return /^-?\d+$/.test(String(bid)) ? Number(bid) : 0; }
// A bid on its button and beside its player (the line sends the typed word: nil, blind-nil).
function bidName(bid) { return { nil: t("Nil"), "blind-nil": t("Blind nil") }[bid] || String(bid); }

// Euchre's hand on one screen: who made trump, the suit, ordered up and alone, then the makers'
// tricks; sent as `make PLAYER SUIT [--ordered-up] [--alone]`, then `tricks N` once it is recorded.
function makePanel(s, redraw) {
  const box = el("div", null), st = s.status;
  const toggle = (key) => () => { picks[key] = !picks[key]; redraw(); };
  box.append(el("p", "muted", t("Who made trump?")));
  const makers = el("div", "pad");
  for (const p of st.order) makers.append(button(p, () => { picks.maker = p; redraw(); }, picks.maker === p ? "chosen" : null));
  box.append(makers, el("p", "muted", t("Trump")), suitButtons(s, (w) => { picks.suit = w; redraw(); }, false, picks.suit));
  const how = el("div", "pad");
  for (const [key, label] of [["ordered", t("ordered up")], ["alone", t("alone")]]) {
    const b = button(label, toggle(key), picks[key] ? "chosen" : null);
    b.setAttribute("aria-pressed", picks[key] ? "true" : "false");
    how.append(b);
  }
  const made = () => line("make", picks.maker, picks.suit, ...(picks.ordered ? ["--ordered-up"] : []), ...(picks.alone ? ["--alone"] : []));
  box.append(how, makersTricks(s, redraw, () => send(made(), line("tricks", String(picks.took)))));
  const passed = button(t("Everyone passed"), () => send(line("make", "pass")));
  // the making alone, the tricks to follow card by card (`make …`, then `trick …`)
  const byCard = button(t("Send, then the tricks card by card"), () => send(made(), (after) => {
    pickKey = needKey(after);  // the next screen: the first trick
    picks = { byCard: true };
    setTimeout(() => drawEntry(shown), 0);
  }));
  byCard.disabled = !picks.maker || !picks.suit;
  box.append(el("div", "row", byCard, passed));
  return box;
}

// The makers' tricks, 0 to the hand's cards: on the hand's screen (`go` sends the whole hand),
// or alone once who made trump is recorded.
function makersTricks(s, redraw, go) {
  const box = el("div", null), most = s.asking.cards_each || 5;
  box.append(el("p", "muted", t("The makers' tricks")), numberPad(range(most), picks.took, (v) => { picks.took = picks.took === v ? undefined : v; redraw(); }));
  const problem = go && !picks.maker ? t("Tap who made trump.") : go && !picks.suit ? t("Tap the trump suit.")
    : picks.took === undefined ? t("Tap the makers' tricks.") : "";
  const ready = go ? t("{player} makes {suit}; the makers take {count}", { player: picks.maker, suit: suitName(picks.suit), count: picks.took })
    : t("The makers take {count}", { count: picks.took });
  box.append(el("p", "check", problem || ready));
  const send_ = button(go ? t("Send hand") : t("Send tricks"), go || (() => send(line("tricks", String(picks.took)))), "primary");
  send_.disabled = !!problem;
  box.append(el("div", "row", send_));
  return box;
}

function poisonPads(s, redraw, hand) {
  const chosen = hand ? toolArgs.picks : picks;
  const box = el("div", null);
  const who = hand ? hand.players : asked(s).map((p) => p.name);
  const allowed = Object.fromEntries(asked(s).map((p) => [p.name, p.legal]));
  const cards = hand ? hand.cards : s.asking.cards_each;
  for (const p of who) {
    const legal = hand ? ["bid", "blind", "take"] : allowed[p] || [];
    const pick = chosen[p] || "";
    const kind = pick.split(":")[0];
    const mine = el("div", "player", el("div", "who", el("span", "name", p), el("span", "picked", pick)));
    mine.dataset.player = p;
    const kinds = el("div", "pad");
    for (const k of legal) kinds.append(button(poisonName(k), () => { chosen[p] = k === "take" ? "take" : k + ":"; redraw(); }, kind === k ? "chosen" : null));
    mine.append(kinds);
    if (kind === "bid" || kind === "blind") {
      mine.append(numberPad(range(cards), pick.split(":")[1], (v) => { chosen[p] = kind + ":" + v; redraw(); }));
    }
    box.append(mine);
  }
  const given = who.filter((p) => chosen[p] && !chosen[p].endsWith(":"));
  const open = who.filter((p) => chosen[p] && chosen[p].endsWith(":"));
  const problem = !given.length ? t("Tap a poison.") : open.length ? t("Give {players}'s number.", { players: open.join(", ") }) : "";
  box.append(el("p", problem && given.length + open.length ? "check bad" : "check", problem || given.map((p) => p + " " + chosen[p]).join(", ")));
  const go = button(t("Send poisons"), () => send(line("poison", ...given.map((p) => p + "=" + chosen[p]), ...(hand ? ["--hand", String(hand.hand)] : []))), "primary");
  go.disabled = !!problem;
  box.append(el("div", "row", go));
  return box;
}

// A poison's name on its button (the line sends the typed word: bid, blind, take).
function poisonName(kind) { return { bid: t("bid"), blind: t("blind"), take: t("take") }[kind] || kind; }

function tookPanel(s, redraw) {
  const box = el("div", null), st = s.status;
  if (s.asking.counts) {  // Snakebit: the cursed cards may be counted rather than named
    const modes = el("div", "pad");
    modes.append(
      button(t("Name the cards"), () => { picks = {}; redraw(); }, picks.counting ? null : "chosen"),
      button(t("Count them"), () => { picks = { counting: {} }; redraw(); }, picks.counting ? "chosen" : null),
    );
    box.append(modes);
    if (picks.counting) { box.append(countPads(s, redraw)); return box; }
  }
  box.append(el("p", "muted", t("Tap who took them, then the scoring cards they took.")));
  const row = el("div", "pad");
  for (const p of st.order) row.append(button(p, () => { picks = { who: p, cards: picks.cards || [] }; redraw(); }, picks.who === p ? "chosen" : null));
  box.append(row);
  const chosen = picks.cards || [];
  box.append(cardPicker(s, (c) => {
    picks.cards = chosen.includes(c) ? chosen.filter((x) => x !== c) : [...chosen, c];
    redraw();
  }, chosen));
  const go = button(t("Send"), () => send(line("took", picks.who, ...chosen)), "primary");
  go.disabled = !picks.who || !chosen.length;
  box.append(el("p", "check", picks.who ? t("{player} took {cards}", { player: picks.who, cards: chosen.join(" ") || "…" }) : t("Who took them?")), el("div", "row", go));
  return box;
}

// Snakebit's counts: how many cursed cards each player took, one pad each in the prompt's order,
// the sum checked against the cursed cards in the pack before the line goes.
function countPads(s, redraw) {
  const box = el("div", null), counted = picks.counting, total = s.asking.cursed_total;
  box.append(el("p", "muted", t("Tap how many cursed cards each player took.")));
  for (const p of s.status.order) {
    const mine = el("div", "player", el("div", "who", el("span", "name", p), el("span", "picked", p in counted ? String(counted[p]) : "")));
    mine.dataset.player = p;
    mine.append(numberPad(range(total), counted[p], (v) => { if (counted[p] === v) delete counted[p]; else counted[p] = v; redraw(); }));
    box.append(mine);
  }
  const given = s.status.order.filter((p) => p in counted);
  const sum = given.reduce((n, p) => n + counted[p], 0);
  const problem = given.length < s.status.order.length
    ? t("Give every player's count ({count} to go).", { count: s.status.order.length - given.length })
    : sum !== total ? nt("The counts total {total}; the pack has {count} cursed card.", "The counts total {total}; the pack has {count} cursed cards.", total, { total: sum, count: total }) : "";
  box.append(el("p", problem && given.length ? "check bad" : "check", problem || t("Counts total {total}", { total: sum })));
  const go = button(t("Send counts"), () => send(line("counts", ...given.map((p) => p + "=" + counted[p]))), "primary");
  go.disabled = !!problem;
  box.append(el("div", "row", go));
  return box;
}

function trickPanel(s, redraw) {
  const box = el("div", null), opener = s.asking.leads_with;
  // Where the rules name the card that opens the hand (Hearts' 2♣), the scorer first says who
  // led it (`--leader`): it comes first, and the others play round the table from its holder.
  if (opener) {
    const named = s.choices.pack.find((c) => c.code === opener).name, row = el("div", "pad");
    for (const p of s.asking.trick_order) row.append(button(p, () => { picks = { byCard: picks.byCard, leader: p, cards: [opener] }; redraw(); }, picks.leader === p ? "chosen" : null));
    box.append(el("p", "muted", t("Who led {card}?", { card: named })), row);
    if (!picks.leader) return box;
  }
  const around = s.asking.trick_order, from = opener ? around.indexOf(picks.leader) : 0;
  const order = [...around.slice(from), ...around.slice(0, from)], n = order.length;
  const chosen = picks.cards || [];
  box.append(el("p", "muted", t("{player} leads. Tap the cards in the order played.", { player: order[0] })));
  box.append(cardPicker(s, (c, copy) => {
    const times = chosen.filter((x) => x === c).length;
    if (times > copy) chosen.splice(chosen.lastIndexOf(c), 1);  // tapped again: taken back
    else if (chosen.length < n) chosen.push(c);
    picks.cards = chosen;
    redraw();
  }, chosen, s.asking.spent, s.asking.twice));
  // The lead: the card that sets the led suit (the first, or after a led Joker the first with
  // a suit; its player leads in effect). A card of two suits says which one was led (`--led`),
  // of those the rules let it be declared (a suit not yet broken only where the card bears no
  // other, or under the strict rule); a suit not yet broken may be led only by a player who
  // held nothing else, which the scorer taps to say (`--forced`).
  const at = chosen.findIndex((code) => s.choices.pack.find((c) => c.code === code).suits.length);
  const lead = at >= 0 ? s.choices.pack.find((c) => c.code === chosen[at]) : null;
  const setter = order[Math.max(at, 0)];
  const bears = lead ? lead.suits : [], unbroken = s.asking.unbroken, strict = s.asking.strict_lead;
  const open = bears.filter((w) => !unbroken.includes(w));
  const offered = bears.length > 1 && !strict && open.length ? open : bears;
  if (offered.length > 1) {
    box.append(el("p", "muted", t("Which suit was led?")), suitButtons(s, (w) => { picks.led = w; redraw(); }, false, picks.led, offered));
  }
  const led = offered.length > 1 ? (offered.includes(picks.led) ? picks.led : null) : offered[0] || null;
  const barred = strict ? bears.some((w) => unbroken.includes(w)) : led !== null && unbroken.includes(led);
  // said of one player: a change of the card that sets the suit, or of its player, unsays it
  const forced = barred && picks.forced === setter + " " + chosen[at];
  if (barred) {
    const held = button(t("{player} held nothing else", { player: setter }), () => {
      picks.forced = forced ? null : setter + " " + chosen[at];
      redraw();
    }, forced ? "chosen" : null);
    held.setAttribute("aria-pressed", forced ? "true" : "false");
    box.append(el("div", "pad", held));
  }
  const extra = [
    ...(bears.length > 1 && led ? ["--led", led] : []), ...(forced ? ["--forced"] : []),
    ...(opener ? ["--leader", picks.leader] : []),
  ];
  const go = button(t("Send trick"), () => send(line("trick", ...chosen, ...extra)), "primary");
  go.disabled = chosen.length !== n || (bears.length > 1 && !led);
  box.append(el("p", "check", chosen.join(" ") || t("No card yet.")), el("div", "row", go));
  return box;
}

// --- the scorer's tools: each builds one command line -----------------------------------------
function field(label, input) { return el("label", "field", el("span", null, label), input); }
function textInput(name, value) { const i = el("input"); i.name = name; i.autocomplete = "off"; if (value) i.value = value; return i; }
function playerSelect(s, name, withBlank) {
  const sel = el("select"); sel.name = name;
  if (withBlank) { const o = el("option", null, withBlank); o.value = ""; sel.append(o); }
  for (const p of s.game.players) { const o = el("option", null, p); o.value = p; sel.append(o); }
  return sel;
}
function needed(input) { input.required = true; return input; }
// A tool's form: nothing is sent while a field it needs is empty; the field says so, in view.
function form(fields, label, build) {
  const f = el("form", null, ...fields);
  f.noValidate = true;  // the page says what is missing, in its words, beside the field
  const go = el("button", "primary", label); go.type = "submit";
  f.append(el("div", "row", go));
  f.addEventListener("submit", (e) => {
    e.preventDefault();
    replyAt = "tool";
    for (const old of f.querySelectorAll(".missing")) old.remove();
    const empty = [...f.elements].find((x) => x.required && !x.value.trim());
    if (empty) {
      const named = empty.closest("label");
      const said = el("p", "check bad missing", t("Fill this in first: {field}", { field: named ? named.firstChild.textContent : "" }));
      (named || empty).after(said);
      empty.focus();
      said.scrollIntoView({ block: "nearest" });
      return;
    }
    const text = build(f.elements);
    if (text) send(text);
  });
  return f;
}

function toolPanel(s, name) {
  if (name === "join") {
    const last = t("last (after {player})", { player: s.game.players[s.game.players.length - 1] });
    return form([field(t("Name"), needed(textInput("name"))), field(t("Seated after"), playerSelect(s, "after", last))],
      t("Join"), (f) => line("join", f.name.value.trim(), ...(f.after.value ? ["--after", f.after.value] : [])));
  }
  if (name === "leave") return form([field(t("Who leaves after this hand"), playerSelect(s, "who"))], t("Leave"), (f) => line("leave", f.who.value));
  if (name === "rename") {
    return form([field(t("Seat"), playerSelect(s, "old")), field(t("New name"), needed(textInput("new")))], t("Rename"), (f) => line("rename", f.old.value, f.new.value.trim()));
  }
  if (name === "adjust") return adjustForm(s, null);
  if (name === "renege") return renegePanel(s);
  if (name === "comment") {
    const text = needed(el("textarea")); text.name = "text"; text.rows = 2;
    return form([field(t("Comment on hand {hand}", { hand: s.status.hand }), text)], t("Add comment"), (f) => line("comment", f.text.value.trim()));
  }
  if (name === "why") {
    const row = el("div", "pad");
    for (const p of s.standings.players.map((x) => x.name)) row.append(button(p, () => send(line("why", p))));
    return el("div", null, el("p", "muted", t("Whose points, rule by rule?")), row);
  }
  if (name === "new") return newGameForm(s.choices.rulesets, s.game.players.join(", "), t("Start the new game"));
  if (name === "correct") {
    const row = el("div", "pad");
    for (const h of s.choices.closed_hands) row.append(button(String(h.hand), () => openCorrection(h.hand)));
    if (toolArgs) return correctionPanel(s, toolArgs);
    return el("div", null, el("p", "muted", s.choices.closed_hands.length ? t("Which hand? (Or tap its row on the score sheet.)") : t("No hand has closed yet.")), row);
  }
  return el("div");
}

// A renege the ruleset penalises: which kind, by whom (a peek: only a player forced to bid
// blind), and a note; what `renege NAME --kind KIND` records.
function renegeName(kind) { return { revoke: t("revoke"), peek: t("peek") }[kind] || kind; }
function renegePanel(s) {
  const args = toolArgs || (toolArgs = { kind: null, who: null });
  const blind = s.status.forced_blind || [];
  const kinds = s.choices.reneges.filter((r) => !r.forced_blind_only || blind.length);
  if (kinds.length === 1 && !args.kind) args.kind = kinds[0].kind;
  const box = el("div", null), redraw = () => { typed = formValues() || typed; drawEntry(shown); };
  const row = el("div", "pad");
  for (const r of kinds) row.append(button(renegeName(r.kind), () => { args.kind = r.kind; args.who = null; redraw(); }, args.kind === r.kind ? "chosen" : null));
  box.append(el("p", "muted", t("Which renege?")), row);
  const rule = kinds.find((r) => r.kind === args.kind);
  if (!rule) return box;
  box.append(el("p", "check", rule.description
    ? t("{what}: {points} points", { what: rule.description, points: rule.points })
    : t("{points} points", { points: rule.points })));
  const who = el("div", "pad");
  for (const p of rule.forced_blind_only ? blind : s.game.players) who.append(button(p, () => { args.who = p; redraw(); }, args.who === p ? "chosen" : null));
  box.append(el("p", "muted", rule.forced_blind_only ? t("Who looked at their cards?") : t("Who reneged?")), who);
  const note = textInput("note");
  box.append(form([field(t("What happened (optional)"), note)], t("Record the renege"), (f) => {
    if (!args.who) return null;
    return line("renege", args.who, "--kind", args.kind, ...(f.note.value.trim() ? ["--note", f.note.value.trim()] : []));
  }));
  box.lastChild.querySelector("button[type=submit]").disabled = !args.who;
  return box;
}

// A store with no game yet: the scorer starts the first one here.
function drawStart(box, s) {
  box.append(el("h2", null, t("Start the first game")));
  const outbox = el("div", null); outbox.id = "outbox";
  box.append(outbox);
  showWaiting();
  const panel = el("div", null); panel.id = "tool";
  panel.append(newGameForm(s.choices.rulesets, "", t("Start the game")));
  if (typed) putBack(panel, typed);
  drawnTool = tool;
  box.append(panel, replyBox());
}

// A new game: the ruleset, the players, the first dealer, the game's name, where and who keeps
// score, and the ruleset's house options (those left as they are go unsaid: the defaults).
function newGameForm(rulesets, players, label) {
  const sel = el("select"); sel.name = "ruleset";
  for (const r of rulesets) {
    const title = r.title || r.name;
    const o = el("option", null, r.where === "yours" ? t("{ruleset} (yours)", { ruleset: title }) : title);
    o.value = r.name;
    sel.append(o);
  }
  const chosen = rulesets.find((r) => r.name === (typed && typed.ruleset)) || rulesets[0];
  if (chosen) sel.value = chosen.name;
  sel.addEventListener("change", () => { typed = formValues(); drawEntry(shown); });  // its own options
  const options = ((chosen && chosen.options) || []).map((o) => {
    let input;
    if (o.kind === "yes-no" || o.kind === "choice") {
      input = el("select");
      for (const v of o.values) {
        const item = el("option", null, o.kind === "yes-no" ? (v === "true" ? t("yes") : t("no")) : v);
        item.value = v;
        input.append(item);
      }
    } else {
      input = textInput(null);
      if (o.kind === "number") input.inputMode = "numeric";
    }
    input.name = "set:" + o.name;
    input.value = o.default;
    input.dataset.default = o.default;
    return field(o.description, input);
  });
  const fields = [field(t("Ruleset"), sel), field(t("Players, clockwise, comma-separated"), needed(textInput("players", players))),
                  field(t("First dealer (blank: the first player)"), textInput("dealer")),
                  field(t("The game's name (optional)"), textInput("name")), field(t("Where it is played (optional)"), textInput("location")),
                  field(t("Who keeps score (optional)"), textInput("scorer"))];
  if (options.length) {  // folded: most tables play a ruleset as it comes
    const more = el("details", "options", el("summary", null, nt("House options ({count})", "House options ({count})", options.length, { count: options.length })), ...options);
    more.open = optionsOpen;
    more.addEventListener("toggle", () => { optionsOpen = more.open; });
    fields.push(more);
  }
  return form(fields, label, (f) => {
    const names = f.players.value.split(",").map((p) => p.trim()).filter(Boolean).join(",");
    const given = (key, option) => (f[key].value.trim() ? [option, f[key].value.trim()] : []);
    const sets = [...f].filter((x) => x.name && x.name.startsWith("set:") && x.value.trim() !== x.dataset.default)
      .flatMap((x) => ["--set", x.name.slice(4) + "=" + x.value.trim()]);
    return line("new", f.ruleset.value, "--players", names, ...given("dealer", "--dealer"), ...given("name", "--name"),
                ...given("location", "--location"), ...given("scorer", "--scorer"), ...sets);
  });
}

let optionsOpen = false;  // the house options stay unfolded across redraws once the scorer opens them
function adjustForm(s, hand) {
  const pts = textInput("points"); pts.inputMode = "numeric"; pts.placeholder = t("e.g. -10 or 5");
  return form([field(t("Player"), playerSelect(s, "who")), field(t("Points to add"), needed(pts)), field(t("Reason (required)"), needed(textInput("reason")))],
    hand ? t("Adjust hand {hand}", { hand }) : t("Adjust"), (f) => line("adjust", f.who.value, f.points.value.trim(), "--reason", f.reason.value.trim(), ...(hand ? ["--hand", String(hand)] : [])));
}

// What a closed hand recorded, on the button that gives it again.
function recordedName(kind) {
  return { trump: t("trump"), bids: t("bids"), poisons: t("poisons"), tricks: t("tricks"), adjust: t("adjust") }[kind] || kind;
}

// A correction of a closed hand: what was recorded for it, given again with --hand N.
function openCorrection(number) {
  tool = "correct"; toolArgs = { hand: number, what: null, picks: {} };
  drawEntry(shown);
  $("entry").scrollIntoView({ block: "start" });
}
function correctionPanel(s, args) {
  const hand = s.choices.closed_hands.find((h) => h.hand === args.hand);
  const box = el("div", null, el("h3", null, t("Correct hand {hand}", { hand: args.hand })));
  if (!hand) { box.append(el("p", "muted", t("Hand {hand} is not closed.", { hand: args.hand }))); return box; }
  const what = el("div", "pad");
  const kinds = [...Object.keys(hand.recorded), "adjust"];
  for (const k of kinds) what.append(button(recordedName(k), () => { args.what = k; args.picks = k === "adjust" || k === "trump" ? {} : { ...hand.recorded[k] }; drawEntry(shown); }, args.what === k ? "chosen" : null));
  box.append(what);
  const redraw = () => drawEntry(shown);
  if (args.what === "trump") box.append(suitButtons(s, (w) => send(line("trump", w, "--hand", String(hand.hand))), s.choices.no_trump, hand.recorded.trump));
  else if (args.what === "bids" || args.what === "tricks") box.append(perPlayer(s, args.what, redraw, hand));
  else if (args.what === "poisons") box.append(poisonPads(s, redraw, hand));
  else if (args.what === "adjust") box.append(adjustForm(s, hand.hand));
  return box;
}

if (shown) draw(shown);  // a state that came before this file: drawn again, with the controls
