"""`trainer.safe_yaml`: ``yaml.safe_load``'s data and nothing more, within the limits a
shared file needs; and the text guards every message quotes through."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from trainer import safe_yaml
from trainer.safe_yaml import YamlError
from trainer.textguard import control_problem, excerpt, printable, strip_controls

PLAIN = """\
name: Warm-up
description: "ten random hands: the place to start"
hands: 10
time: {per_hand: 45.5}
deal:
  score: [28, 29]
  require: [nobs]
  ranks: [5, J, 10]
seed: 12345678901234567890
on: yes
day: 2025-03-01
"""


def test_plain_yaml_reads_as_safe_load_reads_it() -> None:
    assert safe_yaml.load(PLAIN) == yaml.safe_load(PLAIN)


def test_both_loaders_build_with_the_safe_constructor_only() -> None:
    for loader in (safe_yaml._Loader, safe_yaml._FastLoader):
        assert issubclass(loader, yaml.SafeLoader) or issubclass(
            loader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        )
        assert issubclass(loader, yaml.constructor.SafeConstructor)
        assert not issubclass(loader, yaml.constructor.FullConstructor)


def test_a_tag_that_would_run_code_is_refused_and_never_runs(tmp_path: Path) -> None:
    witness = tmp_path / "ran"
    text = f"name: !!python/object/apply:os.system ['touch {witness}']\n"
    with pytest.raises(YamlError, match="line 1: could not determine a constructor"):
        safe_yaml.load(text)
    assert not witness.exists()


@pytest.mark.parametrize(
    ("text", "message", "field"),
    [
        pytest.param(
            "a: &x [1, 2]\nname: *x\n", "line 2: an alias (*x) is not allowed", "name", id="alias"
        ),
        pytest.param("deal: " + "[" * 40 + "]" * 40, "nested more than 32", "deal", id="deep"),
        pytest.param("seed: " + "9" * 5000, "a number of 5000 characters", "seed", id="digits"),
        pytest.param("a: 1\na: 2\n", "line 2: field 'a' is given twice", None, id="twice"),
        pytest.param("? [1, 2]\n: x\n", "must be text, not a list", None, id="list-key"),
        pytest.param("name: [1, 2\n", "not valid YAML", None, id="invalid"),
    ],
)
def test_what_a_shared_file_may_not_hold_is_refused_by_line_and_field(
    text: str, message: str, field: str | None
) -> None:
    with pytest.raises(YamlError, match=re.escape(message)) as err:
        safe_yaml.load(text)
    assert err.value.field == field


def test_an_alias_bomb_is_refused_before_it_is_built() -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for name, prior in zip("bcdefghi", "abcdefgh", strict=True):
        lines.append(f"{name}: &{name} [{', '.join([f'*{prior}'] * 9)}]")
    with pytest.raises(YamlError, match="alias"):
        safe_yaml.load("\n".join(lines) + "\n")


def test_control_characters_are_found_escaped_and_stripped() -> None:
    title = "x\x1b]0;owned\x07y"
    assert control_problem(title) == "holds a control character (U+001B) at character 2"
    assert control_problem("a\tb\nc", allow_whitespace=True) is None
    assert control_problem("a\u202eb") is not None  # a bidi override reorders what follows
    assert control_problem("a\udc9bb") is not None  # an undecodable byte of a file name
    assert printable(title) == "x\\u001b]0;owned\\u0007y"
    assert printable("a\nb", keep_newlines=True) == "a\nb"
    assert strip_controls(title) == "x ]0;owned y"


def test_an_excerpt_is_short_whatever_the_value() -> None:
    nested: list[object] = []
    for _ in range(9):
        nested = [nested] * 9  # 9**9 leaves if walked
    assert excerpt(10**5000) == "a 5001-digit number"
    assert excerpt(10**39) == repr(10**39)
    assert excerpt("x" * 1000).startswith("'xxx")
    assert len(excerpt("x" * 1000)) < 90
    assert excerpt("\x1b[31m") == "'\\x1b[31m'"
    assert excerpt([1, 2]) == "[1, 2]"
    assert len(excerpt(nested)) <= 80
    assert excerpt([10**5000]) == "[<a 5001-digit number>]"
