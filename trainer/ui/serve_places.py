"""The ``--max-tabs`` places of ``muggins serve``: a tab holds one from before its trainer
starts until that process has ended, so trainers never outnumber the limit; and a reloaded
tab gets its own place back.

A reload closes the tab's socket and opens another at once, while the old trainer takes a
second or more to quit (it saves as it does); at the limit the new page was refused meanwhile.
So each page names itself with a token of its own (random, kept by the browser for that
tab alone) and names the page it replaces. A page arriving at the limit that names the
holder of a place waits for that place and is given it, before any other page, once the
old trainer has ended (or any place that frees first). It never runs beside the old one
beyond the limit: places are never more than the limit, whatever the tokens say. A token
only ever lets a page wait, one page a place (a later claim replaces an earlier one), so a
client that guesses or replays one gains nothing a tab of its own would not.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

TOKEN: Final = re.compile(r"[0-9a-f]{32}")
"""A page's token: 128 random bits in hexadecimal, as the page makes it."""


def token(text: str | None) -> str | None:
    """``text`` as a page's token; None if it is not one."""
    return text if text is not None and TOKEN.fullmatch(text) else None


@dataclass(eq=False)
class Place:
    """One of the limit's places, held by a tab (named by its page's token, if any)."""

    token: str | None
    heir: Heir | None = None
    """The page that reloaded this tab, waiting for its place."""


@dataclass(eq=False)
class Heir:
    """A page waiting for the place of the tab it reloaded."""

    token: str | None
    claims: Place
    given: asyncio.Future[Place]


class Places:
    """The places held, by whom, and the pages waiting for one."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: set[Place] = set()
        self._named: dict[str, Place | Heir] = {}
        self._waiting: list[Heir] = []

    @property
    def held(self) -> int:
        """How many places are held (trainers starting, running or ending)."""
        return len(self._held)

    @property
    def waiting(self) -> int:
        """How many reloaded pages wait for a place."""
        return len(self._waiting)

    def take(self, name: str | None) -> Place | None:
        """A free place for the page named ``name``; None at the limit."""
        if len(self._held) >= self.limit:
            return None
        return self._hold(name)

    async def inherit(
        self, was: str, name: str | None, give_up: Iterable[asyncio.Future[Any]], wait: float
    ) -> Place | None:
        """For the page ``name`` that replaces the page ``was``: that page's place once its
        trainer has ended (or the first place freed); None if ``was`` holds or awaits none,
        once any of ``give_up`` is done, or after ``wait`` seconds."""
        claimed = self._named.get(was)
        if claimed is None:
            return None
        place = claimed.claims if isinstance(claimed, Heir) else claimed
        if place.heir is not None:  # reloaded again while it waited: that page is gone
            self._unclaim(place.heir)
        given: asyncio.Future[Place] = asyncio.get_running_loop().create_future()
        heir = Heir(name if name not in self._named else None, place, given)
        place.heir = heir
        self._waiting.append(heir)
        if heir.token is not None:
            self._named[heir.token] = heir
        try:
            await asyncio.wait(
                {heir.given, *give_up}, timeout=wait, return_when=asyncio.FIRST_COMPLETED
            )
        except BaseException:
            self._unclaim(heir)
            if heir.given.done() and not heir.given.cancelled():
                self.release(heir.given.result())
            raise
        self._unclaim(heir)
        return None if heir.given.cancelled() else heir.given.result()

    def release(self, place: Place) -> None:
        """The tab's trainer has ended: its place goes to the page that reloaded it if one
        waits, else to the first page waiting for another, else it is free."""
        if place not in self._held:
            return
        self._held.discard(place)
        if place.token is not None and self._named.get(place.token) is place:
            del self._named[place.token]
        heir = place.heir or (self._waiting[0] if self._waiting else None)
        if heir is None:
            return
        self._waiting.remove(heir)
        heir.claims.heir = None
        if heir.token is not None:
            del self._named[heir.token]
        heir.given.set_result(self._hold(heir.token))

    def _hold(self, name: str | None) -> Place:
        place = Place(name if name is not None and name not in self._named else None)
        self._held.add(place)
        if place.token is not None:
            self._named[place.token] = place
        return place

    def _unclaim(self, heir: Heir) -> None:
        """``heir`` waits no more (a place given stays given)."""
        if not heir.given.done():
            heir.given.cancel()
        if heir in self._waiting:
            self._waiting.remove(heir)
        if heir.claims.heir is heir:
            heir.claims.heir = None
        if heir.token is not None and self._named.get(heir.token) is heir:
            del self._named[heir.token]
