"""Help: the keys of the screen you came from, and the scoring rules in short."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.keys import key_to_character
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown

from trainer.ui.widgets.footer import KeysFooter

RULES = """\
## Counting a hand (the show)

Count the hand with the starter, in this order, as a running total:

| | points |
| --- | --- |
| **Fifteens**: every set of cards adding to 15 (J Q K = 10, A = 1) | 2 each |
| **Pairs**: every two cards of a rank (three = 6, four = 12) | 2 each |
| **Runs**: 3+ consecutive ranks, every copy (3-4-4-5 is two runs) | 1 a card |
| **Flush**: all hand cards one suit (+1 if the starter too) | 4 or 5 |
| **Crib flush**: only with the starter too | 5 |
| **Nobs**: the jack of the starter's suit in the hand | 1 |

Ace is low: Q-K-A is no run. No 3- or 4-card hand (or 4-card crib) scores 19, so
there "nineteen" means nothing; a 5-card hand can score 19.

## Muggins

Claim too little and, under `acc` and `hoyle`, your opponent takes what you
missed; `hoyle` also gives them what you overclaim; `bsd` leaves you only what
you claimed and gives 2 for an overcount; `off` just corrects the count.
Pegging is never mugged.
"""


@runtime_checkable
class ExplainsKeys(Protocol):
    """A screen with keys of its own beyond its bindings (number keys, letters it reads)."""

    def help_keys(self) -> list[tuple[str, str]]: ...


def keys_of(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys a screen answers to, with what each does: its shown bindings (the keys of
    one binding together, "f1 or ?"), then the keys it declares itself (`ExplainsKeys`),
    whose line for a key replaces its binding's shorter one (F2's "Count aloud")."""
    keys: dict[tuple[str, str], list[str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.description and binding.show:
            names = keys.setdefault((binding.action, binding.description), [])
            name = binding.key_display or key_name(key)
            if name not in names:
                names.append(name)
    listed = [(" or ".join(names), what) for (_, what), names in keys.items()]
    if isinstance(screen, ExplainsKeys):
        own = screen.help_keys()
        said = {key for key, _ in own}
        listed = [line for line in listed if line[0] not in said] + own
    return listed


def key_name(key: str) -> str:
    """A key as a player types it: ``?`` for question_mark, ``enter`` for enter."""
    character = key_to_character(key)
    if character is not None and character.isprintable() and not character.isspace():
        return character
    return key


class HelpScreen(ModalScreen[None]):
    """A modal over any screen; Escape, F1 or ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,question_mark,q", "dismiss", "Close help"),
    ]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        lines = ["# Help", "", "## Keys on this screen", ""]
        lines += [f"- **{key}**: {what}" for key, what in self.keys]
        lines.append("- **ctrl+p**: command palette (every action; a theme picked there is saved)")
        if any(what == "Help" for _, what in self.keys):  # the screen's own line says F1
            lines.append("- **ctrl+q**: quit")
        else:
            lines.append("- **F1**: this help · **ctrl+q**: quit")
        lines += ["", RULES]
        with VerticalScroll(id="help-body"):
            yield Markdown("\n".join(lines))
        yield KeysFooter()
