"""The canonical encoding (``fracas/canon/1``) of whatever a proof hashes: compact
UTF-8 JSON, keys sorted, every struct field at its default left out (a tagged
struct keeps its tag). A field added later with a default never changes the
encoding, so the proofs of records and rolls written before stay true.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

_SORTED = msgspec.json.Encoder(order="sorted")
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _writer(cls: type[msgspec.Struct]) -> Callable[[Any], dict[str, Any]]:
    """A function writing a ``cls`` as a dict: its tag under its tag field, then each
    field not at its default. Generated once per class (as ``dataclasses`` does for
    ``__init__``) because proofs encode every record the server writes."""
    config = cls.__struct_config__
    names: dict[str, Any] = {"SCALARS": _SCALARS, "plain": plain, "TAG": config.tag}
    start = "out = {}" if config.tag_field is None else f"out = {{{config.tag_field!r}: TAG}}"
    lines = ["def write(value):", f"    {start}"]
    for index, field in enumerate(msgspec.structs.fields(cls)):
        put = f"out[{field.name!r}] = item if type(item) in SCALARS else plain(item)"
        lines.append(f"    item = value.{field.name}")
        if field.default is msgspec.NODEFAULT and field.default_factory is msgspec.NODEFAULT:
            lines.append(f"    {put}")
            continue
        default = field.default if field.default is not msgspec.NODEFAULT else field.default_factory()
        names[f"D{index}"] = default
        lines += [f"    if not (item is D{index} or item == D{index}):", f"        {put}"]
    lines.append("    return out")
    exec("\n".join(lines), names)
    write: Callable[[Any], dict[str, Any]] = names["write"]
    _WRITERS[cls] = write
    return write


_WRITERS: dict[type, Callable[[Any], dict[str, Any]]] = {}


def plain(value: Any) -> Any:
    """``value`` as JSON values, struct fields at their default left out, a tagged
    struct's tag kept under its tag field."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    write = _WRITERS.get(kind)
    if write is not None:
        return write(value)
    if isinstance(value, msgspec.Struct):
        return _writer(kind)(value)
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
