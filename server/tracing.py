"""Optional OpenTelemetry tracing: one span per command, from its arrival to
its answer. Off unless ``FRACAS_TRACING=1`` (``fracas serve --tracing``) and
the ``opentelemetry-api`` package is importable; Fracas does not depend on it.

Spans go to the tracer provider the process has: the one that
``opentelemetry-instrument fracas serve`` sets up from the ``OTEL_*``
environment variables, or, when the SDK and its OTLP exporter are installed
and nothing set one up, an OTLP exporter configured by those same variables.
A span carries the table id, the command id and type, the principal id, the
result and the rule of a refusal: never a token, a seed or the command's body.
"""

from __future__ import annotations

import logging
import os
from typing import Any

log = logging.getLogger("fracas.tracing")

VARIABLE = "FRACAS_TRACING"

_tracer: Any = None


def enabled() -> bool:
    return _tracer is not None


def setup() -> bool:
    """Turn tracing on if ``FRACAS_TRACING`` asks for it and OpenTelemetry is
    importable (once per process: each worker calls it at start)."""
    global _tracer
    if os.environ.get(VARIABLE, "0") in ("", "0") or _tracer is not None:
        return _tracer is not None
    try:
        from opentelemetry import trace
    except ImportError:
        log.warning("%s is set but opentelemetry-api is not installed: no traces", VARIABLE)
        return False
    if type(trace.get_tracer_provider()).__name__ == "ProxyTracerProvider":
        _default_provider(trace)
    _tracer = trace.get_tracer("fracas")
    return True


def _default_provider(trace: Any) -> None:
    """An OTLP exporter, where the SDK and the exporter are installed."""
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        log.warning(
            "no OpenTelemetry tracer provider: install opentelemetry-sdk and "
            "opentelemetry-exporter-otlp-proto-http, or run under opentelemetry-instrument"
        )
        return
    provider = TracerProvider(resource=Resource.create({"service.name": "fracas"}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)


def reset() -> None:
    """Tracing off (tests)."""
    global _tracer
    _tracer = None


def command_started(table_id: str, command_id: str, kind: str, principal: str) -> Any:
    """A span for one command, started now (not made current: the command's work
    runs in the table's writer task, not the caller's)."""
    return _tracer.start_span(
        "fracas.command",
        attributes={
            "fracas.table_id": table_id,
            "fracas.command_id": command_id,
            "fracas.command_type": kind,
            "fracas.principal_id": principal,
        },
    )


def command_answered(span: Any, result: str, rule: str) -> None:
    span.set_attribute("fracas.result", result)
    if rule:
        span.set_attribute("fracas.rule", rule)
    if result in ("error", "unavailable"):
        from opentelemetry.trace import Status, StatusCode

        span.set_status(Status(StatusCode.ERROR, result))
    span.end()
