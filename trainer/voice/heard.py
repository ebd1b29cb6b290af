"""What a spoken count claims: the words heard, turned into a claim the judge takes.

A count that names combinations is an `AnnounceClaim` of them (the cards are the
grammar's: a spoken count names kinds, not cards); a bare total ("twelve",
"nineteen", "nothing") is a `TotalClaim`. The final total said is the claim's total;
where it and the combinations said disagree, the combinations are judged and `slip`
names the sum. A bare or final total no show of the hand's size reaches is refused
(`Unreachable`), and so is a final total below what the combinations add up to
(`BelowCounted`) or more than `SLIP` above it (`AboveCounted`): all are far likelier
misheard than said.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from trainer.judge.claims import AnnounceClaim, TotalClaim, answer_to_data
from trainer.judge.policy import Policy
from trainer.judge.verdict import NINETEEN_IMPOSSIBLE_SIZES, Verdict, judge
from trainer.rules.show import Breakdown
from trainer.rules.speech import number_word
from trainer.voice.confidence import (
    COMMAND_BAR,
    COUNT_BAR,
    DOUBT_BAR,
    ONE_BAR,
    OVER_ONE_BAR,
    TOTAL_BAR,
    WRONG_TOTAL_BAR,
    Decoded,
)
from trainer.voice.graph import Grammar, Said
from trainer.voice.reach import reachable, refusal
from trainer.voice.talk import CHATTER
from trainer.voice.wording import HESITATIONS


class NoCount(ValueError):
    """Nothing in the recording was a count (silence or chatter): say it again."""


class Reasoned(NoCount):
    """No count, for a reason the player is told in the message (what was heard, and why
    it is not judged)."""


class Unreachable(Reasoned):
    """The count heard ends on a total ("thirty-three", "that's twenty-five") no show of
    its size makes: misheard or misspoken, never judged."""


class BelowCounted(Reasoned):
    """The count heard ends on a total below what its combinations add up to ("…and a
    pair is six, that's four"): a player's slip adds wrong, upward; heard lower, a final
    total was misheard (27 of the 28 heard so in the voice sets' sessions; the tuning set's
    10 all were), so it is asked again, never judged."""


SLIP: Final = 2
"""How far above what was counted a final total is judged as said: one combination's two
points ("…and a pair is six, that's eight"), a player's slip. Further above, it was the
final total misheard every time it was measured ("…four, that's ten"; "…three, that's
nine"): it is asked again (`AboveCounted`)."""


class AboveCounted(Reasoned):
    """The count heard ends on a total more than `SLIP` above what its combinations add up
    to ("…and a pair is four, that's ten"): asked again, never judged."""


@dataclass(frozen=True, slots=True)
class Heard:
    """One spoken count: the words heard (less any "um") and what they said."""

    words: str
    said: Said

    @property
    def bare(self) -> bool:
        """A total alone, no combination named."""
        return not self.said.units

    @property
    def counted(self) -> int:
        """What the combinations said add up to."""
        return sum(u.points for u in self.said.units)

    @property
    def total(self) -> int:
        """The total the count ended on: the final or bare total, else the running total."""
        return self.said.total if self.said.total is not None else self.counted

    def claim(self) -> TotalClaim | AnnounceClaim:
        if self.bare:
            return TotalClaim(self.total)
        return AnnounceClaim(tuple(u.item for u in self.said.units))

    def slip(self) -> str | None:
        """The arithmetic slip, when the final total said is not what was counted."""
        if self.bare or self.total == self.counted:
            return None
        return f"You said {self.total}; what you counted makes {self.counted}."

    def verdict(self, breakdown: Breakdown, policy: Policy) -> Verdict:
        """The judge's verdict on this claim ("nineteen" is zero where 19 cannot be)."""
        return judge(self.claim(), breakdown, policy, nineteen=True)

    def to_data(self) -> dict[str, Any]:
        """``heard`` and ``claim`` of `muggins hear --json`."""
        data = answer_to_data(self.claim()) or {}
        return {"heard": self.words, "claim": {"total": self.total, "items": data.get("items", [])}}


def heard(decoded: Decoded, grammar: Grammar, where: str = "the recording") -> Heard:
    """The count in ``decoded``, or `NoCount` naming ``where`` when it holds none
    (`Unreachable` when the total it ends on, bare or final, is no show's: "nineteen"
    said alone is nothing where a show cannot make 19)."""
    said = grammar.parse(decoded.words.split())
    if said is not None and said.command is not None:  # "repeat", table talk: no count
        raise NoCount(f"heard no count in {where} (say it again)")
    bar = COUNT_BAR
    if said is not None and not said.units:
        bar = TOTAL_BAR if _the_shows(said.total, grammar) else WRONG_TOTAL_BAR
    elif said is not None and said.doubtful:
        bar = DOUBT_BAR
    elif said is not None and len(said.units) == 1:
        bar = OVER_ONE_BAR if said.over_claims else ONE_BAR
    if said is None or not decoded.passes(bar):
        raise NoCount(f"heard no count in {where} (say it again)")
    count = Heard(" ".join(w for w in decoded.words.split() if w not in HESITATIONS), said)
    total = said.total  # a bare or final total: a running total follows what was counted
    nothing = count.bare and total == 19 and grammar.hand_size in NINETEEN_IMPOSSIBLE_SIZES
    if total is not None and not nothing and not reachable(total, grammar.hand_size):
        raise Unreachable(refusal(total, grammar.hand_size, crib=grammar.crib))
    if total is not None and not count.bare and not 0 <= total - count.counted <= SLIP:
        kind = BelowCounted if total < count.counted else AboveCounted
        raise kind(
            f"I heard a count of {number_word(count.counted)} end on {number_word(total)}. "
            "Say it again, or type it."
        )
    return count


def _the_shows(total: int | None, grammar: Grammar) -> bool:
    """Whether a bare total is the show's ("nineteen" for nothing where 19 cannot be);
    True when the grammar knows no show's total."""
    if grammar.total is None:
        return True
    nothing = total == 19 and grammar.hand_size in NINETEEN_IMPOSSIBLE_SIZES
    return (0 if nothing else total) == grammar.total


def command_heard(decoded: Decoded, grammar: Grammar, where: str = "the recording") -> str | None:
    """The command ``decoded`` says instead of a count ("repeat"), None when its words are
    no command; `NoCount` when they are one heard without confidence."""
    said = grammar.parse(decoded.words.split())
    if said is None or said.command is None:
        return None
    if said.command == CHATTER or not decoded.passes(COMMAND_BAR):
        raise NoCount(f"heard nothing sure in {where} (say it again)")
    return said.command
