"""The ``muggins`` command: the trainer by default, plus plain subcommands for scripts.

User errors (a bad card, a wrong number of cards, a count over 31) print one
line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from trainer import __version__, cli_drills, cli_stats, odds
from trainer.cards import format_cards, parse_card, parse_cards
from trainer.pegging import score_play
from trainer.scoring import HAND_SIZES, Breakdown, HandError, score_show

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``muggins`` and every subcommand."""
    parser = argparse.ArgumentParser(
        prog="muggins",
        description="Muggins: a cribbage hand-count trainer. Count hands, see every point.",
    )
    parser.add_argument("--version", action="version", version=f"muggins {__version__}")
    parser.add_argument("--drill", metavar="NAME", help="start this drill set right away")
    parser.add_argument("--seed", type=int, metavar="N", help="deal reproducibly from seed N")
    parser.add_argument(
        "--plain-cards", action="store_true", help="suits as letters (S H D C), not symbols"
    )
    _add_common(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    score = sub.add_parser(
        "score",
        help="score a hand or crib with its starter",
        description="Score a hand: list the hand cards, then the starter last "
        "(or give it with --starter). Cards are rank then suit: 5H 10D JS AC (T for ten).",
    )
    score.add_argument("cards", nargs="+", metavar="CARD", help="hand cards, then the starter")
    score.add_argument("--starter", metavar="CARD", help="the starter (cut card)")
    score.add_argument("--crib", action="store_true", help="count as the crib (flush rule)")
    score.add_argument("--json", action="store_true", help="print JSON")

    peg = sub.add_parser(
        "peg",
        help="what the last card laid in the play scores",
        description="Score a pegging play: the cards laid since the last reset, oldest first; "
        "the last one is the card just laid.",
    )
    peg.add_argument("cards", nargs="+", metavar="CARD", help="cards since the reset, oldest first")
    peg.add_argument("--json", action="store_true", help="print JSON")

    odds_p = sub.add_parser(
        "odds",
        help="the exact distribution of show scores",
        description="The exact number of deals giving each show score, over every possible "
        "hand and starter.",
    )
    odds_p.add_argument("--crib", action="store_true", help="crib flush rule")
    odds_p.add_argument(
        "--hand-size",
        type=int,
        default=4,
        choices=HAND_SIZES,
        metavar="N",
        help="cards in the hand besides the starter: 3, 4 (default) or 5",
    )
    odds_p.add_argument("--json", action="store_true", help="print JSON")

    drills = sub.add_parser(
        "drills",
        help="list the drill sets, or check drill files",
        description="List every drill set (built-in, yours, and any --drills folders) with "
        "its description, or the error that stops it loading.",
    )
    drills.add_argument("--json", action="store_true", help="print JSON")
    drills.add_argument(
        "--check", nargs="+", metavar="FILE", help="validate drill files; exit 2 on an error"
    )

    deal = sub.add_parser(
        "deal",
        help="deal one question from a drill set",
        description="Deal one question from a drill set (by id, the file name without .yaml). "
        "The seed it prints replays the same deal.",
    )
    deal.add_argument("drill", metavar="DRILL", help="drill id, e.g. warm-up")
    deal.add_argument("--seed", type=int, help="replay the deal with this seed")
    deal.add_argument("--json", action="store_true", help="print JSON, with the full count")

    cli_stats.add_parsers(sub)  # stats, review, export, import

    for subparser in sub.choices.values():
        _add_common(subparser, top=False)
    return parser


def _add_common(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """Options every command takes, before or after the subcommand's name.

    After the subcommand they land in ``sub_*`` attributes, merged by `_merge_common`
    (argparse would otherwise let the subcommand's values replace the top-level ones).
    """
    prefix = "" if top else "sub_"
    parser.add_argument(
        "--data-dir",
        dest=f"{prefix}data_dir",
        metavar="DIR",
        help="keep stats, settings and your drills here (default: $MUGGINS_HOME or the "
        "user data folder)",
    )
    parser.add_argument(
        "--drills",
        dest=f"{prefix}drills",
        metavar="DIR",
        action="append",
        help="also load drill sets from DIR (repeatable)",
    )


def _merge_common(args: argparse.Namespace) -> None:
    sub_dir = getattr(args, "sub_data_dir", None)
    if sub_dir is not None:
        args.data_dir = sub_dir
    args.drills = (args.drills or []) + (getattr(args, "sub_drills", None) or [])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    _merge_common(args)
    out = sys.stdout
    try:
        if args.command == "score":
            return _score(args, out)
        if args.command == "peg":
            return _peg(args, out)
        if args.command == "odds":
            return _odds(args, out)
        if args.command == "drills":
            return cli_drills.list_drills(args, out, sys.stderr)
        if args.command == "deal":
            return cli_drills.deal(args, out)
        if args.command in cli_stats.COMMANDS:
            return cli_stats.run(args, out)
    except ValueError as err:
        print(f"muggins: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader (e.g. `head`) went away: stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    try:
        return _tui(args)
    except ValueError as err:
        print(f"muggins: error: {err}", file=sys.stderr)
        return EXIT_USAGE


def _tui(args: argparse.Namespace) -> int:
    """Start the Textual trainer (imported only now: the subcommands never load Textual)."""
    from trainer.ui.launch import launch

    return launch(args)


def _score(args: argparse.Namespace, out: TextIO) -> int:
    cards = parse_cards(args.cards)
    if args.starter is not None:
        starter = parse_card(args.starter)
    elif len(cards) < 2:
        raise HandError("give the hand cards and then the starter")
    else:
        starter = cards.pop()
    if len(cards) not in HAND_SIZES:
        raise HandError(
            f"a hand has 3, 4 or 5 cards besides the starter, got {len(cards)} "
            f"({format_cards(cards)}; starter {starter})"
        )
    breakdown = score_show(cards, starter, crib=args.crib)
    if args.json:
        json.dump(breakdown.to_dict(), out, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(render_breakdown(breakdown))
    return 0


def render_breakdown(b: Breakdown) -> str:
    """A breakdown as plain text: the items with their cards, totals, the spoken count."""
    what = "Crib" if b.crib else "Hand"
    lines = [f"{what} {format_cards(b.hand)}   starter {b.starter}", ""]
    width = max((len(format_cards(i.cards)) for i in b.items), default=0)
    for item in b.items:
        lines.append(f"  {item.kind:<8} {format_cards(item.cards):<{width}}  {item.points:>2}")
    if b.items:
        lines.append("")
    totals = b.category_totals()
    lines.append("  ".join(f"{name} {points}" for name, points in totals.items()))
    lines.append(b.announce())
    lines.append(f"Total: {b.total}")
    return "\n".join(lines) + "\n"


def _peg(args: argparse.Namespace, out: TextIO) -> int:
    score = score_play(parse_cards(args.cards))
    if args.json:
        json.dump(score.to_dict(), out)
        out.write("\n")
        return 0
    out.write(f"Cards {format_cards(score.cards)}   count {score.count}\n")
    for item in score.items:
        out.write(f"  {item.kind:<10} {format_cards(item.cards)}  {item.points}\n")
    out.write(f"{score.count}: {score.describe()}\n")
    out.write(f"Total: {score.total}\n")
    return 0


def _odds(args: argparse.Namespace, out: TextIO) -> int:
    dist = odds.distribution(args.hand_size, args.crib)
    total = sum(dist.values())
    mean = odds.mean(dist)
    if args.json:
        payload: dict[str, Any] = {
            "crib": args.crib,
            "hand_size": args.hand_size,
            "deals": total,
            "mean": mean,
            "counts": {str(s): n for s, n in dist.items()},
        }
        json.dump(payload, out)
        out.write("\n")
        return 0
    rule = "crib rules" if args.crib else "hand rules"
    out.write(f"Show scores: {args.hand_size}-card hand + starter, {rule}, {total:,} deals\n\n")
    out.write(f"{'score':>5}  {'deals':>12}  {'share':>8}  {'this or more':>12}\n")
    remaining = total
    for score, n in dist.items():
        out.write(f"{score:>5}  {n:>12,}  {n / total:>8.3%}  {remaining / total:>12.4%}\n")
        remaining -= n
    out.write(f"\nmean {mean:.4f}\n")
    return 0
