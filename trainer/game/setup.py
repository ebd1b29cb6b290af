"""How a game is set up: the variant, its seed and table rules, who sits where, who deals first.

A saved game is its setup and its actions: `new_game` from the setup, then the
actions replayed, gives the game again. The setup's stored form
(`setup_to_data`, `setup_from_data`) is read as strictly as the actions are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from trainer.drills.model import seed_problem
from trainer.game.codec import (
    CodecError,
    fields,
    options_from_data,
    options_to_data,
    whole_number,
)
from trainer.game.players.bots import LEVELS, Level
from trainer.game.record import cut_for_deal
from trainer.game.state import GameOptions
from trainer.game.variants import GameVariant, variant

HUMAN_NAME: Final = "you"


class SetupError(ValueError):
    """A game that cannot be set up so: the message says what is wrong."""


@dataclass(frozen=True)
class MatchPlace:
    """A game's place in a match: the match's id and seed (each game's seed and first dealer
    follow from it, `trainer.game.match`), the game points that win it, this game's number
    (1, 2, ...) and the game points each side had before it."""

    uid: str
    seed: int
    points_to_win: int
    number: int
    points: tuple[int, ...]

    @property
    def winner(self) -> int | None:
        """The side that has won the match before this game (None: it goes on)."""
        best = max(range(len(self.points)), key=self.points.__getitem__)
        return best if self.points[best] >= self.points_to_win else None

    def after(self, winner: int, game_points: int) -> MatchPlace:
        """The place of the next game once ``winner`` has scored ``game_points``."""
        points = tuple(p + game_points if s == winner else p for s, p in enumerate(self.points))
        return MatchPlace(self.uid, self.seed, self.points_to_win, self.number + 1, points)


@dataclass(frozen=True)
class GameSetup:
    """A game before its first action: ``levels`` holds each seat's bot level, None for the
    human's seat (at most one), ``names`` what each seat is called."""

    rules: GameVariant
    seed: int
    options: GameOptions
    levels: tuple[Level | None, ...]
    names: tuple[str, ...]
    first_dealer: int
    match: MatchPlace | None = None
    """Where the game stands in a match (None: a game on its own)."""

    def __post_init__(self) -> None:
        players = self.rules.players
        problem = seed_problem(self.seed)
        if problem is not None:
            raise SetupError(f"a game's seed {problem}")
        if len(self.levels) != players or len(self.names) != players:
            raise SetupError(
                f"{self.rules.name} is played by {players}: got {len(self.levels)} seats and "
                f"{len(self.names)} names"
            )
        stray = [level for level in self.levels if level is not None and level not in LEVELS]
        if stray:
            raise SetupError(f"{stray[0]!r} is not a level (known: {', '.join(LEVELS)})")
        if self.levels.count(None) > 1:
            raise SetupError("a game has at most one human seat")
        if not all(isinstance(n, str) and n.strip() for n in self.names):
            raise SetupError(f"every seat needs a name, got {list(self.names)!r}")
        if not 0 <= self.first_dealer < players:
            raise SetupError(f"the first dealer {self.first_dealer} is not a seat of {players}")
        m = self.match
        if m is not None and (
            m.points_to_win < 1 or m.number < 1 or len(m.points) != len(self.rules.sides)
        ):
            raise SetupError(
                f"a match place needs 1 or more points to win, a game number from 1 and game "
                f"points for each of {len(self.rules.sides)} sides, got {m!r}"
            )

    @classmethod
    def make(
        cls,
        rules: GameVariant,
        seed: int,
        levels: Sequence[Level | None],
        *,
        names: Sequence[str] | None = None,
        options: GameOptions | None = None,
        first_dealer: int | None = None,
        match: MatchPlace | None = None,
    ) -> GameSetup:
        """A setup with the defaults filled in: the first dealer cut for from the seed
        (`cut_for_deal`), the human called "you" and each bot by its level."""
        if len(levels) != rules.players:
            raise SetupError(f"{rules.name} is played by {rules.players}, not {len(levels)}")
        dealer = cut_for_deal(seed, rules.players) if first_dealer is None else first_dealer
        named = tuple(names) if names is not None else tuple(lv or HUMAN_NAME for lv in levels)
        return cls(rules, seed, options or GameOptions(), tuple(levels), named, dealer, match)

    @property
    def human(self) -> int | None:
        """The human's seat, if one plays."""
        return self.levels.index(None) if None in self.levels else None

    @property
    def human_side(self) -> int | None:
        human = self.human
        return None if human is None else self.rules.side_of(human)


def setup_to_data(setup: GameSetup) -> dict[str, Any]:
    """The setup as plain data, as saved."""
    return {
        "variant": setup.rules.id,
        "seed": setup.seed,
        "options": options_to_data(setup.options),
        "seats": [
            {"name": n, "level": lv} for n, lv in zip(setup.names, setup.levels, strict=True)
        ],
        "human": setup.human,
        "first_dealer": setup.first_dealer,
        **({} if setup.match is None else {"match": _match_to_data(setup.match)}),
    }


def _match_to_data(m: MatchPlace) -> dict[str, Any]:
    return {
        "uid": m.uid,
        "seed": m.seed,
        "to": m.points_to_win,
        "game": m.number,
        "points": list(m.points),
    }


def _match_from_data(data: object, where: str) -> MatchPlace:
    data = fields(data, where, frozenset({"uid", "seed", "to", "game", "points"}))
    uid, points = data["uid"], data["points"]
    if not isinstance(uid, str) or not uid:
        raise CodecError(f"{where}: uid must be text, got {uid!r}")
    if not isinstance(points, list):
        raise CodecError(f"{where}: points must be a list, got {points!r}")
    return MatchPlace(
        uid,
        whole_number(data["seed"], f"{where}: seed"),
        whole_number(data["to"], f"{where}: to", least=1),
        whole_number(data["game"], f"{where}: game", least=1),
        tuple(whole_number(p, f"{where}: points[{n}]") for n, p in enumerate(points)),
    )


_SETUP_KEYS: Final = frozenset({"variant", "seed", "options", "seats", "human", "first_dealer"})
_MATCH_KEY: Final = "match"
"""Present only in a game of a match (saved games from before matches lack it)."""


def setup_from_data(data: object, where: str = "setup") -> GameSetup:
    """A setup back from its data; `CodecError` naming what is wrong."""
    if isinstance(data, dict) and _MATCH_KEY in data:
        data = dict(data)
        match: MatchPlace | None = _match_from_data(data.pop(_MATCH_KEY), f"{where}: match")
    else:
        match = None
    data = fields(data, where, _SETUP_KEYS)
    name = data["variant"]
    if not isinstance(name, str):
        raise CodecError(f"{where}: variant must be a game's id, got {name!r}")
    try:
        rules = variant(name)
    except ValueError as err:
        raise CodecError(f"{where}: variant: {err}") from None
    seed = whole_number(data["seed"], f"{where}: seed")
    options = options_from_data(data["options"], f"{where}: options")
    seats = data["seats"]
    if not isinstance(seats, list):
        raise CodecError(f"{where}: seats must be a list, got {seats!r}")
    names: list[str] = []
    levels: list[Level | None] = []
    for n, raw in enumerate(seats):
        seat = fields(raw, f"{where}: seats[{n}]", frozenset({"name", "level"}))
        level = seat["level"]
        if level is not None and level not in LEVELS:
            raise CodecError(
                f"{where}: seats[{n}]: level {level!r} is not one of {', '.join(LEVELS)}"
            )
        if not isinstance(seat["name"], str):
            raise CodecError(f"{where}: seats[{n}]: name must be text, got {seat['name']!r}")
        names.append(seat["name"])
        levels.append(_level(level))
    first = whole_number(data["first_dealer"], f"{where}: first_dealer")
    try:
        setup = GameSetup(rules, seed, options, tuple(levels), tuple(names), first, match)
    except SetupError as err:
        raise CodecError(f"{where}: {err}") from None
    human = data["human"]
    if human is not None:
        human = whole_number(human, f"{where}: human")
    if human != setup.human:
        raise CodecError(f"{where}: human is {human!r} but the seats say {setup.human!r}")
    return setup


def _level(value: object) -> Level | None:
    for level in LEVELS:
        if value == level:
            return level
    return None
