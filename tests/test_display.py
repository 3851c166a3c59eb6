"""What ``fracas watch`` prints: one readable line per event."""

from __future__ import annotations

from pathlib import Path

from clients.python.display import describe
from clients.python.display_vda import LINES
from clients.python.scenario import load_scenario, run_in_memory

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "vda"


def test_the_main_vda_events_read_as_sentences_not_fields() -> None:
    lines = []
    for name in ("ruelle", "etreinte"):
        for record in run_in_memory(load_scenario(EXAMPLES / f"{name}.yaml"))["events"]:
            line = describe(record)
            lines.append(line)
            if type(record.event) in LINES:
                assert "{" not in line, line
    assert any("ordre / order : agnes 3, rorsh 2" in line for line in lines)
    assert any("agnes → rorsh (lance) : marge 2, dommages 5, perd / loses 3 L" in line for line in lines)
    assert any("rorsh étreint / holds agnes : valeur 2 / plafond 2" in line for line in lines)
    assert any("déclarations révélées / revealed" in line for line in lines)
