"""Score sheets: a game's derived state and its log as the sheet people print, photograph and
argue over, in text, CSV, JSON, Markdown and HTML.

Every format renders the same per-hand row model (`build`), read generically from the engine's
hands (bids, poisons, tricks, captured cards, first/last trick, moons, penalties, comments), so
every ruleset family gets a sheet without a format knowing its rules. The JSON sheet is also
the backup: it carries every entry of the audit chain, and `transfer` imports it back.
"""

from __future__ import annotations

import csv
import html
import io
import json
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from scorekeeper.core import engine, errors, events, language, plain, rulesets, scoring
from scorekeeper.core.language import _, ngettext, pgettext
from scorekeeper.core.state import JOIN_RULE
from scorekeeper.sheets import charts
from scorekeeper.words import corrected, reports, told, vocabulary

FORMATS = ("text", "csv", "grid", "json", "markdown", "html", "bgstats")
MACHINE_FORMATS = ("csv", "grid", "json", "bgstats")  # read by programs: always in English


# --- the row model ---------------------------------------------------------------------


@dataclass(frozen=True)
class Renege:
    kind: str
    points: Fraction
    note: str


@dataclass(frozen=True)
class Cell:
    """One player's part of one hand: what was recorded for them and what it scored."""

    player: str  # the column's player, as called now
    called: str = ""  # the name they had in this hand (a rename counts from its hand on)
    bid: int | None = None
    blind_nil: bool = False  # Spades: the bid of no trick was a blind nil
    poison: str | None = None  # "bid 3", "blind 2", "take"
    tricks: int | None = None
    taken: tuple[str, ...] = ()  # codes of the scoring cards captured ("QS", "Author")
    cursed: int | None = None  # cursed cards taken (Snakebit), named or counted
    first: bool = False
    last: bool = False
    moon: str | None = None  # "declared", "shot", "failed"
    pants: bool = False
    forced_blind: bool = False
    reneges: tuple[Renege, ...] = ()
    points: Fraction = Fraction(0)  # what this hand scored (a newcomer's starting score apart)
    start: Fraction | None = None  # the starting score of a player who sat down in this hand
    total: Fraction = Fraction(0)  # running total after this hand
    seated: bool = True  # dealt in this hand (a column starts when its player joins, ends when they leave)
    shows_points: bool = False  # the hand's points are written too: the facts don't show them
    said: str = ""  # the facts as a scorer writes them: "bid 3 took 2", "took 4, 5 cursed", "Q♠ Q♥ last"
    breakdown: str | None = None  # the points item by item, with a renege or ruling: "+10, renege -10 → 0"

    def written(self) -> str:
        """The facts, after the hand's points where the facts alone don't show them (the
        Queens and hearts of the trick avoidance games): `+3 Q♠ Q♥`; and the points item by
        item where a renege or a ruling changed them: `bid 0 took 0 +10, renege -10 → 0`."""
        if self.breakdown is not None:
            return " ".join(p for p in (self.facts(), self.breakdown) if p)
        if not self.shows_points:
            return self.facts()
        points = scoring.points_text(self.points)
        return " ".join(p for p in (points if self.points <= 0 else f"+{points}", self.facts()) if p)

    def facts(self) -> str:
        """The hand's facts as a scorer writes them: `bid 3 took 2`, `Q♠ Q♥ last`."""
        return self.said

    def marks(self) -> list[str]:
        """What the sheet flags: forfeits, reneges and moons."""
        return [text for _kind, text in self.marked()]

    def marked(self) -> list[tuple[str, str]]:
        """The marks with their kind ("blind", "pants", "renege", "moon"), which a printed
        sheet draws each in its own way."""
        out = []
        if self.forced_blind:
            out.append(("blind", _("FORCED BLIND")))
        if self.pants:
            out.append(("pants", _("PANTS")))
        out += [("renege", _("RENEGE {points}").format(points=scoring.points_text(r.points))) for r in self.reneges]
        if self.moon == "shot":
            out.append(("moon", _("MOON")))
        elif self.moon == "failed":
            out.append(("moon", _("MOON FAILED")))
        elif self.moon == "declared":
            # TRANSLATORS: a moon declared, the hand not yet over
            out.append(("moon", _("MOON?")))
        return out


@dataclass(frozen=True)
class Row:
    """One hand of the sheet."""

    number: int
    dealer: str
    size: int | None
    trump: str  # as printed: "♥", "no trump", "" when not recorded yet
    trump_code: str | None  # the suit's code, for JSON and CSV
    cursed: str | None
    phase: str  # the game of the hand (Compendium), else ""
    closed: bool
    cells: tuple[Cell, ...]
    comments: tuple[str, ...]
    announcements: tuple[str, ...]
    corrections: tuple[corrected.Fix, ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()  # the table's, (player as called now, text): "Dan: house ruling: slow play → -5"
    starts: tuple[str, ...] = ()  # each newcomer's starting score, a line of its own
    points: dict[str, Fraction] = field(default_factory=dict)  # what the hand scored: those dealt in, and anyone given some
    tie_break: int | None = None  # which tie-break hand (1, 2…): played after the planned hands because the lead was tied
    passing: str | None = None  # the pass before the hand: "left", "right", "across", "hold"
    round_end: int | None = None  # the round this hand completed (Pick Your Poison)


@dataclass(frozen=True)
class Sheet:
    game: engine.Game
    rows: tuple[Row, ...]
    started_at: str  # ISO time of the first entry, UTC; "" if unknown
    head: str  # the chain digest: the hash of the last entry
    stored: tuple = field(default=(), repr=False)

    @property
    def date(self) -> str:
        if not self.started_at:
            return ""
        return datetime.fromisoformat(self.started_at).astimezone().date().isoformat()

    def meta(self) -> list[tuple[str, str]]:
        """The sheet's header facts, in print order; empty ones left out."""
        game = self.game
        renamed = "; ".join(
            _("{old} → {new} from hand {hand}").format(old=old, new=new, hand=hand) for hand, old, new in game.renames
        )
        pairs = [
            (_("Game"), game.name or game.id),
            (_("Ruleset"), game.ruleset.name),
            (_("Date"), self.date),
            (_("Location"), game.location),
            (_("Scorer"), game.scorer),
            (_("Renamed"), renamed),
        ]
        return [(k, v) for k, v in pairs if v]

    @property
    def players(self) -> list[str]:
        """The sheet's columns: everyone who has played, in the order they sat down."""
        return self.game.roster

    def headers(self) -> list[str]:
        """Each column's heading: the player's name, with every name the seat had and the
        hand each began ("Eve → Gus from hand 11"), and "(left)" for a player who left."""
        return [heading(self.game, p) for p in self.players]

    def running(self) -> dict[str, list[Fraction]]:
        """Each player's running total: 0 before the first hand, then after each row."""
        series = {p: [Fraction(0)] for p in self.players}
        for row in self.rows:
            for cell in row.cells:
                series[cell.player].append(cell.total)
        return series

    def plotted(self) -> dict[str, list[float | None]]:
        """The running totals as a chart plots them, before the first hand and after each row:
        a player's line starts where they sat down, at what they sat down with (0 before hand
        1, a newcomer's starting score before the hand they joined), runs on through a hand
        they sit out, and ends after the last hand they were dealt in if they have left; None
        where they were not at the table."""
        series: dict[str, list[float | None]] = {p: [None] * (len(self.rows) + 1) for p in self.players}
        dealt: dict[str, int] = {}  # the last point of each player's that followed a hand they were dealt in
        for i, row in enumerate(self.rows, start=1):
            for cell in row.cells:
                line = series[cell.player]
                if cell.seated:
                    if line[i - 1] is None:
                        line[i - 1] = float(cell.total - cell.points)  # what they sat down with
                    line[i] = float(cell.total)
                    dealt[cell.player] = i
                elif line[i - 1] is not None:
                    line[i] = float(cell.total)
        for player in self.game.left:
            if player in series and player in dealt:
                line = series[player]
                line[dealt[player] + 1 :] = [None] * (len(line) - dealt[player] - 1)
        return series


def render(game: engine.Game, fmt: str, stored: list) -> str:
    """The score sheet of `game` (its stored events give the date and the chain) in `fmt`."""
    if fmt not in FORMATS:
        raise errors.UsageError(
            _("unknown sheet format '{format}'; choose {formats}").format(format=fmt, formats=", ".join(FORMATS))
        )
    if fmt == "bgstats":
        from scorekeeper.sheets import bgstats

        bgstats.check_finished(game)  # a refusal, in the words of the language in use
    if fmt in MACHINE_FORMATS:  # a program reads them: the same in every language
        with language.speaking(language.ENGLISH):
            return _render(game, fmt, stored)
    return _render(game, fmt, stored)


def _render(game: engine.Game, fmt: str, stored: list) -> str:
    if fmt == "bgstats":
        from scorekeeper.sheets import bgstats

        return bgstats.play(game, stored)
    renderer = {
        "text": text, "csv": csv_sheet, "grid": grid, "json": json_sheet, "markdown": markdown, "html": html_sheet,
    }  # fmt: skip
    return renderer[fmt](build(game, stored))


def heading(game: engine.Game, player: str) -> str:
    """A player as a column or a legend names them: "Eve → Gus from hand 11 (left)"."""
    chain: list[tuple[str, int | None]] = [(player, None)]  # each name and the hand it began
    for at, old, new in reversed(game.renames):
        if new == chain[0][0]:
            chain[0] = (new, at)
            chain.insert(0, (old, None))
    names = [name if at is None else _("{name} from hand {hand}").format(name=name, hand=at) for name, at in chain]
    return reports.player_left(game, " → ".join(names))


def build(game: engine.Game, stored: list, built: dict[int, Row] | None = None) -> Sheet:
    """The sheet of `game`. `built`: rows of closed hands built already for this very game (a
    live page's earlier state), by hand number, taken as they are."""
    totals = {p: Fraction(0) for p in game.roster}
    rows = []
    undone = undone_after_closing(game, stored)
    for hand in game.hands:
        if not (hand.closed or hand.anything_recorded()):
            continue
        row = (built or {}).get(hand.number)
        if row is None:
            row = _row(game, hand, totals, undone.get(hand.number))
        else:
            totals.update((cell.player, cell.total) for cell in row.cells)
        rows.append(row)
    started = stored[0].at if stored else ""
    head = stored[-1].hash if stored else ""
    return Sheet(game, tuple(rows), started, head, tuple(stored))


_CLOSED_BEFORE: dict[str, bool] = {}  # by an undo's hash (it covers every entry up to it): worked out once


def undone_after_closing(game: engine.Game, stored: list) -> dict[int, list[corrected.Fix]]:
    """Each hand's undos made after it had closed, as corrections: by hand number, each
    `undo entry N (was …)`. An undo in the hand still being recorded is not one (nobody had
    read that hand's score), nor an undo of a correction (the hand is again as it was read)."""
    out: dict[int, list[corrected.Fix]] = {}
    at = [i for i, entry in enumerate(stored) if entry.body.get("type") == "reversed"]
    if not at:
        return out
    parsed = events.parse_all([entry.body for entry in stored])
    for i in at:
        undo = parsed[i]
        if not (isinstance(undo, events.EntryReversed) and 0 < undo.target < i):
            continue
        target = parsed[undo.target]
        number = getattr(target, "hand", None)
        if number is None or isinstance(target, events.Corrected):
            continue
        key = stored[i].hash
        closed = _CLOSED_BEFORE.get(key)
        if closed is None:
            then = engine.replay(parsed[:i])
            closed = any(h.number == number and h.closed for h in then.hands)
            if len(_CLOSED_BEFORE) > 4096:
                _CLOSED_BEFORE.clear()
            _CLOSED_BEFORE[key] = closed
        if closed:
            out.setdefault(number, []).append(
                corrected.Fix(i, events.describe(undo), (events.describe(target, game.deck),),
                              told.taken_back(target, game.hands[number - 1].seating))
            )
    return out


def _row(game: engine.Game, hand: engine.Hand, totals: dict[str, Fraction], undone: list[corrected.Fix] | None = None) -> Row:
    points, played, starts = hand.points(game.roster), hand.points_scored(game.roster), hand.starts()
    pants = hand.outcome.paid("pants") if hand.outcome is not None else []
    blind = {p for p, kind in hand.forced.items() if kind == "blind"}
    scored = reports.tricks_scored(hand)
    # the facts alone don't show what the cards and the first and last tricks scored
    hidden = any(
        isinstance(r, rulesets.TrickPoints) or (isinstance(r, rulesets.CardPoints) and (r.cards or r.suits))
        for r in hand.phase.scoring
    )
    cells = []
    for p in game.roster:
        totals[p] += points[p]
        if p not in hand.seating:
            cells.append(Cell(player=p, called=game.called(p, hand.number), points=played[p], total=totals[p], seated=False))
            continue
        cells.append(
            Cell(
                player=p,
                called=game.called(p, hand.number),
                bid=hand.bids.get(p),
                blind_nil=p in hand.blind,
                poison=reports.pick_text(hand.poisons[p]) if p in hand.poisons else None,
                tricks=hand.tricks.get(p) if hand.tricks is not None else None,
                taken=tuple(c.code for c in hand.taken.get(p, [])),
                cursed=reports.cursed_taken(hand, p),
                first=hand.first == p and "first" in scored,
                last=hand.last == p and "last" in scored,
                moon=_moon_mark(hand, p),
                pants=p in pants,
                forced_blind=p in blind,
                reneges=tuple(
                    Renege(pen.kind, pen.item.points, pen.note)
                    for pen in hand.penalties
                    if pen.item.player == p
                ),
                points=played[p],
                start=starts.get(p),
                total=totals[p],
                shows_points=hidden and hand.closed,
                said=reports.player_facts(game, hand, p, "sheet"),
                breakdown=reports.breakdown(hand, p),
            )
        )
    passing = game.ruleset.passing
    return Row(
        number=hand.number,
        dealer=game.called(hand.seating[hand.dealer], hand.number),
        size=hand.size,
        trump=reports.suit_text(hand.trump) if hand.trump_known else "",
        trump_code=hand.trump,
        cursed=hand.cursed,
        phase=hand.phase.title if game.ruleset.phases else "",
        closed=hand.closed,
        cells=tuple(cells),
        comments=tuple(hand.comments),
        announcements=tuple(a.text for a in hand.announcements),
        corrections=tuple(sorted([*corrected.of_hand(game, hand.number), *(undone or [])], key=lambda fix: fix.entry)),
        rulings=tuple(
            (item.player, f"{game.called(item.player, hand.number)}: {item.reason}")
            for item in hand.rulings
            if item.rule != JOIN_RULE
        ),
        starts=tuple(line for p in hand.seating if (line := reports.start_said(game, hand, p))),
        points=hand.points_scored(hand.seating),
        tie_break=reports.tie_break_number(game, hand.number),
        passing=passing.direction(len(hand.seating), hand.number) if passing and hand.phase.passing else None,
        round_end=reports.closing_data(game, hand).get("round_complete") if hand.closed else None,
    )


def _moon_mark(hand: engine.Hand, player: str) -> str | None:
    """The moon as the sheet marks it: declared (the hand still open), shot, or failed."""
    if not hand.closed or hand.outcome is None:
        return "declared" if hand.moon == player else None
    moon = hand.outcome.moon
    if moon is None or moon.player != player:
        return None
    return "shot" if moon.made else "failed"


# --- text ------------------------------------------------------------------------------


def column_heading(column: str, start: bool = False) -> str:
    """A column of the sheet as its heading names it ("hand", "dealer"…); `start`: capitalised."""
    if start:
        headings = {
            "hand": pgettext("sheet column", "Hand"),
            "dealer": pgettext("sheet column", "Dealer"),
            "cards": pgettext("sheet column", "Cards"),
            "trump": pgettext("sheet column", "Trump"),
            "cursed": pgettext("sheet column", "Cursed"),
            "game": pgettext("sheet column", "Game"),
            "pass": pgettext("sheet column", "Pass"),
        }
    else:
        headings = {
            "hand": pgettext("sheet column", "hand"),
            "dealer": pgettext("sheet column", "dealer"),
            "cards": pgettext("sheet column", "cards"),
            "trump": pgettext("sheet column", "trump"),
            "cursed": pgettext("sheet column", "cursed"),
            "game": pgettext("sheet column", "game"),
            "pass": pgettext("sheet column", "pass"),
        }
    return headings.get(column, column)


def _columns(sheet: Sheet) -> list[str]:
    rules = sheet.game.ruleset
    cols = ["hand", "dealer", "cards"]
    if rules.trump.kind != "none":
        cols.append("trump")
    if rules.cursed is not None:
        cols.append("cursed")
    if rules.phases:
        cols.append("game")
    if rules.passing is not None:
        cols.append("pass")
    return cols


def _info(sheet: Sheet, row: Row) -> list[str]:
    values = {
        "hand": str(row.number) + ("‡" if row.tie_break else "") + ("†" if row.corrections else "")
        + ("" if row.closed else "*"),
        "dealer": row.dealer,
        "cards": "" if row.size is None else str(row.size),
        "trump": row.trump,
        "cursed": reports.suit_text(row.cursed) if row.cursed else "",
        "game": vocabulary.prose(row.phase),
        "pass": reports.pass_word(row.passing) if row.passing else "",
    }
    return [values[c] for c in _columns(sheet)]


def _notes(row: Row, on_page: bool = False) -> list[str]:
    """What is written under a hand: its corrections, reneges with their notes, then the
    comments. `on_page`: the corrections as a page says them, with no entry number."""
    notes = [c.text(on_page) for c in row.corrections]
    if row.tie_break:
        notes.append(_("tie-break {number}").format(number=row.tie_break))
    notes += list(row.starts)
    for cell in row.cells:
        for r in cell.reneges:
            said = {"player": cell.called, "kind": vocabulary.renege_kind(r.kind), "points": scoring.points_text(r.points), "note": r.note}
            # TRANSLATORS: {kind} is the renege's name in the ruleset, {note} the scorer's own words
            renege = _("renege by {player} ({kind}, {points}): {note}") if r.note else _("renege by {player} ({kind}, {points})")
            notes.append(renege.format(**said))
    notes += [text for _who, text in row.rulings]
    # TRANSLATORS: a comment the scorer wrote, in the quotation marks of your language
    notes += [_("“{comment}”").format(comment=c) for c in row.comments]
    if row.round_end:
        notes.append(_("end of round {round}").format(round=row.round_end))
    return notes


def _legend(sheet: Sheet) -> list[str]:
    """What the marks beside a hand's number mean, for those the sheet uses."""
    out = []
    if any(r.tie_break for r in sheet.rows):
        out.append(_("‡ tie-break hand: the lead was tied after the planned hands"))
    if any(r.corrections for r in sheet.rows):
        out.append(_("† corrected (the correction is noted under the hand)"))
    return out


def text(sheet: Sheet) -> str:
    game = sheet.game
    lines = [vocabulary.prose(game.ruleset.title).upper()]
    lines += [f"{k}: {v}" for k, v in sheet.meta()]
    lines.append("")
    cols = _columns(sheet)
    titles = [column_heading(c) for c in cols]
    info = [_info(sheet, row) for row in sheet.rows]
    widths = [max([plain.columns(c), *(plain.columns(r[i]) for r in info)]) for i, c in enumerate(titles)]
    # A player's column: the hand's facts, then the running total lined up, then any marks.
    facts_w = {
        p: max([0, *(plain.columns(r.cells[i].written()) for r in sheet.rows)]) for i, p in enumerate(sheet.players)
    }
    total_w = {
        p: max([0, *(len(scoring.points_text(r.cells[i].total)) for r in sheet.rows)])
        for i, p in enumerate(sheet.players)
    }

    def cell(c: Cell) -> str:
        if not c.seated:
            return ""
        facts = plain.padded(c.written(), facts_w[c.player]) + "  " if facts_w[c.player] else ""
        return " ".join([facts + scoring.points_text(c.total).rjust(total_w[c.player]), *c.marks()])

    cells = [[cell(c) for c in row.cells] for row in sheet.rows]
    headers = sheet.headers()
    widths += [max([plain.columns(h), *(plain.columns(r[i]) for r in cells)]) for i, h in enumerate(headers)]
    numeric = {"hand", "cards"}

    def line(values: list[str]) -> str:
        padded = [
            plain.padded(v, w, right=i < len(cols) and cols[i] in numeric)
            for i, (v, w) in enumerate(zip(values, widths, strict=True))
        ]
        return "  ".join(padded).rstrip()

    lines.append(line([*titles, *headers]))
    lines.append("  ".join("-" * w for w in widths))
    for row, row_info, row_cells in zip(sheet.rows, info, cells, strict=True):
        lines.append(line([*row_info, *row_cells]))
        lines += [f"      {n}" for n in _notes(row)]
    if not sheet.rows:
        lines.append(_("(no hand recorded yet)"))
    if any(not r.closed for r in sheet.rows):
        lines.append(_("* in progress"))
    lines += _legend(sheet)
    lines.append("")
    lines.append(reports.standings_text(game))
    lines.append("")
    lines.append(_("Chain digest: {digest}").format(digest=sheet.head))
    return "\n".join(lines) + "\n"


# --- CSV -------------------------------------------------------------------------------

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: str) -> str:
    """A user's text made inert in a spreadsheet: one that would start a formula gets a
    leading apostrophe (OWASP's advice for CSV injection)."""
    return "'" + value if value.startswith(_FORMULA_START) else value


CSV_COLUMNS = [
    "hand", "dealer", "cards", "trump", "cursed", "game", "player", "bid", "poison", "tricks",
    "taken", "cursed_cards", "first_trick", "last_trick", "moon", "pants", "forced_blind",
    "reneges", "start", "points", "total", "comments",
    "blind_nil",  # last: added after the others, whose places a spreadsheet's formulas may name
]  # fmt: skip
CSV_SIDE_COLUMNS = ["side", "players", "score", "bags", "place"]  # a partnership game's block, best first


def csv_sheet(sheet: Sheet) -> str:
    game = sheet.game
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    meta = [
        ("game", game.name or game.id), ("id", game.id), ("ruleset", game.ruleset.name),
        ("date", sheet.date), ("location", game.location), ("scorer", game.scorer),
        ("players", ", ".join(sheet.headers())), ("chain digest", sheet.head),
    ]  # fmt: skip
    for key, value in meta:
        writer.writerow([key, neutralise(value)])
    writer.writerow([])
    if game.ruleset.partners:  # the sides' scores, before the rows each player's own bid and tricks fill
        writer.writerow(CSV_SIDE_COLUMNS)
        for side in reports.sides_data(game):
            writer.writerow(
                [neutralise(side["name"]), neutralise(", ".join(side["players"])), side["score"], side.get("bags", ""), side["place"]]
            )
        writer.writerow([])
    writer.writerow(CSV_COLUMNS)
    for row in sheet.rows:
        for cell in row.cells:
            if not cell.seated:
                continue
            # the hand's comments, and a ruling in the row of the player it is about
            comments = " | ".join([*(text for who, text in row.rulings if who == cell.player), *row.comments])
            reneges = "; ".join(
                f"{r.kind} {scoring.points_text(r.points)}" + (f": {r.note}" if r.note else "")
                for r in cell.reneges
            )
            values: list[Any] = [
                row.number, row.dealer, row.size if row.size is not None else "", row.trump_code or "",
                row.cursed or "", row.phase, cell.called, _blank(cell.bid), cell.poison or "",
                _blank(cell.tricks), " ".join(cell.taken), _blank(cell.cursed), _yes(cell.first),
                _yes(cell.last), cell.moon or "", _yes(cell.pants), _yes(cell.forced_blind), reneges,
                "" if cell.start is None else scoring.points_json(cell.start), scoring.points_json(cell.points), scoring.points_json(cell.total), comments,
                _yes(cell.blind_nil),
            ]  # fmt: skip
            writer.writerow([neutralise(v) if isinstance(v, str) else v for v in values])
    return out.getvalue()


def grid(sheet: Sheet) -> str:
    """The score grid as a spreadsheet takes it: a row per hand, a column per player, each
    cell the player's running total after that hand (the long CSV has every fact); blank
    in the hands a player was not at the table."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["hand", *(neutralise(p) for p in sheet.headers())])
    for row in sheet.rows:
        writer.writerow([row.number, *(scoring.points_json(c.total) if c.seated else "" for c in row.cells)])
    return out.getvalue()


def _blank(value: int | None) -> int | str:
    return "" if value is None else value


def _yes(flag: bool) -> str:
    return "yes" if flag else ""


# --- JSON ------------------------------------------------------------------------------


def json_data(sheet: Sheet) -> dict[str, Any]:
    from scorekeeper.storage import transfer  # the marker and version `import` looks for

    game = sheet.game
    started = game.entries[0][1] if game.entries else None
    return {
        "format": transfer.JSON_FORMAT,
        "version": transfer.JSON_VERSION,
        "game": game.id,
        "name": game.name,
        "date": sheet.date,
        "started_at": sheet.started_at,
        "location": game.location,
        "scorer": game.scorer,
        "players": sheet.players,
        "renames": [{"hand": hand, "old": old, "new": new} for hand, old, new in game.renames],
        "ruleset": {
            "name": game.ruleset.name,
            "title": game.ruleset.title,
            "options": game.options,
            "document": started.ruleset if started is not None else game.document,
        },
        "hands": [hand_json(row) for row in sheet.rows],
        "standings": reports.standings_data(game),
        "chain_head": sheet.head,
        "entries": [
            {"n": e.n, "at": e.at, "prev": e.prev, "hash": e.hash, "body": e.body} for e in sheet.stored
        ],
    }


def hand_json(row: Row) -> dict[str, Any]:
    """One hand, each player filed under the name they had in it (a renamed seat's earlier
    hands under its earlier name, as every other sheet shows them; `renames` links them)."""
    called = {c.player: c.called for c in row.cells}
    return {
        "hand": row.number,
        "dealer": row.dealer,
        "cards": row.size,
        "trump": row.trump_code,
        "cursed": row.cursed,
        "game": row.phase or None,
        "closed": row.closed,
        **({"tie_break": row.tie_break} if row.tie_break else {}),
        **({"pass": row.passing} if row.passing else {}),
        **({"round_end": row.round_end} if row.round_end else {}),
        "points": {called.get(p, p): scoring.points_json(v) for p, v in row.points.items()},
        "starts": {c.called: scoring.points_json(c.start) for c in row.cells if c.start is not None},
        "totals": {c.called: scoring.points_json(c.total) for c in row.cells if c.seated},
        "players": {c.called: _cell_json(c) for c in row.cells if c.seated},
        "rulings": [text for _who, text in row.rulings],
        "notes": _notes(row),
        "comments": list(row.comments),
        "announcements": list(row.announcements),
        "corrections": [{"entry": c.entry, "now": c.now, "was": list(c.was)} for c in row.corrections],
    }


def _cell_json(cell: Cell) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": cell.called,  # as called in this hand
        "points": scoring.points_json(cell.points),
        "said": cell.breakdown,
        "bid": cell.bid,
        "blind_nil": cell.blind_nil,  # Spades: a bid of 0 is nil, and this one was blind
        "poison": cell.poison,
        "tricks": cell.tricks,
        "taken": list(cell.taken),
        "cursed_cards": cell.cursed,
        "first_trick": cell.first,
        "last_trick": cell.last,
        "moon": cell.moon,
        "pants": cell.pants,
        "forced_blind": cell.forced_blind,
        "reneges": [
            {"kind": r.kind, "points": scoring.points_json(r.points), "note": str(r.note)} for r in cell.reneges
        ],
    }
    # Leave out what does not apply; a 0 (a zero bid, no cursed card) is a fact and stays.
    return {k: v for k, v in data.items() if v is not None and v is not False and v != []}


def json_sheet(sheet: Sheet) -> str:
    return json.dumps(json_data(sheet), ensure_ascii=False, indent=2) + "\n"


# --- Markdown --------------------------------------------------------------------------

_MD_SPECIAL = set("\\`*_[]<>|~#&")


def md(value: str) -> str:
    """A user's text made literal in Markdown (and in a table cell)."""
    flat = " ".join(value.split())
    return "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in flat)


def markdown(sheet: Sheet) -> str:
    game = sheet.game
    lines = [f"## {md(vocabulary.prose(game.ruleset.title))}", ""]
    lines += [f"- **{k}:** {md(v)}" for k, v in sheet.meta()]
    lines.append("")
    cols = _columns(sheet)
    headers = [column_heading(c, start=True) for c in cols] + [md(h) for h in sheet.headers()] + [_("Notes")]
    lines.append("| " + " | ".join(headers) + " |")
    lines.append(
        "|"
        + "|".join("---:" if c in ("hand", "cards") else "---" for c in cols)
        + "|---" * len(sheet.players)
        + "|---|"
    )
    for row in sheet.rows:
        cells = []
        for cell in row.cells:
            if not cell.seated:
                cells.append("")
                continue
            facts = md(cell.written())
            marks = " ".join(f"*{m}*" for m in cell.marks())
            cells.append(" ".join(p for p in (facts, f"**{scoring.points_text(cell.total)}**", marks) if p))
        notes = "<br>".join(md(n) for n in _notes(row))
        lines.append("| " + " | ".join([*(md(v) for v in _info(sheet, row)), *cells, notes]) + " |")
    if legend := _legend(sheet):
        lines += ["", *(md(line) + "  " for line in legend)]
    lines.append("")
    if game.ruleset.partners:  # the sides first: their scores are what the game is about
        bagged = game.ruleset.family == "spades"
        lines.append("| " + " | ".join([_("Place"), _("Side"), _("Score"), *([_("Bags")] if bagged else [])]) + " |")
        lines.append("|---:|---|---:|" + ("---:|" if bagged else ""))
        for side in reports.sides_data(game):
            bags = [str(side["bags"])] if bagged else []
            lines.append("| " + " | ".join([str(side["place"]), md(side["name"]), charts.number_text(side["score"]), *bags]) + " |")
        lines.append("")
    lines.append("| " + " | ".join([_("Place"), _("Player"), _("Score"), _("Forfeits")]) + " |")
    lines.append("|---:|---|---:|---|")
    for place, player, total in game.standings():
        forfeits = vocabulary.forfeits_named(game.forfeits[player])
        player_text = _("{player} (left)").format(player=md(player)) if player in game.left else md(player)
        lines.append(f"| {place} | {player_text} | {scoring.points_text(total)} | {forfeits} |")
    lines.append("")
    lines.append(md(_result_line(game)))
    lines.append("")
    lines.append(_("Chain digest: {digest}").format(digest=f"`{sheet.head}`"))
    return "\n".join(lines) + "\n"


def _result_line(game: engine.Game) -> str:
    played = sum(1 for h in game.hands if h.closed)
    result = reports.final_text(game) if game.finished else reports.in_progress_text(game)
    # TRANSLATORS: {result} is a sentence, "Game over: Ann wins."
    return ngettext("{count} hand played. {result}", "{count} hands played. {result}", played).format(count=played, result=result)


# --- HTML ------------------------------------------------------------------------------

_CSS = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
body { font: 9.5pt/1.25 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #111; margin: 0 auto; max-width: 186mm; padding: 6mm 0; }
h1 { font-size: 14pt; margin: 0 0 1.5mm; }
dl.meta { display: flex; flex-wrap: wrap; gap: 0.5mm 6mm; margin: 0 0 2.5mm; }
dl.meta div { display: flex; gap: 1.5mm; }
dl.meta dt { font-weight: bold; } dl.meta dd { margin: 0; }
table { border-collapse: collapse; }
table.sheet { width: 100%; font-size: 7.5pt; line-height: 1.2; }
th, td { border: 0.5pt solid #aaa; padding: 0.4mm 1mm; vertical-align: top; }
th { background: #eee; text-align: left; font-weight: bold; }
table.sheet th { overflow: hidden; text-overflow: ellipsis; max-width: 30mm; white-space: nowrap; }
td.num, td.t { text-align: right; }
td.who { max-width: 18mm; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
td.f { color: #222; border-right: none; }
td.away { background: #f4f4f4; }
td.f span.nw { white-space: nowrap; }
td.f span.by { display: block; }  /* a renege's or a ruling's points, item by item: may wrap */
td.t { font-weight: bold; white-space: nowrap; border-left: none; }
.red { color: #c00; }
.mark { display: inline-block; font-size: 7pt; font-weight: bold; color: #000; background: #fff; border: 0.8pt solid #000; border-radius: 0.8mm; padding: 0 0.6mm; margin-left: 0.6mm; letter-spacing: 0.02em; }
.mark.moon { border-style: double; border-width: 2pt; } .mark.blind { border-style: dashed; }
tr.note td { font-style: italic; color: #333; padding-left: 6mm; white-space: normal; }
tr.open td { background: #fffbe6; }
tr.fix del { color: #a11; } tr.fix ins { text-decoration: none; font-weight: bold; }
.bottom { display: flex; gap: 4mm; align-items: flex-start; margin-top: 3mm; }
.chart { flex: 1 1 64%; margin: 0; } .chart svg { width: 100%; height: auto; display: block; }
.side { flex: 1 1 36%; }
table.standings { width: 100%; font-size: 8.5pt; }
table.standings td:nth-child(2) { max-width: 30mm; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
p.result { font-weight: bold; margin: 2mm 0; }
p.legend { font-size: 7pt; color: #444; margin: 0.8mm 0 0; }
p.digest { font: 6.5pt monospace; color: #555; word-break: break-all; margin: 2mm 0 0; }
@media print { body { padding: 0; max-width: none; } tr { break-inside: avoid; } }
"""


def _mark_html(kind: str, mark: str) -> str:
    cls = {"moon": "mark moon", "blind": "mark blind"}.get(kind, "mark")
    return f'<span class="{cls}">{html.escape(mark)}</span>'


def _info_html(column: str, value: str, row: Row) -> str:
    esc = html.escape
    if column in ("hand", "cards"):
        return f'<td class="num">{esc(value)}</td>'
    if column == "dealer":
        return f'<td class="who" title="{esc(value)}">{esc(value)}</td>'
    if column == "trump" and row.trump_code in ("H", "D"):
        return f'<td class="red">{esc(value)}</td>'
    return f"<td>{esc(value)}</td>"


def _correction_html(c: corrected.Fix) -> str:
    """A correction under its hand: the original struck through, then the right value."""
    esc = html.escape
    was = " ".join(f"<del>{esc(w)}</del>" for w in c.was)
    # TRANSLATORS: {correction} is what the entry said, struck through, then what it says now
    return esc(_("corrected by entry {entry}: {correction}")).format(
        entry=c.entry, correction=f"{was + ' ' if was else ''}<ins>{esc(c.now)}</ins>"
    )


def page_language() -> str:
    """The code of the language in use ("en", "de"), as a page's `lang` attribute says it:
    the catalog's own Language header, English without one."""
    return str(language.in_use().info().get("language", "en")).replace("_", "-")


def html_sheet(sheet: Sheet) -> str:
    game = sheet.game
    esc = html.escape
    cols = _columns(sheet)
    width = len(cols) + 2 * len(sheet.players)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{esc(page_language())}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(game.name or game.id)} — {esc(vocabulary.prose(game.ruleset.title))}</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>{esc(vocabulary.prose(game.ruleset.title))}</h1>",
        '<dl class="meta">'
        + "".join(f"<div><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>" for k, v in sheet.meta())
        + "</dl>",
        '<table class="sheet"><thead><tr>'
        + "".join(f"<th>{esc(column_heading(c))}</th>" for c in cols)
        + "".join(f'<th colspan="2" title="{esc(h)}">{esc(h)}</th>' for h in sheet.headers())
        + "</tr></thead><tbody>",
    ]
    for row in sheet.rows:
        info = "".join(_info_html(c, v, row) for c, v in zip(cols, _info(sheet, row), strict=True))
        cells = "".join(
            f'<td class="f"><span class="nw">{esc(c.written() if c.breakdown is None else c.facts())}</span>'
            + (f'<span class="by">{esc(c.breakdown)}</span>' if c.breakdown is not None else "")
            + f'{"".join(_mark_html(kind, m) for kind, m in c.marked())}</td>'
            f'<td class="t">{esc(scoring.points_text(c.total))}</td>'
            if c.seated
            else '<td class="away" colspan="2"></td>'
            for c in row.cells
        )
        opening = "<tr>" if row.closed else '<tr class="open">'
        out.append(f"{opening}{info}{cells}</tr>")
        out += [f'<tr class="note fix"><td colspan="{width}">{_correction_html(c)}</td></tr>' for c in row.corrections]
        out += [f'<tr class="note"><td colspan="{width}">{esc(n)}</td></tr>' for n in _notes(row)[len(row.corrections) :]]
    if not sheet.rows:
        out.append(f'<tr><td colspan="{width}">{esc(_("No hand recorded yet."))}</td></tr>')
    out.append("</tbody></table>")
    out += [f'<p class="legend">{esc(line)}</p>' for line in _legend(sheet)]
    out.append('<div class="bottom">')
    if sheet.rows:
        series = sheet.plotted()
        out.append(
            '<figure class="chart">' + charts.svg(sheet.players, series, width=480, height=240, departed=sheet.game.left) + "</figure>"
        )
    out.append('<div class="side">')
    if game.ruleset.partners:  # the sides first: their scores are what the game is about
        bagged = game.ruleset.family == "spades"
        titles = [_("place"), _("side"), _("score"), *([_("bags")] if bagged else [])]
        out.append('<table class="standings sides"><thead><tr>' + "".join(f"<th>{esc(t)}</th>" for t in titles) + "</tr></thead><tbody>")
        for side in reports.sides_data(game):
            bags = f'<td class="num">{side["bags"]}</td>' if bagged else ""
            out.append(
                f'<tr><td class="num">{side["place"]}</td><td title="{esc(", ".join(side["players"]))}">{esc(side["name"])}</td>'
                f'<td class="num">{esc(charts.number_text(side["score"]))}</td>{bags}</tr>'
            )
        out.append("</tbody></table>")
    headings = "".join(f"<th>{esc(h)}</th>" for h in reports.standings_headers())
    out.append(f'<table class="standings"><thead><tr>{headings}</tr></thead><tbody>')
    for place, player, total in game.standings():
        out.append(
            f'<tr><td class="num">{place}</td><td title="{esc(player)}">{esc(reports.player_left(game, player))}</td>'
            f'<td class="num">{esc(scoring.points_text(total))}</td><td>{esc(vocabulary.forfeits_named(game.forfeits[player]))}</td></tr>'
        )
    out.append("</tbody></table>")
    out.append(f'<p class="result">{esc(_result_line(game))}</p></div></div>')
    out.append(f'<p class="digest">{esc(_("Chain digest: {digest}").format(digest=sheet.head))}</p>')
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def running_json(game: engine.Game) -> dict[str, list[int | float]]:
    """Each player's running total, 0 first and then after each hand on the sheet."""
    series = build(game, []).running()
    return {p: [scoring.points_json(v) for v in values] for p, values in series.items()}


# --- the live page (`serve`) -------------------------------------------------------------


def live_json(sheet: Sheet, drawn: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The sheet as the live page draws it: its columns, and per hand the same cells and
    notes the printed sheet shows (the page puts every text in as text, never as markup).
    `drawn`: rows drawn already from the very rows of `build`'s `built`, by hand number."""
    drawn = drawn or {}
    return {
        "columns": _columns(sheet),
        "players": sheet.players,
        "headers": sheet.headers(),  # "Eve → Gus from hand 11", "Dan (left)"
        "rows": [drawn.get(row.number) or _live_row(sheet, row) for row in sheet.rows],
        "legend": _legend(sheet),  # what ‡ and † beside a hand's number mean, as the printed sheet says it
    }


def _live_row(sheet: Sheet, row: Row) -> dict[str, Any]:
    return {
        "hand": row.number,
        "tie_break": row.tie_break,
        "closed": row.closed,
        "info": _info(sheet, row),
        "cells": [
            {
                "name": c.called,  # the name the player had in this hand
                "facts": c.written(),
                "shows_points": c.shows_points or c.breakdown is not None,  # the facts say the hand's points
                "marks": c.marks(),
                "points": scoring.points_text(c.points),
                "total": scoring.points_text(c.total),
            }
            if c.seated
            else {"name": c.called, "facts": "", "marks": [], "points": "", "total": ""}
            for c in row.cells
        ],
        "notes": _notes(row, on_page=True),
    }
