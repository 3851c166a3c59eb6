"""The Kubernetes manifests of ``deploy/k8s``: valid against the API's schemas
(``kubernetes-validate``, strict: an unknown field fails), and what an
operator relies on is there."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
DEPLOY = K8S.parent
VERSION = "1.30"
"""The oldest Kubernetes the manifests are written for."""


def documents(name: str) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all((K8S / name).read_text()) if doc]


def kustomization() -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    return found


def manifests() -> list[str]:
    return sorted(p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")


def one(name: str, kind: str) -> dict[str, Any]:
    [found] = [doc for doc in documents(name) if doc["kind"] == kind]
    return found


@pytest.mark.parametrize("name", manifests())
def test_every_manifest_is_valid_against_the_kubernetes_schemas(name: str) -> None:
    for doc in documents(name):
        kubernetes_validate.validate(doc, VERSION, strict=True)


def test_the_validator_refuses_a_misspelt_field() -> None:
    deployment = copy.deepcopy(one("fracas.yaml", "Deployment"))
    deployment["spec"]["template"]["spec"]["containers"][0]["livenesProbe"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSION, strict=True)


def test_kustomization_lists_files_that_exist_and_sets_the_image_and_pull_policy_in_one_place() -> None:
    kust = kustomization()
    for resource in kust["resources"]:
        assert (K8S / resource).is_file()
    listed = set(kust["resources"]) | {"ingress.yaml"}  # optional, listed commented out
    assert listed == set(manifests())
    [image] = kust["images"]
    assert image["name"] == "fracas" and image["newName"] and image["newTag"] != "latest"
    [patch] = kust["patches"]
    assert patch["target"]["kind"] == "Deployment"
    operations = yaml.safe_load(patch["patch"])
    assert {
        "op": "replace",
        "path": "/spec/template/spec/containers/0/imagePullPolicy",
        "value": "IfNotPresent",
    } in operations
    [container] = one("fracas.yaml", "Deployment")["spec"]["template"]["spec"]["containers"]
    assert container["image"] == image["name"]  # replaced by kustomize, not pulled as is


def test_fracas_pods_probe_livez_and_readyz_drain_and_run_unprivileged() -> None:
    deployment = one("fracas.yaml", "Deployment")
    pod = deployment["spec"]["template"]["spec"]
    [container] = pod["containers"]
    assert container["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["lifecycle"]["preStop"]["exec"]["command"][0] == "sleep"
    delay = int(container["lifecycle"]["preStop"]["exec"]["command"][1])
    env = {item["name"]: item["value"] for item in container["env"]}
    assert pod["terminationGracePeriodSeconds"] > delay + int(env["FRACAS_SHUTDOWN_SECONDS"])
    assert env["FRACAS_LOG_FORMAT"] == "json"
    assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] != 0
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    budget = one("fracas.yaml", "PodDisruptionBudget")
    assert budget["spec"]["selector"] == deployment["spec"]["selector"]
    assert budget["spec"].get("maxUnavailable") == 1 or budget["spec"].get("minAvailable")


def test_redis_runs_as_a_probed_statefulset_behind_a_headless_service_with_deploy_redis_conf() -> None:
    statefulset = one("redis.yaml", "StatefulSet")
    service = one("redis.yaml", "Service")
    assert service["spec"]["clusterIP"] == "None"
    assert statefulset["spec"]["serviceName"] == service["metadata"]["name"]
    pod = statefulset["spec"]["template"]["spec"]
    [container] = pod["containers"]
    for probe in ("livenessProbe", "readinessProbe"):
        assert container[probe]["exec"]["command"] == ["redis-cli", "ping"]
    assert pod["securityContext"]["runAsNonRoot"] is True and pod["securityContext"]["runAsUser"] != 0
    config = one("redis.yaml", "ConfigMap")["data"]["redis.conf"]
    assert settings(config) == settings((DEPLOY / "redis.conf").read_text())


def settings(text: str) -> list[str]:
    """A redis.conf's settings, in order, without comments and blank lines."""
    return [" ".join(line.split()) for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_the_optional_ingress_hashes_on_the_path_never_the_query() -> None:
    ingress = one("ingress.yaml", "Ingress")
    assert ingress["metadata"]["annotations"]["nginx.ingress.kubernetes.io/upstream-hash-by"] == "$uri"
    [rule] = ingress["spec"]["rules"]
    [path] = rule["http"]["paths"]
    assert path["backend"]["service"]["name"] == one("fracas.yaml", "Service")["metadata"]["name"]
