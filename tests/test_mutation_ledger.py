"""The mutation ledger keeps mutmut's verdicts from one session to the next (tests/mutation.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import mutation

SOURCE = "domain/systems/vda/rules/gaze.py"


def write_meta(root: Path, codes: dict[str, int | None], hashes: dict[str, str]) -> None:
    meta = root / "mutants" / (SOURCE + ".meta")
    meta.parent.mkdir(parents=True)
    meta.write_text(
        json.dumps(
            {
                "exit_code_by_key": codes,
                "hash_by_function_name": hashes,
                "type_check_error_by_key": {},
                "durations_by_key": {},
                "estimated_durations_by_key": {},
            }
        )
    )


def key(function: str, number: int) -> str:
    return f"domain.systems.vda.rules.gaze.{function}__mutmut_{number}"


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_verdicts_survive_a_lost_scratch_directory(scratch: Path) -> None:
    codes = {key("x_gaze", 1): 1, key("x_gaze", 2): 0, key("x_gaze", 3): None, key("x_lost", 1): 36}
    hashes = {"x_gaze": "aaa", "x_lost": "bbb", "x_unmutated": "ccc"}
    write_meta(scratch, codes, hashes)

    assert mutation.write_ledger("vda", mutation.scratch_ledger("vda")) == 3
    (scratch / "mutants").rename(scratch / "gone")
    mutation.restore_ledger("vda")

    restored = json.loads((scratch / "mutants" / (SOURCE + ".meta")).read_text())
    assert restored["exit_code_by_key"] == codes
    # A function without mutants has nothing to remember: mutmut would judge none of it.
    assert restored["hash_by_function_name"] == {"x_gaze": "aaa", "x_lost": "bbb"}


def test_restoring_never_overwrites_what_mutmut_holds(scratch: Path) -> None:
    write_meta(scratch, {key("x_gaze", 1): 1}, {"x_gaze": "aaa"})
    mutation.write_ledger("vda", mutation.scratch_ledger("vda"))
    write_meta_again = scratch / "mutants" / (SOURCE + ".meta")
    write_meta_again.write_text(write_meta_again.read_text().replace('": 1', '": 0'))

    mutation.restore_ledger("vda")

    assert json.loads(write_meta_again.read_text())["exit_code_by_key"] == {key("x_gaze", 1): 0}


def write_source(root: Path, body: str) -> dict[str, tuple[str, int]]:
    """A rules module of the given body; its functions as mutmut mutates them now."""
    source = root / SOURCE
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(body)
    return mutation.current_functions("vda")[SOURCE]


def test_the_score_counts_only_what_holds_for_the_code_now(scratch: Path) -> None:
    body = "def gaze(a):\n    return a + 1 < 3\n\n\ndef stale(a):\n    return a - 1\n"
    functions = write_source(scratch, body)
    (digest, count), (_, stale_count) = functions["x_gaze"], functions["x_stale"]
    assert count >= 3
    codes = {key("x_gaze", n): None for n in range(1, count + 1)}
    codes |= {key("x_gaze", 1): 1, key("x_gaze", 2): 0, key("x_gaze", 3): 0}
    codes |= {key("x_stale", n): 1 for n in range(1, stale_count + 1)}
    write_meta(scratch, codes, {"x_gaze": digest, "x_stale": "0ld"})
    mutation.write_ledger("vda", mutation.scratch_ledger("vda"))
    docs = scratch / "docs" / "systems"
    docs.mkdir(parents=True)
    (docs / "vda-mutants.md").write_text(
        "| mutant | why |\n| --- | --- |\n| `rules.gaze.x_gaze__mutmut_2` | reason |\n"
        "\n## Survivants\n\n```text\nrules.gaze.x_gaze__mutmut_3\n```\n"
    )

    rules_row = mutation.score("vda").splitlines()[2]

    # x_stale's verdicts are of another version of its code: not judged.
    assert rules_row == f"| `rules/` | {count + stale_count} | 3 | 1 | 1 / 2 | 50.0 % | 1 |"


def test_merging_keeps_a_kill_and_drops_what_no_longer_holds(scratch: Path) -> None:
    (digest, count) = write_source(scratch, "def gaze(a):\n    return a + 1\n")["x_gaze"]
    mine = {SOURCE: {"x_gaze": (digest, [0, None] + [None] * (count - 2))}}
    theirs = {SOURCE: {"x_gaze": (digest, [1, 0] + [None] * (count - 2))}}
    stale = {SOURCE: {"x_gaze": ("0ld", [1] * count)}}

    merged = mutation.current_verdicts("vda", [mine, stale, theirs])

    assert merged == {SOURCE: {"x_gaze": (digest, [1, 0] + [None] * (count - 2))}}


def test_the_equivalents_list_reads_continued_numbers() -> None:
    names = mutation.equivalent_mutants("vda")

    assert "domain.systems.vda.rules.modifiers.x_terrain_modifiers__mutmut_7" in names
    assert "domain.systems.vda.rules.modifiers.x_terrain_modifiers__mutmut_9" in names
    assert not any("__mutmut_" not in name for name in names)
