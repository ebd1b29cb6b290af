"""The summaries of the game: where each side's points came from in a hand, and at the end
the whole game, your counting in it, the result and the match's standing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from trainer.game.coach.hand_ledgers import HandLedgers
from trainer.game.record import HandRecord
from trainer.game.session import GameSession
from trainer.game.tally import SideTally, calls, counting, tally
from trainer.ui.flow.game_start import side_names
from trainer.ui.table.flow.calls_text import calls_lines
from trainer.ui.user_text import as_lines, as_text
from trainer.ui.widgets.footer import KeysFooter

COLUMNS = ("play", "hands", "crib", "heels", "muggins", "total")


def tally_lines(names: Sequence[str], tallies: Sequence[SideTally], *, bonus: bool) -> Content:
    """One row per side: the points of each kind, and the total, in columns."""
    columns = ["3 for last", *COLUMNS] if bonus else list(COLUMNS)
    width = max(10, *(len(n) + 1 for n in names))
    head = "points".ljust(width) + "".join(c.rjust(len(c) + 2) for c in columns)
    rows = [as_text(head, "bold")]
    for name, t in zip(names, tallies, strict=True):
        cells = [t.play, t.hands, t.crib, t.heels, t.muggins, t.total]
        if bonus:
            cells.insert(0, t.bonus)
        row = name.ljust(width) + "".join(
            str(v).rjust(len(c) + 2) for c, v in zip(columns, cells, strict=True)
        )
        rows.append(as_text(row))
    return Content("\n").join(rows)


class CoachSaid(Message):
    """The coach's lines, worked out in the background (``lines`` empty: nothing to say)."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines


def _names(session: GameSession) -> tuple[str, ...]:
    rules = session.setup.rules
    return side_names(rules.players, bool(rules.teams))


class HandSummaryScreen(ModalScreen[None]):
    """A hand over: where its points came from, and the score now; Enter deals the next."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Next hand", priority=True),
    ]

    def __init__(
        self, session: GameSession, hand: HandRecord, ledgers: HandLedgers, *, coach: bool = False
    ) -> None:
        super().__init__()
        self.session = session
        self.hand = hand
        self.ledgers = ledgers
        self.coach = coach
        """Whether the coach says what the hand cost you (worked out in a worker)."""
        self._coach_line = Static("", id="hand-coach")

    def compose(self) -> ComposeResult:
        rules, names = self.session.setup.rules, _names(self.session)
        scores = "  ·  ".join(
            f"{n} {p}" for n, p in zip(names, self.session.state.scores, strict=True)
        )
        with VerticalScroll(id="hand-summary", classes="summary-box") as box:
            box.border_subtitle = "Enter: the next hand"  # in sight however long the box
            yield Static(f"[b]Hand {self.hand.number} is over[/b]", classes="title")
            yield Static(
                tally_lines(names, tally(rules, [self.hand]), bonus=bool(rules.start_bonus)),
                id="hand-tally",
                classes="tally",
            )
            yield Static(as_text(f"Score: {scores}"), id="hand-score")
            yield self._coach_line
        yield KeysFooter()

    def on_mount(self) -> None:
        self._coach_line.display = self.coach and self.session.human is not None
        if self._coach_line.display:
            self._coach_line.update("The coach is looking at the hand…")
            self._work_out()

    @work(thread=True, exclusive=True, group="coach")
    def _work_out(self) -> None:
        from trainer.ui.table.flow.coach_notes import hand_note

        self.post_message(CoachSaid(hand_note(self.session, self.hand, self.ledgers)))

    @on(CoachSaid)
    def _said(self, event: CoachSaid) -> None:
        self._coach_line.update(Content("\n").join(as_text(line) for line in event.lines))

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(ModalScreen[bool]):
    """The game is over: who won (a skunk?), the whole game's points, your counting, and
    the match. Dismissed with True to play the match's next game, False for home."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close(True)", "Go on", priority=True),
        Binding("escape", "close(False)", "Home"),
        Binding("r", "review", "Review the game"),
    ]

    def __init__(
        self, session: GameSession, ledgers: HandLedgers | None = None, *, plain: bool = False
    ) -> None:
        super().__init__()
        self.session = session
        self.ledgers = ledgers or HandLedgers(session.setup.rules, session.setup.options.muggins)
        """The hands' ledgers worked out as they ended, reused for the game's."""
        self.plain = plain
        self._coach = Static("", id="game-coach")

    def compose(self) -> ComposeResult:
        s = self.session
        rules, names = s.setup.rules, _names(s)
        with VerticalScroll(id="game-over", classes="summary-box") as box:
            box.border_subtitle = self.next_hint()  # in sight however long the box
            yield Static(as_text(self.result_line(), "bold"), id="game-result", classes="title")
            yield Static(
                tally_lines(names, tally(rules, s.hands), bonus=bool(rules.start_bonus)),
                id="game-tally",
                classes="tally",
            )
            yield Static(as_text(self.counting_line()), id="game-counting")
            said = self.calls_lines()
            listed = Static(as_lines(said), id="game-calls")  # one call a line
            listed.display = bool(said)  # no calls: no blank line
            yield listed
            yield Static(as_text(self.match_line()), id="game-match")
            yield self._coach
        yield KeysFooter()

    def on_mount(self) -> None:
        self._coach.display = self.session.human is not None
        if self._coach.display:
            self._coach.update("The coach is going over the game…")
            self._work_out()

    @work(thread=True, exclusive=True, group="coach")
    def _work_out(self) -> None:
        from trainer.ui.table.flow.coach_notes import game_note

        self.post_message(CoachSaid(game_note(self.session, self.ledgers, plain=self.plain)))

    @on(CoachSaid)
    def _said(self, event: CoachSaid) -> None:
        self._coach.update(Content("\n").join(as_text(line) for line in event.lines))

    def action_review(self) -> None:
        """This game, hand by hand (the review works its ledger out if need be)."""
        from trainer.ui.screens.game_review import GameReviewScreen

        s = self.session
        self.app.push_screen(GameReviewScreen(s.store, s.uid, plain=self.plain))

    def result_line(self) -> str:
        """The winner and the final score, and a skunk or double skunk."""
        s = self.session
        state, rules, names = s.state, s.setup.rules, _names(s)
        winner = state.winner
        if winner is None:
            return "The game was left unfinished."
        scores = " to ".join(str(p) for p in sorted(state.scores, reverse=True))
        who = names[winner]
        won = "You win" if who in ("You", "Us") else f"{who} wins" if who != "Them" else "They win"
        worst = min(p for side, p in enumerate(state.scores) if side != winner)
        result = rules.result(worst)
        extra = {"win": "", "skunk": " · a skunk", "double-skunk": " · a double skunk"}[result]
        return f"{won}, {scores}{extra}."

    def counting_line(self) -> str:
        """How you counted your hands and cribs, and what you caught."""
        human = self.session.setup.human
        if human is None:
            return ""
        c = counting(self.session.hands, human)
        if not c.counts:
            return "You counted no hand in this game."
        parts = [f"Your counting: {c.exact} of {c.counts} exact"]
        if c.under:
            parts.append(f"{c.under} short by {c.missed_points} in all")
        if c.over:
            parts.append(f"{c.over} too many")
        if c.mugged:
            parts.append(f"{c.mugged} mugged from you")
        if c.caught:
            parts.append(f"you caught {c.caught_points} in {c.caught} call(s)")
        return ", ".join(parts) + "."

    def calls_lines(self) -> list[str]:
        """Your calls: each right "too many" and muggins, each wrong call, what it moved."""
        human = self.session.setup.human
        if human is None:
            return []
        return calls_lines(calls(self.session.hands, human), self.session.setup.names)

    def match_line(self) -> str:
        after = self.session.match_after
        if after is None:
            return ""
        names = _names(self.session)
        standing = ", ".join(f"{n} {p}" for n, p in zip(names, after.points, strict=True))
        if after.winner is not None:
            return f"{names[after.winner]} won the match to {after.points_to_win}: {standing}."
        return f"Match to {after.points_to_win} game points: {standing}."

    def next_hint(self) -> str:
        after = self.session.match_after
        if after is not None and after.winner is None:
            return "Enter: the match's next game  ·  Escape: home (it is saved: resume it there)"
        return "Enter or Escape: home"

    def action_close(self, next_game: bool) -> None:
        self.dismiss(next_game)
