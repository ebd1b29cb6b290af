"""Board position near the game's end: what the strong bot plays for in the play.

Far from the end every point counts alike, and the play is worth a side's points
less the other's. Near it the order of the count decides (RULES.md: the pone
shows first, then the dealer's hand and crib), so in a two-player game:

- a card that pegs the bot out now wins the game: it is laid;
- **protect**: the bot is the pone and its hand, already known with the starter,
  counts it out: it wins unless the dealer pegs out first, so it keeps the
  dealer's points down and its own do not matter;
- **race**: the bot is the dealer and the pone needs no more than a middling hand:
  the pone will likely count out first, so the bot plays for its own points alone
  (the pone's matter little now).
"""

from __future__ import annotations

from typing import Final, Literal

from trainer.game.players.search import Position, scored, value_of
from trainer.game.state import GameState
from trainer.rules.totals import show_total

Aim = Literal["difference", "protect", "race"]

RACE_REACH: Final = 8
"""The most points the pone may need for the dealer to race: about its median hand."""
PEG_REACH: Final = 24
"""The most points a side may need for its pegging to matter to the other's protection."""


def aim(state: GameState, seat: int) -> Aim:
    """What ``seat`` plays for in this play."""
    rules = state.rules
    if rules.players != 2:
        return "difference"
    mine = rules.side_of(seat)
    need_me = rules.target - state.scores[mine]
    need_them = rules.target - state.scores[1 - mine]
    hand = state.hand
    if seat != hand.dealer:
        kept = hand.kept[seat]
        assert kept is not None
        if show_total(kept, hand.dealt.starter) >= need_me and need_them <= PEG_REACH:
            return "protect"
        return "difference"
    if need_them <= RACE_REACH:
        return "race"
    return "difference"


def weights(state: GameState, seat: int, chosen: Aim) -> tuple[list[int], list[bool]]:
    """The solver's signs (whose points count, and which way) and maximising seats."""
    rules = state.rules
    mine = rules.side_of(seat)
    ours = [rules.side_of(s) == mine for s in range(rules.players)]
    if chosen == "protect":
        return [0 if o else -1 for o in ours], ours
    if chosen == "race":
        return [1 if o else 0 for o in ours], ours
    return [1 if o else -1 for o in ours], ours


def winning_rank(pos: Position, ranks: set[int], need: int) -> int | None:
    """A rank among ``ranks`` that pegs at least ``need`` points at once, whatever the
    other hands hold (its pairs, runs, 15 or 31, and the last card when it is the last
    card of the play), or None."""
    hands, seat, count, tail, _, _ = pos
    alone = not any(h for s, h in enumerate(hands) if s != seat) and len(hands[seat]) == 1
    for rank in sorted(ranks):
        points = scored(tail, rank)[0]
        total = count + value_of(rank)
        if total in (15, 31):
            points += 2
        if alone and total != 31:
            points += 1
        if points >= need:
            return rank
    return None
