"""Mutation testing of one game system's rules, outside CI.

    nice -n 10 python -m tests.mutation vda run          # mutate, test, score
    python -m tests.mutation vda results                  # the surviving mutants
    python -m tests.mutation vda show <mutant name>       # one mutant's diff
    python -m tests.mutation vda run "<mutant name>"      # re-test one mutant
    python -m tests.mutation vda score                    # the score, from the ledger
    python -m tests.mutation vda survivors [handlers/gaze] # the survivors not listed as equivalent
    python -m tests.mutation vda merge <ledger file>…     # fold in a parallel session's ledger

Any mutmut 3 sub-command works after the system's name. Run it from the
repository's root with the development extra installed (``pip install
'.[dev]'``), without ``PYTHONPATH``: mutmut copies the code into ``mutants/``
(git-ignored) and the tests must import that copy, not the original.

A system is mutated over its ``rules/`` and ``handlers/`` and tested by its fast
tests only: the hypothesis properties and the rule table's source walks are left
out (the properties take seconds per mutant and draw at random; the table reads
the source, which mutmut rewrites). The scratch directory holds one system at a
time: naming another system starts it afresh. Each system's score, equivalent
mutants and command are in ``docs/systems/<system>.md``.

A full run takes hours, more than one working session, and ``mutants/`` is not
kept; so every verdict is also written to a committed ledger,
``tests/mutation_ledger/<system>.txt``: one line per mutated function, with the
hash mutmut gives its source and the exit code of each of its mutants. Before a
run the ledger is copied back into ``mutants/``; mutmut then keeps a verdict only
while its function's source is unchanged, and judges afresh the mutants of every
function that changed. A verdict does not notice a change of the tests: after
adding a test, re-judge the survivors it aims at by naming them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

# The tests of each system that are not run against mutants (see above).
SLOW_OR_SOURCE_READING: dict[str, list[str]] = {
    "vda": [
        "tests/systems/vda/test_attack_properties.py",
        "tests/systems/vda/test_fairness.py",
        "tests/systems/vda/test_progress_property.py",
        "tests/systems/vda/test_round_properties.py",
        "tests/systems/vda/test_rule_table.py",
        # reads the system's source for the reasons its rules write: mutmut's copy holds
        # the mutants' rewritten code
        "tests/systems/vda/test_sentences.py",
    ],
    "vtm": [
        "tests/systems/vtm/test_fairness.py",
        "tests/systems/vtm/test_properties.py",
        "tests/systems/vtm/test_rule_table.py",
        # reads the system's source for reasons spelled out in a language: mutmut's copy
        # holds the mutated strings
        "tests/systems/vtm/test_sentences.py",
    ],
}

UNUSED_PLUGINS = ["cacheprovider", "unraisableexception", "threadexception", "hypothesispytest", "anyio"]

SCRATCH = Path("mutants")
MARK = SCRATCH / "fracas-system"
LEDGERS = Path("tests/mutation_ledger")
NOT_JUDGED = "-"
KILLED = (1, 3, 36, 37)
"""mutmut's exit codes of a killed mutant: a failing test, pytest's internal error, a
timeout, the type check."""


def settings(system: str) -> dict[str, Any]:
    """The mutmut configuration for one system (what ``[tool.mutmut]`` would hold)."""
    code = f"domain/systems/{system}"
    return {
        "source_paths": ["domain"],
        "only_mutate": [f"{code}/rules/*.py", f"{code}/handlers/*.py"],
        # The tests import the rest of the project; mutmut copies tests/ itself.
        "also_copy": ["server", "clients", "fracas_cli", "examples", "docs"],
        # Plugins these tests do not use: without them one pytest run (one mutant) takes
        # a third of the time (the unraisable-exception plugin collects the garbage twice).
        "pytest_add_cli_args": ["-q"] + [arg for name in UNUSED_PLUGINS for arg in ("-p", f"no:{name}")],
        "pytest_add_cli_args_test_selection": [f"tests/systems/{system}"]
        + [f"--ignore={path}" for path in SLOW_OR_SOURCE_READING.get(system, [])],
    }


def configure(system: str) -> None:
    """Give mutmut the system's settings (it reads them once, on import of its command line)."""
    import mutmut.configuration

    values = settings(system)
    mutmut.configuration._config_reader = lambda: lambda key, default: values.get(key, default)
    mutmut.configuration.reset_config()


def current_functions(system: str) -> dict[str, dict[str, tuple[str, int]]]:
    """The code as it is now: source file → mutated function → (mutmut's hash of its
    source, its number of mutants)."""
    from mutmut.mutation.file_mutation import mutate_file_contents

    configure(system)
    functions: dict[str, dict[str, tuple[str, int]]] = {}
    for folder in ("rules", "handlers"):
        for path in sorted(Path("domain/systems", system, folder).glob("*.py")):
            mutated = mutate_file_contents(path.as_posix(), path.read_text())
            counts = Counter(name.rpartition("__mutmut_")[0] for name in mutated.mutant_names)
            functions[path.as_posix()] = {
                function: (mutated.hash_by_function_name[function], count)
                for function, count in counts.items()
            }
    return functions


def ledger_path(system: str) -> Path:
    return LEDGERS / f"{system}.txt"


def _meta_path(source: str) -> Path:
    return SCRATCH / (source + ".meta")


def _mutant_key(source: str, function: str, number: int) -> str:
    module = source.removesuffix(".py").replace("/", ".")
    return f"{module}.{function}__mutmut_{number}"


Ledger = dict[str, dict[str, tuple[str, list[int | None]]]]
"""Source file → function → (source hash, exit code of mutant 1, 2, …)."""


def read_ledger(system: str, path: Path | None = None) -> Ledger:
    """The system's ledger, or the one at ``path`` (another session's, to merge)."""
    ledger: Ledger = {}
    path = path or ledger_path(system)
    if not path.exists():
        return ledger
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        source, function, digest, text = line.split(" ")
        codes = [None if code == NOT_JUDGED else int(code) for code in text.split(",")]
        ledger.setdefault(source, {})[function] = (digest, codes)
    return ledger


def scratch_ledger(system: str) -> Ledger:
    """The verdicts mutmut holds in ``mutants/``."""
    ledger: Ledger = {}
    for meta_file in sorted(SCRATCH.glob(f"domain/systems/{system}/*/*.py.meta")):
        source = meta_file.relative_to(SCRATCH).as_posix().removesuffix(".meta")
        meta = json.loads(meta_file.read_text())
        by_function: dict[str, dict[int, int | None]] = defaultdict(dict)
        for key, code in meta["exit_code_by_key"].items():
            prefix, _, number = key.rpartition("__mutmut_")
            by_function[prefix.rpartition(".")[2]][int(number)] = code
        ledger[source] = {
            function: (meta["hash_by_function_name"][function], [codes[n] for n in range(1, len(codes) + 1)])
            for function, codes in by_function.items()
        }
    return ledger


def write_ledger(system: str, ledger: Ledger) -> int:
    """Write ``ledger`` as the system's ledger; return how many mutants it has judged."""
    lines, judged = [], 0
    for source, functions in sorted(ledger.items()):
        for function, (digest, codes) in sorted(functions.items()):
            judged += sum(code is not None for code in codes)
            text = ",".join(NOT_JUDGED if code is None else str(code) for code in codes)
            lines.append(f"{source} {function} {digest} {text}")
    path = ledger_path(system)
    path.parent.mkdir(parents=True, exist_ok=True)
    header = f"# {system}: source, function, source hash, exit code of mutant 1, 2, … (- not judged)\n"
    path.write_text(header + "".join(line + "\n" for line in lines))
    return judged


def _weight(code: int | None) -> int:
    return 2 if code in KILLED else 0 if code is None else 1


def current_verdicts(system: str, ledgers: list[Ledger]) -> Ledger:
    """The verdicts of ``ledgers`` that hold for the code as it is now: a function's count
    only under its current hash. Where two ledgers judged the same mutant, a kill wins (a
    test written since), then any verdict over none."""
    merged: Ledger = {}
    for source, functions in current_functions(system).items():
        for function, (digest, count) in functions.items():
            codes: list[int | None] = [None] * count
            for ledger in ledgers:
                found = ledger.get(source, {}).get(function)
                if found is not None and found[0] == digest and len(found[1]) == count:
                    codes = [
                        max(mine, theirs, key=_weight) for mine, theirs in zip(codes, found[1], strict=True)
                    ]
            merged.setdefault(source, {})[function] = (digest, codes)
    return merged


def restore_ledger(system: str) -> None:
    """Seed ``mutants/`` with the ledger's verdicts where mutmut holds none yet."""
    for source, functions in read_ledger(system).items():
        meta_file = _meta_path(source)
        if meta_file.exists():
            continue
        meta_file.parent.mkdir(parents=True, exist_ok=True)
        codes = {
            _mutant_key(source, function, n): code
            for function, (_, verdicts) in functions.items()
            for n, code in enumerate(verdicts, start=1)
        }
        meta = {
            "exit_code_by_key": codes,
            "hash_by_function_name": {function: digest for function, (digest, _) in functions.items()},
            "type_check_error_by_key": {},
            "durations_by_key": {},
            "estimated_durations_by_key": {},
        }
        meta_file.write_text(json.dumps(meta))


def equivalent_mutants(system: str) -> set[str]:
    """The mutants ``docs/systems/<system>-mutants.md`` lists as equivalent, full names."""
    path = Path(f"docs/systems/{system}-mutants.md")
    if not path.exists():
        return set()
    names: set[str] = set()
    text = path.read_text().split("\n## Survivants", 1)[0]
    for row in re.findall(r"^\| (`[^|]*`) \|", text, flags=re.MULTILINE):
        base = ""
        for token in re.findall(r"`([^`]+)`", row):
            if token.startswith("_") and base:
                names.add(f"{base}_{token.lstrip('_')}")
            else:
                base = token.rpartition("__mutmut_")[0] + "__mutmut"
                names.add(token)
    return {f"domain.systems.{system}.{name}" for name in names}


def score(system: str) -> str:
    """The mutation score of each mutated folder of the code as it is now, from the
    ledger's verdicts that still hold and the equivalents' list."""
    equivalent = equivalent_mutants(system)
    ledger = current_verdicts(system, [read_ledger(system)])
    rows = ["| folder | mutants | judged | equivalent | killed / not equivalent | score | survivors |"]
    rows.append("| --- | --- | --- | --- | --- | --- | --- |")
    for folder in ("rules", "handlers"):
        counts: Counter[str] = Counter()
        for source, functions in ledger.items():
            if f"/{folder}/" not in source:
                continue
            for function, (_, codes) in functions.items():
                for n, code in enumerate(codes, start=1):
                    counts["mutants"] += 1
                    if code is None:
                        continue
                    counts["judged"] += 1
                    if _mutant_key(source, function, n) in equivalent:
                        counts["equivalent"] += 1
                    elif code in KILLED:
                        counts["killed"] += 1
                    else:
                        counts["survived"] += 1
        others = counts["judged"] - counts["equivalent"]
        rate = f"{100 * counts['killed'] / others:.1f} %" if others else "—"
        rows.append(
            f"| `{folder}/` | {counts['mutants']} | {counts['judged']} | {counts['equivalent']} "
            f"| {counts['killed']} / {others} | {rate} | {counts['survived']} |"
        )
    return "\n".join(rows)


def survivors(system: str, within: str = "") -> list[str]:
    """The mutants of the code as it is now that survived and are not listed as
    equivalent, in source files whose path contains ``within``."""
    equivalent = equivalent_mutants(system)
    found = []
    for source, functions in current_verdicts(system, [read_ledger(system)]).items():
        if within not in source:
            continue
        for function, (_, codes) in functions.items():
            for n, code in enumerate(codes, start=1):
                key = _mutant_key(source, function, n)
                if code is not None and code not in KILLED and key not in equivalent:
                    found.append(key)
    return found


def main(argv: list[str]) -> None:
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    system, mutmut_args = argv[0], argv[1:]
    if not Path("domain/systems", system, "rules").is_dir():
        sys.exit(f"no rules to mutate: domain/systems/{system}/rules is not a directory")
    if mutmut_args == ["score"]:
        print(score(system))
        return
    if mutmut_args[:1] == ["survivors"]:
        print("\n".join(survivors(system, *mutmut_args[1:2])))
        return
    if mutmut_args[:1] == ["merge"]:
        # Ledgers of sessions that ran side by side: one ledger of what still holds.
        ledgers = [read_ledger(system)] + [read_ledger(system, Path(other)) for other in mutmut_args[1:]]
        print(f"{write_ledger(system, current_verdicts(system, ledgers))} verdicts in {ledger_path(system)}")
        return
    if MARK.exists() and MARK.read_text().strip() != system:
        print(f"{SCRATCH}/ held another system's mutants; starting afresh for {system}")
        shutil.rmtree(SCRATCH)
    SCRATCH.mkdir(exist_ok=True)
    MARK.write_text(system + "\n")
    restore_ledger(system)

    configure(system)
    # pytest's temporary directories under a root of this run's own: sessions that run side
    # by side would otherwise clean up each other's numbered directories and fail at random.
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", tempfile.mkdtemp(prefix="fracas-mutation-"))
    from mutmut.__main__ import cli

    # ``-m tests.mutation`` imported the original ``tests`` package; the tests must
    # import the copy in mutants/ (pytest refuses a conftest from another path).
    for name in [name for name in sys.modules if name == "tests" or name.startswith("tests.")]:
        del sys.modules[name]
    try:
        cli(mutmut_args, prog_name=f"python -m tests.mutation {system}")
    finally:
        # Also on Ctrl-C: the verdicts reached so far are kept for the next session.
        if mutmut_args[:1] == ["run"]:
            print(f"{write_ledger(system, scratch_ledger(system))} verdicts in {ledger_path(system)}")


if __name__ == "__main__":
    main(sys.argv[1:])
