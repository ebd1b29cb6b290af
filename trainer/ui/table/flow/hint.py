"""The coach's hint at the table, as plain Python: in the discard, your three best throws by
net and what the best keeps and gives the crib; in the play, every card you may lay with its
value and what it pegs now. Never while you count: that is the
test. `hint_ask` reads what the hint needs from the game now (quick, on the UI's thread);
`HintAsk.lines` values it (slow: in a worker)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from trainer.game.coach.decisions import spot_now
from trainer.game.coach.discard import discard_advice
from trainer.game.coach.play import PlayAdvice, Spot, play_advice
from trainer.game.coach.reasons import lay_reason, throw_reason
from trainer.rules.cards import Card
from trainer.ui.flow.coach_text import cards_text, figure

if TYPE_CHECKING:
    from trainer.game.variants import GameVariant
    from trainer.ui.table.flow.runner import TableRunner

HINT_KEY: Final = "h"
THROWS_SHOWN: Final = 3
NO_HINT: Final = "A hint is for your throw and your play, never for a count: that is the test."


@dataclass(frozen=True)
class HintAsk:
    """A hint asked for at step ``steps``: a throw from ``dealt`` (``own_crib``), or a card
    to lay from ``spot``."""

    steps: int
    rules: GameVariant
    dealt: tuple[Card, ...] = ()
    own_crib: bool = False
    spot: Spot | None = None
    plain: bool = False

    def lines(self) -> list[str]:
        """The hint as the table's log says it."""
        if self.spot is not None:
            advice = play_advice(self.spot)
            pile = self.spot.pile
            out = [play_heading(advice)]
            return out + [
                f"  {cards_text([v.card], plain=self.plain)}  {figure(v.value, 1, signed=True)}"
                f" · {lay_reason(pile, v.card)}"
                for v in advice.cards
            ]
        throws = discard_advice(self.dealt, self.rules, own_crib=self.own_crib)[:THROWS_SHOWN]
        best = throws[0]
        out = ["Hint: best throws, net"]
        return [
            *out,
            *(f"  {cards_text(t.throw, plain=self.plain)}  net {figure(t.net, 1)}" for t in throws),
            f"  The best {throw_reason(best.keep, best.throw, own_crib=self.own_crib)}",
        ]


def play_heading(advice: PlayAdvice) -> str:
    """The play hint's first line, saying how its values were found (the log is narrow at
    80x24: 23 columns at most): exactly, over samples of the unseen cards (each solved to the
    end), or estimated (the search stopped short of the play's end; docs/game.md)."""
    if advice.ahead is not None:
        return "Hint: values, estimated"
    return "Hint: each card's value" if advice.exact else "Hint: values, sampled"


def hint_ask(runner: TableRunner) -> HintAsk | None:
    """What a hint needs now, or None when no hint may be given: not your turn, not a throw or
    a card to lay, a computer's move on its way (or your last one waiting to be saved), a
    count or an answer asked."""
    asked, state, human = runner.asked, runner.state, runner.human
    if runner.busy or runner.bot is not None or asked is None or asked.seat != human:
        return None
    if runner.saving is not None:
        return None
    if runner.laying is not None or runner.draft is not None or runner.entry is not None:
        return None
    rules, plain = state.rules, runner.plain
    if asked.kind == "discard":
        dealt = state.hand.dealt.hands[human]
        own = rules.side_of(state.hand.dealer) == rules.side_of(human)
        return HintAsk(state.steps, rules, tuple(dealt), own, plain=plain)
    table = state.hand.table
    if asked.kind != "play" or table is None or not table.playable(human):
        return None
    hand = runner.session.hands[-1].to_dict()
    spot = spot_now(rules, hand, human, table.passed)
    return HintAsk(state.steps, rules, spot=spot, plain=plain)
