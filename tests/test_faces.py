"""The packages' faces (their ``__init__.py``) say what they are and agree with themselves.

Three kinds (docs/development.md, "Package faces"): `trainer.rules` is the public API;
`trainer.history` and its parts are interfaces an import contract makes their users go
through; every other package's face is a docstring alone, its names imported from their
modules (the root holds the version too). A face that hands its names on lazily (each
name's module imported on first use: the public API, and an interface whose users need one
of its modules) names each name three times (``__all__``, the type checker's imports, the
lazy table), and this test holds the three to one list; an eager one, ``__all__`` to what it
imports.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "trainer"
LAZY = "trainer.rules"
INTERFACES = (
    "trainer.history",
    "trainer.history.exchange",
    "trainer.history.file",
    "trainer.history.reading",
    "trainer.history.writing",
)


def faces() -> list[str]:
    """Every package of trainer/ by its dotted name."""
    return sorted(
        ".".join(init.parent.relative_to(PACKAGE.parent).parts)
        for init in PACKAGE.rglob("__init__.py")
    )


def face_tree(package: str) -> ast.Module:
    path = PACKAGE.parent.joinpath(*package.split("."), "__init__.py")
    return ast.parse(path.read_text(encoding="utf-8"))


def dunder_all(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(name) for name in value]
    raise AssertionError("no __all__")


def imported(nodes: list[ast.stmt]) -> dict[str, str]:
    """The names bound by ``from X import name`` statements, each with its module."""
    return {
        alias.asname or alias.name: str(node.module)
        for node in nodes
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def test_the_root_holds_its_version_alone() -> None:
    body = face_tree("trainer").body
    assert [ast.unparse(node).split(" = ")[0] for node in body[1:]] == ["__version__"]


def test_every_face_is_of_a_known_kind() -> None:
    assert LAZY in faces()
    assert set(INTERFACES) <= set(faces())


@pytest.mark.parametrize("package", [p for p in faces() if p not in (LAZY, "trainer", *INTERFACES)])
def test_a_plain_face_is_a_docstring_alone(package: str) -> None:
    body = face_tree(package).body
    assert body, f"{package} has no docstring"
    assert isinstance(body[0], ast.Expr)
    assert isinstance(body[0].value, ast.Constant)
    assert isinstance(body[0].value.value, str)
    assert body[0].value.value.strip(), f"{package}'s docstring is empty"
    assert len(body) == 1, f"{package}'s face holds more than its docstring"


def lazy(tree: ast.Module) -> bool:
    """Whether a face hands its names on lazily (``__getattr__ = exports(...)``)."""
    return any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__getattr__" for t in node.targets)
        for node in tree.body
    )


def test_the_public_api_is_lazy() -> None:
    assert lazy(face_tree(LAZY))


@pytest.mark.parametrize("package", [p for p in (LAZY, *INTERFACES) if lazy(face_tree(p))])
def test_a_lazy_face_names_each_name_once_in_three_places(package: str) -> None:
    tree = face_tree(package)
    names = dunder_all(tree)
    checking = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    typed = imported(checking.body)
    call = next(
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__getattr__" for t in node.targets)
    )
    assert isinstance(call, ast.Call)
    table = ast.literal_eval(call.args[1])
    assert sorted(names) == sorted(typed) == sorted(table)
    assert typed == table, "the type checker and the lazy table send a name to other modules"
    face = importlib.import_module(package)
    for name, home in table.items():
        assert getattr(face, name) is getattr(importlib.import_module(home), name)


@pytest.mark.parametrize("package", [p for p in INTERFACES if not lazy(face_tree(p))])
def test_an_eager_interface_exports_what_it_imports(package: str) -> None:
    tree = face_tree(package)
    assert sorted(dunder_all(tree)) == sorted(imported(tree.body))
