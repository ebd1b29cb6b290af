"""A reloaded tab at ``--max-tabs`` gets its own place back (issue 32): it waits for its old
trainer to end instead of being refused, and trainers never outnumber the limit, whatever
the pages' tokens say.

`Places` is checked on its own (no process, no socket), then on a server in the test's
event loop: a reload at the limit is served once its old trainer has ended, while a tab
naming no such page is refused as before, and a foreign page naming it gets nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
from pathlib import Path

import aiohttp
import pytest

from tests.ui.serve_support import (
    KILLED,
    PATIENCE,
    first_screen,
    served_here,
    trainers_using,
    until,
)
from trainer.ui.serve_places import Place, Places, token
from trainer.ui.serve_tabs import TABS_FULL

A, B, C, D = (secrets.token_hex(16) for _ in range(4))


def test_a_token_is_what_a_page_makes_and_nothing_else() -> None:
    assert token(A) == A
    assert [token(t) for t in (None, "", A.upper(), A[:-1], A + "0", f"{A[:-1]}g")] == [None] * 6


async def test_places_are_never_more_than_the_limit() -> None:
    places = Places(2)
    held = [places.take(A), places.take(B), places.take(C), places.take(None)]
    assert [place is not None for place in held] == [True, True, False, False]
    assert places.held == 2


async def test_a_reload_waits_for_its_own_place_and_has_it_before_any_other_tab() -> None:
    places = Places(1)
    old = _taken(places, A)
    reload = asyncio.ensure_future(places.inherit(A, B, (), PATIENCE))
    await asyncio.sleep(0)  # it waits
    assert not reload.done()
    assert places.take(C) is None  # a new tab meanwhile: still full
    places.release(old)  # the old trainer has ended
    new = await reload
    assert (_named(new), places.held) == (B, 1)
    assert places.take(C) is None  # the place went to the reload, not to the newcomer


async def test_a_page_naming_no_tab_gets_no_place() -> None:
    places = Places(1)
    _taken(places, A)
    assert await places.inherit(C, B, (), PATIENCE) is None


async def test_reloaded_again_while_it_waited_the_latest_page_waits_in_its_stead() -> None:
    places = Places(1)
    old = _taken(places, A)
    first = asyncio.ensure_future(places.inherit(A, B, (), PATIENCE))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(places.inherit(B, C, (), PATIENCE))  # names the first
    assert await first is None  # that page is gone
    places.release(old)
    new = await second
    assert (_named(new), places.held) == (C, 1)


async def test_two_claims_on_one_place_the_later_waits_in_the_earliers_stead() -> None:
    places = Places(1)
    old = _taken(places, A)
    first = asyncio.ensure_future(places.inherit(A, B, (), PATIENCE))
    await asyncio.sleep(0)
    second = asyncio.ensure_future(places.inherit(A, C, (), PATIENCE))
    assert await first is None
    places.release(old)
    assert _named(await second) == C
    assert places.held == 1


async def test_a_place_freed_elsewhere_goes_to_a_waiting_reload_first() -> None:
    places = Places(2)
    reloaded, other = _taken(places, A), _taken(places, B)
    reload = asyncio.ensure_future(places.inherit(A, C, (), PATIENCE))
    await asyncio.sleep(0)
    places.release(other)  # another tab closed before the reloaded one's trainer ended
    new = await reload
    assert (_named(new), places.held) == (C, 2)
    places.release(reloaded)  # its old trainer ends later: that place is free
    assert places.held == 1
    assert places.take(D) is not None


async def test_a_reload_waits_no_longer_than_told_or_than_the_server_runs() -> None:
    places = Places(1)
    old = _taken(places, A)
    assert await places.inherit(A, B, (), 0.01) is None
    stopping = asyncio.Event()
    stopped = asyncio.ensure_future(stopping.wait())
    waiting = asyncio.ensure_future(places.inherit(A, C, (stopped,), PATIENCE))
    await asyncio.sleep(0)
    stopping.set()
    assert await waiting is None
    places.release(old)
    assert places.held == 0  # nobody waited on: the place is free


async def test_a_reload_cancelled_as_it_was_given_the_place_gives_it_back() -> None:
    places = Places(1)
    old = _taken(places, A)
    waiting = asyncio.ensure_future(places.inherit(A, B, (), PATIENCE))
    await asyncio.sleep(0)
    places.release(old)  # given ...
    waiting.cancel()  # ... and the waiting page's task cancelled before it resumed
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert places.held == 0


async def test_a_token_in_use_names_only_its_first_holder() -> None:
    places = Places(2)
    first, copy = _taken(places, A), _taken(places, A)  # a duplicated page, or a forgery
    assert (first.token, copy.token) == (A, None)
    reload = asyncio.ensure_future(places.inherit(A, B, (), PATIENCE))
    await asyncio.sleep(0)
    places.release(copy)  # frees a place for the waiting reload (places first to waiters)
    assert _named(await reload) == B


async def test_a_reload_at_the_limit_is_served_once_its_old_trainer_has_ended(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # The old trainer is paused as its tab closes, so that it is still ending (as it would
    # be for a second or more) while the others arrive; let go once the reload waits.
    home = tmp_path / "home"
    caplog.set_level(logging.WARNING, "muggins.serve")
    async with served_here(home, max_tabs=1) as here, aiohttp.ClientSession() as session:
        counting = _Most(home)
        async with session.ws_connect(f"{here.socket_url}?width=80&height=24&tab={A}") as old:
            await first_screen(old)
            (trainer,) = trainers_using(home)
            os.kill(trainer, signal.SIGSTOP)
        try:
            async with session.ws_connect(f"{here.socket_url}?tab={C}") as stranger:
                refused = await stranger.receive(timeout=PATIENCE)
            with pytest.raises(aiohttp.WSServerHandshakeError) as foreign:
                await session.ws_connect(
                    f"{here.socket_url}?tab={D}&was={A}",
                    headers={"Origin": "http://evil.example"},
                )
            async with session.ws_connect(f"{here.socket_url}?tab={B}&was={A}") as reload:
                await until(lambda: here.tabs.places.waiting == 1, "the reload to wait")
                os.kill(trainer, signal.SIGCONT)
                await first_screen(reload)
                running = trainers_using(home)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(trainer, signal.SIGCONT)  # never left paused, even by a failure
        most = await counting.stop()
    assert (refused.type, stranger.close_code) == (aiohttp.WSMsgType.CLOSE, TABS_FULL)
    assert foreign.value.status == 403
    assert len(running) == 1
    assert trainer not in running
    assert most == 1, f"{most} trainers ran at once"
    assert KILLED not in caplog.text  # the old trainer quit when told


class _Most:
    """The most trainers of ``home`` seen running at once, counted every 20 ms meanwhile."""

    def __init__(self, home: Path) -> None:
        self.home, self.most, self.done = home, 0, asyncio.Event()
        self.counting = asyncio.create_task(self._count())

    async def _count(self) -> None:
        while not self.done.is_set():
            self.most = max(self.most, len(trainers_using(self.home)))
            await asyncio.sleep(0.02)

    async def stop(self) -> int:
        self.done.set()
        await self.counting
        return self.most


def _named(place: Place | None) -> str | None:
    """The token of a place given (a place, not None)."""
    assert place is not None
    return place.token


def _taken(places: Places, name: str) -> Place:
    place = places.take(name)
    assert place is not None
    return place
