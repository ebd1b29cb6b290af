"""The counting subcommands of ``muggins``: score a show, score a card laid, the odds table.

Each imports what it runs when it runs: ``score`` neither the pegging scorer nor the odds
nor the drills (the crib's size is the rules'), and it works out its one show without the
table of every rank pattern.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from trainer.rules.cards import format_cards, parse_card, parse_cards
from trainer.rules.show import HAND_SIZES, Breakdown, HandError, score_show
from trainer.rules.sizes import CRIB_SIZE


def score(args: argparse.Namespace, out: TextIO) -> int:
    cards = parse_cards(args.cards)
    if args.starter is not None:
        starter = parse_card(args.starter)
    elif len(cards) < 2:
        raise HandError("give the hand cards and then the starter")
    else:
        starter = cards.pop()
    if args.crib and len(cards) != CRIB_SIZE:
        raise HandError(
            f"a crib has {CRIB_SIZE} cards besides the starter in every game, got {len(cards)} "
            f"({format_cards(cards)}; starter {starter})"
        )
    if len(cards) not in HAND_SIZES:
        raise HandError(
            f"a hand has 3, 4 or 5 cards besides the starter, got {len(cards)} "
            f"({format_cards(cards)}; starter {starter})"
        )
    # One show: its rank pattern worked out alone, not the table of them all.
    breakdown = score_show(cards, starter, crib=args.crib, table=False)
    if args.json:
        import json

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


def peg(args: argparse.Namespace, out: TextIO) -> int:
    from trainer.rules.play import score_play

    score = score_play(parse_cards(args.cards))
    if args.json:
        import json

        json.dump(score.to_dict(), out)
        out.write("\n")
        return 0
    out.write(f"Cards {format_cards(score.cards)}   count {score.count}\n")
    for item in score.items:
        name = item.kind.replace("_", "-")  # thirty-one, as it is said and written
        out.write(f"  {name:<10} {format_cards(item.cards)}  {item.points}\n")
    out.write(f"{score.count}: {score.describe()}\n")
    out.write(f"Total: {score.total}\n")
    return 0


def odds_table(args: argparse.Namespace, out: TextIO) -> int:
    from trainer.rules import odds

    dist = odds.distribution(args.hand_size, args.crib)
    total = sum(dist.values())
    mean = odds.mean(dist)
    if args.json:
        import json

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
