"""A position in a two-player play told as a player tells it: the cards in your hand, the cards
since the count began, the cards you have seen, whether you dealt; the `Spot` the play advice
values, with every mistake named (`SpotError`).

Who laid which card since the count began follows from the turns: the cards alternate
and the last was your opponent's, unless your opponent said go (at ``go``, a count the
pile made), after which every card was yours. How many cards your opponent holds is
given, or follows from the same turns over the whole hand, the non-dealer leading.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import Final

from trainer.game.coach.play import Spot
from trainer.game.variants import GameVariant
from trainer.rules.cards import Card, deck, format_cards

ME, THEM = 0, 1
"""The seats of a position told this way: yours, and your opponent's."""


class SpotError(ValueError):
    """A position that cannot be: a card twice, a count past 31, too many cards held..."""


LOWEST_GO: Final = 22
"""No go is said below this count: every card fits under 31 (a ten at 21 makes 31)."""


def _check_cards(hand: Sequence[Card], pile: Sequence[Card], seen: Sequence[Card]) -> None:
    for name, cards in (("your hand", hand), ("the pile", pile), ("the cards seen", seen)):
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise SpotError(f"{twice} is twice in {name}")
    for card in pile:
        if card in hand:
            raise SpotError(f"{card} is both in your hand and on the pile")
    for card in seen:
        if card in hand:
            raise SpotError(f"{card} is given as seen but it is in your hand")
        if card in pile:
            raise SpotError(f"{card} is given as seen but it is on the pile")


def _owners(pile: Sequence[Card], go: int | None) -> tuple[tuple[int, ...], int]:
    """Who laid each card of the pile, and how many of yours came after your opponent's go."""
    counts = list(accumulate(c.value for c in pile))
    if go is None:
        ahead = len(pile)
        after = 0
    else:
        if go not in counts:
            made = ", ".join(map(str, counts)) or "none: the pile is empty"
            raise SpotError(f"the count was never {go} (the counts the pile made: {made})")
        ahead = counts.index(go) + 1
        after = len(pile) - ahead
    # Before the go the cards alternate, the last of them laid by the seat not to play then.
    last_before = ME if go is not None else THEM
    owners = [last_before if (ahead - 1 - n) % 2 == 0 else 1 - last_before for n in range(ahead)]
    return (*owners, *[ME] * after), after


def two_player_spot(
    rules: GameVariant,
    hand: Sequence[Card],
    pile: Sequence[Card],
    seen: Sequence[Card],
    *,
    dealer: bool,
    theirs: int | None = None,
    go: int | None = None,
    earlier_go: int | None = None,
) -> Spot:
    """Your turn to lay in a two-player game: ``hand`` your cards, ``pile`` the cards since the
    count began (oldest first), ``seen`` every other card you have seen (the starter, your
    throw, earlier counts), ``theirs`` how many cards your opponent holds (None: as the turns
    give it), ``go`` the count your opponent said go on, if it did since the count began;
    ``earlier_go`` the count it said go on in an earlier count of this hand (what it holds
    still fitted under none: every card it has left is above 31 less that count)."""
    if earlier_go is not None and not LOWEST_GO <= earlier_go <= 30:
        raise SpotError(
            f"a go comes at a count of {LOWEST_GO} to 30 (below {LOWEST_GO} every card fits), "
            f"not {earlier_go}"
        )
    if rules.players != 2:
        raise SpotError(f"a position is told for two players; {rules.name} has {rules.players}")
    _check_cards(hand, pile, seen)
    if not hand:
        raise SpotError("your hand is empty: there is nothing to lay")
    if len(hand) > rules.kept:
        raise SpotError(
            f"in {rules.name} you hold at most {rules.kept} cards in the play, "
            f"got {len(hand)} ({format_cards(hand)})"
        )
    count = sum(c.value for c in pile)
    if count > 31:
        raise SpotError(
            f"the pile's count is {count}: a count never passes 31 ({format_cards(pile)})"
        )
    owners, after = _owners(pile, go)
    mine = rules.kept - len(hand)
    if theirs is None:
        # The non-dealer leads; on your turn with no go, the non-dealer has laid as many as
        # the dealer; your opponent's go came on its turn, before your last ``after`` cards.
        laid = mine - after - (0 if go is None else 1) + (1 if dealer else 0)
        theirs = rules.kept - laid
        if not 0 <= theirs <= rules.kept:
            raise SpotError(
                f"your opponent cannot have laid {laid} of {rules.kept} cards: "
                "say how many they hold (--theirs)"
            )
    elif not 0 <= theirs <= rules.kept:
        raise SpotError(f"your opponent holds 0 to {rules.kept} cards, not {theirs}")
    if owners.count(THEM) > rules.kept - theirs or owners.count(ME) > mine:
        raise SpotError(
            f"the pile's cards cannot be laid so: yours and your opponent's alternate, "
            f"the non-dealer leading, with {len(hand)} in your hand and {theirs} in theirs "
            "(--dealer or --pone? --theirs says how many they hold)"
        )
    if go is not None and theirs == 0:
        raise SpotError("your opponent holds no cards: it says no go")
    known = {*hand, *pile, *seen}
    unseen = tuple(c for c in deck() if c not in known)
    if len(unseen) < theirs:
        raise SpotError(
            f"your opponent holds {theirs} cards but only {len(unseen)} are unseen: "
            "fewer cards seen, or --theirs"
        )
    return Spot(
        rules,
        ME,
        tuple(hand),
        (len(hand), theirs),
        tuple(pile),
        owners,
        frozenset() if go is None else frozenset({THEM}),
        unseen,
        {THEM: min(c for c in (go, earlier_go) if c is not None)}
        if go is not None or earlier_go is not None
        else {},
    )
