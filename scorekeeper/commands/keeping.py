"""The calls that keep the store: `import` games from sheets and other stores, `verify` the
chains and what lives beside them, `backup` and `restore`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scorekeeper.commands.desk import Desk
from scorekeeper.commands.games import latest_backup_text
from scorekeeper.commands.said import Said
from scorekeeper.core import errors
from scorekeeper.core.language import _


def import_(desk: Desk, files: Sequence[Path | str]) -> Said:
    """Bring games from score sheets and other laptops' stores into this one."""
    from scorekeeper import table
    from scorekeeper.words import replies

    with desk.store(writing=True) as db:
        db.backup_automatically()  # before an import: the store as it was, kept
        result = table.import_files(db, [Path(f) for f in files])
    said = Said(made_current=True)
    said.say(replies.imported_files(result))
    return said


def verify(
    desk: Desk, digest: Sequence[str] | None = None, game: str | None = None, replay: bool = False
) -> Said:
    """Recompute every game's hash chain and check what lives beside it; find the entries
    the digests name. A digest of another game than the one named is said, then refused."""
    from scorekeeper import table
    from scorekeeper.storage import digests
    from scorekeeper.words import audit

    wanted = [part for text in digest or [] for part in text.split(",") if part.strip()]
    with desk.store() as db:
        count = table.verify(db)
        caches = table.verify_beside_chain(db, replay)
        alike = table.lookalike_games(caches.listed)
        found = [table.find_digest(db, d) for d in wanted]
        covered = [digests.coverage(db.events(gid), n) for gid, n, _total in found]
        target = table.digests_game(db, game) if wanted or game else None
        who = {gid: digests.identity(db.events(gid)) for gid in {f[0] for f in found} | {target} - {None}}
    said = Said()
    said.say(audit.verified_text(count))
    checked = audit.caches_text(caches)
    if checked:
        said.say(checked)
    for games_alike in alike:
        said.say(audit.lookalikes_text(games_alike))
    said.say(latest_backup_text(desk))
    for entry, cover in zip(found, covered, strict=True):
        said.say(audit.digest_text(entry))
        said.say(audit.identity_text(who[entry[0]], entry[0] == target, game is not None))
        said.say(audit.coverage_text(cover))
    strays = [
        (text, entry[0]) for text, entry in zip(wanted, found, strict=True) if target and entry[0] != target
    ]
    if strays:
        said.then_refused = errors.StoreError(audit.not_this_game_text(strays, who, target, game is not None))
    return said


def backup(desk: Desk, file: Path | str | None = None) -> Said:
    """A verified copy of the store, in FILE or the backups folder beside the store."""
    from scorekeeper.storage import backups, output
    from scorekeeper.words import audit

    with desk.store() as db:
        if file is None:
            backups.make_folder(db.folder)
        target = Path(file) if file is not None else backups.new_path(db.folder, backups.BY_HAND)
        if output.is_part_of_store(target, db.path):
            raise errors.UsageError(
                _("{file} is part of the store; write the backup to another file").format(file=target)
            )
        count = db.backup(target)
    said = Said()
    said.say(audit.backed_up_text(target, count))
    return said


def restore(desk: Desk, file: Path | str) -> Said:
    """Put the store back as a backup holds it, keeping the store as it was aside."""
    from scorekeeper.storage import output, store
    from scorekeeper.words import audit

    file = Path(file)
    folder = desk.store_folder()
    if desk.lent is not None:
        raise errors.UsageError(_("`restore` cannot run inside `play`; leave the session, then restore"))
    if output.is_part_of_store(file, folder / store.Store.FILENAME):
        raise errors.UsageError(_("{file} is the store itself; name a backup to restore").format(file=file))
    aside, count = store.Store.restore(folder, file)
    said = Said(made_current=True)
    said.say(audit.restored_text(file, count, aside))
    return said
