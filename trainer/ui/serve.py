"""``muggins serve``: the trainer in a web browser, one trainer process per browser tab.

Each tab's page opens a websocket; a trainer started for it (`trainer.ui.serve_tabs`, on
textual-serve's relay) draws into it. There is no login, so the server binds to loopback
unless told otherwise, answers only requests addressed to it and websockets from its own
page (`trainer.ui.serve_guard`), runs at most ``--max-tabs`` trainers, and serves nothing
but its page, its icon, its microphone's worklet and textual-serve's static files (no
folder listing). The page's microphone reaches its own tab's trainer alone, over the tab's
socket (`trainer.ui.page_microphone`). Our page
template loads nothing from outside this server (the stock one fetches a web font).
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import ipaddress
import logging
import os
import re
import signal
import socket
import sys
import threading
import webbrowser
from importlib.resources import files
from pathlib import Path
from typing import Any, Final, TextIO

import aiohttp_jinja2
import jinja2
from aiohttp import web

from trainer.drills.loader import drill_dirs, find_drill, load_all
from trainer.drills.model import DrillError, seed_problem
from trainer.locations import HOME_ENV, data_dir
from trainer.ports import BAD_PORTS, port_problem
from trainer.textguard import excerpt
from trainer.ui.serve_guard import WILDCARDS, Guard, Origin, canonical_host, public_origin
from trainer.ui.serve_tabs import CLOSE_SECONDS, DRAIN_LIMIT, QUIT_LIMIT, TABS_FULL, Tabs

TITLE: Final = "Muggins"
FONT_SIZE: Final = 16  # px; with the window's size it sets the terminal's columns and rows
FIT_COLUMNS: Final = 56
"""A window too narrow for this many columns at `FONT_SIZE` gets a smaller font (a phone in
portrait): a drill's cards, prompt and footer fit in 56."""
FIT_ROWS: Final = 24
"""Likewise for rows (a phone in landscape): the game's table fits in 24."""
MOST_TABS: Final = 64
"""The highest ``--max-tabs``: each tab is a trainer process of about 60 MB."""
IDLE_SECONDS: Final = 30.0
"""A connection that has not sent a whole request this many seconds after it opened, or
after its last answer, is closed: a browser sends its request at once and opens another
connection when it needs one, while one sending nothing, or its headers a byte at a time,
would hold its connection open for ever."""
FREE_PORT_TRIES: Final = 20
"""How many ports ``--port 0`` takes at most before one that browsers open."""
STOP_WAIT: Final = DRAIN_LIMIT + QUIT_LIMIT + CLOSE_SECONDS + 1
"""The longest a stop waits for the tabs (each passed what it sent, its trainer quit while
its socket closes): normally a second or two, under 15 s unless a trainer is still saving
on a machine too busy to let it (`QUIT_LIMIT`)."""
_LOOPBACK_NAMES: Final = {"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
_NUMBER: Final = r"(?:0[xX][0-9A-Fa-f]+|[0-9]+)"
_NUMBERS: Final = re.compile(rf"{_NUMBER}(?:\.{_NUMBER}){{0,3}}")
"""An IPv4 address as the system (``inet_aton``) and browsers also read it: one to four
numbers, decimal, octal or hexadecimal (``127.1``, ``0x7f.1``, ``2130706433``)."""
_HOST_NAME: Final = re.compile(
    r"(?=.{1,253}\.?$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?"
)


class ServeError(ValueError):
    """The server cannot start as asked (an unusable argument, a taken port)."""


def tab_command(args: argparse.Namespace) -> list[str]:
    """What each tab runs: this ``muggins`` with the options that choose what the trainer
    reads (data folder, drill folders, start drill, seed, cards)."""
    argv = [sys.executable, "-m", "trainer"]
    if args.data_dir is not None:
        argv += ["--data-dir", str(Path(args.data_dir).expanduser().resolve())]
    for folder in args.drills or []:
        argv += ["--drills", str(Path(folder).expanduser().resolve())]
    if args.drill is not None:
        argv += ["--drill", args.drill]
    if args.seed is not None:
        argv += ["--seed", str(args.seed)]
    if args.plain_cards:
        argv.append("--plain-cards")
    return argv


def ip_address_of(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``text`` as an IP address, in any form the system binds (``::1``, ``[::1]``,
    ``127.0.0.1``, ``127.1``, ``0x7f000001``); None if it is none."""
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        return ipaddress.ip_address(bare)
    except ValueError:
        pass
    if bare != text or not _NUMBERS.fullmatch(text):
        return None
    try:
        return ipaddress.IPv4Address(socket.inet_aton(text))
    except OSError:  # a number past what an address holds
        return None


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (so nobody else can reach the server): a
    loopback address in any form (127.0.0.0/8, ::1, IPv4's mapped into IPv6), ``localhost``,
    or a name whose every address is one."""
    address = ip_address_of(host)
    if address is not None:
        return _loopback_address(address)
    if host.lower().removesuffix(".") in _LOOPBACK_NAMES:
        return True
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        return False
    addresses = [ip_address_of(str(info[4][0]).split("%", 1)[0]) for info in found]
    return bool(addresses) and all(a is not None and _loopback_address(a) for a in addresses)


def _loopback_address(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback


def url_for(host: str, port: int) -> str:
    """The address to give a browser for a server bound to ``host``:``port``."""
    if host in ("0.0.0.0", "::"):
        host = "127.0.0.1"  # every interface: this machine is one of them
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def checked_host(host: str) -> str:
    """``--host`` as the address to bind (an IP address in its one short form: ``[::1]`` is
    ``::1``, ``127.1`` is ``127.0.0.1``); a `ServeError` if it is empty or neither an IP
    address nor a host name."""
    if not host:
        raise ServeError(
            "--host is empty: give the address to listen on, such as 127.0.0.1 (this "
            "machine only) or 0.0.0.0 (every network)"
        )
    address = ip_address_of(host)
    if address is not None:
        return str(address)
    if host.startswith("[") or not _HOST_NAME.fullmatch(host):
        raise ServeError(f"--host {excerpt(host)} is neither an IP address nor a host name")
    try:
        socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as err:
        raise ServeError(f"--host {host}: {err.args[-1]}") from None
    return host


def check(args: argparse.Namespace) -> tuple[str, Origin | None]:
    """Refuse, before anything is served, arguments no tab could use; returns the host to
    bind and ``--public-url`` as an origin (None if not given)."""
    host = checked_host(args.host)
    if (problem := port_problem(args.port)) is not None:
        raise ServeError(f"--port {problem}")
    if not 1 <= args.max_tabs <= MOST_TABS:
        raise ServeError(f"--max-tabs must be between 1 and {MOST_TABS}, got {args.max_tabs}")
    public = None
    if args.public_url is not None:
        try:
            public = public_origin(args.public_url)
        except ValueError as err:
            raise ServeError(str(err)) from None
    _check_data_folder(args.data_dir)
    if args.seed is not None and (problem := seed_problem(args.seed)) is not None:
        raise DrillError(f"--seed {problem}")
    if args.drill is not None:  # as the trainer looks for it, so that no tab fails to start
        find_drill(load_all(drill_dirs(args.data_dir, args.drills or []), deep=False), args.drill)
    return host, public


def _check_data_folder(override: str | None) -> None:
    """The data folder is a folder, or can be made one (its nearest existing parent is)."""
    folder = data_dir(override)
    given = "--data-dir" if override is not None else HOME_ENV if os.environ.get(HOME_ENV) else None
    name = f"{given} {folder}" if given else f"the data folder {folder}"
    if folder.exists() and not folder.is_dir():
        raise ServeError(f"{name} is not a folder")
    for parent in folder.parents:
        if parent.exists():
            if not parent.is_dir():
                raise ServeError(f"{name} cannot be made: {parent} is not a folder")
            break


def serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the server until Ctrl+C, SIGTERM or SIGHUP; returns the exit status.

    Raises `ServeError` (a user error: one line, exit 2) for unusable arguments and when it
    cannot listen there.
    """
    host, public = check(args)
    if not is_loopback(host):
        port = f"port {args.port}" if args.port else "its port"
        print(
            f"muggins: warning: serving on {host}: there is no login; anyone who can reach "
            f"{port} can use the trainer and its stats",
            file=err,
        )
    logging.basicConfig(level=logging.WARNING, format="muggins serve: %(message)s")
    try:
        asyncio.run(_serve(args, host, public, out))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise ServeError(
                f"port {args.port} on {host} is already in use; choose another with --port"
            ) from None
        if error.errno in (errno.EADDRNOTAVAIL, errno.EACCES) or isinstance(error, socket.gaierror):
            where = f"{host} port {args.port}" if args.port else host
            raise ServeError(f"cannot listen on {where}: {error.strerror}") from None
        raise
    print("Stopped.", file=out, flush=True)
    return 0


async def _serve(args: argparse.Namespace, host: str, public: Origin | None, out: TextIO) -> None:
    """Listen, say where, serve until a stop signal, then end every tab and stop."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)  # a second Ctrl+C changes nothing
    tabs = Tabs(tab_command(args), args.max_tabs)
    runner = make_runner(tabs, Guard(host, public), host, public)
    await runner.setup()
    try:
        site = await listen(runner, host, args.port)
        url = _bound_url(host, runner.addresses)
        print(f"Muggins is at {url}  (Ctrl+C stops it)", file=out, flush=True)
        if args.open:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        await stop.wait()
        await site.stop()  # no new connection; the tabs open are ended in order
        await tabs.stop(STOP_WAIT)
    finally:
        await runner.cleanup()


def make_runner(
    tabs: Tabs, guard: Guard, host: str, public: Origin | None, idle: float = IDLE_SECONDS
) -> web.AppRunner:
    """The server: `_make_app`'s application, with connections closed when they have sent
    no whole request ``idle`` seconds after opening or after their last answer."""
    app = _make_app(tabs, guard, host, public)
    return web.AppRunner(app, access_log=None, shutdown_timeout=1.0, keepalive_timeout=idle)


async def listen(runner: web.AppRunner, host: str, port: int) -> web.TCPSite:
    """Listen on ``host``:``port``; with port 0 (any free port), on none that browsers
    refuse (a system may hand out ports as low as theirs)."""
    for _ in range(FREE_PORT_TRIES):
        site = web.TCPSite(runner, host, port)
        await site.start()
        if port or not any(address[1] in BAD_PORTS for address in runner.addresses):
            return site
        await site.stop()
    raise ServeError(
        f"no free port on {host} was one browsers open in {FREE_PORT_TRIES} tries; "
        "choose one with --port"
    )


def _bound_url(host: str, addresses: list[Any]) -> str:
    """The address to print: ``host`` with the port really bound (``--port 0`` picks one);
    where a name was bound on several addresses with ports of their own, the first."""
    ports = {address[1] for address in addresses}
    if len(ports) == 1:
        return url_for(host, ports.pop())
    first = addresses[0]
    return url_for(str(first[0]), int(first[1]))


def _make_app(tabs: Tabs, guard: Guard, host: str, public: Origin | None) -> web.Application:
    """The web application: the page, its icon, its microphone's worklet, textual-serve's
    static files (no folder listing, nothing outside their folder) and the tabs' websocket,
    behind the guard."""
    web_folder = Path(str(files("trainer.ui") / "web"))
    statics = Path(str(files("textual_serve") / "static"))
    favicon = (web_folder / "favicon.svg").read_bytes()
    capture = (web_folder / "capture.js").read_bytes()

    async def page(request: web.Request) -> web.Response:
        """The page; its websocket's address is the server's own (``--public-url``, the
        address served, or the address this connection reached), never one the request
        named."""
        context = {
            "font_size": FONT_SIZE,
            "app_websocket_url": _websocket_url(request, host, public),
            "favicon_url": "/favicon.svg",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": TITLE},
            "max_tabs": tabs.limit,
            "tabs_full": TABS_FULL,
            "port": _local_port(request),
            "fit_columns": FIT_COLUMNS,
            "fit_rows": FIT_ROWS,
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        response.headers["X-Frame-Options"] = "DENY"  # no other page may frame it
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def icon(request: web.Request) -> web.Response:
        """The tab's icon: a card."""
        return web.Response(body=favicon, content_type="image/svg+xml")

    async def capture_script(request: web.Request) -> web.Response:
        """The page's microphone's audio worklet (counting aloud)."""
        return web.Response(body=capture, content_type="text/javascript")

    app = web.Application(middlewares=[guard.middleware])
    app.on_response_prepare.append(_no_sniffing)
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(web_folder), autoescape=True)
    app.add_routes(
        [
            web.get("/", page),
            web.get("/favicon.svg", icon),
            web.get("/favicon.ico", icon),
            web.get("/capture.js", capture_script),
            web.get("/ws", tabs.handle),
            web.static("/static", statics, show_index=False, follow_symlinks=False),
        ]
    )
    return app


async def _no_sniffing(request: web.Request, response: web.StreamResponse) -> None:
    """Every response is read as the type it says it is."""
    response.headers.setdefault("X-Content-Type-Options", "nosniff")


def _websocket_url(request: web.Request, host: str, public: Origin | None) -> str:
    """The page's websocket: at ``--public-url`` if given, else at the address served (the
    address this connection reached when that is every address, or a name) and its port."""
    if public is not None:
        return f"{'wss' if public.scheme == 'https' else 'ws'}://{public.netloc}/ws"
    assert request.transport is not None
    local_ip, local_port = request.transport.get_extra_info("sockname")[:2]
    served = canonical_host(str(local_ip))  # a name or every address: the address reached
    if host not in WILDCARDS and _is_address(host):
        served = host
    if ":" in served:
        served = f"[{served}]"
    return f"ws://{served}:{int(local_port)}/ws"


def _local_port(request: web.Request) -> int:
    """The port this connection reached (the page's own, for its words on the microphone)."""
    assert request.transport is not None
    return int(request.transport.get_extra_info("sockname")[1])


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
