"""Your past games: each game over with its result, date, game and the points the coach says
you lost; Enter reviews the one highlighted, hand by hand (`GameReviewScreen`). The list is
read in a worker (`trainer.ui.flow.past_games`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Static

from trainer.ui.user_text import as_cell
from trainer.ui.widgets.footer import KeysFooter

if TYPE_CHECKING:
    from trainer.ui.flow.history import History
    from trainer.ui.flow.past_games import PastGame

NO_GAMES = "No game finished yet: play one from home (g), then review it here."


class GamesRead(Message):
    """The list, read in the background (``error``: why it could not be)."""

    def __init__(self, games: list[PastGame], error: str = "") -> None:
        super().__init__()
        self.games = games
        self.error = error


class PastGamesScreen(Screen[None]):
    """The list of your games over, the latest first."""

    DEFAULT_CSS = """
    PastGamesScreen #past-games { height: 1fr; }
    PastGamesScreen #past-note { height: auto; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Home"),
        Binding("enter", "review", "Review the game", priority=True),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(self, history: History, *, plain: bool = False) -> None:
        super().__init__()
        self.history = history
        self.plain = plain
        self.games: list[PastGame] = []

    def compose(self) -> ComposeResult:
        yield Static("[b]Your games[/b]", id="past-title", classes="title")
        table: DataTable[Text] = DataTable(id="past-games", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("Reading your games…", id="past-note")
        yield KeysFooter()

    def help_keys(self) -> list[tuple[str, str]]:
        return [("up / down", "pick a game (Enter reviews it, hand by hand)")]

    def on_mount(self) -> None:
        table = self.query_one("#past-games", DataTable)
        table.add_column("Result", key="result", width=22)
        table.add_column("Ended", key="date", width=16)
        table.add_column("Game", key="variant", width=19)
        table.add_column("Points lost", key="lost", width=11)
        table.focus()
        self._read()

    def on_screen_resume(self) -> None:
        """Back from a review: read the list again (the review may have kept a ledger)."""
        if self.is_mounted and self.games:
            self._read()

    @work(thread=True, exclusive=True, group="past-games")
    def _read(self) -> None:
        from trainer.ui.flow.past_games import past_games

        try:
            games = past_games(self.history)
        except (OSError, ValueError) as err:
            self.post_message(GamesRead([], str(err)))
            return
        self.post_message(GamesRead(games))

    @on(GamesRead)
    def _games_read(self, event: GamesRead) -> None:
        self.games = event.games
        table = self.query_one("#past-games", DataTable)
        row = table.cursor_row
        table.clear()
        for g in self.games:
            table.add_row(*map(as_cell, (g.result, g.date, g.variant, g.lost)), key=g.uid)
        if self.games:
            table.move_cursor(row=min(max(row, 0), len(self.games) - 1))
        note = self.query_one("#past-note", Static)
        if event.error:
            note.update(f"Your games could not be read: {event.error}")
        elif not self.games:
            note.update(NO_GAMES)
        else:
            many = "game" if len(self.games) == 1 else "games"
            note.update(f"{len(self.games)} {many} · Enter reviews the game highlighted")

    @on(DataTable.RowSelected, "#past-games")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_review()

    def action_review(self) -> None:
        from trainer.ui.screens.game_review import GameReviewScreen

        row = self.query_one("#past-games", DataTable).cursor_row
        if 0 <= row < len(self.games):
            uid = self.games[row].uid
            self.app.push_screen(GameReviewScreen(self.history, uid, plain=self.plain))
