"""A game played through the table's runner without Textual, as the table screen plays it:
every effect applied as the screen applies it (the computer's move taken as its worker
takes it, your move saved in a worker of its own when the store was busy as you made it,
every reveal and hand summary closed), your moves chosen from the table as
`tests.ui.game_support` chooses them (the lowest cards thrown, the first card that can go,
the true count, the computer's counts accepted).

Run as a script (``python -m tests.hostile.table_player STORE SEED STEPS``) it deals a game
of ``short`` against an easy computer into that store and prints ``dealt UID``; once a line
comes on its standard input it plays until STEPS actions are saved or the game is over,
then prints one line of JSON: the game's uid, its steps, the errors it was told of, whether
it was sent home, and how often a move waited for the busy store.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tests.ui.flow.game_plans import lowest_keys
from trainer.game.session import GameSession
from trainer.game.variants import variant
from trainer.history import StatsStore, StoreBusy
from trainer.rules.show import score_show
from trainer.ui.flow.game_start import seat_names
from trainer.ui.table.flow.effects import (
    BotTurn,
    Effect,
    Home,
    Notice,
    OpenGameOver,
    OpenHandSummary,
    OpenReveal,
    SaveYours,
    ShowAt,
)
from trainer.ui.table.flow.runner import TableRunner


@dataclass
class Played:
    """What a game at the runner went through."""

    uid: str
    steps: int = 0
    over: bool = False
    home: bool = False
    errors: list[str] = field(default_factory=list)
    yours_waited: int = 0
    """Your moves the store was busy for as you made them (saved in the worker)."""
    bots_waited: int = 0
    """The computer's moves that found the store busy past its wait (tried again)."""


def your_keys(runner: TableRunner) -> list[Effect]:
    """Your move, by keys and typing, as the table would be given it."""
    asked = runner.asked
    assert asked is not None
    assert asked.seat == runner.human
    state = runner.state
    if asked.kind == "discard":
        for key in lowest_keys(runner.held(), state.rules.thrown):
            assert runner.key(key) == []
        done = runner.key("enter")
    elif asked.kind == "play":
        table = state.hand.table
        assert table is not None
        done = runner.key(str(runner.held().index(table.playable(runner.human)[0]) + 1))
    elif asked.kind == "count":
        seat, box = state.hand.to_show[0]
        cards = state.cards_of(seat, box)
        truth = score_show(cards, state.hand.dealt.starter, crib=box == "crib").total
        done = runner.typed(str(truth))
    else:
        done = runner.typed("a")
    assert done is not None
    return done


def play(runner: TableRunner, steps: int) -> Played:
    """Play at ``runner`` until ``steps`` actions are saved or the game is over (or the table
    would leave: sent home)."""
    played = Played(runner.session.uid)

    def bot_waits(busy: StoreBusy) -> None:
        played.bots_waited += 1

    queue = list(runner.opening())
    while True:
        while queue:
            effect = queue.pop(0)
            if isinstance(effect, Notice) and effect.severity == "error":
                played.errors.append(effect.text)
            elif isinstance(effect, Home):
                played.home = True
            elif isinstance(effect, OpenGameOver):
                played.over = True
            elif isinstance(effect, BotTurn):
                move = runner.bot_move(waiting=bot_waits)  # the screen's worker
                queue += [] if move is None else runner.bot_moved(move)
            elif isinstance(effect, ShowAt):
                queue += runner.show_bot_move()
            elif isinstance(effect, SaveYours):
                played.yours_waited += 1
                runner.save_yours()  # the screen's worker
                queue += runner.yours_saved()
            elif isinstance(effect, OpenReveal | OpenHandSummary):
                queue += runner.closed()
        played.steps = runner.session.state.steps
        if played.home or played.over or played.steps >= steps:
            return played
        queue += your_keys(runner)


def main(argv: list[str]) -> int:
    path, seed, steps = Path(argv[0]), int(argv[1]), int(argv[2])
    rules = variant("short")
    with StatsStore(path) as store:
        session = GameSession.start(
            store, rules, seed, [None, "easy"], names=seat_names(rules.players, False)
        )
        print("dealt", session.uid, flush=True)
        sys.stdin.readline()  # the others are at work now
        runner = TableRunner(session, pause=0.0)
        played = play(runner, steps)
    print(json.dumps(asdict(played)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
