"""``deploy/compose.yaml``, checked as ``docker compose config`` would (no
engine here): every service that stays up is health-checked and restarted,
every dependency waits for its condition, and the ``cluster`` profile has six
Redis nodes joined into a cluster."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
CONDITIONS = {"service_started", "service_healthy", "service_completed_successfully"}


def compose() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())  # anchors merged
    return found


def services(profile: str | None = None) -> dict[str, dict[str, Any]]:
    every: dict[str, dict[str, Any]] = compose()["services"]
    return {
        name: service
        for name, service in every.items()
        if (profile in service.get("profiles", [])) or (profile is None and "profiles" not in service)
    }


def test_every_dependency_names_a_service_and_waits_for_a_condition() -> None:
    every = compose()["services"]
    for name, service in every.items():
        depends = service.get("depends_on", {})
        assert isinstance(depends, dict), f"{name}: depends_on without conditions"
        for other, how in depends.items():
            assert other in every, f"{name} depends on unknown {other}"
            assert how["condition"] in CONDITIONS
            # A service never depends on one only another profile starts.
            assert set(every[other].get("profiles", [])) <= set(service.get("profiles", []))


def test_long_running_services_are_health_checked_and_restarted() -> None:
    for name, service in compose()["services"].items():
        if service.get("restart") == "no":  # a one-shot job
            continue
        assert service["restart"] in {"always", "unless-stopped", "on-failure"}, name
        test = service["healthcheck"]["test"]
        assert test[0] in {"CMD", "CMD-SHELL"} and len(test) > 1, name


def test_fracas_waits_for_a_healthy_redis_and_the_proxy_for_ready_replicas() -> None:
    default = services()
    assert set(default) == {"redis", "fracas", "proxy"}
    assert default["fracas"]["depends_on"]["redis"]["condition"] == "service_healthy"
    assert default["proxy"]["depends_on"]["fracas"]["condition"] == "service_healthy"
    assert "/readyz" in " ".join(default["fracas"]["healthcheck"]["test"])
    assert default["fracas"]["deploy"]["replicas"] >= 2
    assert default["fracas"]["build"]["dockerfile"] == "deploy/Dockerfile"
    assert default["fracas"]["environment"]["REDIS_URL"].startswith("redis://redis:")
    assert default["fracas"]["environment"]["FORWARDED_ALLOW_IPS"] == "*"  # behind the proxy
    assert "ports" not in default["fracas"]  # only the proxy reaches them
    assert any(str(volume).startswith("redis-data:") for volume in default["redis"]["volumes"])
    assert int(default["fracas"]["stop_grace_period"].rstrip("s")) > int(
        default["fracas"]["environment"]["FRACAS_SHUTDOWN_SECONDS"]
    )


def test_the_cluster_profile_joins_six_nodes_and_serves_replicas_on_them() -> None:
    cluster = services("cluster")
    nodes = sorted(name for name in cluster if name.startswith("redis-node-"))
    assert len(nodes) == 6
    for node in nodes:
        command = cluster[node]["command"]
        assert command[command.index("--cluster-enabled") + 1] == "yes"
    init = cluster["redis-cluster-init"]
    script = " ".join(init["command"])
    assert all(f"{node}:6379" in script for node in nodes) and "--cluster-replicas 1" in script
    assert set(init["depends_on"]) == set(nodes)
    replicas = cluster["fracas-cluster"]
    assert replicas["environment"]["REDIS_URL"].startswith("redis+cluster://")
    assert replicas["depends_on"]["redis-cluster-init"]["condition"] == "service_completed_successfully"
    assert cluster["proxy-cluster"]["environment"]["FRACAS_UPSTREAM"] == "fracas-cluster:8000"


def test_the_proxies_mount_the_nginx_template() -> None:
    for name in ("proxy", "proxy-cluster"):
        proxy = compose()["services"][name]
        assert "./nginx.conf:/etc/nginx/templates/default.conf.template:ro" in proxy["volumes"]
