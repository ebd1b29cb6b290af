"""Setting up a game at the table: which game, the opponents, muggins, how you count, the match.

The form opens on the choices of the last game dealt (kept in the settings) and saves them
again when they change, so the next game starts where this one did. Enter on a choice opens
its list as usual; Enter on the switch, or ctrl+d anywhere, deals. A game still saved is
named above the form, and dealing asks before it gives that game up.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar, Final, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.screen import Screen
from textual.widgets import Label, OptionList, Select, Static, Switch

from trainer.game.variants import VARIANTS, GameVariant
from trainer.judge.policy import DESCRIPTIONS, POLICIES, Policy
from trainer.settings import (
    ClaimStyle,
    GameChoices,
    GameLevel,
    GameVariantId,
    Settings,
    SettingsError,
    save_settings,
)
from trainer.ui.messages import SettingsChanged, StartGame
from trainer.ui.user_text import fill
from trainer.ui.widgets.footer import KeysFooter
from trainer.ui.widgets.switch_words import SwitchWords

LEVEL_WORDS: Final[dict[GameLevel, str]] = {
    "easy": "miscounts often, rarely catches you",
    "standard": "miscounts at times, often catches you",
    "strong": "plays best, never miscounts, catches all",
}
"""The computer players' levels in a few words (`trainer.game.players.bots` MISCOUNT_RATE,
VIGILANCE; strong's play and throw, docs/game.md)."""

CLAIM_WORDS: Final[dict[ClaimStyle, str]] = {
    "total": "a total: \u201ctwelve\u201d",
    "announce": "combination by combination: \u201cfifteen two, \u2026\u201d",
}
MATCH_OFFERS: Final = (1, 3, 5, 7)
"""The match lengths offered (the settings file may hold any from 1 to 99)."""


def match_words(points: int) -> str:
    """A match length as the form says it."""
    return "one game" if points == 1 else f"a match, first to {points} game points"


def describe(game: GameVariant) -> str:
    """Who plays and with what cards, to what target: the line under the form."""
    if game.teams:
        players = f"{game.players} players, partners sit across"
    elif game.players > 2:
        players = f"{game.players} players, each for themselves"
    else:
        players = f"{game.players} players"
    crib = f"throw {game.thrown} to the crib" + (
        f" and {game.deck_to_crib} from the deck" if game.deck_to_crib else ""
    )
    parts = [
        players,
        f"{game.dealt} cards each, keep {game.kept}, {crib}",
        f"first to {game.target}",
    ]
    if game.start_bonus:
        parts.append(f"the non-dealer pegs {game.start_bonus} as each hand begins")
    return " · ".join(parts)


class SpaceSwitch(Switch, inherit_bindings=False):
    """A switch that space turns, leaving Enter to the screen (to deal)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_switch", "Toggle", show=False),
    ]


class GameSetupScreen(Screen[None]):
    """The choices for a new game; ctrl+d (or Enter off a list) deals, Escape goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # A focused list takes Enter (to open): the footer then shows ^d, elsewhere Enter.
        Binding("enter", "deal", "Deal"),
        Binding("ctrl+d", "deal", "Deal", priority=True),
        Binding("escape", "back", "Back"),
        Binding("f1", "app.help", "Help"),
    ]

    def __init__(
        self,
        settings: Settings,
        settings_path: Path | None,
        *,
        broken: bool = False,
        saved: str | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self.settings_path = settings_path
        self.broken = broken
        """The settings file could not be used: saving keeps it aside first."""
        self.saved = saved
        """The saved game a new one would end, as home names it (None: no game is saved)."""

    def compose(self) -> ComposeResult:
        game = self.settings.game
        matches = sorted({*MATCH_OFFERS, game.match_points})
        yield Static("A new game", classes="title")
        said = fill("A game is saved ($saved): dealing asks before giving it up.", saved=self.saved)
        note = Static(said, id="setup-saved")
        note.display = self.saved is not None
        yield note
        with Grid(id="setup-form"):
            yield Label("Game")
            yield Select(
                [(v.name, v.id) for v in VARIANTS.values()],
                value=game.variant,
                allow_blank=False,
                id="variant",
            )
            yield Label("Opponents")
            yield Select(
                [(f"{level}: {words}", level) for level, words in LEVEL_WORDS.items()],
                value=game.level,
                allow_blank=False,
                id="level",
            )
            yield Label("Muggins")
            yield Select(
                [(f"{p}: {DESCRIPTIONS[p]}", p) for p in POLICIES],
                value=game.muggins,
                allow_blank=False,
                id="muggins",
            )
            yield Label("How you count")
            yield Select(
                [(words, style) for style, words in CLAIM_WORDS.items()],
                value=game.claim,
                allow_blank=False,
                id="claim-style",
            )
            yield Label("Peg your own play")
            yield SwitchWords(
                SpaceSwitch(value=game.peg_own, id="peg-own"),
                on="you say what each card you lay pegs",
                off="your play is pegged for you",
                id="setup-peg",
            )
            yield Label("Match")
            yield Select(
                [(match_words(n), n) for n in matches],
                value=game.match_points,
                allow_blank=False,
                id="match",
            )
        yield Static(describe(VARIANTS[game.variant]), id="setup-about")
        yield KeysFooter()

    def on_mount(self) -> None:
        games = self.query_one("#variant", Select)
        games.focus()
        self.watch(games.query_one(OptionList), "highlighted", self._highlighted, init=False)
        self.watch(games, "expanded", self._expanded, init=False)

    def help_keys(self) -> list[tuple[str, str]]:
        """Keys beyond the footer's, for the help screen."""
        return [
            ("tab / shift+tab", "the next or the previous choice"),
            ("enter", "open a choice's list, then pick from it; elsewhere, deal"),
            ("space", "turn the switch on or off"),
        ]

    def chosen(self) -> GameChoices:
        """The choices as the form shows them now."""
        return GameChoices(
            variant=cast(GameVariantId, self.query_one("#variant", Select).value),
            level=cast(GameLevel, self.query_one("#level", Select).value),
            muggins=cast(Policy, self.query_one("#muggins", Select).value),
            claim=cast(ClaimStyle, self.query_one("#claim-style", Select).value),
            peg_own=self.query_one("#peg-own", Switch).value,
            match_points=cast(int, self.query_one("#match", Select).value),
        )

    def action_deal(self) -> None:
        """Remember the choices if they changed (saved, and applied in the app), then deal."""
        choices = self.chosen()
        if choices != self.settings.game:
            self._remember(replace(self.settings, game=choices))
        self.post_message(StartGame(choices))

    def _remember(self, settings: Settings) -> None:
        if self.settings_path is not None:
            try:
                save_settings(settings, self.settings_path, keep_broken=self.broken)
            except SettingsError as err:
                self.notify(str(err), severity="error", timeout=8)
                return  # the file is as it was; the app keeps the settings it has
        self.settings, self.broken = settings, False  # a broken file is aside now
        self.post_message(SettingsChanged(settings))

    def action_back(self) -> None:
        self.app.pop_screen()

    @on(Select.Changed, "#variant")
    def _variant_changed(self, event: Select.Changed) -> None:
        self._about(cast(GameVariantId, event.value))

    def _highlighted(self, index: int | None) -> None:
        """While the list of games is open, the line follows its highlight."""
        if index is not None and self.query_one("#variant", Select).expanded:
            self._about(list(VARIANTS)[index])

    def _expanded(self, expanded: bool) -> None:
        if not expanded:  # closed, maybe without a choice: back to the chosen game
            self._about(cast(GameVariantId, self.query_one("#variant", Select).value))

    def _about(self, variant_id: GameVariantId) -> None:
        self.query_one("#setup-about", Static).update(describe(VARIANTS[variant_id]))
