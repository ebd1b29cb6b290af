"""``muggins advise``: the coach's advice for scripts, the same numbers the ledger uses.

``advise discard`` values every throw of a dealt hand (`trainer.game.coach.discard`);
``advise play`` values every card that may be laid in a position of the play
(`trainer.game.coach.play`). Bad input raises a ValueError naming it: one line, exit 2.
Each imports its own advice when it runs: the discard's never loads the play's search.
"""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from trainer.game.variants import variant
from trainer.rules.cards import format_cards, parse_cards


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.advise == "play":
        return play(args, out)
    return discard(args, out)


def discard(args: argparse.Namespace, out: TextIO) -> int:
    from trainer.game.coach.discard import discard_advice

    rules = variant(args.variant)
    dealt = parse_cards(args.cards)
    throws = discard_advice(dealt, rules, own_crib=args.dealer)
    if args.json:
        json.dump({"throws": [t.to_dict() for t in throws]}, out)
        out.write("\n")
        return 0
    whose = "your crib" if args.dealer else "their crib"
    out.write(f"Dealt {format_cards(dealt)}: {rules.name}, {whose}\n\n")
    keep_width = max(len("keep"), *(len(format_cards(t.keep)) for t in throws))
    throw_width = max(len("throw"), *(len(format_cards(t.throw)) for t in throws))
    out.write(
        f"  {'keep':<{keep_width}}  {'throw':<{throw_width}}  {'hand':>6}  {'crib':>6}  "
        f"{'net':>6}\n"
    )
    for t in throws:
        out.write(
            f"  {format_cards(t.keep):<{keep_width}}  {format_cards(t.throw):<{throw_width}}  "
            f"{t.hand:>6.2f}  {t.crib:>6.2f}  {round(t.net, 2) + 0.0:>6.2f}\n"
        )
    out.write("\nhand: the kept cards' mean over every starter; crib: its mean; ")
    out.write(f"net: hand {'+' if args.dealer else '-'} crib\n")
    return 0


def play(args: argparse.Namespace, out: TextIO) -> int:
    from trainer.game.coach.play import play_advice
    from trainer.game.coach.spot import two_player_spot

    rules = variant(args.variant)
    hand, pile, seen = (parse_cards(args.hand), parse_cards(args.pile), parse_cards(args.seen))
    spot = two_player_spot(
        rules,
        hand,
        pile,
        seen,
        dealer=args.dealer,
        theirs=args.theirs,
        go=args.go,
        earlier_go=args.earlier_go,
    )
    advice = play_advice(spot)
    if args.json:
        data = {
            "count": spot.count,
            "cards": [v.to_dict() for v in advice.cards],
            "deals": advice.deals,
            "exact": advice.exact,
            "ahead": advice.ahead,
        }
        json.dump(data, out)
        out.write("\n")
        return 0
    pile_text = f"the pile {format_cards(pile)} (count {spot.count})" if pile else "your lead"
    out.write(f"Your hand {format_cards(hand)}, {pile_text}; your opponent holds {spot.held[1]}")
    said = [] if args.go is None else ["has said go"]
    if args.earlier_go is not None:
        said.append(f"said go at {args.earlier_go} earlier this hand")
    out.write((" and " + " and ".join(said) if said else "") + "\n\n")
    if not advice.cards:
        out.write("No card fits: you say go.\n")
        return 0
    out.write(f"  {'card':<4}  {'value':>6}\n")
    for v in advice.cards:
        out.write(f"  {v.card!s:<4}  {round(v.value, 2) + 0.0:>+6.2f}\n")  # never -0.00
    deals = "every deal" if advice.exact else f"{advice.deals} deals (the same each time)"
    solved = "to the end" if advice.ahead is None else f"{advice.ahead} cards ahead"
    out.write(
        "\nvalue: what the rest of the play pegs for you less your opponent, on average over "
        f"{deals} of the cards you have not seen to your opponent, each solved {solved}\n"
    )
    return 0
