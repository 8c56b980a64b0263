"""Charts of each player's running total over the hands: a compact plot for the terminal
(`standings --chart`) and an inline SVG for the printable HTML sheet. Both take plain series
(player -> totals, starting at 0 before the first hand) and know nothing of the rules."""

from __future__ import annotations

import html
import math
from collections.abc import Collection, Sequence

from scorekeeper.core.language import _

# Okabe–Ito colours (told apart with colour-blindness too) and dash patterns, so the lines
# still differ on a black-and-white printout.
# A line of player n is drawn in COLOURS[n % 8] and has class "c{n % 8}" (the phone page relights c6,
# black, in its dark theme).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D1F")
DASHES = ("", "6 3", "2 2", "8 3 2 3", "4 2 1 2", "10 3", "1 3", "6 2 2 2 2 2")


def number_text(value: float) -> str:
    """A total as people write it: 7, -11, 7½."""
    if value == int(value):
        return str(int(value))
    whole = int(abs(value))
    sign = "-" if value < 0 else ""
    if abs(value) - whole == 0.5:
        return f"{sign}{whole or ''}½"
    return f"{value:g}"


def markers(players: list[str]) -> dict[str, str]:
    """One character per player: their initial when the initials differ, else 1, 2, 3…"""
    initials = [p[:1].upper() for p in players]
    if len(set(initials)) == len(players) and all(i.isalpha() for i in initials):
        return dict(zip(players, initials, strict=True))
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return {p: symbols[i % len(symbols)] for i, p in enumerate(players)}


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about `ticks` ticks."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def last(line: Sequence[float | None]) -> float:
    """The last value of a line (a player who left: where their line ends)."""
    return next((v for v in reversed(line) if v is not None), 0.0)


def segments(line: Sequence[float | None]) -> list[list[tuple[int, float]]]:
    """The runs of a line where the player was at the table: [(hand index, value)…] each."""
    runs: list[list[tuple[int, float]]] = []
    for i, v in enumerate(line):
        if v is None:
            continue
        if runs and runs[-1][-1][0] == i - 1:
            runs[-1].append((i, v))
        else:
            runs.append([(i, v)])
    return runs


def _bounds(series: dict[str, list[float | None]]) -> tuple[float, float]:
    values = [v for line in series.values() for v in line if v is not None] or [0.0]
    lo, hi = min(0.0, *values), max(0.0, *values)
    if lo == hi:
        hi = lo + 1
    return lo, hi


# --- terminal --------------------------------------------------------------------------


def terminal(
    players: list[str], series: dict[str, list[float | None]], height: int = 10, departed: Collection[str] = ()
) -> str:
    """Each player's running total plotted with their marker; `*` where several meet. A
    player's line runs from where they sat down to where they left (None: not at the table),
    and the legend says who left."""
    points = max(len(line) for line in series.values())
    if points <= 1:
        return _("(no hand scored yet: nothing to chart)")
    step = 3 if points <= 26 else 2 if points <= 40 else 1
    lo, hi = _bounds(series)
    width = points * step
    grid = [[" "] * width for _row in range(height)]

    def row_of(value: float) -> int:
        return height - 1 - round((value - lo) / (hi - lo) * (height - 1))

    zero = row_of(0.0)
    grid[zero] = ["·"] * width
    mark = markers(players)
    for player in players:
        for i, value in enumerate(series[player]):
            if value is None:
                continue
            r, c = row_of(value), i * step + step - 1
            grid[r][c] = mark[player] if grid[r][c] in " ·" else "*"
    labels = {0: number_text(hi), height - 1: number_text(lo), zero: "0"}
    pad = max(len(t) for t in labels.values())
    lines = []
    for r, cells in enumerate(grid):
        label = labels.get(r, "")
        edge = "┤" if label else "│"
        lines.append(f"{label.rjust(pad)} {edge}{''.join(cells)}".rstrip())
    lines.append(" " * pad + " └" + "─" * width)
    axis = [" "] * (width + 8)
    for i in range(1, points):
        if i == 1 or i % 5 == 0 or i == points - 1:
            text = str(i)
            end = i * step + step
            start = end - len(text)
            if all(ch == " " for ch in axis[max(0, start - 1) : end]):
                axis[start:end] = list(text)
    # TRANSLATORS: the label of the chart's axis of hands
    lines.append(" " * (pad + 2) + "".join(axis).rstrip() + "   " + _("hand"))
    legend = "   ".join(
        f"{mark[p]} " + (_("{player} (left)").format(player=p) if p in departed else p) for p in players
    )
    # TRANSLATORS: in a chart's legend: "*" marks where several players' lines meet
    several = "   " + _("* several") if any("*" in row for row in grid) else ""
    lines.append(" " * (pad + 2) + legend + several)
    return "\n".join(lines)


# --- SVG -------------------------------------------------------------------------------


def hand_labels(hands: int, length: float, gap: float = 15) -> list[int]:
    """The hand numbers written under an axis `length` long: every hand, or every 2nd,
    5th, 10th… so that labels stand at least `gap` apart; hand 1 too where it has room."""
    per_hand = length / max(hands, 1)
    every = next(
        step for step in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, hands) if step * per_hand >= gap or step == hands
    )
    shown = list(range(every, hands + 1, every))
    if every > 1 and (every - 1) * per_hand >= gap:
        shown.insert(0, 1)
    return shown or [1]


def svg(
    players: list[str], series: dict[str, list[float | None]], width: int = 720, height: int = 230, departed: Collection[str] = ()
) -> str:
    """An inline SVG line chart of the running totals, with a legend ordered by final total,
    the players who left after everyone still playing. A line starts where its player sat
    down (a newcomer's with a ring, at their starting score) and a leaver's ends with a cross
    where they left (None in a series: not at the table)."""
    esc = html.escape
    points = max(len(line) for line in series.values())
    lo, hi = _bounds(series)
    step = nice_step(hi - lo)
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    left, right, top, bottom = 40, 150, 8, 26
    plot_w, plot_h = width - left - right, height - top - bottom
    hands = max(points - 1, 1)

    def x(i: int) -> float:
        return left + plot_w * i / hands

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    title = esc(_("Running totals after each hand"))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{title}" font-family="sans-serif" font-size="10">',
        f"<title>{title}</title>",
    ]
    ticks = round((hi - lo) / step)
    for k in range(ticks + 1):
        v = lo + k * step
        stroke, kind = ("#888", "zero") if v == 0 else ("#ddd", "grid")
        out.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="{stroke}" '
            f'stroke-width="0.7" class="{kind}"/>'
        )
        out.append(
            f'<text x="{left - 4}" y="{y(v) + 3:.1f}" text-anchor="end" fill="#444" class="axis">{esc(number_text(v))}</text>'
        )
    for i in hand_labels(hands, plot_w):
        if i < points:
            out.append(
                f'<text x="{x(i):.1f}" y="{top + plot_h + 12}" text-anchor="middle" fill="#444" class="axis">{i}</text>'
            )
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 2}" text-anchor="middle" fill="#444" class="axis">{esc(_("hand"))}</text>'
    )
    out.append(
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#999" stroke-width="0.7" class="frame"/>'
    )
    for n, player in enumerate(players):
        colour, dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        kind = f"c{n % len(COLOURS)}"
        runs = segments(series[player])
        for run in runs:
            if len(run) > 1:
                path = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in run)
                out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.6"{dashes} class="{kind}"/>')
            for k, (i, v) in enumerate(run):
                if k == 0 and i > 0:  # where a newcomer sat down, with their starting score: a ring
                    out.append(
                        f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="2.6" fill="none" stroke="{colour}" '
                        f'stroke-width="1.2" class="{kind} joined"/>'
                    )
                elif i > 0:
                    out.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="1.8" fill="{colour}" class="{kind}"/>')
        if player in departed and runs:  # where a player who left stopped: a cross
            i, v = runs[-1][-1]
            cx, cy = x(i), y(v)
            out.append(
                f'<path d="M{cx - 3.5:.1f},{cy - 3.5:.1f}L{cx + 3.5:.1f},{cy + 3.5:.1f}M{cx - 3.5:.1f},{cy + 3.5:.1f}'
                f'L{cx + 3.5:.1f},{cy - 3.5:.1f}" stroke="{colour}" stroke-width="1.8" class="{kind} left"/>'
            )
    final = sorted(players, key=lambda p: (p in departed, -last(series[p])))
    for k, player in enumerate(final):
        n = players.index(player)
        colour, dash = COLOURS[n % len(COLOURS)], DASHES[n % len(DASHES)]
        ly = top + 8 + k * 15
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        lx = left + plot_w + 10
        out.append(
            f'<line x1="{lx}" x2="{lx + 22}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="1.6"{dashes} '
            f'class="c{n % len(COLOURS)}"/>'
        )
        said = {"player": _short(player), "total": number_text(last(series[player]))}
        # TRANSLATORS: a chart's legend: a player and their total, "Dan (31, left)" for one who left
        legend = _("{player} ({total}, left)") if player in departed else _("{player} ({total})")
        out.append(f'<text x="{lx + 26}" y="{ly + 3.5}" fill="#111" class="legend">{esc(legend.format(**said))}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _short(name: str, limit: int = 12) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"
