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


async def test_the_replay_of_a_closed_table_shows_a_spectator_what_a_spectator_may_see(
    table: Table, open_page: OpenPage
) -> None:
    secret = {"type": "RollDice", "label": "Perception", "secret": True, "spec": {"type": "pool", "dice": 4}}
    assert (await table.command(secret)).status_code == 200
    rolled_at = (await table.state())["position"]
    assert (await table.command({"type": "AddNote", "text": "Fin de la scène"})).status_code == 200
    closing = {"type": "CloseTable", "reveal_secret_rolls": False}
    assert (await table.command(closing)).status_code == 200, "closed"
    head = (await table.state())["position"]

    replay = await open_page("replay", "obs")
    await expect(replay.locator("#scrubber")).to_have_attribute("max", str(head))
    await expect(replay.locator("#state")).to_have_attribute("data-position", str(head))
    await replay.locator("#scrubber").fill(str(rolled_at))
    await expect(replay.locator("#state")).to_have_attribute("data-position", str(rolled_at))
    await expect(replay.locator("#event")).to_contain_text("Le MJ a lancé les dés derrière l'écran")
    assert json.loads(await replay.locator("#raw-state").text_content() or "null") == await table.state(
        rolled_at, "obs"
    )
    assert all('"faces"' not in frame for frame in table.frames["obs"]), "no die of the secret roll"
    assert not replay.errors
