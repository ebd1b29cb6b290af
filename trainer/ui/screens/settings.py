"""Settings: default muggins policy, nineteen, card style, theme, the spoken-count key, at
the table the computer's pause and whether a count you accept opens its reveal, and
whether a count said aloud is judged at once.

The spoken-count key is chosen by pressing it; a key the reveal already answers to
(Enter for the next deal, the arrows in its list, ...) is refused, saying what it does.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar, Final, cast

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Grid
from textual.screen import Screen
from textual.widgets import Label, OptionList, Select, Static, Switch

from trainer.judge.policy import DESCRIPTIONS, POLICIES, Policy
from trainer.settings import (
    CARD_STYLES,
    CardStyle,
    CoachHands,
    Settings,
    SettingsError,
    save_settings,
)
from trainer.speech.engine import RATES
from trainer.ui.messages import SettingsChanged
from trainer.ui.user_text import as_cell, fill
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.key_field import KeyField
from trainer.ui.widgets.switch_words import SwitchWords

PAUSES: Final = (0.0, 0.4, 0.8, 1.2, 1.6, 2.0)
SPEECH_RATES: Final = (0, *RATES)
"""Silent, then espeak-ng's slow, normal and fast rates."""
"""The computer's pauses offered, in seconds (the settings file may hold any from 0 to 2)."""


def pause_words(seconds: float) -> str:
    """A pause as the form says it: "0.8 s, any key goes on", "none: at once"."""
    if seconds == 0:
        return "none: each move at once"
    return f"{seconds:g} s a move (any key goes on)"


def speech_words(rate: int) -> str:
    """A speaking rate as the form says it: "off", "normal (175 words a minute; F3
    repeats)"."""
    if rate == 0:
        return "off: the trainer says nothing"
    names = dict(zip(RATES, ("slow", "normal", "fast"), strict=True))
    return f"{names.get(rate, 'at')} {rate} words a minute (F3 repeats)".removeprefix("at ")


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
            yield Label("Coach after a hand")
            yield Select(
                [
                    ("in my first 10 games", "first-games"),
                    ("after every hand", "always"),
                    ("never (the game's summary still has it)", "never"),
                ],
                value=s.coach_hands,
                allow_blank=False,
                id="coach-hands",
            )
            yield Label("Spoken count key")
            taken = reveal_keys(self.app)
            yield KeyField(s.announce_key, taken=taken, where="the reveal", id="announce-key")
            yield Label("Computer's pause")
            pauses = sorted({*PAUSES, s.table_pause})
            yield Select(
                [(pause_words(p), p) for p in pauses],
                value=s.table_pause,
                allow_blank=False,
                id="table-pause",
            )
            yield Label("Reveal an accept")
            yield SwitchWords(
                Switch(value=s.reveal_accepted, id="reveal-accepted"),
                on="every count you answer opens its reveal",
                off="only a count you call opens its reveal",
            )
            yield Label("Counting aloud")
            yield SwitchWords(
                Switch(value=s.judge_at_once, id="judge-at-once"),
                on="judge what I say at once",
                off="show what was heard; Enter judges it",
            )
            yield Label("Speak aloud")
            rates = sorted({*SPEECH_RATES, s.speech_rate})
            yield Select(
                [(speech_words(r), r) for r in rates],
                value=s.speech_rate,
                allow_blank=False,
                id="speech-rate",
            )
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
            coach_hands=cast(CoachHands, self.query_one("#coach-hands", Select).value),
            table_pause=cast(float, self.query_one("#table-pause", Select).value),
            reveal_accepted=self.query_one("#reveal-accepted", Switch).value,
            judge_at_once=self.query_one("#judge-at-once", Switch).value,
            speech_rate=cast(int, self.query_one("#speech-rate", Select).value),
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
