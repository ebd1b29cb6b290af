"""The ``muggins`` command line: every option and subcommand, parsed.

Parsing needs none of the subcommands' machinery, so starting the trainer (no
subcommand) loads only this.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from trainer import __version__
from trainer.cli.advise_parser import advise_parsers
from trainer.cli.arg_types import MugginsParser, integer, path, port
from trainer.judge.policy import POLICIES
from trainer.rules.sizes import HAND_SIZES


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``muggins`` and every subcommand."""
    parser = MugginsParser(
        prog="muggins",
        description="Muggins: a cribbage hand-count trainer. Count hands, see every point.",
    )
    parser.add_argument("--version", action="version", version=f"muggins {__version__}")
    parser.add_argument("--drill", metavar="NAME", help="start this drill set right away")
    parser.add_argument(
        "--seed", type=integer, metavar="N", help="deal reproducibly from seed N (0 to 2**63 - 1)"
    )
    parser.add_argument(
        "--plain-cards", action="store_true", help="suits as letters (S H D C), not symbols"
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="the drills as lines of plain text, for screen readers and braille displays",
    )
    parser.add_argument(
        "--audio",
        action="store_true",
        help="the drills by ear and by voice: each hand read aloud, the count said "
        "(needs espeak-ng, the voice extra and a microphone)",
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

    hear = sub.add_parser(
        "hear",
        help="recognise one recorded count and judge it (needs the voice extra)",
        description="Recognise a count said aloud in a WAV file (any sample rate, mono or "
        "stereo, 16-bit PCM) for the hand given, print what was heard, the claim and the "
        "verdict. A recording with no count in it exits 2.",
    )
    hear.add_argument("wav", type=path("WAV"), metavar="WAV", help="the recording")
    hear.add_argument("--hand", nargs="+", required=True, metavar="CARD", help="the hand cards")
    hear.add_argument("--starter", required=True, metavar="CARD", help="the starter (cut card)")
    hear.add_argument("--crib", action="store_true", help="count as the crib (flush rule)")
    hear.add_argument(
        "--policy", choices=POLICIES, default="acc", help="the muggins policy (default acc)"
    )
    hear.add_argument(
        "--live",
        action="store_true",
        help="hear it as push-to-talk does, fed at full speed: the count ends on its final "
        "total or after a silence, as at the table (says why it ended, and when)",
    )
    hear.add_argument("--json", action="store_true", help="print JSON")

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
        type=integer,
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
        "--check",
        nargs="+",
        type=path("--check"),
        metavar="FILE",
        help="validate drill files; exit 2 on an error",
    )

    deal = sub.add_parser(
        "deal",
        help="deal one question from a drill set",
        description="Deal the first question of a drill set (by id, the file name without "
        ".yaml), as the trainer deals it with the same --seed. The seed it prints replays it.",
    )
    deal.add_argument("drill", metavar="DRILL", help="drill id, e.g. warm-up")
    deal.add_argument(
        "--seed",
        type=integer,
        metavar="N",
        help="deal from seed N (0 to 2**63 - 1), as the trainer",
    )
    deal.add_argument(
        "--hands",
        type=integer,
        default=1,
        metavar="K",
        help="deal the first K questions (default 1)",
    )
    deal.add_argument(
        "--json", action="store_true", help="print JSON (one line per question), with the count"
    )

    _history_parsers(sub)
    _game_parsers(sub)
    advise_parsers(sub)
    _serve_parser(sub)

    for subparser in sub.choices.values():
        _add_common(subparser, top=False)
    return parser


def _game_parsers(sub: argparse._SubParsersAction[MugginsParser]) -> None:
    p = sub.add_parser(
        "simulate",
        help="play games between computer players and sum them up",
        description="Play bot-only games to the end by the rules and print, per seat, wins, "
        "skunks, points a hand from the play, the hand and the crib, miscounts and muggins "
        "taken (or, with --json, every game's whole record).",
    )
    p.add_argument(
        "--variant",
        default="standard",
        choices=("standard", "short", "five-card", "three-hand", "four-hand", "four-hand-solo"),
        help="default: standard",
    )
    p.add_argument("--games", type=integer, default=100, metavar="N", help="default: 100")
    p.add_argument("--seed", type=integer, default=1, metavar="S", help="default: 1")
    p.add_argument(
        "--bots",
        metavar="LEVEL,LEVEL[,...]",
        help="one level a seat, or one for every seat: easy, standard or strong (default: "
        "standard for the first side, easy for the others: standard,easy with two players)",
    )
    p.add_argument("--muggins", default="acc", metavar="POLICY", help="off, acc, hoyle or bsd")
    p.add_argument("--json", action="store_true", help="print every game's record as JSON")
    p.add_argument(
        "--analyse",
        action="store_true",
        help="the coach's ledger: the points each seat lost by its discards, play, counts "
        "and calls (with --json, each hand's ledger in its record)",
    )


def _serve_parser(sub: argparse._SubParsersAction[MugginsParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="practise in a web browser: serve the trainer at a local address",
        description="Serve the trainer to a web browser: each tab is a trainer of its own, "
        "with the same data folder, settings and drills. Nothing is fetched from outside "
        "this machine. Only the server's own page may use it, but there is no login: it "
        "listens on 127.0.0.1 (this machine only) unless --host says otherwise, and anyone "
        "who can reach the port can use it. Ctrl+C stops it, once every tab has saved.",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDR",
        help="listen on this address (default: 127.0.0.1; 0.0.0.0: every network)",
    )
    p.add_argument(
        "--port",
        type=port,
        default=8000,
        metavar="N",
        help="default: 8000; 0: any free port. Never one browsers refuse (1, 22, 6000...)",
    )
    p.add_argument(
        "--max-tabs",
        type=integer,
        default=4,
        metavar="N",
        help="at most N tabs (trainers) at once, 1 to 64 (default: 4)",
    )
    p.add_argument(
        "--public-url",
        metavar="URL",
        help="the address browsers use when a proxy stands in front (https://muggins.example)",
    )
    p.add_argument("--open", action="store_true", help="open the page in the default browser")


def _add_common(parser: argparse.ArgumentParser, *, top: bool) -> None:
    """Options every command takes, before or after the subcommand's name.

    After the subcommand they land in ``sub_*`` attributes, merged by `_merge_common`
    (argparse would otherwise let the subcommand's values replace the top-level ones).
    """
    prefix = "" if top else "sub_"
    parser.add_argument(
        "--data-dir",
        dest=f"{prefix}data_dir",
        type=path("--data-dir"),
        metavar="DIR",
        help="keep stats, settings and your drills here (default: $MUGGINS_HOME or the "
        "user data folder)",
    )
    parser.add_argument(
        "--drills",
        dest=f"{prefix}drills",
        type=path("--drills"),
        metavar="DIR",
        action="append",
        help="also load drill sets from DIR (repeatable)",
    )


def _merge_common(args: argparse.Namespace) -> None:
    sub_dir = getattr(args, "sub_data_dir", None)
    if sub_dir is not None:
        args.data_dir = sub_dir
    args.drills = (args.drills or []) + (getattr(args, "sub_drills", None) or [])


def _history_parsers(sub: argparse._SubParsersAction[MugginsParser]) -> None:
    """The stats, review, export and import subcommands."""
    p = sub.add_parser(
        "stats",
        help="your accuracy and speed by drill set, your games, misses by combination, progress",
        description="Statistics from every answer recorded: per drill set, your games against "
        "the computer, per kind of combination (how often you miss it when it is there), and "
        "progress by day and session.",
    )
    p.add_argument("--drill", metavar="NAME", help="only this drill set (id or name)")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser(
        "review",
        help="the combinations you missed or wrongly claimed, and wrong totals, newest first",
        description="The combinations you missed or claimed wrongly, newest first, each with "
        "its hand, and each total you claimed wrong, as its whole hand; and how many hands "
        "are due to be re-drilled.",
    )
    p.add_argument(
        "--kind",
        metavar="KIND",
        help="only this kind (fifteen-3, pair-royal, … or fifteen, run…; total: wrong totals)",
    )
    p.add_argument("--drill", metavar="NAME", help="only this drill set (id or name)")
    p.add_argument(
        "--limit", type=integer, default=50, metavar="N", help="show at most N (default 50; 0: all)"
    )
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser(
        "export",
        help="write every recorded answer and game to a file (JSON or CSV)",
        description="Export the whole history, complete enough to rebuild it with "
        "`muggins import` (on another machine, say). CSV holds the answers only; JSON "
        "holds the games too.",
    )
    p.add_argument("--format", choices=("json", "csv"), default="json", help="default: json")
    p.add_argument(
        "-o",
        "--output",
        type=path("--output"),
        metavar="FILE",
        help="write here (default: standard output); an existing file is replaced whole",
    )

    p = sub.add_parser(
        "import",
        help="bring back an export (answers and games already kept are skipped)",
        description="Add the answers and games of an export (JSON or CSV) to your history; "
        "those already kept are skipped.",
    )
    p.add_argument(
        "file", type=path("FILE"), metavar="FILE", help="a file written by muggins export"
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line as options (``command`` None: start the trainer)."""
    args = build_parser().parse_args(argv)
    _merge_common(args)
    return args
