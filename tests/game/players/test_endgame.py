"""The strong bot near the game's end: what it plays for, and a card that wins at once."""

from __future__ import annotations

import random

from trainer.game.engine import new_game, prompt, step
from trainer.game.players.bots import Bot
from trainer.game.players.endgame import aim, weights, winning_rank
from trainer.game.players.search import position
from trainer.game.state import GameState
from trainer.game.variants import variant
from trainer.rules.cards import parse_cards
from trainer.rules.frozen import evolve
from trainer.rules.play import Play
from trainer.rules.totals import show_total


def in_play(seed: int) -> GameState:
    """A standard game's first hand, thrown by standard bots, at its first card."""
    state, _ = new_game(variant("standard"), seed, 0)
    bots = [Bot("standard", s, seed) for s in range(2)]
    while state.phase == "discard":
        asked = prompt(state)
        assert asked is not None
        state, _ = step(state, bots[asked.seat].decide(state, asked))
    assert state.phase == "play"
    return state


def test_far_from_the_end_every_point_counts_alike() -> None:
    state = in_play(3)
    assert aim(state, 0) == "difference"
    assert aim(state, 1) == "difference"
    assert weights(state, 0, "difference") == ([1, -1], [True, False])


def test_the_pone_whose_hand_counts_it_out_protects() -> None:
    state = in_play(3)
    pone = (state.hand.dealer + 1) % 2
    kept = state.hand.kept[pone]
    assert kept is not None
    shows = show_total(kept, state.hand.dealt.starter)
    scores = [0, 0]
    scores[pone] = 121 - shows  # its hand is just enough
    scores[1 - pone] = 110
    near = evolve(state, scores=tuple(scores))
    assert aim(near, pone) == "protect"
    assert weights(near, pone, "protect") == (
        [0 if s == pone else -1 for s in range(2)],
        [s == pone for s in range(2)],
    )
    scores[pone] -= 1  # one short: the pone's own points count again
    assert aim(evolve(state, scores=tuple(scores)), pone) == "difference"


def test_the_dealer_races_a_pone_about_to_count_out() -> None:
    state = in_play(4)
    dealer = state.hand.dealer
    scores = [0, 0]
    scores[1 - dealer] = 113  # the pone needs 8
    scores[dealer] = 100
    assert aim(evolve(state, scores=tuple(scores)), dealer) == "race"
    scores[1 - dealer] = 112
    assert aim(evolve(state, scores=tuple(scores)), dealer) == "difference"


def test_a_card_that_pegs_out_now_is_found() -> None:
    table = Play.start([parse_cards("5H KD"), parse_cards("10C 5S")], 1)
    table = table.lay(parse_cards("10C")[0])[0]  # 10: a five makes 15
    pos = position(table)
    assert winning_rank(pos, {5, 13}, 2) == 5
    assert winning_rank(pos, {5, 13}, 3) is None
    last = Play.start([parse_cards("5H"), parse_cards("10C")], 1).lay(parse_cards("10C")[0])[0]
    assert winning_rank(position(last), {5}, 3) == 5  # 15 for 2 and the last card


def test_strong_lays_the_winning_card_near_the_end() -> None:
    met = 0
    for seed in range(60):
        state = in_play(seed)
        asked = prompt(state)
        assert asked is not None
        state, _ = step(state, Bot("standard", asked.seat, seed).decide(state, asked))
        asked = prompt(state)
        assert asked is not None
        table = state.hand.table
        assert table is not None
        if len({c.rank for c in table.playable(asked.seat)}) < 2:
            continue
        side = state.rules.side_of(asked.seat)
        scores = [100, 100]
        scores[side] = 120
        near = evolve(state, scores=tuple(scores))
        bot = Bot("strong", asked.seat, seed)
        bot.rng = random.Random(seed)
        # Any card that scores wins; if one does, strong lays one that does.
        card = bot.decide(near, asked).card  # type: ignore[union-attr]
        scoring = [
            c for c in table.playable(asked.seat) if winning_rank(position(table), {c.rank}, 1)
        ]
        if scoring:
            met += 1
            assert card.rank in {c.rank for c in scoring}
    assert met >= 3
