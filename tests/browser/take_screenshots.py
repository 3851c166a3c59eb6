"""Screenshots of every page for the README and docs/web.md, on a table mid-fight
(the first round of examples/vda/ruelle.yaml, replayed on a real server).

    .venv/bin/python -m tests.browser.take_screenshots
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

import msgspec
from playwright.async_api import async_playwright, expect

from clients.python import Admin
from clients.python.scenario import load_scenario, run_on_server
from server.embedded import EmbeddedRedis
from tests.browser.conftest import CHROMIUM, HEADLESS, OVERLAY, PHONE, SCREENSHOTS
from tests.server.conftest import servers

ROOT = Path(__file__).resolve().parents[2]
STEPS = 22
"""Steps of the scenario played: the second sequence of round 1, Rorsh wounded."""


async def take(server: str) -> None:
    scenario = load_scenario(ROOT / "examples" / "vda" / "ruelle.yaml")
    scenario = msgspec.structs.replace(scenario, steps=scenario.steps[:STEPS])
    played = await run_on_server(scenario, server)
    table_id = played["table_id"]
    async with Admin(server, played["gm_token"]) as gm:
        alice = (await gm.invite(table_id, "player", "Alice", ["rorsh"]))["token"]
        obs = (await gm.invite(table_id, "spectator", "OBS"))["token"]
    laptop = {"width": 1366, "height": 900}
    shots = [
        ("table-gm-phone", f"/t/{table_id}?token={played['gm_token']}", PHONE, True),
        ("table-player-phone", f"/t/{table_id}?token={alice}", PHONE, True),
        ("table-gm-laptop", f"/t/{table_id}?token={played['gm_token']}", laptop, False),
        ("overlay", f"/overlay/{table_id}?token={obs}", OVERLAY, False),
        ("replay-phone", f"/replay/{table_id}?token={alice}", PHONE, True),
        ("landing-phone", "/", PHONE, False),
    ]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=HEADLESS)
        for name, path, viewport, full in shots:
            context = await browser.new_context(viewport=viewport, locale="fr-FR", color_scheme="light")
            page = await context.new_page()
            await page.goto(server + path)
            if path != "/":
                await expect(page.locator(".combatant").first).to_be_visible()
            await page.wait_for_timeout(500)
            target = SCREENSHOTS / f"{name}.png"
            await page.screenshot(path=str(target), full_page=full, omit_background=name == "overlay")
            print(target.relative_to(ROOT))
            await context.close()
        await browser.close()


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        redis = EmbeddedRedis(Path(folder))
        redis.start()
        try:
            async with servers(redis.url) as start:
                await take(await start())
        finally:
            redis.stop()


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
