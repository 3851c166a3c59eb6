"""Mutation testing of one game system's rules, outside CI.

    nice -n 10 python -m tests.mutation vda run          # mutate, test, score
    python -m tests.mutation vda results                  # the surviving mutants
    python -m tests.mutation vda show <mutant name>       # one mutant's diff
    python -m tests.mutation vda run "<mutant name>"      # re-test one mutant

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
"""

from __future__ import annotations

import shutil
import sys
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


def main(argv: list[str]) -> None:
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    system, mutmut_args = argv[0], argv[1:]
    if not Path("domain/systems", system, "rules").is_dir():
        sys.exit(f"no rules to mutate: domain/systems/{system}/rules is not a directory")
    if MARK.exists() and MARK.read_text().strip() != system:
        print(f"{SCRATCH}/ held another system's mutants; starting afresh for {system}")
        shutil.rmtree(SCRATCH)
    SCRATCH.mkdir(exist_ok=True)
    MARK.write_text(system + "\n")

    import mutmut.configuration

    # mutmut reads its configuration once, on import of its command line.
    values = settings(system)
    mutmut.configuration._config_reader = lambda: lambda key, default: values.get(key, default)
    mutmut.configuration.reset_config()
    from mutmut.__main__ import cli

    # ``-m tests.mutation`` imported the original ``tests`` package; the tests must
    # import the copy in mutants/ (pytest refuses a conftest from another path).
    for name in [name for name in sys.modules if name == "tests" or name.startswith("tests.")]:
        del sys.modules[name]
    cli(mutmut_args, prog_name=f"python -m tests.mutation {system}")


if __name__ == "__main__":
    main(sys.argv[1:])
