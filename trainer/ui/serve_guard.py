"""Which requests ``muggins serve`` answers: those addressed to it, from its own page.

A web page from anywhere may make the player's browser open a websocket to the server (the
browser sends no cookie to hold back and asks no permission) or, by rebinding its own name
to 127.0.0.1, load the server's page as its own. So every request must name this server in
its ``Host`` (the address served, or ``localhost``, ``127.0.0.1``, ``::1`` with the port,
or ``--public-url``'s host), else 421; and a request that carries an ``Origin`` (every
browser's websocket does) must come from a page of this server, else 403. A client that
sends no ``Origin`` is no web page, and is let in.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

from aiohttp import hdrs, web

from trainer.ports import refused_port

LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})
"""Names of this machine that no other machine and no web page can take over."""
DEFAULT_PORTS: Final = {"http": 80, "https": 443}
WILDCARDS: Final = frozenset({"0.0.0.0", "::"})
"""Hosts that mean every address of this machine: not a name a browser uses."""

_HOST: Final = re.compile(
    r"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9.-]+))(?::(?P<port>[0-9]{1,5}))?"
)
_ORIGIN: Final = re.compile(r"(?P<scheme>https?)://(?P<host>[^/?#@]+)")


@dataclass(frozen=True)
class Origin:
    """A web origin: scheme, host (lower case, an IP address written one way) and port."""

    scheme: str
    host: str
    port: int

    @property
    def netloc(self) -> str:
        """The host and port as written in an address (the default port left out)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if DEFAULT_PORTS[self.scheme] == self.port else f"{host}:{self.port}"


def canonical_host(host: str) -> str:
    """``host`` as the guard compares it: lower case, without brackets, an IP address in its
    one short form (``0:0::1`` is ``::1``; ``127.1`` stays a name, which nothing matches)."""
    host = host.strip("[]").lower()
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def parse_host(text: str) -> tuple[str, int | None] | None:
    """A ``Host`` header as (host, port or None); None if it is not one."""
    match = _HOST.fullmatch(text)
    if match is None:
        return None
    host = match["v6"] or match["name"]
    if match["v6"] is not None:
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return None
    port = int(match["port"]) if match["port"] is not None else None
    if port is not None and not 0 < port < 65536:
        return None
    return canonical_host(host), port


def parse_origin(text: str) -> Origin | None:
    """An ``Origin`` header (``scheme://host[:port]``) as an `Origin`; None if it is not one
    (``null``, a path, a user name)."""
    match = _ORIGIN.fullmatch(text)
    if match is None:
        return None
    parsed = parse_host(match["host"])
    if parsed is None:
        return None
    host, port = parsed
    scheme = match["scheme"]
    return Origin(scheme, host, DEFAULT_PORTS[scheme] if port is None else port)


def public_origin(text: str) -> Origin:
    """``--public-url`` as an `Origin`; `ValueError` naming the problem if it is not the
    address of a site (``https://muggins.example`` or ``http://192.168.1.20:8000/``) that
    browsers open."""
    origin = parse_origin(text.removesuffix("/"))
    if origin is None:
        raise ValueError(
            "--public-url must be http:// or https://, a host and an optional port, and no "
            f"path (https://muggins.example), got {text!r}"
        )
    if (refused := refused_port(origin.port)) is not None:
        raise ValueError(f"--public-url {text}: {refused}")
    return origin


@dataclass(frozen=True)
class Guard:
    """The hosts the server answers to and the origins it takes websockets from.

    ``host`` is the address served (``--host``); the port is the one each request reached,
    and each connection's own local address is a name of the server too (with ``--host
    0.0.0.0``, the address of the network the browser came by).
    """

    host: str
    public: Origin | None = None

    def names(self, local_ip: str) -> frozenset[str]:
        """The host names by which a browser reaches this server on ``local_ip``."""
        names = set(LOOPBACK_NAMES) | {canonical_host(local_ip)}
        if self.host not in WILDCARDS:
            names.add(canonical_host(self.host))
        return frozenset(names)

    def host_allowed(self, header: str | None, local: tuple[str, int]) -> bool:
        """Whether a ``Host`` header names this server, reached at ``local`` (its address
        and port on the connection)."""
        parsed = None if header is None else parse_host(header)
        if parsed is None:
            return False
        host, port = parsed
        public = self.public
        if public is not None and host == public.host and port in (None, public.port):
            return True  # behind a proxy that passes the public name on
        local_ip, local_port = local
        return host in self.names(local_ip) and (port or DEFAULT_PORTS["http"]) == local_port

    def origin_allowed(self, header: str | None, local: tuple[str, int]) -> bool:
        """Whether a request with this ``Origin`` (None: none sent) may be answered."""
        if header is None:
            return True  # not sent by a web page
        origin = parse_origin(header)
        if origin is None:
            return False  # "null" (a file, a sandboxed frame), or not an origin at all
        if origin == self.public:
            return True
        local_ip, local_port = local
        return (
            origin.scheme == "http"
            and origin.host in self.names(local_ip)
            and origin.port == local_port
        )

    @web.middleware
    async def middleware(
        self,
        request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Refuse what is not addressed to this server (421) or not from its page (403)."""
        local = _local_address(request)
        if local is None or not self.host_allowed(request.headers.get(hdrs.HOST), local):
            return web.Response(status=421, text="This is not the address of this server.\n")
        if not self.origin_allowed(request.headers.get(hdrs.ORIGIN), local):
            return web.Response(status=403, text="Only this server's own page may use it.\n")
        return await handler(request)


def _local_address(request: web.Request) -> tuple[str, int] | None:
    """The server's own address and port on the request's connection."""
    transport = request.transport
    sockname = None if transport is None else transport.get_extra_info("sockname")
    if not isinstance(sockname, tuple) or len(sockname) < 2:
        return None
    return str(sockname[0]), int(sockname[1])
