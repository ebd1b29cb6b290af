"""Which ports ``muggins serve`` may give a browser: a TCP port, and none that browsers
refuse to open.

Browsers will not connect to the ports of some other services (mail, ssh, irc, X11...), so
that no web page can make them talk to those: the "bad ports" of the Fetch standard
(https://fetch.spec.whatwg.org/#bad-port). A server there prints an address no browser
opens, so ``--port`` and ``--public-url`` refuse them.
"""

from __future__ import annotations

from typing import Final

BAD_PORTS: Final = frozenset(
    {
        1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95,
        101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161,
        179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563,
        587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060,
        5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
    }
)  # fmt: skip
"""The Fetch standard's bad ports: browsers refuse an address on any of them."""
HIGHEST_PORT: Final = 65535


def refused_port(port: int) -> str | None:
    """Why browsers will not open an address on ``port``, or None if they will."""
    if port in BAD_PORTS:
        return (
            f"browsers refuse to open port {port} (it is another service's: a bad port of "
            "the Fetch standard)"
        )
    return None


def port_problem(port: int) -> str | None:
    """What makes ``port`` unusable to serve browsers on (said after the option's name), or
    None; 0 (any free port) is usable."""
    if not 0 <= port <= HIGHEST_PORT:
        return f"must be between 0 and {HIGHEST_PORT}, got {port}"
    refused = refused_port(port)
    return None if refused is None else f"{refused}; choose another, such as 8000"
