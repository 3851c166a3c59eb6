"""A vtm table is played from its page as a vda one is, with no page code of its own:
the state rendered, the controls the server's `may` lists, the turn declared through
the form built from the schema (a list of actions, each its own fieldset, nothing
typed as JSON), and the attack's pool and difficulty offered term by term in French
words, then rolled as shown (VTM-INIT-03, VTM-ATK-02, VTM-ATK-05)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from playwright.async_api import expect

from tests.browser.conftest import PHONE, Table
from tests.browser.test_accessibility import serious
from tests.browser.test_offers import total, untranslated, written

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

PARKING = Path(__file__).resolve().parents[2] / "examples" / "vtm" / "parking.yaml"


async def vtm_table(server: str) -> Table:
    """Sasha (Alice's) and Viktor (Bob's) of the parking fight, on a sandbox table."""
    steps = yaml.safe_load(PARKING.read_text(encoding="utf-8"))["steps"]
    async with httpx.AsyncClient(base_url=server) as http:
        body = {"title": "Parking", "system": "vtm", "sandbox": True}
        created = (await http.post("/api/tables", json=body)).json()
        table = Table(server, created["table_id"], {"gm": created["gm_token"]})
        for step in steps[:2]:
            assert (await table.command(step["command"])).status_code == 200
        gm = {"Authorization": f"Bearer {table.tokens['gm']}"}
        for who, owned in (("alice", "sasha"), ("bob", "viktor")):
            body = {"role": "player", "name": who.capitalize(), "combatants": [owned]}
            invited = (await http.post(f"/api/tables/{table.id}/invites", json=body, headers=gm)).json()
            table.tokens[who] = invited["token"]
    return table


async def test_a_vtm_turn_is_declared_and_rolled_from_the_french_page(site: str, browser: Any) -> None:
    table = await vtm_table(site)
    assert (await table.command({"type": "vtm.StartRound"})).status_code == 200
    for cid, who, faces in (("sasha", "alice", [6]), ("viktor", "bob", [4])):
        rolled = await table.command({"type": "vtm.RollInitiative", "combatant": cid}, who, faces)
        assert rolled.status_code == 200, rolled.text
    # The slower declares first (VTM-INIT-03): Viktor dodges, Sasha then attacks.
    dodge = {"kind": "defend", "defence": "dodge"}
    declared = {"type": "vtm.DeclareActions", "combatant": "viktor", "actions": [dodge]}
    assert (await table.command(declared, "bob")).status_code == 200

    context = await browser.new_context(viewport=PHONE, locale="fr-FR", reduced_motion="reduce")
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(table.url("t", "alice"))
    await expect(page.locator("#state .combatant")).to_have_count(2)
    sheets = page.locator("#state .sheet-traits").first
    await expect(sheets).to_contain_text("Bagarre 3")
    await expect(sheets).to_contain_text("Force d'âme 1")

    await page.locator('#actions-list button[data-offer="vtm.DeclareActions"]').click()
    dialog = page.locator("dialog")
    await expect(dialog.locator("h2")).to_contain_text("Déclarer ses actions — Sasha")
    await expect(dialog.locator("textarea")).to_have_count(0)
    fields = await dialog.locator("label, legend").all_inner_texts()
    assert "maneuver" not in fields and "Manœuvre" in fields, "the fields are in French"
    assert await serious(page) == [], "the form of a list passes axe-core"
    action = dialog.locator(".list-item").first
    await action.locator('select[name="kind"]').select_option("attack")
    await action.locator('select[name="maneuver"]').select_option("strike")
    await action.locator('select[name="target"]').select_option("viktor")
    await action.locator('input[name="weapon"]').fill("couteau")
    await dialog.locator("button[type=submit]").click()
    await expect(dialog).to_have_count(0)
    await expect(page.locator("#feedback")).to_contain_text("✓")

    pool = page.locator('#actions-list .offer:has(button[data-offer="vtm.ResolveAction"]) ul.pool')
    await expect(pool).to_contain_text("Mêlée 4 (VTM-ATK-02)")
    await expect(pool).to_contain_text("Attaque 6 (VTM-ATK-05)")
    assert await untranslated(page) == []
    dice = int(await pool.get_attribute("data-pool") or "")
    difficulty = int(await pool.get_attribute("data-difficulty") or "")
    await page.locator('#actions-list button[data-offer="vtm.ResolveAction"]').click()
    await expect(page.locator("#feedback")).to_contain_text("✓")
    (attack,) = [e for e in await written(table) if e["type"] == "vtm.AttackRolled"]
    assert (total(attack["pool"]), total(attack["difficulty"])) == (dice, difficulty)
    await expect(page.locator("#state .last-roll .die")).not_to_have_count(0)
    assert not errors
