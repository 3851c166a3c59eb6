"""A ``vtm`` fight on the stream overlay, drawn from what the server projects: the turn
(« Tour », the seed's word, on the replay's list of turns too), the initiative order
with whom the turn waits for, a hold and a condition (VTM-INIT-04, VTM-MEL-08, VTM-CPX-04)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.async_api import expect

from tests.browser.conftest import OVERLAY, Table

pytestmark = [pytest.mark.redis, pytest.mark.timeout(90)]


def sheet(kind: str) -> dict[str, Any]:
    attributes = {"strength": 2, "dexterity": 3, "stamina": 2, "wits": 2}
    return {"type": "vtm", "kind": kind, "attributes": attributes, "abilities": {"brawl": 2}}


async def test_the_overlay_shows_a_vtm_turn_its_order_a_hold_and_a_condition(site: str, browser: Any) -> None:
    async with httpx.AsyncClient(base_url=site) as http:
        body = {"title": "Parking", "system": "vtm", "sandbox": True}
        created = (await http.post("/api/tables", json=body)).json()
        table = Table(site, created["table_id"], {"gm": created["gm_token"]})
        gm = {"Authorization": f"Bearer {table.tokens['gm']}"}
        invite = {"role": "spectator", "name": "Obs", "combatants": []}
        table.tokens["obs"] = (
            await http.post(f"/api/tables/{table.id}/invites", json=invite, headers=gm)
        ).json()["token"]
    for cid, name, kind in (("alma", "Alma", "vampire"), ("bors", "Bors", "mortal")):
        combatant = {"id": cid, "name": name, "side": "pj", "sheet": sheet(kind)}
        assert (await table.command({"type": "AddCombatant", "combatant": combatant})).status_code == 200
    steps: list[tuple[dict[str, Any], list[int] | None]] = [
        ({"type": "vtm.StartRound"}, None),
        ({"type": "vtm.RollInitiative", "combatant": "alma"}, [9]),
        ({"type": "vtm.RollInitiative", "combatant": "bors"}, [1]),
        ({"type": "vtm.DeclareActions", "combatant": "bors", "actions": [{"kind": "other"}]}, None),
        (
            {
                "type": "vtm.DeclareActions",
                "combatant": "alma",
                "actions": [{"kind": "attack", "maneuver": "hold", "target": "bors"}],
            },
            None,
        ),
        ({"type": "vtm.ResolveAction", "combatant": "alma"}, [9, 9, 9, 9]),
        (
            {"type": "vtm.SetCondition", "combatant": "bors", "condition": "blinded", "reason": "du sable"},
            None,
        ),
    ]
    for command, dice in steps:
        answer = await table.command(command, dice=dice)
        assert answer.status_code == 200, answer.text

    context = await browser.new_context(viewport=OVERLAY, locale="fr-FR", reduced_motion="reduce")
    overlay = await context.new_page()
    errors: list[str] = []
    overlay.on("pageerror", lambda error: errors.append(str(error)))
    await overlay.goto(table.url("overlay", "obs"))
    await expect(overlay.locator(".summary")).to_contain_text("Tour 1")
    await expect(overlay.locator(".order li")).to_have_count(2)
    await expect(overlay.locator(".order li.acting")).to_contain_text("Bors")
    await expect(overlay.locator(".grapples li")).to_have_text("Alma tient Bors : maintien")
    await expect(overlay.locator('.combatant[data-combatant="bors"] .conditions')).to_contain_text(
        "aveuglé·e"
    )
    await expect(overlay.locator(".combatant .initiative")).to_have_count(2)
    replay = await context.new_page()
    replay.on("pageerror", lambda error: errors.append(str(error)))
    await replay.goto(table.url("replay", "obs"))
    await expect(replay.locator("#round option", has_text="Tour 1 (#")).to_have_count(1)
    assert errors == []
    await context.close()
