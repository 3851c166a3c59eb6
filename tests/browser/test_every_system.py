"""Every rule system gets a working table page from what the server publishes (the
schema, the state, the offers), with no page code of its own: the GM adds a
combatant through the form built from the schema, the player rolls through the
system's roll form and writes a note, and where the system has a round, the GM starts it and the
player plays the first step the server offers."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.async_api import expect

from tests.browser.conftest import PHONE, Table

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

ROLL_FIELDS = {
    "vda": {"dice": "3"},
    "vtm": {"dice": "3"},
    "7s": {"rolled": "3", "kept": "2"},
    "vaesen": {"dice": "3"},
}
FIRST_STEP = {"vda": "vda.RollInitiative", "vtm": "vtm.RollInitiative"}


async def page_for(browser: Any, url: str) -> Any:
    context = await browser.new_context(viewport=PHONE, locale="fr-FR")
    page = await context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    await page.goto(url)
    return page


@pytest.mark.parametrize("system", ["vda", "vtm", "7s", "vaesen"])
async def test_a_table_of_each_system_is_played_from_its_page(site: str, browser: Any, system: str) -> None:
    async with httpx.AsyncClient(base_url=site) as http:
        created = (await http.post("/api/tables", json={"title": f"Table {system}", "system": system})).json()
    table = Table(site, created["table_id"], {"gm": created["gm_token"]})
    gm = await page_for(browser, table.url("t", "gm"))

    adding = gm.locator("details.tool", has_text="Ajouter un combattant")
    await adding.locator(":scope > summary").click()
    await adding.locator('input[name="id"]').first.fill("rorsh")
    await adding.locator('input[name="name"]').first.fill("Rorsh")
    await adding.locator("button[type=submit]").click()
    await expect(gm.locator("#state .combatant")).to_have_count(1)

    async with httpx.AsyncClient(base_url=site) as http:
        body = {"role": "player", "name": "Alice", "combatants": ["rorsh"]}
        headers = {"Authorization": f"Bearer {table.tokens['gm']}"}
        table.tokens["alice"] = (
            await http.post(f"/api/tables/{table.id}/invites", json=body, headers=headers)
        ).json()["token"]
    alice = await page_for(browser, table.url("t", "alice"))
    await alice.locator('#actions-list [data-combatant="rorsh"] button[data-command="RollDice"]').click()
    for name, value in ROLL_FIELDS[system].items():
        await alice.locator(f'dialog input[name="{name}"]').fill(value)
    await alice.locator("dialog button[type=submit]").click()
    await expect(alice.locator("dialog")).to_have_count(0)
    for page in (gm, alice):
        await expect(page.locator("#state .last-roll .die")).not_to_have_count(0)

    if system in FIRST_STEP:
        await gm.locator("details.tool > summary", has_text="Commandes du MJ").click()
        await gm.locator(f'button[data-command="{system}.StartRound"]').click()
        step = alice.locator(f'#actions-list button[data-offer="{FIRST_STEP[system]}"]')
        await step.click()
        if await alice.locator("dialog").count():
            await alice.locator("dialog button[type=submit]").click()
        await expect(alice.locator("#feedback")).to_contain_text("✓")
    if system == "vtm":  # the seed's « tour », and the order the projection gives
        await expect(gm.locator("#state .summary")).to_contain_text("Tour 1")
        await expect(gm.locator("#state .order li")).to_have_count(1)
        await expect(gm.locator("#state .combatant .initiative")).to_have_count(1)
    noting = alice.locator("#player-tools details.tool", has_text="Ajouter une note")
    await noting.locator(":scope > summary").click()
    await expect(noting.locator('input[name="secret"]')).to_have_count(0)
    await noting.locator('input[name="text"]').fill("Rorsh recule vers la porte")
    await noting.locator("button[type=submit]").click()
    await expect(gm.locator("#log-list")).to_contain_text("Rorsh recule vers la porte")
    assert not gm.errors + alice.errors
