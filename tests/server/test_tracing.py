"""Optional tracing: with ``FRACAS_TRACING=1`` and OpenTelemetry installed,
one span per command, from arrival to answer, with the ids and the outcome,
never a token or the command's body; off by default."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from server import tracing
from tests.server.conftest import StartServer

pytest.importorskip("opentelemetry.sdk", reason="the test extra installs opentelemetry-sdk")

from opentelemetry import trace  # noqa: E402
from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import SimpleSpanProcessor  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402

pytestmark = [pytest.mark.redis, pytest.mark.timeout(60)]


@pytest.fixture(scope="module")
def exporter() -> InMemorySpanExporter:
    """One SDK provider for the test process (OpenTelemetry sets it only once)."""
    found = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(found))
    trace.set_tracer_provider(provider)
    return found


@pytest.fixture
def traced(exporter: InMemorySpanExporter, monkeypatch: pytest.MonkeyPatch) -> Iterator[InMemorySpanExporter]:
    monkeypatch.setenv(tracing.VARIABLE, "1")
    exporter.clear()
    try:
        yield exporter
    finally:
        tracing.reset()


async def commands(server: str) -> tuple[str, str]:
    async with httpx.AsyncClient(base_url=server) as http:
        created = (await http.post("/api/tables", json={"title": "Traces", "system": "vda"})).json()
        table_id, gm = created["table_id"], created["gm_token"]
        url, auth = f"/api/tables/{table_id}/commands", {"Authorization": f"Bearer {gm}"}
        note = {"type": "AddNote", "text": "un corps secret"}
        assert (await http.post(url, json={"id": "one", "command": note}, headers=auth)).status_code == 200
        stale = {"id": "two", "command": note, "expected_head": 1}
        assert (await http.post(url, json=stale, headers=auth)).status_code == 409
    return table_id, gm


async def test_one_span_per_command_with_its_ids_and_outcome(
    traced: InMemorySpanExporter, start_embedded_server: StartServer
) -> None:
    server = await start_embedded_server()
    table_id, gm = await commands(server)
    spans = {span.attributes["fracas.command_id"]: span for span in traced.get_finished_spans()}
    assert set(spans) == {"one", "two"}
    one, two = spans["one"], spans["two"]
    assert one.name == "fracas.command"
    assert dict(one.attributes) == {
        "fracas.table_id": table_id,
        "fracas.command_id": "one",
        "fracas.command_type": "AddNote",
        "fracas.principal_id": "gm",
        "fracas.result": "accepted",
    }
    assert two.attributes["fracas.result"] == "refused"
    assert two.attributes["fracas.rule"] == "table.expected-head"
    assert one.end_time > one.start_time
    text = repr([dict(span.attributes) for span in spans.values()])
    assert gm.split(".", 1)[1] not in text and "un corps secret" not in text


async def test_no_span_unless_asked(
    exporter: InMemorySpanExporter, start_embedded_server: StartServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(tracing.VARIABLE, raising=False)
    tracing.reset()
    exporter.clear()
    server = await start_embedded_server()
    await commands(server)
    assert not tracing.enabled()
    assert exporter.get_finished_spans() == ()
