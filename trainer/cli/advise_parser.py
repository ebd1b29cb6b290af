"""``muggins advise``'s options: the coach's values of a dealt hand's throws and of the
cards you may lay, for scripts."""

from __future__ import annotations

import argparse

from trainer.cli.arg_types import MugginsParser, integer

VARIANT_IDS = ("standard", "short", "five-card", "three-hand", "four-hand", "four-hand-solo")
"""The games, as `trainer.game.variants` names them (kept here: parsing loads no game)."""


def advise_parsers(sub: argparse._SubParsersAction[MugginsParser]) -> None:
    """``advise discard`` and ``advise play``: the coach's values, for scripts."""
    p = sub.add_parser(
        "advise",
        help="the coach: what each throw or each card laid is worth",
        description="The coach's advice, the numbers the game's ledger uses: every throw "
        "of a dealt hand, or every card you may lay in the play, valued in points.",
    )
    advise = p.add_subparsers(dest="advise", metavar="WHAT", required=True)
    d = advise.add_parser(
        "discard",
        help="every throw of a dealt hand, best first",
        description="Every way to throw from a dealt hand, best first by net: the kept "
        "cards' mean show over every starter, the crib's mean (its other cards and the "
        "starter from the cards you have not seen) and the net (plus the crib when it is "
        "yours, minus when it is not).",
    )
    d.add_argument("cards", nargs="+", metavar="CARD", help="the cards dealt to you")
    crib_owner(d)
    d.add_argument("--variant", default="standard", choices=VARIANT_IDS, help="default: standard")
    d.add_argument("--json", action="store_true", help="print JSON")

    p = advise.add_parser(
        "play",
        help="every card you may lay now, best first",
        description="Every card you may lay now, valued by the rest of the hand's play: the "
        "points it pegs for you less your opponent's, on average over the ways the cards you "
        "have not seen could lie in your opponent's hand (only as they could: a go said "
        "holds nothing that fitted), each way solved to the end. The same position always "
        "gets the same values. Two-player games.",
    )
    p.add_argument("--hand", nargs="+", required=True, metavar="CARD", help="your cards now")
    p.add_argument(
        "--pile", nargs="*", default=[], metavar="CARD", help="the cards since the count began"
    )
    p.add_argument(
        "--seen",
        nargs="*",
        default=[],
        metavar="CARD",
        help="the other cards you have seen: the starter, your throw, earlier counts",
    )
    crib_owner(p)
    p.add_argument(
        "--theirs",
        type=integer,
        metavar="N",
        help="the cards your opponent holds (default: as the turns give it)",
    )
    p.add_argument(
        "--go",
        type=integer,
        metavar="COUNT",
        help="your opponent said go when the count was COUNT (since the count began)",
    )
    p.add_argument(
        "--earlier-go",
        type=integer,
        metavar="COUNT",
        help="your opponent said go in an earlier count of this hand, when the count was "
        "COUNT: every card it holds is above 31 less COUNT",
    )
    p.add_argument(
        "--variant",
        default="standard",
        choices=("standard", "short", "five-card"),
        help="default: standard",
    )
    p.add_argument("--json", action="store_true", help="print JSON")


def crib_owner(parser: argparse.ArgumentParser) -> None:
    whose = parser.add_mutually_exclusive_group(required=True)
    whose.add_argument(
        "--dealer",
        action="store_true",
        help="you deal: the crib is yours (in four-hand, your partner's crib is yours too)",
    )
    whose.add_argument("--pone", action="store_true", help="another side deals")
