"use strict";
// The page's words in the page's language (<html lang>). Every sentence a person reads is said
// through t("…", {values}) or nt("…", "…", n, {values}): one whole message with named
// placeholders, filled after translation. The server puts the translations of the page's
// messages in <script type="application/json" id="said">; an English page is given none (its
// messages are their own text).
const LANG = document.documentElement.lang || "en";
const SAID = (() => {
  const block = document.getElementById("said");
  try { return (block && JSON.parse(block.textContent || "{}")) || {}; } catch (e) { return {}; }
})();
function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole)) : text;
}
function t(message, values) { return fill((SAID.t && SAID.t[message]) || message, values); }
function nt(singular, plural, n, values) {
  const forms = SAID.nt && SAID.nt[singular];
  const whole = Math.abs(Math.trunc(Number(n))) || 0;
  const table = SAID.forms || [];
  const form = table.length ? table[whole < table.length ? whole : 100 + (whole % 100)] : (whole === 1 ? 0 : 1);
  const text = forms && forms[form] !== undefined ? forms[form] : Number(n) === 1 ? singular : plural;
  return fill(text, values);
}
// An address of this server in the page's language: the language the page's own address named
// (?lang=fr), if it named one, goes with it; else the browser's preferences choose, as for the page.
const ASKED = new URLSearchParams(location.search).get("lang");
function spoken(path) { return ASKED ? path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(ASKED) : path; }
// What a hand still needs, for the players (the state names it as data: "bids").
function needWords(need) {
  return { flip: t("the flipped card"), trump: t("the trump"), cursed: t("the cursed suit"), bids: t("the bids"), poisons: t("the poisons"),
           tricks: t("the tricks taken"), took: t("who took the scoring cards"), first: t("who won the first trick"),
           last: t("who won the last trick"), trick: t("the next trick"), make: t("who made trump") }[need] || need;
}
