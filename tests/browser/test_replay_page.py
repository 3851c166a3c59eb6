"""The replay viewer in a real browser: at every position, the state the HTTP API
gives for that position, branches left by a rewind marked."""

from __future__ import annotations

import json

import pytest
from playwright.async_api import expect

from tests.browser.conftest import OpenPage, Table

pytestmark = [pytest.mark.redis, pytest.mark.timeout(90)]


async def test_the_replay_shows_the_state_the_api_gives_at_each_position(
    table: Table, open_page: OpenPage
) -> None:
    before_round = (await table.state())["position"]
    assert (await table.command({"type": "vda.StartRound"})).status_code == 200
    for cid in ("rorsh", "agnes"):
        roll = {"type": "RollDice", "combatant": cid, "label": "Attaque", "spec": {"type": "pool", "dice": 3}}
        assert (await table.command(roll)).status_code == 200
    assert (
        await table.command({"type": "Rewind", "to": before_round, "reason": "on rejoue"})
    ).status_code == 200
    assert (await table.command({"type": "AddNote", "text": "Reprise"}, "alice")).status_code == 200
    head = (await table.state())["position"]

    replay = await open_page("replay", "alice")
    await expect(replay.locator("#scrubber")).to_have_attribute("max", str(head))
    await expect(replay.locator("#state")).to_have_attribute("data-position", str(head))
    for p in (2, before_round + 2, head - 1, head):
        await replay.locator("#scrubber").fill(str(p))
        await expect(replay.locator("#state")).to_have_attribute("data-position", str(p))
        shown = json.loads(await replay.locator("#raw-state").text_content() or "null")
        assert shown == await table.state(p, "alice"), p
    await replay.locator("#scrubber").fill(str(before_round + 2))
    await expect(replay.locator("#where .branch")).to_be_visible()
    await expect(replay.locator("#state .last-roll .die")).to_have_count(3)
    await replay.locator("#back").click()
    await expect(replay.locator("#state")).to_have_attribute("data-position", str(before_round + 1))
    await expect(replay.locator("#where .branch")).to_be_visible()
    await replay.locator("#round").select_option(label=f"Round 1 (#{before_round + 1})")
    await expect(replay.locator("#state .summary")).to_contain_text("Round 1")
    await replay.locator("#scrubber").fill(str(head))
    await expect(replay.locator("#where .branch")).to_have_count(0)
    await expect(replay.locator("#state .last-roll")).to_contain_text("Pas encore de jet")

    await replay.locator("#speed").select_option("25")
    await replay.locator("#scrubber").fill("1")
    await replay.locator("#play").click()
    await expect(replay.locator("#play")).to_have_text("Pause")
    await expect(replay.locator("#state")).to_have_attribute("data-position", str(head))
    await expect(replay.locator("#play")).to_have_text("Lecture")
    assert not replay.errors
