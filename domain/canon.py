"""The canonical encoding (``fracas/canon/1``) of whatever a proof hashes: compact
UTF-8 JSON, keys sorted, every struct field at its default left out (a tagged
struct keeps its tag). A field added later with a default never changes the
encoding, so the proofs of records and rolls written before stay true.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec
from msgspec.structs import astuple

_SORTED = msgspec.json.Encoder(order="sorted")
_NO_DEFAULT = object()
_SCALARS = frozenset({str, int, float, bool, type(None)})


@functools.cache
def _plan(cls: type[msgspec.Struct]) -> tuple[str | None, Any, tuple[tuple[str, Any], ...]]:
    """How ``cls`` is written: its tag field and tag, then each field with its default
    (``_NO_DEFAULT`` when it has none)."""
    config = cls.__struct_config__
    fields = []
    for field in msgspec.structs.fields(cls):
        default: Any = _NO_DEFAULT
        if field.default is not msgspec.NODEFAULT:
            default = field.default
        elif field.default_factory is not msgspec.NODEFAULT:
            default = field.default_factory()
        fields.append((field.name, default))
    return config.tag_field, config.tag, tuple(fields)


def plain(value: Any) -> Any:
    """``value`` as JSON values, struct fields at their default left out, a tagged
    struct's tag kept under its tag field."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if isinstance(value, msgspec.Struct):
        tag_field, tag, fields = _plan(type(value))
        out: dict[str, Any] = {} if tag_field is None else {tag_field: tag}
        for (name, default), item in zip(fields, astuple(value), strict=True):
            if item is default or (default is not _NO_DEFAULT and item == default):
                continue
            out[name] = item if type(item) in _SCALARS else plain(item)
        return out
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        if all(type(v) in _SCALARS for v in value):  # dice faces: no call per die
            return list(value)
        return [plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    return value


def canonical(value: Any) -> bytes:
    """The ``fracas/canon/1`` encoding: compact UTF-8 JSON, keys sorted, defaults
    left out."""
    return _SORTED.encode(plain(value))
