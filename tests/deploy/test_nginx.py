"""``deploy/nginx.conf``: its access log never keeps a query string (browsers
pass tokens as ``?token=``), it routes by table id, re-resolves the replicas
and keeps ``/metrics`` to the scrapers."""

from __future__ import annotations

import re
from pathlib import Path

CONF = (Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf").read_text()
CODE = "\n".join(line.split("#", 1)[0] for line in CONF.splitlines())
"""The configuration without its comments."""

WITH_QUERY = ("$request ", '$request"', "$request'", "$request_uri", "$args", "$query_string", "$arg_")


def test_every_access_log_uses_a_format_without_the_query_string() -> None:
    formats = dict(re.findall(r"log_format\s+(\w+)\s+((?:'[^']*'\s*)+);", CODE))
    assert formats, "a log format of its own"
    for text in formats.values():
        assert "$uri" in text
        assert not any(variable in text + " " for variable in WITH_QUERY), text
    logs = re.findall(r"access_log\s+([^;]+);", CODE)
    assert logs
    for log in logs:
        words = log.split()
        assert words == ["off"] or (len(words) >= 2 and words[1] in formats), log


def test_replicas_are_reached_by_a_consistent_hash_of_the_table_id_and_re_resolved() -> None:
    assert re.search(r"hash \$fracas_table consistent;", CODE)
    assert re.search(r"server \$\{FRACAS_UPSTREAM\} resolve;", CODE)
    assert re.search(r"\bresolver \S+ valid=\d+s", CODE)
    assert re.search(r"zone fracas \d+k;", CODE)  # "resolve" needs a shared zone


def test_metrics_are_not_served_through_the_proxy() -> None:
    assert re.search(r"location = /metrics \{\s*return 404;", CODE)
