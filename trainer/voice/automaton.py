"""A phrase's word sequences as the smallest graph that says them, built once and reused.

A count's grammar places the same phrase ("a pair is +2", "pair's +2", ...) at every
state a group may be said from, so each phrase is compiled once into a small
deterministic graph with shared starts and shared ends (a minimal acyclic automaton),
and the grammar copies it with fresh states. Node `START` is where the phrase begins,
`END` where it ends; a sequence that ends where others go on ("one for his nobs" and
"one for his nobs is five") ends by a null step.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from trainer.voice.wording import Words, token_points

START: Final = 0
END: Final = 1


class Step(NamedTuple):
    """One edge of a compiled phrase: a word, a running total (``points`` past the total
    before the phrase), or neither (a null step)."""

    source: int
    target: int
    word: str | None
    points: int | None


class Template(NamedTuple):
    """A compiled phrase: how many nodes it has (`START` and `END` among them), its steps."""

    nodes: int
    steps: tuple[Step, ...]


@lru_cache(maxsize=1024)
def compile_phrase(sequences: tuple[Words, ...]) -> Template:
    """The minimal graph of ``sequences`` (a trie whose equal ends are merged)."""
    children: list[dict[str, int]] = [{}]
    ends = [False]
    for sequence in sequences:
        node = 0
        for token in sequence:
            nxt = children[node].get(token)
            if nxt is None:
                nxt = len(children)
                children.append({})
                ends.append(False)
                children[node][token] = nxt
            node = nxt
        ends[node] = True
    same: dict[tuple[bool, tuple[tuple[str, int], ...]], int] = {}
    kept = list(range(len(children)))
    for node in reversed(range(len(children))):  # a trie's children come after it
        signature = (ends[node], tuple(sorted((t, kept[c]) for t, c in children[node].items())))
        kept[node] = same.setdefault(signature, node)
    leaf = same[(True, ())]  # where every longest sequence ends
    names = {0: START, leaf: END}
    steps: list[Step] = []
    todo = [0]
    while todo:
        node = todo.pop()
        if ends[node] and node != leaf:
            steps.append(Step(names[node], END, None, None))
        for token, child in children[node].items():
            target = kept[child]
            if target not in names:
                names[target] = len(names)
                todo.append(target)
            steps.append(Step(names[node], names[target], _word(token), token_points(token)))
    return Template(len(names), tuple(steps))


def _word(token: str) -> str | None:
    return None if token_points(token) is not None else token
