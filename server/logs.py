"""Logging: one configuration for Fracas's loggers and uvicorn's, as readable
text (the default) or one JSON object per line (``--log-format json``,
``FRACAS_LOG_FORMAT=json``) for a log collector.

A record about a table carries its ids as fields: ``table_id``, ``command_id``,
``principal_id`` (pass :func:`fields` as ``extra``). Never a token, a seed, a
salt or a message's body: the handlers also cut every query string out of
every line (browsers pass tokens as ``?token=``), whoever logged it.
"""

from __future__ import annotations

import json
import logging
import logging.config
from datetime import UTC, datetime
from typing import Any

FORMATS = ("text", "json")

TRACE = 5
logging.addLevelName(TRACE, "TRACE")  # uvicorn's most verbose level, known before uvicorn configures it

FIELDS = ("table_id", "command_id", "principal_id", "role")
"""The ids a record may carry (``extra=fields(...)``), in the order they are shown."""

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def fields(
    table_id: str | None = None,
    command_id: str | None = None,
    principal_id: str | None = None,
    role: str | None = None,
) -> dict[str, str]:
    """The ``extra`` of a log call about a table, a command, a person."""
    found = {"table_id": table_id, "command_id": command_id, "principal_id": principal_id, "role": role}
    return {name: value for name, value in found.items() if value}


class TextFormatter(logging.Formatter):
    """``time LEVEL logger: message``, then the record's ids as ``name=value``."""

    def __init__(self) -> None:
        super().__init__(TEXT_FORMAT)

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        ids = [f"{name}={record.__dict__[name]}" for name in FIELDS if record.__dict__.get(name)]
        if not ids:
            return text
        first, newline, rest = text.partition("\n")  # after the message, before a traceback
        return f"{first} {' '.join(ids)}{newline}{rest}"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
    ``message``, the record's ids, and ``exception`` (its traceback) if any."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")


def logging_config(level: str = "info", fmt: str = "text", root: bool = True) -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for ``fmt``: uvicorn's loggers (it is
    given this as ``log_config``) and, with ``root``, every other logger
    (Fracas's, the libraries'), all to stderr through the same handler."""
    if fmt not in FORMATS:
        raise ValueError(f"log format {fmt!r}: choose one of {', '.join(FORMATS)}")
    formatter = {"()": JsonFormatter} if fmt == "json" else {"()": TextFormatter}
    handler = {
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
        "formatter": "fracas",
        "filters": ["no_query_strings"],
    }
    config: dict[str, Any] = {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"no_query_strings": {"()": "server.access_log.DropQueryStrings"}},
        "formatters": {"fracas": formatter},
        "handlers": {"fracas": handler},
        "loggers": {
            # Through the root's handler when there is one; else their own.
            "uvicorn": {"handlers": [] if root else ["fracas"], "level": level.upper(), "propagate": root},
            "uvicorn.error": {"level": level.upper(), "propagate": True},
            "uvicorn.access": {"level": level.upper(), "propagate": True},
        },
    }
    if root:
        config["root"] = {"handlers": ["fracas"], "level": level.upper()}
    return config


def configure(level: str = "info", fmt: str = "text") -> None:
    """Configure this process's logging (``fracas serve``; each worker process
    gets the same through uvicorn's ``log_config``)."""
    logging.config.dictConfig(logging_config(level, fmt))
