"""Hypothesis strategies for any command of any rule system, built from the
command's own msgspec type: a new command type is covered without new test code.

Strings are drawn mostly from a *vocabulary* (the combatants at the table, the
names the system's data knows: weapons, powers, skills…) so that commands
reach past the "unknown id" checks into the rules, and sometimes from random
text so that unknown names are tried too.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from hypothesis import strategies as st
from msgspec import inspect as mi

Fields = Mapping[str, st.SearchStrategy[Any]]
"""Strategies for fields by name, wherever they appear (``target``: a combatant)."""


def values(
    kind: mi.Type, words: Sequence[str], depth: int = 0, fields: Fields | None = None
) -> st.SearchStrategy[Any]:
    """Values of the msgspec type ``kind``."""
    match kind:
        case mi.StrType():
            return st.one_of(st.sampled_from(list(words)), st.text(max_size=6))
        case mi.IntType():
            return st.one_of(st.integers(-2, 12), st.integers(-2, 12), st.integers(-(10**6), 10**6))
        case mi.FloatType():
            return st.floats(0, 120, allow_nan=False)
        case mi.BoolType():
            return st.booleans()
        case mi.NoneType():
            return st.none()
        case mi.LiteralType(values=options):
            return st.sampled_from(list(options))
        case mi.UnionType(types=types):
            return st.one_of([values(t, words, depth, fields) for t in types])
        case mi.ListType(item_type=item) | mi.SetType(item_type=item) | mi.FrozenSetType(item_type=item):
            return st.lists(values(item, words, depth + 1, fields), max_size=0 if depth > 2 else 3)
        case mi.DictType(key_type=key, value_type=value):
            size = 0 if depth > 2 else 2
            keys, items = values(key, words, depth + 1, fields), values(value, words, depth + 1, fields)
            return st.dictionaries(keys, items, max_size=size)
        case mi.StructType(cls=cls):
            return structs(cls, words, depth + 1, fields)
        case mi.AnyType():
            return st.none()
    raise TypeError(f"no strategy for {kind!r}")


def structs(
    cls: type[msgspec.Struct], words: Sequence[str], depth: int = 0, fields: Fields | None = None
) -> st.SearchStrategy[Any]:
    """Instances of ``cls``: each required field drawn, each optional one drawn or left
    at its default; a field named in ``fields`` that holds text mostly drawn from its
    own strategy."""
    info = struct_info(cls)
    named = fields or {}
    strategies: dict[str, st.SearchStrategy[Any]] = {}
    for field in info.fields:
        strategy = values(field.type, words, depth, fields)
        if field.name in named and _holds_text(field.type):
            strategy = st.one_of(named[field.name], named[field.name], named[field.name], strategy)
        if field.required:
            strategies[field.name] = strategy
        else:
            strategies[field.name] = st.one_of(st.just(msgspec.NODEFAULT), strategy)

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        drawn = {name: draw(strategy) for name, strategy in strategies.items()}
        return cls(**{name: value for name, value in drawn.items() if value is not msgspec.NODEFAULT})

    return build()


@functools.cache
def struct_info(cls: type[msgspec.Struct]) -> mi.StructType:
    """The fields of ``cls``, read once: reading them evaluates every annotation
    of the struct and of those it holds, which costs more than drawing a command."""
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return info


def _holds_text(kind: mi.Type) -> bool:
    """Whether a field of type ``kind`` takes names (a string, or a list of them)."""
    match kind:
        case mi.StrType():
            return True
        case mi.UnionType(types=types):
            return any(_holds_text(t) for t in types)
        case mi.ListType(item_type=item):
            return _holds_text(item)
    return False
