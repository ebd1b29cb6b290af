"""The player's settings as the app uses them: what they are, where they are saved, whether
the file was broken; new ones applied (the theme first), and a theme picked in the command
palette saved the same way, so it is not lost at the next start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.theme import Theme

from trainer.settings import Settings, SettingsError, save_settings
from trainer.textguard import excerpt
from trainer.ui.messages import SettingsChanged

if TYPE_CHECKING:
    from trainer.ui.screens.settings import SettingsScreen


class SettingsService:
    """The settings of one run of the trainer, saved in ``path`` (None: not saved); each
    new value is passed to ``applied`` once its theme is in use."""

    def __init__(
        self,
        app: App[Any],
        settings: Settings,
        path: Path | None,
        warning: str | None,
        *,
        applied: Callable[[Settings], object] = lambda settings: None,
    ) -> None:
        self.app = app
        self.settings = settings
        self.path = path
        self.warning = warning
        """Why the settings file could not be used; it is kept aside when settings are saved."""
        self.applied = applied

    @property
    def broken(self) -> bool:
        """The settings file could not be used (saving keeps it aside first)."""
        return self.warning is not None

    def start(self) -> None:
        """Apply the theme, from now on save a theme picked in the palette, and say if the
        settings file could not be used."""
        self._apply_theme(self.settings.theme)
        self.app.theme_changed_signal.subscribe(self.app, self._theme_changed)
        if self.warning is not None:
            self.app.notify(self.warning, severity="warning", timeout=10)

    def screen(self) -> SettingsScreen:
        """The settings screen, filled with these settings."""
        from trainer.ui.screens.settings import SettingsScreen  # rarely first: not for home

        themes = sorted(self.app.available_themes)
        return SettingsScreen(self.settings, self.path, themes=themes, broken=self.broken)

    def changed(self, settings: Settings) -> None:
        """New settings, saved by the screen that chose them: use them."""
        self.settings = settings
        self.warning = None  # saved: the broken file was kept beside the new one
        self._apply_theme(settings.theme)
        self.applied(settings)

    def _theme_changed(self, theme: Theme) -> None:
        """A theme picked in the command palette is saved as one chosen in settings is."""
        if theme.name == self.settings.theme:
            return  # applied from the settings
        settings = replace(self.settings, theme=theme.name)
        try:
            if self.path is not None:
                save_settings(settings, self.path, keep_broken=self.broken)
        except SettingsError as err:
            self.app.notify(str(err), severity="error", timeout=8)
        else:
            self.app.post_message(SettingsChanged(settings))

    def _apply_theme(self, theme: str) -> None:
        app = self.app
        if theme in app.available_themes:
            app.theme = theme
        else:
            app.notify(f"Unknown theme {excerpt(theme)}: keeping {app.theme}", severity="warning")
