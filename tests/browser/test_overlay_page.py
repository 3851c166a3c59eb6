"""The stream overlay in a real browser: transparent, read-only, and a reload
that repeats no line."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from playwright.async_api import expect

from tests.browser.conftest import OVERLAY, OpenPage, Table
from tests.browser.png import alpha, rgba_rows

pytestmark = [pytest.mark.redis, pytest.mark.timeout(90)]


async def positions(page: Any) -> list[str]:
    return await page.locator("#log-list li").evaluate_all("(lis) => lis.map((li) => li.dataset.position)")


async def test_the_overlay_is_transparent_and_a_reload_repeats_no_line(
    table: Table, open_page: OpenPage
) -> None:
    assert (await table.command({"type": "vda.StartRound"})).status_code == 200
    overlay = await open_page("overlay", "obs", OVERLAY)
    await expect(overlay.locator(".combatant")).to_have_count(2)
    await expect(overlay.locator(".summary")).to_contain_text("Round 1")
    assert "token" not in overlay.url
    assert await overlay.locator("button, input, select, textarea, a").count() == 0, "nothing to click"

    rows = rgba_rows(await overlay.screenshot(omit_background=True))
    assert len(rows) == 1080 and len(rows[0]) == 1920 * 4
    for x, y in ((0, 0), (1919, 0), (0, 1079), (1919, 1079)):
        assert alpha(rows, x, y) == 0, (x, y)

    roll = {"type": "RollDice", "combatant": "agnes", "label": "Esquive", "spec": {"type": "pool", "dice": 3}}
    assert (await table.command(roll)).status_code == 200
    await expect(overlay.locator(".last-roll .die")).to_have_count(3)
    before = await positions(overlay)
    await overlay.reload()
    await expect(overlay.locator(".last-roll .die")).to_have_count(3)
    await expect(overlay.locator("#log-list li")).to_have_count(len(before))
    after = await positions(overlay)
    assert after == before and len(set(after)) == len(after)
    assert not overlay.errors


async def test_the_overlay_takes_its_language_theme_layout_scale_and_delay(
    table: Table, open_page: OpenPage
) -> None:
    query = "&lang=en&theme=light&layout=row&scale=1.5&delay=1.5"
    overlay = await open_page("overlay", "obs", OVERLAY, query)
    await expect(overlay.locator(".combatant")).to_have_count(2, timeout=8000)
    await expect(overlay.locator("html")).to_have_attribute("lang", "en")
    assert await overlay.evaluate("document.body.className") == "overlay theme-light layout-row"
    assert (await table.command({"type": "AddNote", "text": "Le plancher craque"})).status_code == 200
    await asyncio.sleep(0.5)
    await expect(overlay.locator("#log-list")).not_to_contain_text("Le plancher craque", timeout=100)
    await expect(overlay.locator("#log-list")).to_contain_text("Le plancher craque", timeout=5000)
