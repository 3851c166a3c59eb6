"""An export proves itself offline, for every role: each golden fight's GM, player
and spectator exports verify, and every tampering of a record is caught with its
position (``fracas verify``; ``domain.proof``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from clients.python.verify import verify_log
from domain.base import PUBLIC, Viewer
from domain.events import ENCODER, RECORD_DECODER, Hidden, NoteAdded, Recorded, event_tag
from domain.proof import canonical, digest_of, hide, link, record_digest, sealed_digest
from domain.table import view_record
from tests.strategies import structs
from tests.test_golden import NAMES, stored

ROOT = Path(__file__).resolve().parents[1]


def exports(name: str) -> dict[str, list[Recorded]]:
    """The golden fight as each role would export it."""
    log = stored(name)
    players = sorted({r.sender for r in log if r.sender not in ("gm", "")})
    roles = {"gm": log, "spectator": [view_record(r, PUBLIC) for r in log]}
    for pid in players:
        roles[f"player:{pid}"] = [view_record(r, Viewer(role="player", id=pid)) for r in log]
    return roles


def chain_problem(records: list[Recorded]) -> list[str]:
    report = verify_log(records)
    return [line for line in report.lines if line.startswith("FAIL")]


@pytest.mark.parametrize("name", NAMES)
def test_every_roles_export_of_a_golden_fight_links_whole(name: str) -> None:
    for role, records in exports(name).items():
        assert chain_problem(records) == [], role


@pytest.mark.parametrize("name", NAMES)
def test_a_dropped_repeated_inserted_or_moved_record_is_caught_with_its_position(name: str) -> None:
    for role, records in exports(name).items():
        middle = len(records) // 2
        dropped = records[:middle] + records[middle + 1 :]
        repeated = records[: middle + 1] + records[middle:]
        moved = records[:middle] + [records[middle + 1], records[middle]] + records[middle + 2 :]
        note = Recorded(position=middle + 1, event=NoteAdded(text="ajout", author="gm"), salt="00" * 16)
        inserted = records[:middle] + [note] + [replace(r, position=r.position + 1) for r in records[middle:]]
        for tampered in (dropped, repeated, moved, inserted):
            problems = chain_problem(tampered)
            assert problems and f"position {middle + 1}" in problems[0], (role, problems)


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every scalar of a record's JSON form, with its path."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))
    elif value is not None:
        yield path, value


def changed(value: Any, path: tuple[Any, ...]) -> Any:
    """``value`` (JSON) with the scalar at ``path`` changed: a die one more, a text one
    letter longer, a flag flipped."""
    if not path:
        if isinstance(value, bool):
            return not value
        return value + 1 if isinstance(value, int | float) else f"{value}x"
    head, *rest = path
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = changed(value[head], tuple(rest))
    return copy


@pytest.mark.parametrize("name", NAMES)
def test_any_field_of_any_record_changed_is_caught_with_its_position(name: str) -> None:
    """Each scalar (a die, a damage, a note, a sender, a time, a salt, a stub's
    commitment…) of a record of each kind, in every role's export of each golden
    fight: the export no longer decodes, or verify names the record's position."""
    tried = 0
    for role, records in exports(name).items():
        kinds: set[str] = set()
        for i, record in enumerate(records):
            kind = event_tag(record.event)
            if kind in kinds:  # one of each kind: verifying is linear, the leaves many
                continue
            kinds.add(kind)
            plain = msgspec.to_builtins(record)
            for path, _ in leaves(plain):
                try:
                    tampered = msgspec.convert(changed(plain, path), Recorded)
                except msgspec.ValidationError:
                    continue
                if tampered == record:
                    continue
                problems = chain_problem([*records[:i], tampered])
                assert problems and f"position {i + 1}" in problems[0], (role, i, path)
                tried += 1
    assert tried


def test_any_field_of_a_hidden_records_stub_changed_is_caught() -> None:
    """The stub's kind, combatant, commitment, sender, audience and time are bound by
    the chain as much as its sealed digest."""
    tried = 0
    for name in NAMES:
        for role, records in exports(name).items():
            for i, record in enumerate(records):
                if not isinstance(record.event, Hidden):
                    continue
                stub = record.event
                changes = [
                    replace(record, event=replace(stub, kind=" " + stub.kind[1:])),
                    replace(record, event=replace(stub, combatant="quelqu-un")),
                    replace(record, event=replace(stub, commitment="c1:00")),
                    replace(record, sender="autre", audience="all", at="2001"),
                ]
                for changed in changes:
                    problems = chain_problem([*records[:i], changed, *records[i + 1 :]])
                    assert problems and f"position {i + 1}" in problems[0], (name, role)
                tried += 1
    assert tried


def test_a_hidden_records_stub_swapped_for_another_is_caught() -> None:
    tried = 0
    for name in NAMES:
        for role, records in exports(name).items():
            hidden = [i for i, r in enumerate(records) if isinstance(r.event, Hidden)]
            if len(hidden) < 2:
                continue
            first, second = hidden[0], hidden[1]
            swapped = list(records)
            swapped[first] = replace(records[first], event=records[second].event)
            problems = chain_problem(swapped)
            assert problems and f"position {first + 1}" in problems[0], (name, role)
            tried += 1
    assert tried  # the golden fights hold sealed declarations and secret rolls


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_single_byte_change_of_an_export_is_caught_or_unreadable(data: st.DataObject) -> None:
    """A byte of the NDJSON changed anywhere: the export no longer decodes, decodes to the
    very same records, or verify names what is wrong."""
    name = data.draw(st.sampled_from(NAMES))
    role, records = data.draw(st.sampled_from(sorted(exports(name).items())))
    lines = [ENCODER.encode(r) for r in records]
    index = data.draw(st.integers(0, len(lines) - 1))
    line = bytearray(lines[index])
    at = data.draw(st.integers(0, len(line) - 1))
    line[at] = data.draw(st.integers(0x20, 0x7E).filter(lambda b: b != line[at]))
    try:
        tampered = [*records[:index], RECORD_DECODER.decode(bytes(line)), *records[index + 1 :]]
    except (msgspec.DecodeError, msgspec.ValidationError):
        return
    if tampered == records:
        return
    assert chain_problem(tampered), (role, index, at, bytes(line))


def test_the_proof_vectors_in_the_docs_are_what_the_code_computes() -> None:
    """docs/proof-vectors.json lets another implementation check itself against this one."""
    vectors = msgspec.json.decode((ROOT / "docs" / "proof-vectors.json").read_bytes())
    previous = ""
    for case in vectors["records"]:
        record = RECORD_DECODER.decode(msgspec.json.encode(case["record"]))
        assert canonical(replace(record, chain="", salt="")).decode() == case["canonical"]
        assert sealed_digest(record) == case["sealed"]
        stub = hide(record)
        public = replace(stub, event=replace(stub.event, digest=""), chain="", salt="")
        assert canonical(public).decode() == case["public"]
        assert record_digest(record) == digest_of(stub) == case["digest"]
        assert link(previous, case["digest"]) == case["chain"] == record.chain
        previous = case["chain"]


def test_a_default_field_added_later_does_not_change_a_records_proof() -> None:
    """The canonical encoding leaves out fields at their default: a record encoded
    before a field existed and the same record decoded today prove the same."""
    record = stored(NAMES[0])[3]
    full = msgspec.json.decode(ENCODER.encode(record))
    trimmed = {k: v for k, v in full.items() if k not in ("command_digest",)} | {"command_digest": ""}
    assert record_digest(RECORD_DECODER.decode(msgspec.json.encode(trimmed))) == record_digest(
        replace(record, command_digest="")
    )
    assert b"command_digest" not in canonical(replace(record, command_digest=""))


def write_vectors() -> None:
    """Regenerate docs/proof-vectors.json (``.venv/bin/python -m tests.test_proof``)."""
    cases = []
    for record in stored("vda_ruelle")[:4]:
        stub = hide(record)
        public = replace(stub, event=replace(stub.event, digest=""), chain="", salt="")
        cases.append(
            {
                "record": msgspec.json.decode(ENCODER.encode(record)),
                "canonical": canonical(replace(record, chain="", salt="")).decode(),
                "sealed": sealed_digest(record),
                "public": canonical(public).decode(),
                "digest": record_digest(record),
                "chain": record.chain,
            }
        )
    about = (
        "sealed = SHA-256('fracas/sealed/1' 0x1F salt 0x1F canonical); "
        "public = canonical(the record's Hidden stub without its digest); "
        "digest = SHA-256('fracas/record/2' 0x1F public 0x1F sealed); "
        "chain = SHA-256('fracas/chain/1' 0x1F previous chain 0x1F digest); see docs/protocol.md"
    )
    text = msgspec.json.format(msgspec.json.encode({"about": about, "records": cases}), indent=2)
    (ROOT / "docs" / "proof-vectors.json").write_bytes(text + b"\n")


if __name__ == "__main__":
    write_vectors()


@pytest.mark.parametrize("path", sorted((ROOT / "tests" / "golden" / "exports").glob("*.ndjson")), ids=str)
def test_exports_written_by_earlier_versions_still_verify(path: Path) -> None:
    """v0: before dice were bound to their command and before the public chain; v1:
    dice bound, no public chain yet. Their records still decode, their dice are
    re-derived by the derivation of their day, and their unchained records are
    reported as such, not failed."""
    records = [RECORD_DECODER.decode(line) for line in path.read_bytes().splitlines() if line]
    report = verify_log(records)
    assert report.ok, report.lines
    assert any("predate the public chain" in line for line in report.lines)
    if path.name.startswith("v0_closed"):
        assert report.checked == 6  # two initiative pools, four secret dice


def reference_plain(value: Any) -> Any:
    """The canonical encoding's definition, written plainly: what the generated
    writers of ``domain.canon`` must agree with."""
    if isinstance(value, msgspec.Struct):
        config = value.__struct_config__
        out: dict[str, Any] = {} if config.tag_field is None else {config.tag_field: config.tag}
        for field in msgspec.structs.fields(value):
            item = getattr(value, field.name)
            if field.default is not msgspec.NODEFAULT and item == field.default:
                continue
            if field.default_factory is not msgspec.NODEFAULT and item == field.default_factory():
                continue
            out[field.name] = reference_plain(item)
        return out
    if isinstance(value, dict):
        return {str(k): reference_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [reference_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(reference_plain(v) for v in value)
    return value


def test_the_canonical_encoding_of_every_golden_record_is_its_definition() -> None:
    """``domain.canon`` writes each struct with a function generated for its class; on
    every record of every golden log, whole and hidden, it says what the definition says."""
    for name in NAMES:
        for record in stored(name):
            for value in (record, hide(record)):
                assert canonical(value) == msgspec.json.encode(reference_plain(value), order="sorted")


@given(record=structs(Recorded, ["Anna", "Rorsh", "vda"]))
def test_the_canonical_encoding_of_any_record_is_its_definition(record: Recorded) -> None:
    """The same, on records of every event type with fields drawn at random (or left
    at their default)."""
    assert canonical(record) == msgspec.json.encode(reference_plain(record), order="sorted")
