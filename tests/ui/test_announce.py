"""Announcing and claiming a count as a player would, driven through the real app: group
claims by key, the claims list that scrolls, time-outs and empty announcements, the 19
rule by hand size, the count box's limits, and the second try after a wrong total."""

from __future__ import annotations

from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.factories import FakeClock
from tests.ui.support import ListRecorder, app_for, drill, entry, notifications, revealing, running
from tests.ui.waiting import until
from trainer.judge.verdict import Verdict
from trainer.quiz.questions import ShowQuestion
from trainer.rules.cards import JACK, Card
from trainer.rules.groups import Group
from trainer.ui.app import MugginsApp
from trainer.ui.screens.quiz import QuizScreen
from trainer.ui.widgets.card_table import CardTable

KEYS = {"fifteen": "f", "pair": "p", "run": "r", "flush": "l", "nobs": "n"}


def announce_drill(deal: dict[str, Any], **fields: Any) -> Any:
    data = {"name": "Say it", "description": "d", "hands": 1, "claim": "announce", "deal": deal}
    return drill({**data, **fields})


def question(app: MugginsApp) -> ShowQuestion:
    q = app.runner.question
    assert isinstance(q, ShowQuestion)
    return q


def said_cards(group: Group, q: ShowQuestion) -> tuple[Card, ...]:
    """The cards a player picks for a group: nobs by the jack alone, a flush by the hand."""
    if group.kind == "nobs":
        return tuple(c for c in group.cards if c.rank == JACK and c in q.deal.hand)
    if group.kind == "flush":
        return tuple(c for c in group.cards if c in q.deal.hand)
    return group.cards


async def claim(pilot: Pilot[Any], app: MugginsApp, cards: tuple[Card, ...], kind: str) -> None:
    order = app.screen.query_one("#table", CardTable).all_cards
    for card in cards:
        await pilot.press(str(order.index(card) + 1))
    await pilot.press(KEYS[kind])
    await pilot.pause()


async def claim_as_spoken(pilot: Pilot[Any], app: MugginsApp) -> ShowQuestion:
    """Claim every group of the hand the way it is said aloud, one key a group."""
    q = question(app)
    for group in q.breakdown.groups:
        await claim(pilot, app, said_cards(group, q), group.kind)
    return q


@pytest.mark.parametrize(
    "deal",
    [
        {"require": ["pair-royal"]},
        {"require": ["double-run"]},
        {"require": ["triple-run"]},
        {"require": ["double-double-run"]},
        {"require": ["nobs", "pair"]},
        {"require": ["five-flush"]},
    ],
    ids=["pair-royal", "double-run", "triple-run", "double-double-run", "nobs", "flush"],
)
async def test_a_hand_announced_in_groups_is_exact(
    deal: dict[str, Any], clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(announce_drill(deal))], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = await claim_as_spoken(pilot, app)
        said = str(app.screen.query_one("#claim-list", Static).render())
        for group in q.breakdown.groups:
            if group.name not in ("fifteen", "run", "flush", "nobs"):
                assert f"a {group.name}" in said
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        verdict = recorder.attempts[-1].judgement
        assert isinstance(verdict, Verdict)
        assert verdict.exact, verdict.summary()
        assert verdict.opponent == 0
        assert sorted(map(str, verdict.right)) == sorted(map(str, q.breakdown.items))


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_claims_list_scrolls_to_the_newest_and_stays_on_screen(
    size: tuple[int, int], clock: FakeClock, recorder: ListRecorder
) -> None:
    # Six or more fifteens claimed one by one: more claims than the box has lines.
    app = app_for([entry(announce_drill({"fifteens": 6}))], clock, recorder)
    async with running(app, size) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = question(app)
        fifteens = q.breakdown.of_kind("fifteen")
        for f in fifteens:
            await claim(pilot, app, f.cards, "fifteen")
        await pilot.pause()
        box = app.screen.query_one("#claims", VerticalScroll)
        lines = str(app.screen.query_one("#claim-list", Static).render()).splitlines()
        assert len(lines) == len(fifteens) >= 6
        assert box.region.bottom <= size[1] - 1  # above the footer
        assert box.region.height >= 3
        assert box.scroll_y == box.max_scroll_y  # the newest claim is in view
        assert str(len(fifteens)) in str(box.border_title)


async def test_the_hint_names_only_the_cards_on_the_table(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(announce_drill({}, variant="five-card"))], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        hint = str(app.screen.query_one(".hint", Static).render())
        assert "1-4" in hint
        assert "1-6" not in hint


async def test_a_time_out_judges_what_was_already_claimed(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = announce_drill({"require": ["pair", "fifteen"]}, time={"per_hand": 20})
    app = app_for([entry(d)], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = question(app)
        pair = q.breakdown.of_kind("pair")[0]
        await claim(pilot, app, pair.cards, "pair")
        clock.advance(21)
        await until(pilot, lambda: revealing(app), "the reveal")
        await pilot.pause()
        attempt = recorder.attempts[-1]
        assert attempt.timed_out
        verdict = attempt.judgement
        assert isinstance(verdict, Verdict)
        assert pair in verdict.right
        assert verdict.claimed == 2
        assert verdict.summary().startswith("Time's up. You claimed 2 in 1 claim;")


async def test_an_empty_announcement_asks_once(clock: FakeClock, recorder: ListRecorder) -> None:
    app = app_for([entry(announce_drill({"require": ["pair"]}))], clock, recorder)
    caught = notifications(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuizScreen)
        assert any("Nothing claimed" in n for n in caught)
        assert recorder.attempts == []
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        assert recorder.attempts[-1].judgement.claimed == 0


async def test_a_run_of_two_is_refused_as_it_is_named(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    """Two cards of a run named a run: refused on the spot (no run is two ranks, whatever
    the hand), still picked; with the third card they are claimed."""
    app = app_for([entry(announce_drill({"require": ["run"]}))], clock, recorder)
    caught = notifications(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = question(app)
        run = next(g for g in q.breakdown.groups if g.name == "run")
        screen = app.screen
        assert isinstance(screen, QuizScreen)
        await claim(pilot, app, run.cards[:2], "run")
        assert screen.draft.claims == []
        assert caught[-1] == "a run is three ranks or more in a row; these cards have two ranks"
        assert screen.draft.picked == list(run.cards[:2])
        await claim(pilot, app, run.cards[2:], "run")
        assert [set(c.cards) for c in screen.draft.claims] == [set(run.cards)]
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        verdict = recorder.attempts[-1].judgement
        assert isinstance(verdict, Verdict)
        assert verdict.wrong == ()


async def test_cards_picked_and_not_claimed_are_asked_about_before_the_count_ends(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    """Enter with cards picked and no kind named for them says so and waits; the kind then
    claims them. Enter twice on the same picked cards ends the count without them."""
    app = app_for([entry(announce_drill({"require": ["pair"]}))], clock, recorder)
    caught = notifications(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = question(app)
        pair = next(g for g in q.breakdown.groups if g.kind == "pair")
        order = app.screen.query_one("#table", CardTable).all_cards
        for card in pair.cards:
            await pilot.press(str(order.index(card) + 1))
        await pilot.press("enter")
        await pilot.pause()
        said = f"{len(pair.cards)} cards are picked, not claimed: f, p, r, l or n claims them, "
        assert caught[-1] == said + "Enter again leaves them out"
        assert recorder.attempts == []
        await pilot.press("p")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, QuizScreen)
        assert [set(c.cards) for c in screen.draft.claims] == [set(pair.cards)]
        claimed = screen.draft.total
        await pilot.press(str(order.index(pair.cards[0]) + 1))
        await pilot.press("enter")
        await pilot.pause()
        assert caught[-1].startswith("1 card is picked, not claimed:")
        assert recorder.attempts == []
        await pilot.press("enter")
        await pilot.pause()
        assert revealing(app)
        verdict = recorder.attempts[-1].judgement
        assert isinstance(verdict, Verdict)
        assert verdict.claimed == claimed


def total_drill(**fields: Any) -> Any:
    return drill({"name": "Count", "description": "d", "hands": 1, **fields})


async def type_count(pilot: Pilot[Any], app: MugginsApp, text: str) -> None:
    app.screen.query_one("#claim", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


async def test_nineteen_is_a_real_score_in_five_card_hands(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    d = total_drill(variant="four-player-five", deal={"score": 19}, nineteen=True)
    app = app_for([entry(d)], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert question(app).actual == 19
        hints = [str(h.render()) for h in app.screen.query(".hint").results(Static)]
        assert not any("19" in h for h in hints)
        await type_count(pilot, app, "19")
        verdict = recorder.attempts[-1].judgement
        assert isinstance(verdict, Verdict)
        assert verdict.exact
        assert not verdict.nineteen


async def test_nineteen_means_nothing_in_a_four_card_hand(
    clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(total_drill(deal={"score": 0}, nineteen=True))], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        hints = [str(h.render()) for h in app.screen.query(".hint").results(Static)]
        assert any("19 (nineteen)" in h for h in hints)
        await type_count(pilot, app, "19")
        verdict = recorder.attempts[-1].judgement
        assert isinstance(verdict, Verdict)
        assert verdict.exact
        assert verdict.nineteen


@pytest.mark.parametrize(("variant", "most"), [("standard", 29), ("five-card", 20)])
async def test_the_count_box_refuses_more_than_the_hand_can_score(
    variant: str, most: int, clock: FakeClock, recorder: ListRecorder
) -> None:
    app = app_for([entry(total_drill(variant=variant))], clock, recorder)
    caught = notifications(app)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        await type_count(pilot, app, str(most + 1))
        assert isinstance(app.screen, QuizScreen)
        assert recorder.attempts == []
        assert any(f"scores at most {most}" in n for n in caught)
        await type_count(pilot, app, str(most))
        assert revealing(app)


async def test_a_second_try_after_a_wrong_total(clock: FakeClock, recorder: ListRecorder) -> None:
    d = total_drill(second_try=True, deal={"require": ["fifteen"], "score": [4, 6, 8]})
    app = app_for([entry(d)], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = question(app)
        await type_count(pilot, app, str(q.actual - 2))
        # Judged and recorded at once; the quiz asks again before any breakdown.
        assert isinstance(app.screen, QuizScreen)
        assert [a.outcome for a in recorder.attempts] == ["under"]
        retry = str(app.screen.query_one("#retry", Static).render())
        assert retry.startswith(f"Not {q.actual - 2}: there is more in it.")
        await type_count(pilot, app, str(q.actual))
        assert revealing(app)
        note = str(app.screen.query_one("#difference", Static).render())
        assert f"You said {q.actual - 2}, it is {q.actual}: did you miss" in note
        assert "a fifteen" in note
        assert f"Second try: {q.actual}, right." in note
        assert len(recorder.attempts) == 1


async def test_a_second_try_may_be_passed(clock: FakeClock, recorder: ListRecorder) -> None:
    d = total_drill(second_try=True, deal={"require": ["fifteen"]})
    app = app_for([entry(d)], clock, recorder)
    async with running(app) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        q = question(app)
        await type_count(pilot, app, str(q.actual + 3))
        await type_count(pilot, app, "")
        assert revealing(app)
        note = str(app.screen.query_one("#difference", Static).render())
        assert note.startswith(f"You said {q.actual + 3}, it is {q.actual}")
        assert note.endswith("No second try.")
