"""Values given per player, as the scorer types them: `NAME=VALUE` pairs (any order, any
subset) or bare values in seating order for everyone, and whole numbers among them. Shared
by the engine's own entries and the families' (picks, cursed-card counts)."""

from __future__ import annotations

from scorekeeper.core import errors, state
from scorekeeper.core.language import N_, _, ngettext

# What the values are, as the messages name them (`what`, in English, is the key)
_WHAT = {
    "bids": N_("bids"),
    "bid": N_("bid"),
    "tricks": N_("tricks"),
    "poisons": N_("poisons"),
    "cursed-card counts": N_("cursed-card counts"),
    "cursed-card count": N_("cursed-card count"),
}


def _how_many(what: str, count: int) -> str:
    """`count` values of the kind `what`: "3 bids", "1 trick"."""
    if what == "bids":
        return ngettext("{count} bid", "{count} bids", count).format(count=count)
    if what == "tricks":
        return ngettext("{count} trick", "{count} tricks", count).format(count=count)
    if what == "poisons":
        return ngettext("{count} poison", "{count} poisons", count).format(count=count)
    return ngettext("{count} cursed-card count", "{count} cursed-card counts", count).format(count=count)


def per_player(game: state.Game, values: list[str], what: str) -> dict[str, str]:
    """`Ann=2 Bob=0` (any order, any subset) or bare values in seating order for everyone."""
    # TRANSLATORS: {what} is what is given per player: bids, tricks, poisons, cursed-card counts
    words = _(_WHAT[what])
    if not values:
        raise errors.UsageError(
            _("give the {what} as NAME=VALUE pairs or one value per player in seating order").format(what=words)
        )
    pairs = [v.partition("=") for v in values]
    named = [sep for _name, sep, _value in pairs]
    if all(named):
        result: dict[str, str] = {}
        for name, _sep, value in pairs:
            player = game.player(name)
            if player in result:
                raise errors.EntryError(_("{player} is named twice in one entry; give each player once").format(player=player))
            if not value.strip():
                raise errors.UsageError(_("no {what} given for {player}; write {player}=VALUE").format(what=words, player=player))
            result[player] = value.strip()
        return result
    if any(named):
        raise errors.UsageError(
            _("give the {what} either all as NAME=VALUE or all as bare values, not mixed").format(what=words)
        )
    if len(values) != len(game.players):
        raise errors.EntryError(
            _(
                "{given} for {players} players; give one per player in seating order ({order}) or use NAME=VALUE"
            ).format(given=_how_many(what, len(values)), players=len(game.players), order=", ".join(game.players))
        )
    return dict(zip(game.players, values, strict=True))


def whole_number(text: str, player: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise errors.UsageError(
            # TRANSLATORS: {what} is one player's value: bid, tricks, cursed-card count
            _("{player}'s {what} '{text}' is not a whole number").format(player=player, what=_(_WHAT[what]), text=text)
        ) from None
