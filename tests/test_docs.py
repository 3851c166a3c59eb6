"""The committed documentation stays true to the code."""

from __future__ import annotations

import json
import re
from pathlib import Path

from domain.wire import schema

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_json_schema_matches_the_wire_types() -> None:
    committed = json.loads((ROOT / "docs" / "schema.json").read_text(encoding="utf-8"))
    assert committed == schema(), "docs/schema.json is stale: run `fracas schema > docs/schema.json`"


def test_the_readme_quick_start_has_exactly_two_commands_and_ci_runs_the_second() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start.*?```(?:sh|bash)?\n(.*?)```", readme, re.S)
    assert block is not None, "README.md needs a Quick start section with a code block"
    lines = [line for line in block.group(1).splitlines() if line.strip() and not line.startswith("#")]
    assert len(lines) == 2
    assert "fracas serve" in lines[0]
    assert lines[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_wire_message_is_described_in_the_protocol_doc() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    tags = {
        d["properties"]["type"]["enum"][0]
        for d in schema()["$defs"].values()
        if "type" in d.get("properties", {}) and "enum" in d["properties"]["type"]
    }
    wire = {
        "follow",
        "unfollow",
        "command",
        "get_state",
        "get_events",
        "welcome",
        "events",
        "accepted",
        "rejected",
        "state",
        "event_page",
        "diverged",
        "error",
        "skipped",
    }
    for tag in wire & tags:
        assert f"`{tag}`" in doc, f"docs/protocol.md does not describe `{tag}`"
