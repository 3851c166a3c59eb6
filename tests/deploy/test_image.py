"""``deploy/Dockerfile`` and ``.dockerignore``, read statically (no engine
here): the image runs as a non-root user who owns ``/data`` before it becomes
a volume, installs every package with pinned dependencies, and the build
context holds what the build copies."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments), continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), " ".join(rest.split())))
    return found


def index(word: str, containing: str = "") -> int:
    return next(i for i, (w, args) in enumerate(instructions()) if w == word and containing in args)


def test_data_is_created_and_owned_by_the_runtime_user_before_it_is_a_volume() -> None:
    steps = instructions()
    user = steps[index("USER")][1].split(":")[0]
    assert user not in {"root", "0"}
    creating = index("RUN", "mkdir -p /data")
    run = steps[creating][1]
    assert re.search(rf"useradd .*\b{user}\b", run) or any(
        w == "RUN" and re.search(rf"useradd .*\b{user}\b", a) for w, a in steps[:creating]
    )
    assert f"chown {user}:{user} /data" in run or f"chown {user} /data" in run
    assert index("RUN", "mkdir -p /data") < index("VOLUME") and '"/data"' in steps[index("VOLUME")][1]
    assert index("USER") < index("ENTRYPOINT")
    assert "FRACAS_DATA=/data" in steps[index("ENV", "FRACAS_DATA")][1]


def test_dependencies_are_installed_under_the_constraints_file() -> None:
    steps = instructions()
    install = steps[index("RUN", "pip install")][1]
    assert "--constraint constraints.txt" in install or "-c constraints.txt" in install
    assert index("COPY", "deploy/constraints.txt") < index("RUN", "pip install")
    pinned = {
        line.split("==")[0].lower().replace("_", "-")
        for line in (ROOT / "deploy" / "constraints.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    }
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"]:
        name = re.split(r"[\[<>=!~ ]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        assert name in pinned, f"{name} is not pinned in deploy/constraints.txt"


def test_every_package_is_copied_and_the_context_admits_it() -> None:
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    copied = {args.split()[0] for word, args in instructions() if word == "COPY"}
    ignore = (ROOT / ".dockerignore").read_text().splitlines()
    for pattern in packages["include"]:
        package = pattern.rstrip("*")
        assert package in copied, f"{package} is not copied into the image"
        assert f"!{package}/" in ignore, f"{package} is kept out of the build context"
    for needed in ("pyproject.toml", "README.md", "deploy/constraints.txt"):
        assert f"!{needed}" in ignore
    assert ignore[[line.strip() for line in ignore].index("**")] == "**"  # everything else stays out


def test_the_health_check_asks_readiness() -> None:
    assert "/readyz" in instructions()[index("HEALTHCHECK")][1]


def test_kubernetes_runs_the_pods_as_the_images_user() -> None:
    import yaml

    run = " ".join(args for word, args in instructions() if word == "RUN")
    uid = int(re.search(r"useradd [^&]*--uid (\d+)", run)[1])  # type: ignore[index]
    gid = int(re.search(r"groupadd [^&]*--gid (\d+)", run)[1])  # type: ignore[index]
    manifests = yaml.safe_load_all((ROOT / "deploy" / "k8s" / "fracas.yaml").read_text())
    [deployment] = [doc for doc in manifests if doc["kind"] == "Deployment"]
    context = deployment["spec"]["template"]["spec"]["securityContext"]
    assert (context["runAsUser"], context["runAsGroup"]) == (uid, gid)
