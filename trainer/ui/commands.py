"""The command palette's app-wide commands, their titles and help shown as text.

Textual's own provider reads each command's title and help as content markup, and the
app's commands name drill sets (``Drill: [/]``) and the saved game, which come from files
and the history: this one shows them as written, and still searches and highlights them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol

from textual.app import SystemCommand
from textual.command import DiscoveryHit, Hit, Hits
from textual.system_commands import SystemCommandsProvider

from trainer.ui.user_text import as_text, clean, escape_markup, highlight

if TYPE_CHECKING:
    from trainer.drills.loader import DrillEntry
    from trainer.drills.model import DrillSet
    from trainer.ui.screens.home import HomeScreen
    from trainer.ui.voice_input import VoiceService


class Trainer(Protocol):
    """What the trainer's commands call on the app (`trainer.ui.app.MugginsApp`)."""

    @property
    def entries(self) -> Sequence[DrillEntry]: ...
    @property
    def voice(self) -> VoiceService: ...

    def action_help(self) -> None: ...
    def action_settings(self) -> None: ...
    def action_play_game(self) -> None: ...
    def action_resume_game(self) -> None: ...
    def action_teach_voice(self) -> None: ...
    def start(self, drill: DrillSet) -> None: ...


def app_commands(app: Trainer, home: HomeScreen) -> Iterator[SystemCommand]:
    """The trainer's own commands, after Textual's: help, settings, the home screen's
    places, a game, teaching a voice where one can be kept, and each drill set."""
    yield SystemCommand("Help", "Keys of this screen and the rules in short", app.action_help)
    yield SystemCommand("Settings", "Muggins policy, card style, theme", app.action_settings)
    yield SystemCommand("Stats", "Your accuracy and speed, what you miss", home.action_stats)
    yield SystemCommand("Review", "Missed combinations; re-drill due hands", home.action_review)
    yield SystemCommand("Play a game", "A game against the computer", app.action_play_game)
    yield SystemCommand(
        "Your games", "Past games, each reviewed hand by hand", home.action_past_games
    )
    if app.voice.keeps:
        yield SystemCommand(
            "Teach Muggins your voice",
            "Read three counts aloud: your counts are heard better after",
            app.action_teach_voice,
        )
    if home.saved:
        yield SystemCommand("Resume your game", home.saved, app.action_resume_game)
    for d in (e.drill for e in app.entries if e.drill is not None):
        yield SystemCommand(f"Drill: {d.name}", d.description, partial(app.start, d))


class TextCommands(SystemCommandsProvider):
    """`App.get_system_commands`, with every title and help line as text, not markup."""

    async def discover(self) -> Hits:
        commands = sorted(self.app.get_system_commands(self.screen), key=lambda c: c.title)
        for command in commands:
            if command.discover:
                yield DiscoveryHit(
                    as_text(command.title),
                    command.callback,
                    text=clean(command.title),
                    help=escape_markup(command.help),
                )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self.app.get_system_commands(self.screen):
            title = clean(command.title)
            if (score := matcher.match(title)) > 0:
                yield Hit(
                    score,
                    highlight(matcher, title),
                    command.callback,
                    text=title,
                    help=escape_markup(command.help),
                )
