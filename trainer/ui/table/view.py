"""What the table screen says around the cards: the title, the seats, the play, the prompt.

Pure functions of the game state (content), so the screen only places them. The seats'
names come from the saved game, so they are put in as text, never read as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from trainer.game.state import GameState, Prompt
from trainer.rules.cards import Card
from trainer.ui.flow.game_start import possessive
from trainer.ui.text import cards_markup
from trainer.ui.user_text import as_text, fill

BACK = "▮"
BACK_PLAIN = "#"


def title_line(state: GameState, names: Sequence[str], match: str = "", width: int = 0) -> Content:
    """The game, the hand, who deals, the muggins policy (and the match standing); the game's
    name is left out where the line would not fit in ``width`` cells (0: any width)."""
    rules, hand = state.rules, state.hand
    dealer = "you deal" if names[hand.dealer] == "You" else f"{names[hand.dealer]} deals"
    parts = [f"hand {hand.number}", dealer, f"muggins: {state.options.muggins}"]
    if match:
        parts.append(match)
    line = as_text("  ·  ".join([rules.name, *parts]))
    if width and line.cell_length > width:
        return as_text("  ·  ".join(parts))
    return line


def seats_line(
    state: GameState, names: Sequence[str], human: int, *, plain: bool, width: int = 0
) -> Content:
    """Every other seat's cards face down, and the crib with its owner. Where that would not
    fit in ``width`` cells (0: any width), the dealer is not marked (the crib names them)
    and the seats stand closer."""
    hand, back = state.hand, BACK_PLAIN if plain else BACK
    thrown = sum(len(t) for t in hand.thrown) + (
        len(hand.dealt.deck_to_crib) if all(k is not None for k in hand.kept) else 0
    )
    seats = [(name, _held(state, seat), seat == hand.dealer) for seat, name in enumerate(names)]
    others = [s for n, s in enumerate(seats) if n != human]
    crib = (possessive(names[hand.dealer]), thrown)
    line = _seats(others, crib, back, roles=True, counted=False, gap="   ")
    for roles, counted in ((False, False), (False, True)):
        if not width or line.cell_length <= width:
            break
        line = _seats(others, crib, back, roles=roles, counted=counted, gap="  ")
    return line


def _seats(
    seats: Sequence[tuple[str, int, bool]],
    crib: tuple[str, int],
    back: str,
    *,
    roles: bool,
    counted: bool,
    gap: str,
) -> Content:
    """The seats' line: each card face down (``counted``: one back and how many), the
    dealer marked if ``roles``."""

    def cards(n: int) -> str:
        if not n:
            return "-"
        return f"{back}{n}" if counted else back * n

    parts = [
        fill(
            "[b]$name[/b]$role $cards",
            name=name,
            role=" (dealer)" if roles and dealer else "",
            cards=cards(held),
        )
        for name, held, dealer in seats
    ]
    owner, thrown = crib
    parts.append(as_text(f"{owner} crib {cards(thrown)}"))
    return Content(gap).join(parts)


def _held(state: GameState, seat: int) -> int:
    hand = state.hand
    if hand.table is not None and state.phase == "play":
        return len(hand.table.hands[seat])
    kept = hand.kept[seat]
    return len(hand.dealt.hands[seat]) if kept is None else len(kept)


def pile_line(state: GameState, *, plain: bool, laying: Card | None = None) -> str:
    """The play's running count and the cards since the reset (the card you are laying with
    them, while you say what it pegs); the starter."""
    hand = state.hand
    starter = (
        f"starter {cards_markup([hand.dealt.starter], plain=plain)}"
        if all(k is not None for k in hand.kept)
        else "starter not cut yet"
    )
    if state.phase != "play" or hand.table is None:
        return starter
    table = hand.table
    cards = table.pile + ((laying,) if laying is not None else ())
    count = table.count + (laying.value if laying is not None else 0)
    pile = cards_markup(cards, plain=plain) if cards else "(a new count)"
    return f"[b]count {count}[/b]  {pile}   ·   {starter}"


def prompt_line(
    asked: Prompt | None,
    state: GameState,
    names: Sequence[str],
    human: int,
    *,
    announce: bool,
    laying: Card | None = None,
    plain: bool = False,
) -> Content:
    """What the game waits for, said to the player (what the card you lay pegs, while you
    say it)."""
    if laying is not None and asked is not None and asked.kind == "play":
        table = state.hand.table
        count = (table.count if table is not None else 0) + laying.value
        card = cards_markup([laying], plain=plain)
        return Content.from_markup(
            f"Your {card} makes {count}: type what it pegs (0: nothing), Enter; "
            "Escape takes it back"  # 78 columns at most: within 80
        )
    return Content.from_markup(_prompt(asked, state, names, human, announce=announce))


def _prompt(
    asked: Prompt | None, state: GameState, names: Sequence[str], human: int, *, announce: bool
) -> str | Content:
    """`prompt_line`: our markup, or content where it names a seat."""
    if asked is None:
        return "The game is over."
    if asked.seat != human:
        who = names[asked.seat]
        doing = {
            "discard": "throwing to the crib",
            "play": "to play",
            "count": f"counting their {asked.box}",
            "respond": "answering the count",
        }[asked.kind]
        return as_text(f"{who} is {doing}…  (any key: go on)")
    rules = state.rules
    if asked.kind == "discard":
        n = rules.thrown
        whose = possessive(names[state.hand.dealer])
        cards = "a card" if n == 1 else f"{n} cards"
        return as_text(f"Throw {cards} to {whose} crib: pick with the number keys, then Enter.")
    if asked.kind == "play":
        return "Your turn: lay a card (its number key, or click it)."
    if asked.kind == "count":
        what = "your crib" if asked.box == "crib" else "your hand"
        if announce:
            return (
                f"Count {what}: pick cards, name them [b]f p r l n[/b]; "
                "Backspace undoes, Enter ends."
            )
        return f"Count {what}: type the total, then Enter."
    return "[b]a[/b] accepts · [b]t[/b] too many · muggins: the points missed · then Enter."
