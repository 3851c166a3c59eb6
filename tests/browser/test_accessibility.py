"""axe-core on every page: no serious or critical violation (WCAG 2.2 AA intent)."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.async_playwright import Axe
from playwright.async_api import expect

from tests.browser.conftest import OVERLAY, PHONE, OpenPage, Table

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}}


async def serious(page: Any) -> list[str]:
    results = await Axe().run(page, options=WCAG)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


async def test_no_serious_violation_on_any_page(table: Table, open_page: OpenPage, browser: Any) -> None:
    roll = {"type": "RollDice", "combatant": "rorsh", "label": "Attaque", "spec": {"type": "pool", "dice": 5}}
    assert (await table.command(roll, "alice")).status_code == 200
    found: dict[str, list[str]] = {}

    gm = await open_page("t", "gm")
    await expect(gm.locator("#state .last-roll .die")).to_have_count(5)
    for tool in await gm.locator("#gm-tools details.tool > summary").all():
        await tool.click()
    found["table (GM)"] = await serious(gm)

    alice = await open_page("t", "alice")
    await expect(alice.locator("#state .last-roll .die")).to_have_count(5)
    found["table (player)"] = await serious(alice)
    await alice.locator('#actions-list button[data-command="RollDice"]').click()
    await expect(alice.locator("dialog")).to_be_visible()
    found["command form"] = await serious(alice)

    overlay = await open_page("overlay", "obs", OVERLAY)
    await expect(overlay.locator(".last-roll .die")).to_have_count(5)
    found["overlay"] = await serious(overlay)

    replay = await open_page("replay", "gm")
    await expect(replay.locator("#state .last-roll .die")).to_have_count(5)
    found["replay"] = await serious(replay)

    dark = await browser.new_context(viewport=PHONE, locale="fr-FR", color_scheme="dark")
    night = await dark.new_page()
    await night.goto(table.url("t", "bob"))
    await expect(night.locator("#state .last-roll .die")).to_have_count(5)
    found["table (player, dark)"] = await serious(night)

    context = await browser.new_context(viewport=PHONE, locale="fr-FR")
    landing = await context.new_page()
    await landing.goto(table.server + "/")
    await expect(landing.locator("#table-system option")).not_to_have_count(0)
    found["landing"] = await serious(landing)

    assert {page: problems for page, problems in found.items() if problems} == {}
