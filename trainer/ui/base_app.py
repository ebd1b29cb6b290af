"""What the app does beside the drills: help over any screen, the player's settings (the
settings screen, applying what it saves, and a theme picked in the command palette saved the
same way, so it is not lost at the next start), notifications and palette commands shown
as text, never as markup (they quote files, paths and the history), and a quit that waits
for the keys typed before it (`trainer.ui.quitting`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import Provider
from textual.messages import ExitApp
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.theme import Theme

from trainer.settings import Settings, SettingsError, save_settings
from trainer.textguard import excerpt
from trainer.ui.commands import TextCommands
from trainer.ui.messages import SettingsChanged
from trainer.ui.quitting import settle
from trainer.ui.user_text import clean


class BaseApp(App[None]):
    """Help, and the player's settings, saved in ``settings_path`` (None: not saved)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),
        Binding("f1", "help", "Help", show=False),
    ]
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {TextCommands}

    def __init__(self, settings: Settings, settings_path: Path | None, warning: str | None) -> None:
        super().__init__()
        self.settings = settings
        self.settings_path = settings_path
        self.settings_warning = warning
        """Why the settings file could not be used; it is kept aside when settings are saved."""
        self._settled = False

    @on(ExitApp)
    def _settle_first(self, message: ExitApp) -> None:
        """Quit (ctrl+q, a browser tab closed, a signal) once the keys typed before are
        handled: an answer entered just before is judged and recorded, not dropped."""
        if self._settled:
            return  # the second time: Textual's own exit goes on
        self._settled = True
        message.prevent_default()
        self.run_worker(self._exit_when_settled(), name="quit", group="quit")

    async def _exit_when_settled(self) -> None:
        await settle(self)
        self.post_message(ExitApp())

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification as plain text, whatever the caller says: messages quote drill
        names, paths and values from files, which must never be read as markup."""
        super().notify(
            clean(message), title=clean(title), severity=severity, timeout=timeout, markup=False
        )

    def use_settings_theme(self) -> None:
        """Apply the settings' theme, and from now on save a theme picked in the palette."""
        self._apply_theme(self.settings.theme)
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def settings_applied(self, settings: Settings) -> None:
        """New settings are in use (after the theme): subclasses pass them on."""

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Keys of this screen and the rules in short", self.action_help)
        yield SystemCommand("Settings", "Muggins policy, card style, theme", self.action_settings)

    def action_help(self) -> None:
        from trainer.ui.screens.help import HelpScreen, keys_of  # Markdown: not for home

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(keys_of(self.screen)))

    def action_settings(self) -> None:
        from trainer.ui.screens.settings import SettingsScreen  # rarely first: not for home

        themes, broken = sorted(self.available_themes), self.settings_warning is not None
        screen = SettingsScreen(self.settings, self.settings_path, themes=themes, broken=broken)
        self.push_screen(screen)

    @on(SettingsChanged)
    def _settings_changed(self, event: SettingsChanged) -> None:
        self.settings = event.settings
        self.settings_warning = None  # saved: the broken file was kept beside the new one
        self._apply_theme(event.settings.theme)
        self.settings_applied(event.settings)

    def _theme_changed(self, theme: Theme) -> None:
        """A theme picked in the command palette is saved as one chosen in settings is."""
        if theme.name == self.settings.theme:
            return  # applied from the settings
        settings, path = replace(self.settings, theme=theme.name), self.settings_path
        try:
            if path is not None:
                save_settings(settings, path, keep_broken=self.settings_warning is not None)
        except SettingsError as err:
            self.notify(str(err), severity="error", timeout=8)
        else:
            self.post_message(SettingsChanged(settings))

    def _apply_theme(self, theme: str) -> None:
        if theme in self.available_themes:
            self.theme = theme
        else:
            self.notify(f"Unknown theme {excerpt(theme)}: keeping {self.theme}", severity="warning")
