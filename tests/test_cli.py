"""The ``fracas`` command line, run as a user runs it: as processes, against a
``fracas serve`` on the embedded Redis in a temporary folder."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import msgspec
import pytest
import redis
import uvicorn

from clients.python import TableClient, cli, cli_commands
from clients.python.scenario import load_scenario
from domain.commands import AddNote
from domain.play import play
from fracas_cli import add_serve_command
from server import serve as serve_module
from server.frames_protocol import FramesProtocol
from server.serve import uvicorn_options

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

ROOT = Path(__file__).resolve().parents[1]


def fracas(
    *args: str, env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "fracas_cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
    )
    if check and result.returncode != 0:
        raise AssertionError(f"fracas {' '.join(args)} failed: {result.stderr}{result.stdout}")
    return result


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    def __init__(self, data: Path, *extra: str) -> None:
        self.data = data
        self.extra = extra
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> Served:
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "fracas_cli",
                "serve",
                "--port",
                str(self.port),
                "--data",
                str(self.data),
                *self.extra,
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError("fracas serve did not come up")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=30)
        if self.process is not None and self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(tmp_path / "data").start()
    yield server
    server.stop()


def test_serve_uses_the_embedded_redis_and_keeps_every_table_across_a_restart(served: Served) -> None:
    health = httpx.get(f"{served.url}/healthz").json()
    assert health["store"] == "embedded" and health["redis_version"].startswith("6.2")
    created = json.loads(
        fracas("create", "--server", served.url, "--title", "Persistante", "--system", "vda").stdout
    )
    env = {
        "FRACAS_SERVER": served.url,
        "FRACAS_TABLE": created["table_id"],
        "FRACAS_TOKEN": created["gm_token"],
    }
    fracas("send", '{"type": "AddNote", "text": "avant le redémarrage"}', env=env)
    fracas("send", '{"type": "RollDice", "spec": {"type": "pool", "dice": 4, "difficulty": 6}}', env=env)
    before = json.loads(fracas("state", "--json", env=env).stdout)
    log_before = fracas("export", env=env).stdout

    served.stop()
    assert (
        (served.data / "fracas.aof").exists()
        or (served.data / "appendonlydir").exists()
        or any(p.suffix == ".aof" for p in served.data.rglob("*"))
    )
    served.start()

    assert json.loads(fracas("state", "--json", env=env).stdout) == before
    assert fracas("export", env=env).stdout == log_before
    fracas("send", '{"type": "AddNote", "text": "après"}', env=env)
    assert json.loads(fracas("state", "--json", env=env).stdout)["position"] == before["position"] + 1


def test_serve_stopped_by_sigterm_stops_its_embedded_redis_and_its_folder_serves_again(
    served: Served,
) -> None:
    """``kill``, ``docker stop`` and service managers send SIGTERM: the embedded
    Redis stops with the server (its files flushed), instead of living on and
    holding the data folder."""
    assert served.process is not None
    redis_pid = int((served.data / "redis.pid").read_text())
    os.kill(redis_pid, 0)  # running
    served.process.send_signal(signal.SIGTERM)
    assert served.process.wait(timeout=30) == -signal.SIGTERM  # still ends by the signal it got
    served.stop()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and pid_alive(redis_pid):
        time.sleep(0.05)
    assert not pid_alive(redis_pid)
    served.start()  # the folder is free: no "another Fracas server already runs"
    assert httpx.get(f"{served.url}/healthz").json()["store"] == "embedded"


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_two_terminals_watch_the_same_table_and_see_a_rewind(served: Served) -> None:
    created = json.loads(
        fracas(
            "create", "--server", served.url, "--title", "Deux terminaux", "--system", "vda", "--sandbox"
        ).stdout
    )
    gm = {
        "FRACAS_SERVER": served.url,
        "FRACAS_TABLE": created["table_id"],
        "FRACAS_TOKEN": created["gm_token"],
    }
    fracas(
        "send",
        '{"type": "AddCombatant", "combatant": {"id": "rorsh", "name": "Rorsh", "sheet": {"type": "vda"}}}',
        env=gm,
    )
    invited = json.loads(
        fracas("invite", "--role", "player", "--name", "Alice", "--combatant", "rorsh", env=gm).stdout
    )
    player = {**gm, "FRACAS_TOKEN": invited["token"]}

    watchers = [
        subprocess.Popen(
            [sys.executable, "-m", "fracas_cli", "watch"],
            cwd=ROOT,
            env={**os.environ, **who},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for who in (gm, player)
    ]
    try:
        time.sleep(1.5)
        fracas(
            "send",
            '{"type": "RollDice", "combatant": "rorsh", "label": "Attaque",'
            ' "spec": {"type": "pool", "dice": 3}}',
            "--dice",
            "8,2,1",
            env=player,
        )
        fracas("rewind", "3", "--reason", "on recommence", env=gm)
        time.sleep(1.5)
    finally:
        for w in watchers:
            w.send_signal(signal.SIGINT)
    outputs = [w.communicate(timeout=20)[0] for w in watchers]
    for out in outputs:
        assert "Rorsh lance les dés « Attaque » : [8✓ 2 1✗] → échec (difficulté 6)." in out
        assert "Le MJ revient à la position 3 : on recommence." in out
        assert not any(line.startswith("#") for line in out.splitlines())  # the header is on stderr
    gm_lines = [line.split()[0] for line in outputs[0].splitlines()]
    assert gm_lines == ["1", "2", "3", "4", "5"]
    assert " Alice " in outputs[0].splitlines()[3] and " le MJ " in outputs[0].splitlines()[4]
    state = json.loads(fracas("state", "--json", env=player).stdout)
    assert state["fight"]["last_roll"] is None


def test_a_closed_table_export_verifies_every_die(
    served: Served, tmp_path: Path, heads_dir: Path, here: Here
) -> None:
    """The GM's, a player's and a spectator's exports of a table with a secret roll each
    verify, open and closed; a record cut or a die changed is caught (``fracas`` runs
    in this process: how a process fails is the test below's)."""
    gm = _table(served, "vtm", here=here)
    here(
        "send",
        '{"type": "AddCombatant", "combatant": {"id": "ana", "name": "Ana", "sheet": {"type": "vtm"}}}',
        env=gm,
    )
    roles = {
        "gm": gm,
        "player": {
            **gm,
            "FRACAS_TOKEN": json.loads(
                here("invite", "--role", "player", "--name", "Alice", "--combatant", "ana", env=gm)
            )["token"],
        },
        "spectator": {
            **gm,
            "FRACAS_TOKEN": json.loads(here("invite", "--role", "spectator", "--name", "Public", env=gm))[
                "token"
            ],
        },
    }
    here(
        "send",
        '{"type": "RollDice", "spec": {"type": "pool", "dice": 8, "difficulty": 6, "specialty": true}}',
        env=gm,
    )
    here("send", '{"type": "RollDice", "secret": true, "spec": {"type": "pool", "dice": 5}}', env=gm)
    not_closed = tmp_path / "open.ndjson"
    here("export", "-o", str(not_closed), env=gm)
    kept = heads_dir / f"{gm['FRACAS_TABLE']}.ndjson"
    assert len(kept.read_text().splitlines()) == 3  # fracas send kept each signed head
    checked_open = here("verify", str(not_closed), "--heads", str(kept))
    assert "still open" in checked_open and "3 kept heads match" in checked_open
    lines = not_closed.read_text().splitlines()
    cut = tmp_path / "cut.ndjson"
    cut.write_text("\n".join(lines[:-2] + lines[-1:]) + "\n")  # the last record dropped, the end kept
    assert here.run("verify", str(cut))[0] == 1
    here("send", '{"type": "CloseTable"}', env=gm)
    for role, env in roles.items():
        log = tmp_path / f"{role}.ndjson"
        here("export", "-o", str(log), env=env)
        report = here("verify", str(log), "--heads", str(kept)).splitlines()
        assert report[-1].startswith("OK ") and "4 kept heads match" in report[1], (
            role,
            report,
        )  # and the close
        if role != "gm":  # the secret roll is a stub in theirs; its reveal at the close is checked
            assert any("matches the commitment of position" in line for line in report), report
    checked = int(report[-1].split()[1])
    result = here("verify", str(tmp_path / "gm.ndjson")).splitlines()
    assert int(result[-1].split()[1]) == checked + 10  # the GM's re-derives the secret 5 dice twice
    tampered = (tmp_path / "gm.ndjson").read_text().replace('"faces":[', '"faces":[1,', 1)
    (tmp_path / "tampered.ndjson").write_text(tampered)
    assert here.run("verify", str(tmp_path / "tampered.ndjson"))[0] == 1
    code, out, _ = here.run("send", '{"type": "AddNote", "text": "trop tard"}', env=gm)
    assert code == 1 and "table.closed" in out


def test_run_plays_the_example_scenario_in_memory() -> None:
    result = json.loads(fracas("run", "examples/duel.yaml", "--json").stdout)
    assert [e["event"]["type"] for e in result["events"]][:3] == [
        "TableCreated",
        "CombatantAdded",
        "CombatantAdded",
    ]
    assert result["events"][-1]["event"]["type"] == "Rewound"
    assert result["state"]["fight"]["last_roll"]["roll"]["faces"] == [7, 3, 10, 1, 5]


def test_schema_prints_the_wire_protocol() -> None:
    printed = json.loads(fracas("schema").stdout)
    names = set(printed["$defs"])
    assert {"Follow", "SendCommand", "Events", "Rejected", "Welcome"} <= names


def test_the_server_log_never_shows_a_token(served: Served) -> None:
    created = json.loads(
        fracas("create", "--server", served.url, "--title", "Journal", "--system", "vda").stdout
    )
    token = created["gm_token"]
    assert (
        httpx.get(f"{served.url}/api/tables/{created['table_id']}/state", params={"token": token}).status_code
        == 200
    )
    assert served.process is not None
    served.process.send_signal(signal.SIGINT)
    _, log = served.process.communicate(timeout=30)
    served.process = None
    assert "/api/tables" in log
    assert token.split(".")[1] not in log


def test_run_plays_a_scenario_on_a_server(served: Served) -> None:
    ran = fracas("run", "examples/duel.yaml", "--server", served.url, "--json")
    result = json.loads(ran.stdout)
    types = [e["event"]["type"] for e in result["events"]]
    assert types[:3] == ["TableCreated", "CombatantAdded", "CombatantAdded"] and types[-1] == "Rewound"
    assert result["state"]["fight"]["last_roll"]["roll"]["faces"] == [7, 3, 10, 1, 5]
    table, token = result["table_id"], result["gm_token"]
    assert (
        ran.stderr.strip() == f"# export FRACAS_SERVER={served.url} FRACAS_TABLE={table} FRACAS_TOKEN={token}"
    )


def test_every_vda_example_fight_plays_on_a_real_server(served: Served, here: Here) -> None:
    for scenario in sorted((ROOT / "examples" / "vda").glob("*.yaml")):
        result = json.loads(here("run", str(scenario), "--server", served.url, "--json"))
        in_memory = json.loads(here("run", str(scenario), "--json"))
        # The same fight through the wire: same events (ids, times and the seed aside).
        assert [e["event"]["type"] for e in result["events"]] == [
            e["event"]["type"] for e in in_memory["events"]
        ]
        assert result["state"]["fight"]["combatants"] == in_memory["state"]["fight"]["combatants"]


def test_several_worker_processes_serve_one_table_together(tmp_path: Path) -> None:
    served = Served(tmp_path / "data", "--workers", "2").start()
    try:
        created = json.loads(
            fracas("create", "--server", served.url, "--title", "Deux coeurs", "--system", "vda").stdout
        )
        asyncio.run(_every_client_sees_every_event(served.url, created["table_id"], created["gm_token"]))
    finally:
        served.stop()
    assert not _answers(served.data / "redis.sock")  # the embedded Redis stopped with the server


async def _every_client_sees_every_event(server: str, table_id: str, token: str) -> None:
    clients = [TableClient(server, table_id, token) for _ in range(8)]
    for client in clients:
        await client.connect()
        await client.follow(0)
    try:
        await asyncio.gather(*(c.send(AddNote(text=f"de {i}")) for i, c in enumerate(clients)))
        for client in clients:
            positions = [(await client.next_event(timeout=20)).position for _ in range(9)]
            assert positions == list(range(1, 10))
    finally:
        for client in clients:
            await client.close()


def _answers(socket_path: Path) -> bool:
    client = redis.Redis(unix_socket_path=str(socket_path), socket_timeout=1)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


@pytest.mark.parametrize(
    ("env", "flags", "fast"), [("", [], True), ("0", [], False), ("1", ["--no-fast-paths"], False)]
)
def test_serve_takes_the_plain_paths_when_told(
    env: str, flags: list[str], fast: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if env:
        monkeypatch.setenv("FRACAS_FAST_PATHS", env)
    else:
        monkeypatch.delenv("FRACAS_FAST_PATHS", raising=False)
    args = cli.parser(add_serve_command).parse_args(["serve", *flags])
    assert args.fast_paths is fast
    assert uvicorn_options(fast_paths=args.fast_paths)["ws"] == (
        FramesProtocol if fast else "websockets-sansio"
    )


@pytest.mark.parametrize(
    ("env", "flags", "seconds"), [("", [], 5), ("12", [], 12), ("12", ["--worker-check-seconds", "30"], 30)]
)
def test_serve_hands_uvicorn_how_long_a_worker_may_not_answer_its_check(
    env: str, flags: list[str], seconds: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With --workers, the supervisor's check (uvicorn's timeout_worker_healthcheck)
    is the operator's to set: a loaded machine may starve a worker for seconds."""
    if env:
        monkeypatch.setenv("FRACAS_WORKER_CHECK_SECONDS", env)
    else:
        monkeypatch.delenv("FRACAS_WORKER_CHECK_SECONDS", raising=False)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    monkeypatch.setenv(serve_module.SETTINGS_VARIABLE, "")
    monkeypatch.setattr(serve_module.signal, "signal", lambda *a: None)
    handed: list[uvicorn.Config] = []
    monkeypatch.setattr(serve_module, "run_workers", handed.append)
    args = cli.parser(add_serve_command).parse_args(
        ["serve", "--workers", "2", "--redis-url", "redis://127.0.0.1:1/0", *flags]
    )
    args.run(args)
    (config,) = handed
    assert config.workers == 2 and config.timeout_worker_healthcheck == seconds


def one_line_failure(*args: str, code: int, **env: str) -> str:
    """Runs ``fracas`` expecting it to fail: one line on stderr, no traceback, ``code``."""
    result = fracas(*args, env=env or None, check=False)
    assert result.returncode == code, (result.returncode, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("fracas"), result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


class Here:
    """``fracas`` run in this process, as a process would run it (its arguments, its
    environment, its output and its exit code) without an interpreter's start-up."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
        self.monkeypatch = monkeypatch
        self.capsys = capsys

    def run(self, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
        for name, value in (env or {}).items():
            self.monkeypatch.setenv(name, value)
        try:
            cli.main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = self.capsys.readouterr()
        return code, out, err

    def __call__(self, *args: str, env: dict[str, str] | None = None) -> str:
        """What ``fracas ARGS`` prints, once it succeeded."""
        code, out, err = self.run(*args, env=env)
        assert code == 0, (args, code, err, out)
        return out

    def failure(self, *args: str, code: int, **env: str) -> str:
        """The one line ``fracas ARGS`` fails with, with exit code ``code``."""
        got, _, err = self.run(*args, env=env)
        assert got == code, (got, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("fracas"), err
        return lines[0]


@pytest.fixture
def here(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Here:
    return Here(monkeypatch, capsys)


def test_a_failure_is_one_line_with_a_documented_exit_code(tmp_path: Path) -> None:
    nowhere = f"http://127.0.0.1:{free_port()}"
    reach = ("--table", "t1", "--token", "x")
    assert "cannot reach" in one_line_failure("state", "--server", nowhere, *reach, code=3)
    assert "scheme" in one_line_failure("state", "--server", "127.0.0.1:8000", *reach, code=2)
    bad_options = ("create", "--server", nowhere, "--title", "T", "--system", "vda", "--options", "{oups")
    assert "--options is not JSON" in one_line_failure(*bad_options, code=2)
    assert "not a Fracas export" in one_line_failure("verify", "README.md", code=4)
    assert "cannot read" in one_line_failure("verify", str(tmp_path / "absent.ndjson"), code=4)
    note = '{"type":"AddNote","text":"x"}'
    assert "--dice" in one_line_failure("send", note, "--dice", "6,x", "--server", nowhere, *reach, code=2)
    unknown = one_line_failure("send", '{"type":"Nope"}', "--server", nowhere, *reach, code=2)
    assert "known types" in unknown and "AddNote" in unknown and "vda.DeclareAction" in unknown
    assert "--log-level" in one_line_failure("serve", "--log-level", "bavard", code=2)
    assert "invalid choice" in one_line_failure("frobnicate", code=2)
    scenario = tmp_path / "refus.yaml"
    scenario.write_text(
        "table: {title: Refus, system: vda}\n"
        "steps:\n"
        "  - command: {type: vda.RollInitiative, combatant: personne}\n",
        encoding="utf-8",
    )
    refused = one_line_failure("run", str(scenario), code=1)
    assert refused.startswith("fracas: step 1: refused by VDA-INIT-01: initiative is rolled")
    assert "is not a scenario" in one_line_failure("run", "README.md", code=4)


def test_version_and_environment_are_in_the_help() -> None:
    assert fracas("--version").stdout.startswith("fracas ")
    helptext = fracas("--help").stdout
    assert "FRACAS_SERVER" in helptext and "FRACAS_HEADS_DIR" in helptext and "Exit codes" in helptext


def test_run_tells_the_fight_by_default() -> None:
    told = fracas("run", "examples/duel.yaml").stdout.splitlines()
    assert told[4].endswith(
        "Rorsh lance les dés « Astuce + Vigilance » : [7✓ 3 10✓ 1✗ 5✓] → 2 succès (difficulté 4)."
    )
    assert "Duel dans la grange (vda), position 7" in told
    english = fracas("run", "examples/duel.yaml", "--lang", "en").stdout
    assert "The GM rewinds to position 5: on rejoue le jet d'initiative." in english


def _table(served: Served, system: str, *extra: str, here: Here | None = None) -> dict[str, str]:
    args = ("create", "--server", served.url, "--title", "T", "--system", system, *extra)
    table = json.loads(here(*args) if here else fracas(*args).stdout)
    return {"FRACAS_SERVER": served.url, "FRACAS_TABLE": table["table_id"], "FRACAS_TOKEN": table["gm_token"]}


def test_create_and_invite_print_the_shell_lines_of_their_token(served: Served) -> None:
    created = fracas("create", "--server", served.url, "--title", "Indices", "--system", "vda")
    table = json.loads(created.stdout)
    table_id, token = table["table_id"], table["gm_token"]
    assert created.stderr.strip() == (
        f"# export FRACAS_SERVER={served.url} FRACAS_TABLE={table_id} FRACAS_TOKEN={token}"
    )
    gm = {"FRACAS_SERVER": served.url, "FRACAS_TABLE": table["table_id"], "FRACAS_TOKEN": table["gm_token"]}
    invited = fracas("invite", "--role", "spectator", "--name", "Public", env=gm)
    token = json.loads(invited.stdout)["token"]
    assert invited.stderr.strip() == (
        f"# export FRACAS_SERVER={served.url} FRACAS_TABLE={table['table_id']} FRACAS_TOKEN={token}"
    )
    assert cli_commands._hint(cli.DEFAULT_SERVER, "t1", "k") == "# export FRACAS_TABLE=t1 FRACAS_TOKEN=k"
    wrong = {**gm, "FRACAS_TOKEN": "not-a-token"}
    assert "(4401)" in one_line_failure("watch", code=1, **wrong)
    assert one_line_failure("state", code=1, **wrong).startswith("fracas: ")
    assert "(4404)" in one_line_failure("watch", code=1, **{**gm, "FRACAS_TABLE": "nowhere"})


def test_export_into_head_ends_quietly(served: Served) -> None:
    gm = _table(served, "vda")
    # The notes go over HTTP: only the export under test needs a ``fracas`` process.
    with httpx.Client(base_url=served.url, headers={"Authorization": f"Bearer {gm['FRACAS_TOKEN']}"}) as http:
        for i in range(30):
            note = {"command": {"type": "AddNote", "text": f"note {i}"}}
            assert http.post(f"/api/tables/{gm['FRACAS_TABLE']}/commands", json=note).status_code == 200
    piped = subprocess.run(
        f"{sys.executable} -m fracas_cli export | head -n 2",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **gm},
        cwd=ROOT,
    )
    assert piped.returncode == 0 and len(piped.stdout.splitlines()) == 2
    assert piped.stderr == ""


def test_watch_resumes_after_a_server_restart_and_stops_when_the_table_closes(served: Served) -> None:
    gm = _table(served, "vda")
    fracas("send", '{"type": "AddNote", "text": "avant"}', env=gm)
    watchers = {
        mode: subprocess.Popen(
            [sys.executable, "-m", "fracas_cli", "watch", *flags],
            cwd=ROOT,
            env={**os.environ, **gm},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for mode, flags in (("text", ["--lang", "en"]), ("json", ["--json"]))
    }
    try:
        seen = {mode: [w.stdout.readline(), w.stdout.readline()] for mode, w in watchers.items()}  # type: ignore[union-attr]
        assert all(all(lines) for lines in seen.values()), seen  # both follow the table
        served.stop()
        served.start()
        fracas("send", '{"type": "AddNote", "text": "après"}', env=gm)
        fracas("send", '{"type": "CloseTable"}', env=gm)
        outputs = {mode: w.communicate(timeout=60) for mode, w in watchers.items()}
        outputs = {mode: ("".join(seen[mode]) + out, err) for mode, (out, err) in outputs.items()}
    finally:
        for w in watchers.values():
            if w.poll() is None:
                w.kill()
    assert all(w.returncode == 0 for w in watchers.values()), outputs
    text, err = outputs["text"]
    lines = text.splitlines()
    assert [line.split()[0] for line in lines] == ["1", "2", "3", "4"]  # each once, none missed
    assert lines[1].endswith("The GM notes: avant") and lines[2].endswith("The GM notes: après")
    assert lines[3].endswith("The session is closed: the dice seed is revealed.")
    assert "reconnect" in err
    records = [json.loads(line) for line in outputs["json"][0].splitlines()]  # every line is a record
    assert [r["position"] for r in records] == [1, 2, 3, 4]
    assert records[-1]["event"]["type"] == "TableClosed"
    after_the_end = fracas("watch", "--after", "4", env=gm)  # closed, nothing more to come
    assert after_the_end.stdout == ""
    assert [line.split()[0] for line in fracas("watch", "--after", "2", env=gm).stdout.splitlines()] == [
        "3",
        "4",
    ]


def test_the_common_actions_are_flags_for_every_system(served: Served, here: Here) -> None:
    """What the verbs send and print, for vda and vtm tables on one server; ``fracas``
    runs in this process (how a process fails is the test above's)."""
    gm = _table(served, "vda", "--sandbox", here=here)
    ruelle = load_scenario(ROOT / "examples" / "vda" / "ruelle.yaml")
    for step in ruelle.steps[:2]:  # Rorsh and Agnès
        here("send", msgspec.json.encode(step.command).decode(), env=gm)
    invited = json.loads(
        here("invite", "--role", "player", "--name", "Alice", "--combatant", "rorsh", env=gm)
    )
    alice = {**gm, "FRACAS_TOKEN": invited["token"]}

    assert "Début du round 1 : Agnès, Rorsh." in here("do", "agnes", "StartRound", env=gm)
    may = here("do", "rorsh", env=alice).splitlines()
    assert any(line.startswith("vda.RollInitiative") for line in may), may
    rolled = here("roll", "rorsh", "--dice", "8,6,4,2,1", env=alice)
    assert "Rorsh lance l'initiative : [8✓ 6✓ 4✓ 2 1✗] → 2 succès (difficulté 4) — score 2." in rolled
    ordered = here("roll", "agnes", "--weapon", "lance", "--dice", "9,7,5,3,2,2,1,4", env=gm)
    assert "Ordre d'initiative : Agnès (3), Rorsh (2)." in ordered
    declared = here(
        "declare",
        "agnes",
        "--action.kind",
        "attack",
        "--action.skill",
        "melee",
        "--action.target=rorsh",
        "--action.weapon",
        "lance",
        env=gm,
    )
    assert "Agnès déclare : attaque (Mêlée) contre Rorsh avec lance." in declared
    english = here(
        "declare",
        "rorsh",
        "action.kind=defend",
        "action.skill=dodge",
        "action.defence=dodge",
        "--lang",
        "en",
        env=alice,
    )
    assert "Rorsh declares: defence with Dodge (Esquive)." in english
    here("resolve", "rorsh", "--dice", "8,7,3,2,2", env=alice)
    hit = here("resolve", "agnes", "--dice", "9,8,7,6,2,3,7,6,3,9,2,8,5", env=gm)
    assert "Agnès touche Rorsh (lance) : marge 2" in hit
    assert "Rorsh passe son action de pouvoir." in here("pass", "rorsh", env=alice)
    state = here("state", env=alice).splitlines()
    assert "Ordre d'initiative : Agnès, Rorsh" in state and any(
        line.startswith("    peut :") for line in state
    )

    assert "refused by role.not-your-combatant" in here.failure(
        "declare", "agnes", "--action.kind", "move", code=1, **alice
    )
    assert "you do not play 'agnes'" in here.failure("do", "agnes", code=1, **alice)
    bad = here.failure("declare", "rorsh", "--action.kind", "flying", code=2, **alice)
    assert "vda.DeclareAction" in bad and "$.action.kind" in bad
    assert "has no field nope" in here.failure("declare", "rorsh", "--nope", "1", code=2, **alice)
    assert "known: " in here.failure("do", "rorsh", "frobnicate", code=2, **alice)
    plain = here.failure("roll", "rorsh", code=2, **alice)  # no initiative to roll now: a plain roll
    assert plain.startswith("fracas: RollDice: ") and "spec" in plain

    vtm = _table(served, "vtm", "--sandbox", here=here)
    parking = load_scenario(ROOT / "examples" / "vtm" / "parking.yaml")
    for step in parking.steps[:2]:  # Sasha and Viktor
        here("send", msgspec.json.encode(step.command).decode(), env=vtm)
    here("do", "sasha", "vtm.StartRound", env=vtm)
    assert "Sasha lance l'initiative : d10 [6] + 6 = 12." in here("roll", "sasha", "--dice", "6", env=vtm)
    here("roll", "viktor", "--dice", "4", env=vtm)
    actions = '[{"kind": "attack", "maneuver": "shoot", "target": "sasha", "weapon": "pistolet_lourd"}]'
    assert "Viktor déclare : attaque." in here("declare", "viktor", "--actions", actions, env=vtm)


def test_a_missing_table_or_token_is_a_usage_error() -> None:
    env = {"FRACAS_TABLE": "", "FRACAS_TOKEN": ""}
    assert "missing --table (or FRACAS_TABLE), --token (or FRACAS_TOKEN)" in one_line_failure(
        "state", code=2, **env
    )
    assert "unrecognized arguments: --bogus" in one_line_failure("state", "--bogus", code=2, **env)


def test_a_file_of_heads_that_is_not_one_is_a_bad_file(tmp_path: Path) -> None:
    log, _ = play(load_scenario(ROOT / "examples" / "duel.yaml"), seed=b"fracas-cli")
    export = tmp_path / "duel.ndjson"
    export.write_bytes(b"".join(msgspec.json.encode(r) + b"\n" for r in log))
    assert fracas("verify", str(export)).returncode == 0
    assert "is not a file of signed heads" in one_line_failure(
        "verify", str(export), "--heads", "README.md", code=4
    )
