"""An independent check of a game record as `muggins simulate --json` prints it, event by
event, from the rules alone (the scorers and the variants table, never the engine)."""

from __future__ import annotations

from typing import Any

from trainer.game.variants import GameVariant
from trainer.rules.cards import JACK, Card, parse_cards
from trainer.rules.play import score_play
from trainer.rules.show import score_show


def cards(texts: list[str]) -> list[Card]:
    return parse_cards(" ".join(texts)) if texts else []


class Checker:
    """Walks one game's events, keeping the score, and asserts each follows the rules."""

    def __init__(self, rules: GameVariant, game: dict[str, Any]) -> None:
        self.rules, self.game = rules, game
        self.scores = [0] * len(rules.sides)
        self.over = False

    def peg(self, seat: int, pegged: int, due: int, what: str) -> None:
        """``seat`` pegged ``pegged`` of ``due``: all of it, unless it reached the target."""
        assert not self.over, f"{what}: pegged after the game was over"
        side = self.rules.side_of(seat)
        room = self.rules.target - self.scores[side]
        assert pegged == min(due, room), f"{what}: pegged {pegged}, due {due}, room {room}"
        self.scores[side] += pegged
        if self.scores[side] >= self.rules.target:
            self.over = True

    def check(self) -> None:
        rules, game = self.rules, self.game
        assert game["target"] == rules.target
        assert game["teams"] == [list(s) for s in rules.sides]
        for n, hand in enumerate(game["hands"], 1):
            assert hand["number"] == n
            assert hand["dealer"] == (game["first_dealer"] + n - 1) % rules.players
            self.hand(hand)
        assert self.over, "the game ended before a side reached the target"
        assert game["final"] == self.scores
        assert game["winner"] == self.scores.index(rules.target)
        losers = [s for s in range(len(rules.sides)) if s != game["winner"]]
        assert game["skunked"] == [s for s in losers if self.scores[s] < rules.skunk_line]
        lines = rules.double_skunk_line
        assert game["double_skunked"] == [s for s in losers if self.scores[s] < lines]

    def hand(self, hand: dict[str, Any]) -> None:
        rules, dealer = self.rules, hand["dealer"]
        dealt = [cards(h) for h in hand["dealt"]]
        extra = cards(hand["deck_to_crib"] or [])
        assert [len(h) for h in dealt] == [rules.dealt] * rules.players
        assert len(extra) == rules.deck_to_crib
        events = list(hand["events"])
        if rules.start_bonus:
            bonus = events.pop(0)
            assert (bonus["type"], bonus["seat"]) == ("bonus", (dealer + 1) % rules.players)
            self.peg(bonus["seat"], bonus["points"], rules.start_bonus, "three for last")
        if not hand["kept"]:  # the game ended before the cut
            assert [e["type"] for e in events] == ["game-over"]
            return
        kept = [cards(k) for k in hand["kept"]]
        crib, starter = cards(hand["crib"]), cards([hand["starter"]])[0]
        everything = [c for h in dealt for c in h] + extra + [starter]
        assert len(set(everything)) == len(everything), "a card dealt twice"
        thrown = [c for s in range(rules.players) for c in dealt[s] if c not in kept[s]]
        assert all(set(k) <= set(d) for k, d in zip(kept, dealt, strict=True))
        assert sorted(map(str, crib)) == sorted(map(str, thrown + extra))
        assert len(crib) == 4
        if starter.rank == JACK:
            heels = events.pop(0)
            assert (heels["type"], heels["seat"]) == ("heels", dealer)
            self.peg(dealer, heels["points"], 2, "his heels")
        events = self.play(events, kept, dealer)
        self.show(events, kept, crib, starter, dealer)

    def play(
        self, events: list[dict[str, Any]], kept: list[list[Card]], dealer: int
    ) -> list[dict[str, Any]]:
        """Check the play's events; return the rest (the show)."""
        held = [list(k) for k in kept]
        pile: list[Card] = []
        last: int | None = None
        turn = (dealer + 1) % self.rules.players
        while events and events[0]["type"] in ("play", "go"):
            event = events.pop(0)
            if event["type"] == "play":
                seat, card = event["seat"], cards([event["card"]])[0]
                assert seat == turn or pile, f"{card} led out of turn"
                assert card in held[seat], f"seat {seat} laid {card}, which it does not hold"
                held[seat].remove(card)
                pile.append(card)
                assert event["count"] == sum(c.value for c in pile) <= 31
                self.peg(seat, event["points"], score_play(pile).total, f"laying {card}")
                last = seat
                if event["count"] == 31:
                    pile, turn = [], self.after(seat, held)
            else:
                count = sum(c.value for c in pile)
                assert all(c.value > 31 - count for h in held for c in h), "a go with a card to lay"
                assert last is not None
                assert event["seat"] == last
                self.peg(last, event["points"], 1, "a go")
                pile, turn = [], self.after(last, held)
        if not self.over:
            assert not any(held), "the play ended with cards unplayed"
        return events

    def after(self, seat: int, held: list[list[Card]]) -> int:
        """Who leads after ``seat`` ended a count: the next seat that still holds a card."""
        for n in range(1, self.rules.players + 1):
            nxt = (seat + n) % self.rules.players
            if held[nxt]:
                return nxt
        return seat

    def show(
        self,
        events: list[dict[str, Any]],
        kept: list[list[Card]],
        crib: list[Card],
        starter: Card,
        dealer: int,
    ) -> None:
        players = self.rules.players
        order = [((dealer + 1 + k) % players, "hand") for k in range(players)]
        order.append((dealer, "crib"))
        for seat, box in order:
            if self.over:
                break
            event = events.pop(0)
            assert (event["type"], event["seat"], event["box"]) == ("show", seat, box)
            shown = crib if box == "crib" else kept[seat]
            assert cards(event["cards"]) == shown
            truth = score_show(shown, starter, crib=box == "crib").total
            assert event["points"] == truth
            assert event["pegged"] >= 0
            self.peg(seat, event["pegged"], event["pegged"], f"seat {seat}'s {box}")
            if event["mugged_by"] is not None:
                taker = event["mugged_by"]
                assert self.rules.side_of(taker) != self.rules.side_of(seat)
                assert event["mugged"] > 0
                self.peg(taker, event["mugged"], event["mugged"], "muggins")
            else:
                assert event["mugged"] == 0
            if not self.over and event["claimed"] == truth:
                assert event["pegged"] == truth, "a right count pegged otherwise"
        if self.over:
            assert events == [{"type": "game-over", "winner": self.game["winner"]}]
        else:
            assert events == []


def check_record(rules: GameVariant, game: dict[str, Any]) -> None:
    """Assert that ``game`` (a record's plain data) follows the rules event by event."""
    Checker(rules, game).check()
