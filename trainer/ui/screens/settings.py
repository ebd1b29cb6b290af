"""Settings: default muggins policy, nineteen, card style, theme, the spoken-count key.

The spoken-count key is chosen by pressing it; a key the reveal already answers to
(Enter for the next deal, the arrows in its list, ...) is refused, saying what it does.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar, cast

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Grid
from textual.screen import Screen
from textual.widgets import Label, OptionList, Select, Static, Switch

from trainer.judge.policy import DESCRIPTIONS, POLICIES, Policy
from trainer.settings import CARD_STYLES, CardStyle, Settings, SettingsError, save_settings
from trainer.ui.messages import SettingsChanged
from trainer.ui.user_text import as_cell, fill
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.key_field import KeyField
from trainer.ui.widgets.switch_words import SwitchWords


class SettingsScreen(Screen[None]):
    """A small form; ctrl+s saves (to the config folder) and applies, Escape discards."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("escape", "cancel", "Cancel"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(
        self,
        settings: Settings,
        path: Path | None,
        *,
        themes: list[str],
        broken: bool = False,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.path = path
        self.themes = themes if settings.theme in themes else [settings.theme, *themes]
        self.broken = broken

    def compose(self) -> ComposeResult:
        s = self.settings
        yield Static("Settings", classes="title")
        with Grid(id="settings-form"):
            yield Label("Muggins policy")
            yield Select(
                [(f"{p}: {DESCRIPTIONS[p]}", p) for p in POLICIES],
                value=s.muggins,
                allow_blank=False,
                id="muggins",
            )
            yield Label("19 means nothing")
            yield SwitchWords(
                Switch(value=s.nineteen, id="nineteen"),
                on="typing 19 claims nothing",
                off="19 is a count of 19 points",
            )
            yield Label("Card suits")
            yield Select(
                [("symbols ♠ ♥ ♦ ♣", "symbols"), ("letters S H D C", "letters")],
                value=s.card_style,
                allow_blank=False,
                id="card-style",
            )
            yield Label("Theme")
            yield Select(  # a theme from the settings file may be any text
                [(as_cell(t), t) for t in self.themes], value=s.theme, allow_blank=False, id="theme"
            )
            yield Label("Spoken count key")
            taken = reveal_keys(self.app)
            yield KeyField(s.announce_key, taken=taken, where="the reveal", id="announce-key")
        where = (
            f"Saved in {self.path}" if self.path else "Not saved: this session has no config folder"
        )
        yield Static(
            fill(
                "The policy and the nineteen rule apply to drills whose file does not choose "
                "them; the nineteen rule to your games too. $where.",
                where=where,
            ),
            classes="hint",
        )
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#muggins", Select).focus()

    def chosen(self) -> Settings:
        """The settings as the form shows them now (and the game's choices as they were)."""
        key = self.query_one("#announce-key", KeyField).value
        return replace(
            self.settings,
            muggins=cast(Policy, self.query_one("#muggins", Select).value),
            nineteen=self.query_one("#nineteen", Switch).value,
            card_style=cast(CardStyle, self.query_one("#card-style", Select).value),
            theme=str(self.query_one("#theme", Select).value),
            announce_key=key,
        )

    def action_save(self) -> None:
        settings = self.chosen()
        assert settings.card_style in CARD_STYLES
        if self.path is not None:
            try:
                save_settings(settings, self.path, keep_broken=self.broken)
            except SettingsError as err:
                self.notify(str(err), severity="error", timeout=8)
                return
        self.post_message(SettingsChanged(settings))
        self.notify("Settings saved." if self.path else "Settings applied for this session.")
        self.app.pop_screen()

    def action_cancel(self) -> None:
        self.app.pop_screen()


def reveal_keys(app: App[Any]) -> dict[str, str]:
    """The keys the reveal answers to, whatever the spoken-count key, with what each does
    there: its own bindings, its list of combinations', then the app's."""
    from trainer.ui.screens.quiz import QuizScreen  # whose reveal takes the question's place

    taken: dict[str, str] = {app.COMMAND_PALETTE_BINDING: "the command palette"}
    sources = ((QuizScreen.BINDINGS, ""), (OptionList.BINDINGS, " in the list"))
    for bindings, place in (*sources, (app.BINDINGS, "")):
        for key, found in BindingsMap(bindings).key_to_bindings.items():
            for binding in found:
                if not binding.action.startswith("announce("):
                    taken.setdefault(key, f"{binding.description.lower()}{place}")
    return taken
