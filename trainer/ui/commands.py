"""The command palette's app-wide commands, their titles and help shown as text.

Textual's own provider reads each command's title and help as content markup, and the
app's commands name drill sets (``Drill: [/]``) and the saved game, which come from files
and the history: this one shows them as written, and still searches and highlights them.
"""

from __future__ import annotations

from textual.command import DiscoveryHit, Hit, Hits
from textual.system_commands import SystemCommandsProvider

from trainer.ui.user_text import as_text, clean, escape_markup, highlight


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
