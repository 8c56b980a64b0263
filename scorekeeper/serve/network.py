"""Where the server is reached from: this computer's names and addresses, the Host header a
request may carry (against DNS rebinding: loopback names, this computer's own name and
addresses, whatever address was bound), the links to print, what listening on an address
exposes and to whom, and the QR code of a link."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from typing import TextIO

from scorekeeper.core.language import _

LOOPBACK_NAMES = frozenset({"localhost", "localhost.", "127.0.0.1", "::1"})
EVERYWHERE = ("0.0.0.0", "::", "")


def host_name(host: str) -> str:
    """The name in a Host header, without its port, in lower case: `127.0.0.1`, `::1`."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[1:end] if end > 0 else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_loopback(name: str) -> bool:
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This computer's address on the local network (what a phone at the table types), if any.
    Connecting a UDP socket sends nothing; it only picks the interface a packet would use."""
    for probe in ("192.168.0.1", "10.0.0.1", "172.16.0.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:
            continue
        if not address.startswith("127."):
            return address
    return None


def own_names() -> frozenset[str]:
    """The names and addresses a phone may reach this computer by: its host name (and the
    `.local` name a phone's mDNS resolves), every address that name resolves to, and its
    address on the local network."""
    names = set(LOOPBACK_NAMES)
    hostname = socket.gethostname().lower()
    if hostname:
        names |= {hostname, f"{hostname}.local"}
        with contextlib.suppress(OSError, UnicodeError):
            names |= {info[4][0].lower() for info in socket.getaddrinfo(hostname, None)}
    lan = lan_address()
    if lan:
        names.add(lan)
    return frozenset(names)


class HostCheck:
    """Whether a request's Host header names this computer. A web page the scorer visits can
    point a name of its own at this computer's address (DNS rebinding) and make the browser
    read the game, or try to write to it; the Host header then carries that name."""

    def __init__(self, bound: str) -> None:
        self.known = own_names() | ({bound.lower()} if bound not in EVERYWHERE else set())

    def allows(self, host_header: str, arrived_on: str | None) -> bool:
        name = host_name(host_header)
        if not name:
            return False
        return (
            is_loopback(name) or name in self.known or (arrived_on is not None and name == arrived_on.lower())
        )

    def refusal(self) -> str:
        return _("this server answers only to this computer's own names and addresses (the Host header named another)")


def url(host: str, port: int, fragment: str = "") -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"#{fragment}" if fragment else "")


def reachable_host(bound: str) -> tuple[str, bool]:
    """The address to put in the links, and whether a phone can reach it (False: only this
    computer can, or this computer has no local network address now)."""
    if bound in EVERYWHERE:
        lan = lan_address()
        return (lan, True) if lan else ("127.0.0.1", False)
    return bound, not is_loopback(bound)


def exposure(bound: str, reachable: bool, writable: bool) -> list[str]:
    """What listening on `bound` exposes, to whom, in sentences for the terminal."""
    if is_loopback(bound):
        return [
            _(
                "Only this computer can open these links. To let the phones at the table in, stop this and "
                "start it with `serve --host 0.0.0.0` (the phones must be on the same network as this computer)."
            )
        ]
    who = (
        _("Warning: --host {host} listens on every network this computer is on.").format(host=bound or "0.0.0.0")
        if bound in EVERYWHERE
        else _("Warning: listening on {host}.").format(host=bound)
    )
    writes = (
        _("Only the scorer's link can change the game; keep it to yourself.")
        if writable
        else _("Nobody can change the game through it (it is read-only).")
    )
    seen = _(
        "Anyone on them can open the table's link and read this store's current game: its players' "
        "names, scores and comments. That is the table's Wi-Fi, but also a cafe's, a hotel's or an office's "
        "if this computer is on one."
    )
    lines = [" ".join([who, seen, writes, _("Stop it with Ctrl-C when the game is over.")])]
    if not reachable:
        lines.append(_("This computer has no address on a local network right now; phones cannot reach it yet."))
    return lines


def qr_text(link: str) -> str:
    """The link as a QR code drawn with block characters, for a phone's camera."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def drawable(qr: str, out: TextIO) -> str:
    """The QR code, if the terminal's encoding has its block characters; else a line saying so."""
    try:
        qr.encode(getattr(out, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return _("(this terminal's encoding cannot draw the QR code; type the address instead)") + "\n"
    return qr
