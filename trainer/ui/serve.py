"""``muggins serve``: the trainer in a web browser, one trainer process per browser tab.

textual-serve runs the ``muggins`` command for each tab that connects and relays its
terminal over a websocket. Our page template loads nothing from outside this server (the
stock one fetches a web font), and we bind to loopback unless told otherwise: there is no
login, so whoever reaches the port uses the trainer and its stats.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import ipaddress
import logging
import shlex
import signal
import socket
import sys
import threading
import webbrowser
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any, TextIO

TITLE = "Muggins"
FONT_SIZE = 16  # px; with the window's size it sets the terminal's columns and rows
STOP_GRACE = 10.0  # seconds each tab's trainer has to quit once the server stops
_LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


class ServeError(ValueError):
    """The server cannot start where asked (the port is taken, the address is not ours)."""


def child_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs for each tab: this ``muggins`` with the options
    that choose what the trainer reads (data folder, drill folders, start drill, seed, cards).
    """
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
    return "exec " + shlex.join(argv)  # exec: the tab's process is the trainer, not a shell


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (so nobody else can reach the server)."""
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_for(host: str, port: int) -> str:
    """The address to give a browser for a server bound to ``host``:``port``."""
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"  # every interface: this machine is one of them
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the server until Ctrl+C (or SIGTERM); returns the exit status.

    Raises `ServeError` (a user error: one line, exit 2) when it cannot listen there.
    """
    host: str = args.host
    port: int = args.port
    if not 0 <= port <= 65535:
        raise ValueError(f"--port must be between 0 and 65535, got {port}")
    if not is_loopback(host):
        print(
            f"muggins: warning: serving on {host}: there is no login; anyone who can reach "
            f"port {port} can use the trainer and its stats",
            file=err,
        )
    server = _build_server(child_command(args), host, port, out, open_browser=args.open)
    try:
        server.serve()
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise ServeError(
                f"port {port} on {host} is already in use; choose another with --port"
            ) from None
        if error.errno == errno.EADDRNOTAVAIL or isinstance(error, socket.gaierror):
            raise ServeError(f"cannot listen on {host}: {error.strerror}") from None
        raise
    print("Stopped.", file=out, flush=True)
    return 0


async def _reaped(timeout: float) -> None:
    """Wait (up to ``timeout``) until asyncio has collected the exit of every trainer it
    started, so no process outlives the event loop that must hear of its end (its transport
    would complain, as a traceback, once the loop is closed)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        # asyncio's child watcher waits for each process in a thread "asyncio-waitpid-N".
        if not any(t.name.startswith("asyncio-waitpid-") for t in threading.enumerate()):
            break
        await asyncio.sleep(0.02)
    await asyncio.sleep(0)  # the exits' callbacks run now, while the loop still does


def _build_server(command: str, host: str, port: int, out: TextIO, *, open_browser: bool) -> Any:
    """A textual-serve server for ``command`` with our page, favicon and stop (see module doc)."""
    from aiohttp import web
    from textual_serve.server import Server

    web_folder = Path(str(files("trainer.ui") / "web"))
    favicon = (web_folder / "favicon.svg").read_bytes()
    url = url_for(host, port)

    class MugginsServer(Server):
        """textual-serve's server with our page and a stop that ends every tab's trainer."""

        def __init__(self) -> None:
            super().__init__(command, host=host, port=port, title=TITLE, templates_path=web_folder)
            self.tabs: set[asyncio.Task[Any]] = set()

        def initialize_logging(self) -> None:
            """Only problems reach the console (no access log): the address is printed once."""
            logging.basicConfig(level=logging.WARNING, format="muggins serve: %(message)s")

        async def handle_index(self, request: web.Request) -> web.Response:
            """The page, with addresses relative to the one the browser used to get here."""
            import aiohttp_jinja2

            ws_scheme = "wss" if request.secure else "ws"
            context = {
                "font_size": FONT_SIZE,
                "app_websocket_url": f"{ws_scheme}://{request.host}/ws",
                "favicon_url": "/favicon.svg",
                "config": {"static": {"url": "/static/"}},
                "application": {"name": TITLE},
            }
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_favicon(self, request: web.Request) -> web.Response:
            """The tab's icon: a card."""
            return web.Response(body=favicon, content_type="image/svg+xml")

        async def _make_app(self) -> web.Application:
            app: web.Application = await super()._make_app()
            app.router.add_get("/favicon.svg", self.handle_favicon)
            app.router.add_get("/favicon.ico", self.handle_favicon)
            app.middlewares.append(self.track_tabs)
            return app

        @web.middleware
        async def track_tabs(
            self,
            request: web.Request,
            handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        ) -> web.StreamResponse:
            """Remember each tab's connection, to end its trainer when the server stops."""
            if request.path != "/ws":
                return await handler(request)
            task = asyncio.current_task()
            assert task is not None
            self.tabs.add(task)
            try:
                return await handler(request)
            finally:
                self.tabs.discard(task)

        async def on_startup(self, app: web.Application) -> None:
            """Nothing: textual-serve's banner is not ours; `announce` speaks once listening."""

        async def on_shutdown(self, app: web.Application) -> None:
            """End each tab: its trainer is told to quit and waited for, then the socket closes."""
            tabs = list(self.tabs)
            for task in tabs:
                task.cancel()
            if tabs:
                await asyncio.wait(tabs, timeout=STOP_GRACE)
                await _reaped(STOP_GRACE)

        def announce(self, *_: object) -> None:
            """Once listening, say where the trainer is (and open it in a browser if asked)."""
            print(f"Muggins is at {url}  (Ctrl+C stops it)", file=out, flush=True)
            if open_browser:
                threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()

        def serve(self, debug: bool = False) -> None:
            """Serve until SIGINT or SIGTERM; raises OSError when the address cannot be bound."""
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, self.request_exit)
            try:
                web.run_app(
                    self._make_app(),
                    host=host,
                    port=port,
                    handle_signals=False,
                    loop=loop,
                    print=self.announce,
                    access_log=None,
                    shutdown_timeout=STOP_GRACE,
                )
            finally:
                asyncio.set_event_loop(None)

    return MugginsServer()
