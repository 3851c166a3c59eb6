"""The GM's table-level controls in a real browser: one button per GM command the
system publishes, revealing a secret roll from the log, removing a combatant,
revoking an invitation and closing the session, each seen on a player's page."""

from __future__ import annotations

import httpx
import pytest
from playwright.async_api import expect

from tests.browser.conftest import OpenPage, Table

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


async def test_the_gm_controls_reach_every_device(table: Table, open_page: OpenPage) -> None:
    async with httpx.AsyncClient(base_url=table.server) as http:
        published = (await http.get("/api/schema")).json()["systems"]["vda"]["gm_commands"]
    secret = {"type": "RollDice", "label": "Perception", "secret": True, "spec": {"type": "pool", "dice": 4}}
    assert (await table.command(secret)).status_code == 200
    gm, alice = await open_page("t", "gm"), await open_page("t", "alice")
    await expect(alice.locator("#state .combatant")).to_have_count(2)

    system = gm.locator("details.tool", has_text="Commandes du MJ")
    await system.locator(":scope > summary").click()
    buttons = system.locator("button[data-command]")
    shown = await buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.command)")
    assert shown == published, "a button for every GM command the system publishes"

    # Nothing typed as JSON: a grenade's zones are one choice per combatant.
    await system.locator('button[data-command="vda.DetonateGrenade"]').click()
    dialog = gm.locator("dialog")
    await expect(dialog.locator('select[name="zones.rorsh"]')).to_contain_text("zone grave")
    await expect(dialog.locator('select[name="zones.agnes"]')).to_have_count(1)
    await expect(dialog.locator("textarea")).to_have_count(0)
    await dialog.locator("button", has_text="Annuler").click()
    await expect(dialog).to_have_count(0)

    # A command the server cannot even read (a trait out of its range) is refused in
    # the form, which does not hang: the error answers the request waiting.
    adding = gm.locator("details.tool", has_text="Ajouter un combattant")
    await adding.locator(":scope > summary").click()
    await adding.locator('input[name="id"]').first.fill("ghost")
    await adding.locator('input[name="name"]').first.fill("Ghost")
    await adding.locator('input[name="strength"]').first.fill("100")
    await adding.locator("button[type=submit]").click()
    await expect(adding.locator(".error")).to_contain_text("strength")
    await expect(alice.locator("#state .combatant")).to_have_count(2)

    await gm.locator("#log-list li.secret button", has_text="Révéler").click()
    await expect(alice.locator('#log-list li[data-type="RollRevealed"]')).to_contain_text("Perception")

    tools = gm.locator("details.tool", has_text="Retirer un combattant")
    await tools.locator(":scope > summary").click()
    await tools.locator('button[data-command="RemoveCombatant"]').click()
    await gm.locator('dialog select[name="combatant_id"]').select_option("agnes")
    await gm.locator("dialog button[type=submit]").click()
    await expect(alice.locator("#state .combatant")).to_have_count(1)
    await expect(alice.locator('#log-list li[data-type="CombatantRemoved"]')).to_contain_text("Agnès")

    invitations = gm.locator("details.tool", has_text="Invitations")
    await invitations.locator(":scope > summary").click()
    await invitations.locator("li", has_text="Bob").locator("button", has_text="Révoquer").click()
    await expect(gm.locator("#feedback")).to_contain_text("Invitation de Bob révoquée.")
    async with httpx.AsyncClient(base_url=table.server) as http:
        refused = await http.get(
            f"/api/tables/{table.id}/state", headers={"Authorization": f"Bearer {table.tokens['bob']}"}
        )
    assert refused.status_code in (401, 403), refused.text

    # The panel was drawn again (the roster changed); the tools left open stay open.
    await gm.locator('button[data-command="CloseTable"]').click()
    await gm.locator("dialog button[type=submit]").click()
    await expect(alice.locator('#log-list li[data-type="TableClosed"]')).to_have_count(1)
    await expect(alice.locator("#actions-list")).to_contain_text("Rien à faire pour l'instant.")
    assert (await table.state())["admin"]["closed"]
    assert not gm.errors + alice.errors


async def test_a_sheets_named_entries_are_fields_not_json(table: Table, open_page: OpenPage) -> None:
    """The add-a-combatant form asks for a sheet's named entries (its specialties, its own
    weapons, powers, magic items) one entry at a time, a name and the value's own fields,
    instead of a JSON box; what is sent is the sheet the server keeps."""
    gm = await open_page("t", "gm")
    adding = gm.locator("details.tool", has_text="Ajouter un combattant")
    await adding.locator(":scope > summary").click()
    await expect(adding.locator("textarea")).to_have_count(0)
    await adding.locator('input[name="id"]').first.fill("xin")
    await adding.locator('input[name="name"]').first.fill("Xin Tao")
    specialties = adding.locator("fieldset", has=gm.locator("legend", has_text="Spécialités")).last
    open_details = "(el) => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details'))"
    await specialties.evaluate(open_details + " d.open = true; }")  # under « Plus d'options »
    await specialties.locator("button", has_text="Ajouter").click()
    entry = specialties.locator(".list-item").last
    await entry.locator("label", has_text="Nom").locator("xpath=..").locator("input").fill("melee")
    await entry.locator('input[name="specialties"]').fill("épée, hache")
    await adding.locator("button[type=submit]").click()
    await expect(gm.locator("#state .combatant")).to_have_count(3)

    sheet = (await table.state())["fight"]["combatants"]["xin"]["sheet"]
    assert sheet["specialties"] == {"melee": ["épée", "hache"]}
    assert not gm.errors
