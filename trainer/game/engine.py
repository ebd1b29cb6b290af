"""The game as a pure state machine: ``step(state, action) -> (state, events)``.

A `GameState` is frozen; `step` returns the next one and the events of the step.
A hand runs: deal (and the five-card game's three for last), every seat throws
to the crib, the cut (his heels), the play, the show in counting order (from
the seat left of the dealer round to the dealer, then the crib), and the next
hand with the next dealer. The game ends the instant a side reaches the target:
points past it are not pegged and nothing after it happens. `prompt` says who
must act next and how.

In the show the owner announces a count (`Count`), judged with
`judge.verdict.judge` under the game's muggins policy, and pegs at once what the
policy lets them keep. Unless muggins is off, the opponents then answer in
counting order (`Respond`: accept, "too many", "muggins for X") until one
challenges or all accept; `calls.settle` says what the answer moves. A seat
that pegs its own play (`GameOptions.peg_own`) says what each card pegs, and
the same answers follow. The states and actions are in `state`.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.game.calls import settle
from trainer.game.deal import deal_hand
from trainer.game.events import Answered, Bonus, Box, Event, GameOver, Go, Heels, Played, Shown
from trainer.game.state import (
    Action,
    Count,
    Discard,
    GameError,
    GameOptions,
    GameState,
    HandState,
    Lay,
    Pending,
    Prompt,
    Respond,
    SayGo,
)
from trainer.game.variants import GameVariant
from trainer.judge.claims import CatchAnswer
from trainer.judge.policy import policy_points
from trainer.judge.verdict import Verdict, judge
from trainer.rules.cards import JACK
from trainer.rules.frozen import evolve
from trainer.rules.play import Play, PlayError
from trainer.rules.show import score_show

__all__ = ["count_verdict", "first_opponent", "new_game", "opponents", "prompt", "step"]


def new_game(
    rules: GameVariant, seed: int, first_dealer: int, options: GameOptions | None = None
) -> tuple[GameState, list[Event]]:
    """A game's first hand dealt (``first_dealer`` won the cut for deal)."""
    hand = _deal(rules, seed, 1, first_dealer)
    state = GameState(
        rules, seed, options or GameOptions(), (0,) * len(rules.sides), hand, "discard"
    )
    return _begin_hand(state)


def _deal(rules: GameVariant, seed: int, number: int, dealer: int) -> HandState:
    dealt = deal_hand(rules, seed, number, dealer)
    return HandState(number, dealer, dealt, (None,) * rules.players, ((),) * rules.players)


def _begin_hand(state: GameState) -> tuple[GameState, list[Event]]:
    bonus = state.rules.start_bonus
    if not bonus:
        return state, []
    seat = (state.hand.dealer + 1) % state.rules.players
    state, pegged = _add(state, seat, bonus)
    return state, _ended(state, [Bonus(seat, pegged)])


def prompt(state: GameState) -> Prompt | None:
    """Who must act next, and how; None when the game is over."""
    if state.phase == "over":
        return None
    hand = state.hand
    if state.phase == "discard":
        seat = next(s for s, k in enumerate(hand.kept) if k is None)
        return Prompt(seat, "discard")
    if hand.pending is not None:
        return Prompt(hand.pending.responders[0], "respond", hand.pending.box)
    if state.phase == "play":
        assert hand.table is not None
        return Prompt(hand.table.turn, "play")
    seat, box = hand.to_show[0]
    return Prompt(seat, "count", box)


def step(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Take one action; `GameError` if it is not the one the game waits for."""
    asked = prompt(state)
    if asked is None:
        raise GameError("the game is over")
    if action.seat != asked.seat:
        raise GameError(f"it is seat {asked.seat}'s turn to {asked.kind}, not seat {action.seat}'s")
    state = evolve(state, steps=state.steps + 1)
    if isinstance(action, Discard) and asked.kind == "discard":
        return _discard(state, action)
    if isinstance(action, Lay | SayGo) and asked.kind == "play":
        return _play(state, action)
    if isinstance(action, Count) and asked.kind == "count":
        return _count(state, action)
    if isinstance(action, Respond) and asked.kind == "respond":
        return _respond(state, action)
    raise GameError(f"seat {asked.seat} must {asked.kind} now")


def _discard(state: GameState, action: Discard) -> tuple[GameState, list[Event]]:
    rules, hand, seat = state.rules, state.hand, action.seat
    dealt = hand.dealt.hands[seat]
    thrown = tuple(action.cards)
    if len(thrown) != rules.thrown or len(set(thrown)) != len(thrown):
        raise GameError(f"throw {rules.thrown} different card(s) to the crib, not {len(thrown)}")
    if any(c not in dealt for c in thrown):
        stray = " ".join(str(c) for c in thrown if c not in dealt)
        raise GameError(f"seat {seat} was not dealt {stray}")
    kept = tuple(c for c in dealt if c not in thrown)
    hand = evolve(
        hand,
        kept=tuple(kept if s == seat else k for s, k in enumerate(hand.kept)),
        thrown=tuple(thrown if s == seat else t for s, t in enumerate(hand.thrown)),
    )
    state = evolve(state, hand=hand)
    if any(k is None for k in hand.kept):
        return state, []
    return _cut(state)


def _cut(state: GameState) -> tuple[GameState, list[Event]]:
    """Every seat has thrown: turn the starter (his heels), then the play begins."""
    hand, rules = state.hand, state.rules
    leader = (hand.dealer + 1) % rules.players
    kept = tuple(k or () for k in hand.kept)
    state = evolve(state, phase="play", hand=evolve(hand, table=Play.start(kept, leader)))
    if hand.dealt.starter.rank != JACK:
        return state, []
    cutter = (hand.dealer - 1) % rules.players
    seat = hand.dealer if state.options.heels_to == "dealer" else cutter
    state, pegged = _add(state, seat, 2)
    return state, _ended(state, [Heels(seat, pegged)])


def _play(state: GameState, action: Lay | SayGo) -> tuple[GameState, list[Event]]:
    table = state.hand.table
    assert table is not None
    try:
        after, items = table.lay(action.card) if isinstance(action, Lay) else table.go()
    except PlayError as err:
        raise GameError(str(err)) from None
    state = evolve(state, hand=evolve(state.hand, table=after))
    one = sum(i.points for i in items if i.kind in ("go", "last"))
    go = None
    if one:
        assert after.last_player is not None
        go = (after.last_player, one)
    if not isinstance(action, Lay):
        return _after_card(state, [], go)
    seat, card = action.seat, action.card
    scored = tuple(i for i in items if i.kind not in ("go", "last"))
    points = sum(i.points for i in scored)
    count = table.count + card.value
    policy = state.options.muggins
    if seat not in state.options.peg_own:
        state, pegged = _add(state, seat, points)
        played = Played(seat, card, count, pegged, items=scored, passed=table.passed)
        return _after_card(state, [played], go)
    claimed = action.claim or 0
    missed, excess = max(0, points - claimed), max(0, claimed - points)
    state, pegged = _add(state, seat, policy_points(policy, points, missed, excess)[0])
    pending = Pending(
        seat, None, claimed, points, missed, excess, pegged, opponents(state.rules, seat)
    )
    pending = evolve(pending, card=card, play_count=count, go=go, items=scored, passed=table.passed)
    if state.phase == "over" or policy == "off":
        return _settled(state, pending)
    return evolve(state, hand=evolve(state.hand, pending=pending)), []


def _after_card(
    state: GameState, events: list[Event], go: tuple[int, int] | None
) -> tuple[GameState, list[Event]]:
    """A card laid or a go said and settled: the go's point, then the show once every card
    is laid."""
    if go is not None and state.phase != "over":
        state, pegged = _add(state, go[0], go[1])
        events.append(Go(go[0], pegged))
    table = state.hand.table
    assert table is not None
    if state.phase == "play" and table.done:
        state = _start_show(state)
    return state, _ended(state, events)


def _start_show(state: GameState) -> GameState:
    players, dealer = state.rules.players, state.hand.dealer
    order: list[tuple[int, Box]] = [((dealer + 1 + n) % players, "hand") for n in range(players)]
    order.append((dealer, "crib"))
    return evolve(state, phase="show", hand=evolve(state.hand, to_show=tuple(order)))


def opponents(rules: GameVariant, seat: int) -> tuple[int, ...]:
    """The seats after ``seat`` in counting order that play for another side."""
    side = rules.side_of(seat)
    later = ((seat + n) % rules.players for n in range(1, rules.players))
    return tuple(s for s in later if rules.side_of(s) != side)


def first_opponent(rules: GameVariant, seat: int) -> int:
    """The first seat after ``seat`` in counting order that plays for another side."""
    found = opponents(rules, seat)
    if not found:
        raise GameError("a game needs an opponent")
    return found[0]


def _count(state: GameState, action: Count) -> tuple[GameState, list[Event]]:
    seat, box = state.hand.to_show[0]
    cards = state.cards_of(seat, box)
    breakdown = score_show(cards, state.hand.dealt.starter, crib=box == "crib")
    verdict = judge(action.claim, breakdown, state.options.muggins, nineteen=state.options.nineteen)
    state, pegged = _add(state, seat, verdict.kept)
    missed, excess = verdict.missed_points, verdict.excess_points
    rivals = opponents(state.rules, seat)
    pending = Pending(seat, box, verdict.claimed, verdict.actual, missed, excess, pegged, rivals)
    pending = evolve(pending, verdict=verdict, count=action)
    if state.phase == "over" or state.options.muggins == "off":
        return _settled(state, pending)
    return evolve(state, hand=evolve(state.hand, pending=pending)), []


def count_verdict(after: GameState, events: Sequence[Event]) -> Verdict:
    """The engine's verdict of the count a step just made: in its `Shown` when the count was
    settled at once (muggins off, or the count won the game), else in the claim waiting for
    the opponents' answers."""
    for event in events:
        if isinstance(event, Shown):
            return event.verdict
    pending = after.hand.pending
    if pending is None or pending.verdict is None:
        raise GameError("no count was made in this step")
    return pending.verdict


def _respond(state: GameState, action: Respond) -> tuple[GameState, list[Event]]:
    pending = state.hand.pending
    assert pending is not None
    answer = action.answer
    if answer == CatchAnswer() and len(pending.responders) > 1:
        rest = evolve(
            pending,
            responders=pending.responders[1:],
            answers=(*pending.answers, Answered(action.seat, answer)),
        )
        return evolve(state, hand=evolve(state.hand, pending=rest)), []
    policy = state.options.muggins
    moved = settle(pending.actual, pending.missed, pending.excess, answer, policy)
    state, more = _add(state, pending.seat, moved.owner)
    state, taken = _add(state, action.seat, moved.caller)
    pending = evolve(
        pending,
        pegged=pending.pegged + more,
        answers=(*pending.answers, Answered(action.seat, answer, more, taken)),
    )
    return _settled(state, pending)


def _settled(state: GameState, pending: Pending) -> tuple[GameState, list[Event]]:
    """A claim settled: its event, then what follows it (the go, the next box, the next hand)."""
    last = pending.answers[-1] if pending.answers else None
    mugged = last.caller if last is not None else 0
    by = last.seat if last is not None and mugged else None
    state = evolve(state, hand=evolve(state.hand, pending=None))
    if pending.box is None:
        assert pending.card is not None
        played = Played(
            pending.seat,
            pending.card,
            pending.play_count,
            pending.pegged,
            pending.claimed,
            mugged,
            by,
            items=pending.items,
            passed=pending.passed,
            answers=pending.answers,
        )
        return _after_card(state, [played], pending.go)
    assert pending.verdict is not None
    assert pending.count is not None
    shown = Shown(
        pending.seat,
        pending.box,
        state.cards_of(pending.seat, pending.box),
        pending.verdict.breakdown.starter,
        pending.actual,
        pending.claimed,
        pending.pegged,
        mugged,
        by,
        verdict=pending.verdict,
        claim=pending.count.claim,
        said=pending.count.said,
        answers=pending.answers,
    )
    hand = state.hand
    if state.phase == "over":
        return state, _ended(state, [shown])
    rest = hand.to_show[1:]
    if rest:
        return evolve(state, hand=evolve(hand, to_show=rest)), [shown]
    nxt = _deal(state.rules, state.seed, hand.number + 1, (hand.dealer + 1) % state.rules.players)
    state, bonus = _begin_hand(evolve(state, hand=nxt, phase="discard"))
    return state, [shown, *bonus]


def _add(state: GameState, seat: int, points: int) -> tuple[GameState, int]:
    """Peg up to ``points`` for ``seat``'s side, no further than the target: the new state
    (over, if the target is reached) and what was pegged."""
    if points <= 0 or state.phase == "over":
        return state, 0
    side = state.rules.side_of(seat)
    pegged = min(points, state.rules.target - state.scores[side])
    scores = tuple(s + pegged if n == side else s for n, s in enumerate(state.scores))
    state = evolve(state, scores=scores)
    if scores[side] >= state.rules.target:
        state = evolve(state, phase="over", winner=side)
    return state, pegged


def _ended(state: GameState, events: list[Event]) -> list[Event]:
    """The events, and the end of the game if this step reached the target."""
    if state.phase == "over" and state.winner is not None:
        return [*events, GameOver(state.winner)]
    return events
