"""Browser tests: Debian's chromium driven by Playwright against a real server on
the embedded Redis, started on a free loopback port and stopped by the test.

The browser is never downloaded (no ``playwright install``): ``.ci/run`` installs
Debian's ``chromium`` package, and these tests are skipped, saying why, only when
it is absent."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.embedded import EmbeddedRedis
from tests.server.conftest import servers

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HEADLESS = ["--headless=new", "--no-sandbox", "--disable-gpu"]
PHONE = {"width": 390, "height": 844}
OVERLAY = {"width": 1920, "height": 1080}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

SHEET = {
    "type": "vda",
    "kind": "vampire",
    "attributes": {"strength": 3, "dexterity": 3, "stamina": 3, "perception": 2, "wits": 3},
    "abilities": {"alertness": 2, "athletics": 2, "brawl": 3, "dodge": 2, "melee": 1},
    "willpower": 5,
    "generation": 9,
}


@pytest.fixture(scope="session")
def chromium() -> str:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium; .ci/run does it)")
    return CHROMIUM


@pytest.fixture
async def browser(chromium: str) -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=chromium, args=HEADLESS)
        yield launched
        await launched.close()


@pytest.fixture
async def site(embedded_redis: EmbeddedRedis) -> AsyncIterator[str]:
    """A server of the pages and the API on 127.0.0.1 and a free port."""
    async with servers(embedded_redis.url) as start:
        yield await start()


@dataclass
class Table:
    """A table with two combatants, Rorsh (Alice's) and Agnès (Bob's), and a spectator."""

    server: str
    id: str
    tokens: dict[str, str]
    frames: dict[str, list[str]] = field(default_factory=dict)

    def url(self, page: str, who: str, query: str = "") -> str:
        return f"{self.server}/{page}/{self.id}?token={self.tokens[who]}{query}"

    async def command(
        self, command: dict[str, Any], who: str = "gm", dice: list[int] | None = None
    ) -> httpx.Response:
        """Send ``command`` as ``who``; ``dice``: its faces, on a sandbox table."""
        body: dict[str, Any] = {"command": command} | ({} if dice is None else {"dice": dice})
        async with httpx.AsyncClient(base_url=self.server) as http:
            return await http.post(
                f"/api/tables/{self.id}/commands",
                json=body,
                headers={"Authorization": f"Bearer {self.tokens[who]}"},
            )

    async def state(self, at: int | None = None, who: str = "gm") -> Any:
        async with httpx.AsyncClient(base_url=self.server) as http:
            answer = await http.get(
                f"/api/tables/{self.id}/state",
                params={} if at is None else {"at": at},
                headers={"Authorization": f"Bearer {self.tokens[who]}"},
            )
            return answer.json()


async def make_table(server: str, title: str = "La grange", sandbox: bool = False) -> Table:
    """``sandbox``: every command may give its dice (``Table.command(dice=...)``)."""
    async with httpx.AsyncClient(base_url=server) as http:
        body = {"title": title, "system": "vda", "sandbox": sandbox}
        created = (await http.post("/api/tables", json=body)).json()
        table = Table(server, created["table_id"], {"gm": created["gm_token"]})
        for cid, name, side in (("rorsh", "Rorsh", "pj"), ("agnes", "Agnès", "pnj")):
            combatant = {"id": cid, "name": name, "side": side, "sheet": SHEET}
            assert (await table.command({"type": "AddCombatant", "combatant": combatant})).status_code == 200
        gm = {"Authorization": f"Bearer {table.tokens['gm']}"}
        for who, role, owned in (
            ("alice", "player", ["rorsh"]),
            ("bob", "player", ["agnes"]),
            ("obs", "spectator", []),
        ):
            body = {"role": role, "name": who.capitalize(), "combatants": owned}
            invited = (await http.post(f"/api/tables/{table.id}/invites", json=body, headers=gm)).json()
            table.tokens[who] = invited["token"]
    return table


@pytest.fixture
async def table(site: str) -> Table:
    return await make_table(site)


@pytest.fixture
async def sandbox(site: str) -> Table:
    """The same table on the sandbox: its tests give every die, so nothing is left to chance
    (an initiative tie between the two identical sheets, VDA-INIT-04, comes one time in three)."""
    return await make_table(site, sandbox=True)


TIE = [8, 7, 2, 2, 2]
"""Initiative faces that, rolled by both identical sheets, tie them (VDA-INIT-04)."""
FIRST, SECOND = [8, 7, 6, 2, 2], [7, 2, 2, 2, 2]
"""Initiative faces for the first and the second of two identical sheets."""


async def roll_initiatives(table: Table, dice: dict[str, list[int]]) -> None:
    """A round started and each combatant's initiative rolled with the faces given
    (by its player: Rorsh is Alice's, Agnès is Bob's)."""
    assert (await table.command({"type": "vda.StartRound"})).status_code == 200
    owner = {"rorsh": "alice", "agnes": "bob"}
    for cid, faces in dice.items():
        answer = await table.command({"type": "vda.RollInitiative", "combatant": cid}, owner[cid], faces)
        assert answer.status_code == 200, answer.text


OpenPage = Callable[..., Awaitable[Any]]


@pytest.fixture
async def open_page(browser: Any, request: pytest.FixtureRequest) -> OpenPage:
    """Open one of the table's pages for ``who`` in a context of its own, keeping
    every WebSocket frame it receives in ``table.frames[who]``. The table is the test's
    ``sandbox`` one when it asks for it, else ``table``."""
    table: Table = request.getfixturevalue("sandbox" if "sandbox" in request.fixturenames else "table")

    async def opening(page_kind: str, who: str, viewport: dict[str, int] = PHONE, query: str = "") -> Any:
        context = await browser.new_context(viewport=viewport, locale="fr-FR", reduced_motion="reduce")
        page = await context.new_page()
        received = table.frames.setdefault(who, [])
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(str(payload))))
        page.errors = errors
        await page.goto(table.url(page_kind, who, query))
        return page

    return opening


def events_in(frames: list[str]) -> list[dict[str, Any]]:
    """Every event record in the raw frames a page received."""
    found = []
    for frame in frames:
        message = json.loads(frame)
        for key in ("events",):
            found += message.get(key, [])
    return found
