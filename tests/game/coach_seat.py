"""A game played with one seat following the coach's advice: its throw the best by net, each card
it lays the best by value, the position read from the hand's record so far as a hint would."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.game.coach.decisions import spot_now
from trainer.game.coach.discard import discard_advice
from trainer.game.coach.play import play_advice
from trainer.game.engine import new_game, prompt, step
from trainer.game.players.bots import Bot
from trainer.game.record import GameRecord, HandRecord, Seat, cut_for_deal, hands_after
from trainer.game.state import Action, Discard, GameOptions, GameState, Lay, Prompt, SayGo
from trainer.game.variants import GameVariant


def coach_action(state: GameState, asked: Prompt, hand: HandRecord) -> Action:
    """What the advice says: the best throw, or the best card (a go when none fits)."""
    rules, seat = state.rules, asked.seat
    if asked.kind == "discard":
        dealt = state.hand.dealt.hands[seat]
        own = rules.side_of(state.hand.dealer) == rules.side_of(seat)
        return Discard(seat, discard_advice(dealt, rules, own_crib=own)[0].throw)
    table = state.hand.table
    assert table is not None
    if not table.playable(seat):
        return SayGo(seat)
    advice = play_advice(spot_now(rules, hand.to_dict(), seat, table.passed))
    return Lay(seat, advice.best.card)


def play_with_coach(
    rules: GameVariant,
    seed: int,
    coached: int,
    others: Sequence[Seat],
    options: GameOptions | None = None,
) -> GameRecord:
    """A whole game in which seat ``coached`` throws and lays by the advice (and counts and
    answers as the strong bot does); ``others`` answer for every seat, ``coached`` included
    (its entry is not asked in the discard or the play)."""
    dealer = cut_for_deal(seed, rules.players)
    state, events = new_game(rules, seed, dealer, options)
    hands = [HandRecord.of(state.hand)]
    hands[-1].events += events
    counter = Bot("strong", coached, seed)
    while (asked := prompt(state)) is not None:
        if asked.seat == coached and asked.kind in ("discard", "play"):
            action = coach_action(state, asked, hands[-1])
        elif asked.seat == coached:
            action = counter.decide(state, asked)
        else:
            action = others[asked.seat].decide(state, asked)
        after, events = step(state, action)
        hands = hands_after(hands, state, after, events)
        state = after
    assert state.winner is not None
    names = tuple("coach" if s == coached else "other" for s in range(rules.players))
    return GameRecord(rules, seed, names, dealer, hands, state.scores, state.winner)
