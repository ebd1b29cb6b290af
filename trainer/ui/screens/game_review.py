"""A game reviewed hand by hand: each of your decisions against the best and what it cost,
your counts with their breakdown. Left and right step through the hands, up and down scroll
a long one. The review is made in a worker (`trainer.ui.flow.game_review.load_review`): the
game is played through and its ledger worked out if it was not kept yet."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from trainer.ui.user_text import as_text
from trainer.ui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from trainer.ui.flow.game_review import GameReview
    from trainer.ui.flow.history import History

REVIEW_KEYS = [
    ("left / right", "the hand before, the next"),
    ("home / end", "the first hand, the last"),
    ("up / down", "scroll a long hand"),
    ("escape", "back"),
]


class ReviewMade(Message):
    """The review, made in the background (None and ``error``: why it could not be)."""

    def __init__(self, review: GameReview | None, error: str = "") -> None:
        super().__init__()
        self.review = review
        self.error = error


class GameReviewScreen(Screen[None]):
    """One game over, a hand at a time."""

    DEFAULT_CSS = """
    GameReviewScreen #review-heading { height: auto; }
    GameReviewScreen #review-totals { height: auto; color: $text-muted; }
    GameReviewScreen #review-hand-title { height: 1; margin-top: 1; text-style: bold; }
    GameReviewScreen #review-hand { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("left", "step(-1)", "Hand before", key_display="←", priority=True),
        Binding("right", "step(1)", "Next hand", key_display="→", priority=True),
        Binding("p", "step(-1)", "Hand before", show=False),
        Binding("n", "step(1)", "Next hand", show=False),
        Binding("home", "go(0)", "First hand", show=False, priority=True),
        Binding("end", "go(-1)", "Last hand", show=False, priority=True),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(self, history: History, uid: str, *, plain: bool = False) -> None:
        super().__init__()
        self.history = history
        self.uid = uid
        self.plain = plain
        self.review: GameReview | None = None
        self.page = 0
        self._heading = Static("Working out where your points went…", id="review-heading")
        self._totals = Static("", id="review-totals")
        self._title = Static("", id="review-hand-title")
        self._hand = Static("", id="review-hand-lines")

    def compose(self) -> ComposeResult:
        yield self._heading
        yield self._totals
        yield self._title
        with VerticalScroll(id="review-hand"):
            yield self._hand
        yield KeysFooter()

    def help_keys(self) -> list[tuple[str, str]]:
        return REVIEW_KEYS

    def on_mount(self) -> None:
        self._make()

    @work(thread=True, exclusive=True, group="game-review")
    def _make(self) -> None:
        from trainer.ui.flow.game_review import load_review
        from trainer.ui.flow.past_games import games_store

        try:
            store = games_store(self.history)
            if store is None:
                raise ValueError("your history holds no game yet")
            review = load_review(store, self.uid, plain=self.plain)
        except (OSError, ValueError) as err:
            self.post_message(ReviewMade(None, str(err)))
            return
        self.post_message(ReviewMade(review))

    @on(ReviewMade)
    def _made(self, event: ReviewMade) -> None:
        if event.review is None:
            self._heading.update(as_text(f"This game cannot be reviewed: {event.error}"))
            return
        self.review = event.review
        self._heading.update(as_text(event.review.heading, "bold"))
        said = [event.review.totals, event.review.counting]
        self._totals.update(Content("\n").join(as_text(line) for line in said if line))
        self._show()

    @property
    def pages(self) -> int:
        return 0 if self.review is None else len(self.review.pages)

    def _show(self) -> None:
        if self.review is None or not self.review.pages:
            return
        page = self.review.pages[self.page]
        self._title.update(as_text(page.title))
        self._hand.update(Content("\n").join(as_text(line) for line in page.lines))
        self.query_one("#review-hand", VerticalScroll).scroll_home(animate=False)

    def action_step(self, by: int) -> None:
        """The hand before (-1) or the next (1); nothing past the first or the last."""
        if self.pages:
            self.page = max(0, min(self.pages - 1, self.page + by))
            self._show()

    def action_go(self, page: int) -> None:
        """The first hand (0) or the last (-1)."""
        if self.pages:
            self.page = page % self.pages
            self._show()
