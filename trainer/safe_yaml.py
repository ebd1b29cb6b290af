"""YAML from files players share, read as plain data and nothing else.

`load` is ``yaml.safe_load`` (no tag ever runs) with the limits a shared file needs:
no aliases (a few hundred bytes of ``*a`` references expand to gigabytes when walked),
at most `MAX_DEPTH` levels of nesting, no field given twice, keys that are text or
numbers, and numbers of at most `MAX_DIGITS` digits. The document's events are checked
first, without building anything, so a hostile file costs no more than its size.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

import yaml

from trainer.textguard import label

MAX_DEPTH: Final = 32
"""The deepest nesting of lists and mappings a file may have (a drill file needs 3)."""
MAX_DIGITS: Final = 40
"""The longest whole number a file may hold, in characters."""


class YamlError(ValueError):
    """YAML that is refused; the message says where (``line 3: ...``) and what is wrong, and
    ``field`` names the field it is in (``deal.score``), None at the top of the document."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}: " if mark is not None else ""


class _Constructor(yaml.constructor.SafeConstructor):
    """`yaml.safe_load`'s constructor, refusing a field given twice (YAML would keep the
    last), a key that is not text, a number or a date, and an over-long number."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[object] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, list | dict | set):
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    "a field's name must be text, not a list or mapping",
                    key_node.start_mark,
                )
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"field {_short(key)} is given twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        text = str(node.value)
        if len(text) > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"a number of {len(text)} characters is too long", node.start_mark
            )
        return int(super().construct_yaml_int(node))

    yaml_constructors = {  # noqa: RUF012 (PyYAML's own class-level table, extended)
        **yaml.constructor.SafeConstructor.yaml_constructors,
        "tag:yaml.org,2002:int": construct_yaml_int,
    }


def _short(key: object) -> str:
    text = repr(key)
    return text if len(text) <= 40 else text[:39] + "…"


class _Loader(_Constructor, yaml.SafeLoader):
    """The safe loader with PyYAML's own parser, whose error messages say the most."""


class _FastLoader(_Constructor, getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same, with libyaml's parser where PyYAML has it: three times as fast."""


@dataclass
class _Open:
    """A list or mapping being read: where it is, and for a mapping whether a key is next."""

    path: tuple[str, ...]
    mapping: bool
    key_next: bool = True
    key: str = "?"

    def here(self) -> tuple[str, ...]:
        """The field of the next node in this collection (a key belongs to its mapping)."""
        return (*self.path, self.key) if self.mapping and not self.key_next else self.path

    def done(self, event: yaml.Event) -> None:
        """A node of this collection has ended (``event`` is its last event)."""
        if self.mapping:
            if self.key_next:
                self.key = label(event.value) if isinstance(event, yaml.ScalarEvent) else "?"
            self.key_next = not self.key_next


def _walk(text: str, loader: type[Any]) -> Iterator[tuple[yaml.Event, tuple[str, ...], int]]:
    """Each parsing event with the field it is in (its mapping keys) and the nesting depth."""
    stack: list[_Open] = []
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            here = stack[-1].here() if stack else ()
            stack.append(_Open(here, isinstance(event, yaml.MappingStartEvent)))
            yield event, here, len(stack)
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            yield event, stack[-1].path, len(stack)
            stack.pop()
        else:
            yield event, stack[-1].here() if stack else (), len(stack)
        if stack and isinstance(
            event, yaml.ScalarEvent | yaml.AliasEvent | yaml.CollectionEndEvent
        ):
            stack[-1].done(event)


def _field(path: tuple[str, ...]) -> str | None:
    return ".".join(path) or None


def _check_events(text: str, loader: type[Any]) -> None:
    """Refuse an alias, or nesting past `MAX_DEPTH`, before anything is built."""
    for event, path, depth in _walk(text, loader):
        if isinstance(event, yaml.AliasEvent):
            raise YamlError(
                f"{_where(event.start_mark)}an alias (*{_short(event.anchor)[1:-1]}) is not "
                "allowed here: write the value out",
                _field(path),
            )
        if isinstance(event, yaml.CollectionStartEvent) and depth > MAX_DEPTH:
            raise YamlError(
                f"{_where(event.start_mark)}nested more than {MAX_DEPTH} levels deep",
                _field(path),
            )


def _field_at(text: str, loader: type[Any], mark: Any) -> str | None:
    """The field of the node that starts at ``mark`` (a constructor's error)."""
    if mark is None:
        return None
    try:
        for event, path, _ in _walk(text, loader):
            if event.start_mark is not None and event.start_mark.index >= mark.index:
                return _field(path)
    except yaml.YAMLError:  # pragma: no cover - only libyaml's parser refused the text
        pass
    return None


def load(text: str) -> object:
    """The plain data in YAML ``text`` (safe: no tags run), within the limits above;
    `YamlError` saying where and what otherwise. A text that is not valid YAML is read
    again by PyYAML's own parser, for its clearer message."""
    try:
        try:
            _check_events(text, _FastLoader)
            return yaml.load(text, Loader=_FastLoader)
        except yaml.YAMLError:
            _check_events(text, _Loader)
            return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        problem = getattr(err, "problem", None) or str(err)
        if isinstance(err, yaml.constructor.ConstructorError):
            field = _field_at(text, _FastLoader, mark)
            raise YamlError(f"{_where(mark)}{problem}", field) from None
        raise YamlError(f"{_where(mark)}not valid YAML: {problem}") from None
    except RecursionError:  # pragma: no cover - nesting is checked first
        raise YamlError(f"nested more than {MAX_DEPTH} levels deep") from None
