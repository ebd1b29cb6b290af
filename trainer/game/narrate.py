"""What the table's log says: each step of the game as a line or two, as players say it.

`Narrator.step` reads one engine step (the state before, the action, the state
after and its events) and says it: "Computer: 5♥ (15), fifteen for 2", "Go: 1
for you", 'Computer (hand): "Fifteen two, fifteen four, and a pair is six."',
"Your hand: 10 (you said 8) · Computer takes 2 (muggins)". The human's seat is
spoken to in the second person. The words of a count and of a card's points
come from `rules.speech`; the text is plain, never markup.

Everything said comes from the events and the states (what a card pegged, a
count's verdict, each answer and what it moved): nothing is scored or judged
again. A card laid by a seat that pegs its own play is settled only when the
opponents have answered its claim, maybe in a later step: the narrator keeps
what the card scored when it was laid, and says the whole of it when the claim
is settled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.game.engine import count_verdict
from trainer.game.events import (
    Bonus,
    Event,
    GameOver,
    Go,
    Heels,
    Played,
    Shown,
    wrong_call_points,
)
from trainer.game.state import (
    Action,
    Count,
    Discard,
    GameState,
    Lay,
    Pending,
    Respond,
    SayGo,
)
from trainer.game.variants import GameVariant
from trainer.judge.claims import TotalClaim
from trainer.rules.cards import Card
from trainer.rules.play import PlayItem
from trainer.rules.speech import announce, play_phrase

__all__ = ["Narrator"]

_RESULT_WORDS = {"skunk": "a skunk", "double-skunk": "a double skunk"}


@dataclass(frozen=True)
class _Laid:
    """A card laid with a claim still to settle: who laid it, and what was said of it then."""

    seat: int
    card: Card
    opening: str
    """Who laid what and the count it made: "You: 5♥ (15)"."""
    phrase: str | None
    """What the card really pegs, "fifteen for 2"; None for nothing."""
    points: int
    claimed: bool = False
    """Its claim was said when it was laid ("You: 5♥ (15), you claim 2"), before the answers."""


class Narrator:
    """Says each step at the table as a line or two of the log."""

    def __init__(
        self,
        rules: GameVariant,
        names: Sequence[str],
        human: int | None = None,
        *,
        plain: bool = False,
    ) -> None:
        if len(names) != rules.players:
            raise ValueError(f"{rules.name} has {rules.players} seats, not {len(names)} names")
        if human is not None and not 0 <= human < rules.players:
            raise ValueError(f"seat {human} is not at a {rules.players}-player table")
        self.rules = rules
        self.names = tuple(names)
        self.human = human
        self.plain = plain
        """Cards in their letter form (5H) instead of the symbol form (5♥)."""
        self._laid: _Laid | None = None

    # ------------------------------------------------------------ words

    def _card(self, card: Card) -> str:
        return str(card) if self.plain else card.symbol

    def _who(self, seat: int, *, start: bool = False) -> str:
        """The seat as subject or object: "You"/"you" for the human, its name otherwise."""
        if seat == self.human:
            return "You" if start else "you"
        return self.names[seat]

    def _does(self, seat: int, verb: str, *, start: bool = False) -> str:
        """The seat and a verb that agrees with it: "you take", "Computer takes"."""
        return f"{self._who(seat, start=start)} {verb if seat == self.human else verb + 's'}"

    def _whose(self, seat: int, *, start: bool = False) -> str:
        if seat == self.human:
            return "Your" if start else "your"
        return f"{self.names[seat]}'s"

    def _side(self, side: int, *, start: bool = False) -> tuple[str, bool]:
        """A side's name ("You and Partner") and whether it takes a plural verb."""
        seats = sorted(self.rules.sides[side], key=lambda s: s != self.human)
        words = [self._who(s, start=start and n == 0) for n, s in enumerate(seats)]
        return " and ".join(words), len(seats) > 1 or self.human in seats

    # ------------------------------------------------------------ a step

    def step(
        self, before: GameState, action: Action, after: GameState, events: Sequence[Event]
    ) -> list[str]:
        """The lines one step adds to the log: the action as said, then each event."""
        lines: list[str] = []
        pending = before.hand.pending
        if isinstance(action, Discard):
            lines.append(self._discard(before, action))
            if after.hand.number == before.hand.number and after.phase != "discard":
                lines.append(f"Starter: {self._card(after.hand.dealt.starter)}")
        elif isinstance(action, Lay):
            laid = self._lay(before, action, after, events)
            if after.hand.pending is not None:
                # A claim waiting for the opponents: said now, before their answers.
                claim = action.claim or 0
                lines.append(f"{laid.opening}, {self._claims(action.seat)} {claim}")
                laid = replace(laid, claimed=True)
            self._laid = laid
        elif isinstance(action, SayGo):
            lines.append(f"{self._who(action.seat, start=True)}: go")
        elif isinstance(action, Count):
            lines.append(self._count(before, action, after, events))
        elif isinstance(action, Respond) and pending is not None:
            said = self._respond(action, pending, settled=bool(events))
            if said is not None:
                lines.append(said)
        for event in events:
            if isinstance(event, Go) and isinstance(action, Lay | SayGo):
                lines += self._silent_goes(before, action, after, event.seat)
            lines.append(self._event(event, before, action, after))
        if after.hand.number != before.hand.number and after.phase != "over":
            lines.insert(len(lines) - sum(isinstance(e, Bonus) for e in events), self._deals(after))
        return lines

    def opening(self, state: GameState, events: Sequence[Event]) -> list[str]:
        """The lines of a game's first deal (`engine.new_game`'s events: the five-card
        game's three for last), which no step brings."""
        return [self._deals(state), *(self._bonus(e) for e in events if isinstance(e, Bonus))]

    def cut(self, rounds: Sequence[Sequence[Card]]) -> str:
        """The cut for the first deal, a round of cards (seat by seat) per cut: "Cut for deal
        (low card deals): you 7♣, Computer 3♥"; a tie for the lowest cuts again."""
        said = [
            ", ".join(f"{self._who(s)} {self._card(c)}" for s, c in enumerate(cards))
            for cards in rounds
        ]
        return "Cut for deal (low card deals): " + "; a tie, again: ".join(said)

    def _bonus(self, event: Bonus) -> str:
        return f"Three for last: {event.points} for {self._who(event.seat)}"

    def _deals(self, state: GameState) -> str:
        hand = state.hand
        return f"Hand {hand.number}: {self._does(hand.dealer, 'deal', start=True)}"

    def _discard(self, before: GameState, action: Discard) -> str:
        seat, dealer, n = action.seat, before.hand.dealer, len(action.cards)
        if dealer == self.human:
            crib = "your crib"
        elif dealer == seat:
            crib = "their crib"
        else:
            crib = f"{self.names[dealer]}'s crib"
        if seat == self.human:
            return f"You throw {n} card{'' if n == 1 else 's'} to {crib}"
        return f"{self.names[seat]} throws {n} to {crib}"

    def _lay(
        self, before: GameState, action: Lay, after: GameState, events: Sequence[Event]
    ) -> _Laid:
        """The card laid, as the engine scored it: in its `Played` event, or in the claim
        waiting for answers when the seat pegs its own play."""
        table = before.hand.table
        assert table is not None
        played = next((e for e in events if isinstance(e, Played)), None)
        pending = after.hand.pending
        items = played.items if played is not None else pending.items if pending else ()
        count = table.count + action.card.value
        opening = f"{self._who(action.seat, start=True)}: {self._card(action.card)} ({count})"
        return _Laid(action.seat, action.card, opening, _phrase(items), _points(items))

    def _count(
        self, before: GameState, action: Count, after: GameState, events: Sequence[Event]
    ) -> str:
        seat, box = before.hand.to_show[0]
        if seat != self.human and (action.said or _claimed(action) == 0):
            words = announce((i.kind, i.cards, i.points) for i in action.said)
            return f'{self._who(seat, start=True)} ({box}): "{words}"'
        whose = "your" if seat == self.human else "their"
        if action.claim is None:
            return f"{self._does(seat, 'claim', start=True)} nothing for {whose} {box} (time out)"
        points = str(action.claim.points)
        if isinstance(action.claim, TotalClaim) and count_verdict(after, events).nineteen:
            points = "nineteen (nothing)"
        return f"{self._does(seat, 'claim', start=True)} {points} for {whose} {box}"

    def _respond(self, action: Respond, pending: Pending, *, settled: bool) -> str | None:
        who = self._who(action.seat, start=True)
        answer = action.answer
        if answer.call is not None:
            return f'{who}: "Muggins for {answer.call}!"'
        if answer.too_many:
            return f'{who}: "Too many!"'
        if settled and pending.box is not None:
            return self._does(action.seat, "accept", start=True)
        return None  # an accept before others answer, or of a card's claim: said by its line

    def _silent_goes(
        self, before: GameState, action: Lay | SayGo, after: GameState, scorer: int
    ) -> list[str]:
        """The goes a step settles without asking: when nobody can lay after a card (or a
        go), each seat still holding cards that has not said go says it now, in turn, and
        the last to lay takes the point ("Computer: go", then "Go: 1 for you")."""
        was, now = before.hand.table, after.hand.table
        if was is None or now is None or now.done:
            return []  # the last card, not a go
        seats = len(now.hands)
        return [
            f"{self._who(seat, start=True)}: go"
            for seat in ((action.seat + n) % seats for n in range(1, seats))
            if seat != scorer and now.hands[seat] and seat not in was.passed
        ]

    # ------------------------------------------------------------ events

    def _event(self, event: Event, before: GameState, action: Action, after: GameState) -> str:
        if isinstance(event, Played):
            return self._played(event)
        if isinstance(event, Go):
            table = after.hand.table
            last = after.hand.number == before.hand.number and table is not None and table.done
            return f"{'Last card' if last else 'Go'}: {event.points} for {self._who(event.seat)}"
        if isinstance(event, Shown):
            return self._shown(event)
        if isinstance(event, Heels):
            role = "the dealer" if event.seat == after.hand.dealer else "the cutter"
            return f"His heels: {event.points} for {self._who(event.seat)} ({role})"
        if isinstance(event, Bonus):
            return self._bonus(event)
        return self._game_over(event, after)

    def _played(self, event: Played) -> str:
        laid, self._laid = self._laid, None
        if laid is None or (laid.seat, laid.card) != (event.seat, event.card):
            laid = self._recalled(event)
        actual = _points(event.items)
        outcome = self._outcome(
            event.seat,
            actual,
            event.points,
            event.mugged,
            event.mugged_by,
            wrong_call_points(event.answers),
        )
        if laid.claimed:  # the claim was said when the card was laid: now what it pegs
            line = f"{self._whose(event.seat, start=True)} {self._card(event.card)}: "
            line += laid.phrase or "no score"
            return line + (f" · {outcome}" if outcome else "")
        if event.claimed is None or event.claimed == actual:
            line = laid.opening + (f", {laid.phrase}" if laid.phrase else "")
            return line + (f" · {outcome}" if outcome else "")
        claim = f"{self._claims(event.seat)} {event.claimed}"
        line = f"{laid.opening}, {claim} · {laid.phrase or 'no score'}"
        return line + (f": {outcome}" if outcome else "")

    def _claims(self, seat: int) -> str:
        """The verb of a claim in the play, after the seat's card: "you claim", "claims"."""
        return "you claim" if seat == self.human else "claims"

    def _recalled(self, event: Played) -> _Laid:
        """A card whose lay this narrator did not see (it began after it), from its event."""
        opening = f"{self._who(event.seat, start=True)}: {self._card(event.card)} ({event.count})"
        return _Laid(event.seat, event.card, opening, _phrase(event.items), _points(event.items))

    def _shown(self, event: Shown) -> str:
        line = f"{self._whose(event.seat, start=True)} {event.box}: {event.points}"
        if event.claimed != event.points:
            said = "you said" if event.seat == self.human else "said"
            line += f" ({said} {event.claimed})"
        outcome = self._outcome(
            event.seat,
            event.points,
            event.pegged,
            event.mugged,
            event.mugged_by,
            wrong_call_points(event.answers),
        )
        return line + (f" · {outcome}" if outcome else "")

    def _outcome(
        self, owner: int, actual: int, pegged: int, mugged: int, by: int | None, gained: int
    ) -> str:
        """What moved beyond the count itself: muggins taken, a wrong call's gift, or what
        the owner pegged when neither the count nor the count less muggins says it ("you
        peg 8": an undercount let go, an overcount that stood, a peg stopped at the target)."""
        parts = []
        if mugged and by is not None:
            parts.append(f"{self._does(by, 'take')} {mugged} (muggins)")
        if gained:
            parts.append(f"{self._does(owner, 'take')} {gained} (muggins: a wrong call)")
        elif pegged not in (actual, actual - mugged):
            parts.append(f"{self._does(owner, 'peg')} {pegged}")
        return ", ".join(parts)

    def _game_over(self, event: GameOver, after: GameState) -> str:
        scores, winner = after.scores, event.winner
        name, plural = self._side(winner, start=True)
        wins = f"{name} {'win' if plural else 'wins'}"
        losers = [s for s in range(len(scores)) if s != winner]
        results = [(s, self.rules.result(scores[s])) for s in losers]
        if len(losers) == 1:
            (loser, result) = results[0]
            line = f"{wins}, {scores[winner]} to {scores[loser]}"
            return line + (f" · {_RESULT_WORDS[result]}" if result in _RESULT_WORDS else "")
        ranked = sorted(losers, key=lambda s: -scores[s])
        line = f"{wins} with {scores[winner]}: " + ", ".join(
            f"{self._side(s)[0]} {scores[s]}" for s in ranked
        )
        marks = [f"{_RESULT_WORDS[r]} for {self._side(s)[0]}" for s, r in results if r != "win"]
        return line + "".join(f" · {m}" for m in marks)


def _claimed(action: Count) -> int:
    """The points a count claims (a time-out claims none)."""
    return 0 if action.claim is None else action.claim.points


def _points(items: Sequence[PlayItem]) -> int:
    return sum(i.points for i in items)


def _phrase(items: Sequence[PlayItem]) -> str | None:
    """What a card pegs in words ("fifteen for 2"); None for nothing."""
    return play_phrase((i.kind, i.cards, i.points) for i in items) if items else None
