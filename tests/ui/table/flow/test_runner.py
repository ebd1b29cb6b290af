"""The game's driving loop at the table, without Textual: what each key means, when the
computer's move is due and shown, what opens after a step (a reveal, a hand's summary, the
game's end), in order, and that the game the runner plays is the one a bare session plays."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import pairwise

import pytest

from tests.factories import FakeClock
from tests.ui.flow.game_plans import (
    KIND_KEY,
    accept,
    by_keys,
    lowest_keys,
    right,
    same_game,
    two_short,
)
from trainer.game.pegboard import pegs_after
from trainer.game.record import cuts_for_deal
from trainer.game.session import GameSession
from trainer.game.state import Count, GameOptions, Lay, Respond
from trainer.game.variants import variant
from trainer.history import StatsStore
from trainer.judge.claims import AnnounceClaim, CatchAnswer, TotalClaim
from trainer.rules.show import score_show
from trainer.settings import GameChoices
from trainer.ui.flow.game_start import new_session, seat_names
from trainer.ui.table.flow.effects import (
    Asked,
    BotShown,
    BotTurn,
    Claims,
    Effect,
    Home,
    LogBack,
    NextGame,
    Notice,
    OpenGameOver,
    OpenHandSummary,
    OpenReveal,
    Pegs,
    Say,
    ShowAt,
    hand_row,
    middle_row,
)
from trainer.ui.table.flow.reveal import GameReveal
from trainer.ui.table.flow.runner import TableRunner


@pytest.fixture
def store() -> Iterator[StatsStore]:
    with StatsStore(":memory:") as opened:
        yield opened


def seated(
    store: StatsStore,
    name: str = "short",
    seed: int = 5,
    *,
    pause: float = 0.8,
    options: GameOptions | None = None,
    announce: bool = False,
) -> tuple[TableRunner, FakeClock]:
    """A runner at a new game against an easy computer, its pause timed by a fake clock."""
    rules = variant(name)
    names = seat_names(rules.players, False)
    session = GameSession.start(store, rules, seed, [None, "easy"], names=names, options=options)
    pause_clock = FakeClock()
    runner = TableRunner(
        session, announce=announce, pause=pause, clock=FakeClock(), now=pause_clock
    )
    return runner, pause_clock


def said(effects: list[Effect]) -> list[str]:
    """Every line the effects say in the log."""
    return [line for e in effects if isinstance(e, Say) for line in e.lines]


def reveals(effects: list[Effect]) -> list[GameReveal]:
    """The reveals the effects open, in order."""
    return [e.reveal for e in effects if isinstance(e, OpenReveal)]


def drive(
    runner: TableRunner, effects: list[Effect], stop: Callable[[Effect], bool] = lambda e: False
) -> list[Effect]:
    """Do what the screen does with ``effects`` (the computer's moves taken and shown at
    once, every reveal and hand summary closed) until the game waits for you, ``stop``
    picks an effect, or the game is over. Returns every effect seen."""
    seen: list[Effect] = []
    queue = list(effects)
    while queue:
        effect = queue.pop(0)
        seen.append(effect)
        if stop(effect):
            break
        if isinstance(effect, BotTurn):
            move = runner.bot_move()
            assert move is not None
            queue += runner.bot_moved(move)
        elif isinstance(effect, ShowAt):
            queue += runner.show_bot_move()
        elif isinstance(effect, OpenReveal | OpenHandSummary):
            queue += runner.closed()
    return seen


def your_move(runner: TableRunner) -> list[Effect]:
    """Your move as keys and typing, as `tests.ui.game_support.by_keys` decides it: the
    lowest cards thrown, the first card that can go, the true count, the computer's counts
    accepted."""
    asked = runner.asked
    assert asked is not None
    assert asked.seat == runner.human
    state = runner.state
    if asked.kind == "discard":
        keys = lowest_keys(runner.held(), state.rules.thrown)
        for key in keys:
            assert runner.key(key) == []
        done = runner.key("enter")
    elif asked.kind == "play":
        table = state.hand.table
        assert table is not None
        done = runner.key(str(runner.held().index(table.playable(runner.human)[0]) + 1))
    elif asked.kind == "count":
        seat, box = state.hand.to_show[0]
        cards = state.cards_of(seat, box)
        truth = score_show(cards, state.hand.dealt.starter, crib=box == "crib").total
        done = runner.typed(str(truth))
    else:
        done = runner.typed("a")
    assert done is not None
    return done


def test_a_whole_game_is_the_one_a_bare_session_plays(store: StatsStore) -> None:
    choices = GameChoices(variant="short", level="easy")
    runner = TableRunner(new_session(store, choices, random.Random(3)), pause=0.0)
    seen = drive(runner, runner.opening())
    while not runner.session.over:
        seen += drive(runner, your_move(runner))
    assert [e for e in seen if isinstance(e, OpenGameOver)] == [OpenGameOver()]  # once
    bare = same_game(StatsStore(":memory:"), choices, 3, right, accept)
    assert runner.session.record is not None
    assert bare.record is not None
    assert runner.session.record.to_dict() == bare.record.to_dict()
    # Every count of yours was revealed; a summary between each hand and the next.
    mine = [r for r in reveals(seen) if r.shown.seat == 0]
    assert mine
    assert all(r.verdict is not None and r.verdict.exact for r in mine)
    hands = [e.hand.number for e in seen if isinstance(e, OpenHandSummary)]
    assert hands == list(range(1, len(runner.session.hands)))
    assert runner.after_game(True) == [Home()]  # no match: home either way


def test_the_opening_sets_the_board_greets_and_asks_for_the_throw(store: StatsStore) -> None:
    runner, _ = seated(store)
    effects = runner.opening()
    assert effects[0] == Pegs(runner.state.scores, runner.state.scores)
    said = effects[1]
    assert isinstance(said, Say)
    assert said.lines[0] == f"{runner.session.setup.rules.name}. Good luck!"
    asked = runner.asked
    if asked is not None and asked.seat == runner.human:
        assert effects[2:] == [Asked()]
        assert runner.entry is None  # cards are thrown with keys, not typed


def test_keys_pick_cards_to_throw_and_enter_throws_them(store: StatsStore) -> None:
    runner, _ = seated(store)
    drive(runner, runner.opening())
    held = runner.held()
    assert runner.key("1") == []
    assert runner.picked == [held[0]]
    assert runner.key("1") == []  # picked again: unpicked
    assert runner.picked == []
    assert runner.key("enter") == [Notice("pick 2 card(s) to throw first", timeout=3)]
    runner.key("1")
    runner.key("2")
    assert runner.key("3") == [Notice("you throw 2: unpick one first", timeout=3)]
    assert runner.key("9") is None  # no ninth card: not the table's key
    assert runner.key("escape") is None  # the screen's (leave)
    effects = runner.key("enter")
    assert effects is not None
    assert runner.state.hand.thrown[0] == (held[0], held[1])
    assert runner.picked == []
    assert any(line.startswith("You throw") for line in said(effects))
    assert effects[-1] == BotTurn()  # the computer throws next


def test_the_computer_s_move_waits_its_pause_and_any_key_shows_it(store: StatsStore) -> None:
    runner, now = seated(store, pause=0.8)
    drive(runner, runner.opening())
    runner.key("1")
    runner.key("2")
    thrown = runner.key("enter")
    assert thrown is not None
    assert thrown[-1] == BotTurn()
    assert runner.bot is not None
    due = runner.bot.due
    assert due == now() + 0.8
    move = runner.bot_move()  # in the screen's worker
    assert move is not None
    before = runner.state
    waiting = runner.bot_moved(move)
    assert len(waiting) == 1
    assert isinstance(waiting[0], ShowAt)
    assert waiting[0].delay == pytest.approx(0.8)
    assert runner.state is before  # taken and saved, not shown yet
    assert runner.session.state is not before
    assert runner.key("escape") is None  # its own meaning, even now
    shown = runner.key("space")  # any other key shows it now
    assert shown is not None
    assert shown[-1] == BotShown(due, skipped=True)
    assert runner.state is runner.session.state
    assert runner.show_bot_move() == []  # the timer, coming late, shows nothing more


def test_a_key_before_the_move_is_taken_shows_it_as_soon_as_it_is(store: StatsStore) -> None:
    runner, _ = seated(store, pause=30.0)
    drive(runner, runner.opening())
    runner.key("1")
    runner.key("2")
    runner.key("enter")
    assert runner.key("space") == []  # nothing to show yet: the worker still decides
    move = runner.bot_move()
    assert move is not None
    shown = runner.bot_moved(move)  # its pause cut short by the key
    assert isinstance(shown[-1], BotShown)
    assert shown[-1].skipped


def test_a_move_taken_after_its_pause_is_shown_at_once(store: StatsStore) -> None:
    runner, now = seated(store, pause=0.8)
    drive(runner, runner.opening())
    runner.key("1")
    runner.key("2")
    effects = runner.key("enter")
    assert effects is not None
    assert effects[-1] == BotTurn()
    move = runner.bot_move()
    assert move is not None
    now.advance(1.0)  # the computer took longer than its pause
    shown = runner.bot_moved(move)
    assert shown[-1] == BotShown(now() - 1.0 + 0.8, skipped=False)
    assert any("Computer throws" in line for line in said(shown))


def until_your_count(runner: TableRunner) -> None:
    """Play (throwing, laying) until the game asks for your count."""
    drive(runner, runner.opening())
    while (asked := runner.asked) is not None and asked.kind != "count":
        drive(runner, your_move(runner))


def test_your_count_is_answered_at_once_and_revealed_in_place(store: StatsStore) -> None:
    runner, now = seated(store, pause=30.0)
    until_your_count(runner)
    assert runner.entry == "Your count, Enter"
    empty = Notice("type your count first (0 or 19 if it scores nothing)", "warning", 4)
    assert runner.typed("") == [empty]
    effects = runner.typed("2")
    assert effects[-1] == BotTurn(at_once=True)  # the table is not drawn before the answer
    assert runner.bot is not None
    assert runner.bot.due == now()  # the answer to your count is not kept waiting
    move = runner.bot_move()
    assert move is not None
    shown = runner.bot_moved(move)
    opened = reveals(shown)
    assert len(opened) == 1
    reveal = opened[0]
    assert reveal.shown.seat == runner.human
    assert reveal.verdict is not None
    assert reveal.verdict.claimed == 2
    assert reveal.lines[0] == reveal.verdict.claim_line()
    assert reveal.title.startswith("Your ")
    # While it is open nothing moves and keys are not the table's.
    assert runner.busy
    assert not runner.prompting
    assert runner.key("1") is None
    assert runner.clicked(runner.held()[0]) is None
    assert runner.advance() == []
    # Closed: the game goes on.
    assert runner.closed()


def test_an_answered_count_is_revealed_with_your_answer(store: StatsStore) -> None:
    runner, _ = seated(store, pause=0.0)
    drive(runner, runner.opening())
    while (asked := runner.asked) is not None and asked.kind != "respond":
        drive(runner, your_move(runner))
    count = runner.state.hand.pending
    assert count is not None
    effects = drive(runner, runner.typed("t"), stop=lambda e: isinstance(e, OpenReveal))
    reveal = reveals(effects)[-1]
    assert reveal.verdict is None
    assert reveal.answered is not None
    assert reveal.answered.seat == runner.human
    assert reveal.answered.answer == CatchAnswer(too_many=True)
    assert reveal.lines[1].startswith("You answered: too many.")


def test_announcing_a_count_with_keys(store: StatsStore) -> None:
    runner, _ = seated(store, announce=True)
    until_your_count(runner)
    draft = runner.draft
    assert draft is not None
    assert runner.entry is None  # announced with keys, not typed
    assert runner.key("x") is None  # no meaning
    assert runner.key("1") == []
    assert draft.picked == [draft.cards[0]]
    assert runner.key("1") == []
    assert draft.picked == []
    unpicked = Notice(
        f"pick the cards of the combination first (1-{len(draft.cards)})", "warning", 3
    )
    assert runner.key("f") == [unpicked, Claims()]
    asked = runner.asked
    assert asked is not None
    assert draft.starter is not None
    truth = score_show(draft.hand, draft.starter, crib=asked.box == "crib")
    for item in truth.items:
        for card in item.cards:
            assert runner.key(str(draft.cards.index(card) + 1)) == []
        assert runner.key(KIND_KEY[item.kind]) == [Claims()]
    assert len(draft.claims) == len(truth.items)
    if truth.items:
        assert runner.key("backspace") == [Claims()]  # the last one taken back
        assert len(draft.claims) == len(truth.items) - 1
    effects = runner.key("enter")
    assert effects is not None
    assert effects[0] == LogBack()
    assert runner.draft is None
    pending = runner.state.hand.pending
    assert pending is not None  # the computer answers in a step of its own
    assert pending.count is not None
    assert pending.count.claim == draft.answer()
    assert isinstance(draft.answer(), AnnounceClaim)


def test_you_peg_your_own_play_by_typing(store: StatsStore) -> None:
    options = GameOptions(peg_own=frozenset({0}))
    runner, _ = seated(store, options=options)
    drive(runner, runner.opening())
    while (asked := runner.asked) is not None and asked.kind != "play":
        drive(runner, your_move(runner))
    table = runner.state.hand.table
    assert table is not None
    card = table.playable(runner.human)[0]
    assert runner.key(str(runner.held().index(card) + 1)) == [Asked()]
    assert runner.laying == card
    assert runner.entry == "What it pegs, Enter"
    assert runner.key("1") is None  # typing now, not picking
    # On the table with the count it makes, out of your hand, until you say what it pegs.
    row = middle_row(runner.state, None, runner.laying)
    assert row.cards[-1] == card
    assert card not in hand_row(runner.state, asked, 0, [], runner.laying).cards
    assert runner.key("escape") == [Asked()]  # taken back
    assert runner.laying is None
    assert runner.entry is None
    assert runner.key("escape") is None  # now the screen's (leave)
    runner.key(str(runner.held().index(card) + 1))
    runner.typed("0")
    assert runner.laying is None
    assert runner.entry is None
    assert card not in runner.held()  # laid, saying it pegs nothing


def test_enter_with_cards_picked_and_not_claimed_asks_once(store: StatsStore) -> None:
    runner, _ = seated(store, announce=True)
    until_your_count(runner)
    draft = runner.draft
    assert draft is not None
    assert runner.key("1") == []
    assert runner.key("2") == []
    said = Notice(
        "2 cards are picked, not claimed: f, p, r, l or n claims them, Enter again leaves them out",
        "warning",
        6,
    )
    assert runner.key("enter") == [said]
    assert runner.draft is draft  # the count is not ended
    ended = runner.key("enter")
    assert ended is not None
    assert said not in ended
    assert runner.draft is not draft  # ended, the picked cards left out


def test_a_move_refused_or_not_saved(store: StatsStore) -> None:
    runner, _ = seated(store)
    drive(runner, runner.opening())
    refused = runner.take(Lay(runner.human, runner.held()[0]))  # it is the throw, not the play
    assert len(refused) == 1
    assert isinstance(refused[0], Notice)
    assert refused[0].severity == "warning"
    assert runner.bot_failed("disk full") == [
        Notice("The game could not go on: disk full", "error", 10),
        Home(),
    ]


def test_the_match_s_next_game_follows_the_game_over(store: StatsStore) -> None:
    choices = GameChoices(variant="short", level="easy", match_points=3)
    runner = TableRunner(new_session(store, choices, random.Random(4)), pause=0.0)
    drive(runner, runner.opening())
    while not runner.session.over:
        drive(runner, your_move(runner))
    assert runner.following is not None
    assert runner.after_game(False) == [Home()]
    assert runner.after_game(True) == [NextGame(runner.following)]


def test_a_short_count_mugged_is_revealed_with_what_the_computer_took(
    store: StatsStore,
) -> None:
    choices = GameChoices(variant="short", level="standard")
    runner = TableRunner(new_session(store, choices, random.Random(2)), pause=0.0)
    seen = drive(runner, runner.opening())
    while not runner.session.over:
        asked = runner.asked
        assert asked is not None
        action = by_keys(runner.state, asked, two_short, accept)
        if isinstance(action, Count):
            assert isinstance(action.claim, TotalClaim)
            seen += drive(runner, runner.typed(str(action.claim.points)))
        else:
            seen += drive(runner, your_move(runner))
    mugged = [r for r in reveals(seen) if r.shown.seat == 0 and r.shown.mugged]
    assert mugged
    assert all(f"Muggins: Computer takes {r.shown.mugged}." in r.lines for r in mugged)


def test_a_side_that_does_not_score_keeps_its_back_peg(store: StatsStore) -> None:
    choices = GameChoices(variant="short", level="easy")
    runner = TableRunner(new_session(store, choices, random.Random(3)), pause=0.0)
    seen = drive(runner, runner.opening())
    while not runner.session.over:
        seen += drive(runner, your_move(runner))
    moves = [e for e in seen if isinstance(e, Pegs)]
    assert len(moves) > 20
    kept = 0
    for was, now in pairwise(moves):
        assert now.before is not None
        assert was.before is not None
        for side, (old, new) in enumerate(zip(was.scores, now.scores, strict=True)):
            if old == new:  # this side did not score: its back peg stays
                assert now.before[side] == was.before[side]
                kept += was.before[side] < old  # a back peg behind its front one, kept
            else:
                assert old <= now.before[side] < new
    assert kept  # (the game had a side score while the other's back peg showed)


def test_a_resumed_game_has_its_back_pegs(store: StatsStore) -> None:
    choices = GameChoices(variant="short", level="easy")
    runner = TableRunner(new_session(store, choices, random.Random(3)), pause=0.0)
    drive(runner, runner.opening())
    while runner.state.hand.number < 3:
        drive(runner, your_move(runner))
    resumed = GameSession.resume(store)
    assert resumed is not None
    again = TableRunner(resumed, pause=0.0)
    pegs = again.opening()[0]
    events = [e for hand in resumed.hands for e in hand.events]
    assert pegs == Pegs(resumed.state.scores, pegs_after(resumed.setup.rules, events).back)
    assert pegs.before is not None
    assert all(b < f for b, f in zip(pegs.before, pegs.scores, strict=True))


def test_the_cut_for_the_deal_is_said_with_its_cards(store: StatsStore) -> None:
    runner, _ = seated(store)
    lines = said(runner.opening())
    setup = runner.session.setup
    you, computer = cuts_for_deal(setup.seed, 2)[-1]
    assert (
        lines[1] == f"Cut for deal (low card deals): you {you.symbol}, Computer {computer.symbol}"
    )
    dealer = "You deal" if setup.first_dealer == 0 else "Computer deals"
    assert lines[2] == f"Hand 1: {dealer}"


def test_a_resumed_game_s_log_is_told_again(store: StatsStore) -> None:
    choices = GameChoices(variant="short", level="easy")
    runner = TableRunner(new_session(store, choices, random.Random(3)), pause=0.0)
    lines = said(drive(runner, runner.opening()))
    while runner.state.hand.number < 3:
        lines += said(drive(runner, your_move(runner)))
    resumed = GameSession.resume(store)
    assert resumed is not None
    told = said(TableRunner(resumed, pause=0.0).opening())
    assert told[:-1] == lines  # every line said before, in order
    assert told[-1].startswith("Welcome back: Two players, to 61, hand 3;")


@pytest.mark.parametrize("reveal_accepted", [True, False], ids=["reveal on", "reveal off"])
def test_a_alone_accepts_and_its_reveal_follows_the_setting(
    store: StatsStore, reveal_accepted: bool
) -> None:
    runner, _ = seated(store, pause=0.0)
    runner.reveal_accepted = reveal_accepted
    drive(runner, runner.opening())
    while (asked := runner.asked) is not None and asked.kind != "respond":
        drive(runner, your_move(runner))
    for waiting in ("", "t", "1", "ab", " "):
        assert runner.typing(waiting) is None  # these wait for Enter (t may begin "ten")
    steps = len(runner.session.actions)
    effects = drive(runner, runner.typing("A") or [])
    assert runner.session.actions[steps : steps + 1] == [Respond(runner.human, CatchAnswer())]
    answered = [r for r in reveals(effects) if r.answered is not None]
    assert len(answered) == (1 if reveal_accepted else 0)


def test_a_call_is_revealed_with_accepts_unrevealed(store: StatsStore) -> None:
    runner, _ = seated(store, pause=0.0)
    runner.reveal_accepted = False
    drive(runner, runner.opening())
    while (asked := runner.asked) is not None and asked.kind != "respond":
        drive(runner, your_move(runner))
    effects = drive(runner, runner.typed("t"), stop=lambda e: isinstance(e, OpenReveal))
    assert reveals(effects)[-1].answered is not None
