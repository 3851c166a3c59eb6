"""The player's controls show what the server offers, computed by the server: whole
grapple declarations to send as they are, and a roll's pool and difficulty term by
term with the rule behind each (no copy of the rules in the page)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from playwright.async_api import expect

from tests.browser.conftest import OpenPage, Table
from tests.browser.test_accessibility import serious

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

OWNER = {"rorsh": "alice", "agnes": "bob"}
OTHER = {"rorsh": "agnes", "agnes": "rorsh"}
NAMES = {"rorsh": "Rorsh", "agnes": "Agnès"}


async def to_declarations(table: Table) -> None:
    assert (await table.command({"type": "vda.StartRound"})).status_code == 200
    for cid, who in OWNER.items():
        answer = await table.command({"type": "vda.RollInitiative", "combatant": cid}, who)
        assert answer.status_code == 200, answer.text


async def first_to_declare(pages: dict[str, Any]) -> str:
    """The combatant whose page offers a declaration now (the server's guards decide)."""
    for _ in range(100):
        for cid, page in pages.items():
            if await page.locator('#actions-list button[data-offer="vda.DeclareAction"]').count():
                return cid
        await pages["rorsh"].wait_for_timeout(100)
    raise AssertionError("nobody may declare")


async def test_a_grapple_offered_by_the_server_is_sent_whole_from_the_page(
    table: Table, open_page: OpenPage
) -> None:
    await to_declarations(table)
    pages = {cid: await open_page("t", who) for cid, who in OWNER.items()}
    cid = await first_to_declare(pages)
    page, other = pages[cid], OTHER[cid]
    await page.locator("#actions-list details.variants > summary").click()
    assert await serious(page) == [], "the variants, shown, pass axe-core"
    await page.locator(f'button[data-offer="vda.DeclareAction/grapple:contact:{other}"]').click()
    await expect(page.locator("dialog h2")).to_contain_text("Étreinte — prendre contact")
    await expect(page.locator("dialog .note")).to_have_text(f"attaque · Bagarre · {NAMES[other]}")
    await page.locator("dialog button[type=submit]").click()
    await expect(page.locator("dialog")).to_have_count(0)
    # The dialog closes once the command is sent: its event may land a moment later.
    # On an initiative tie the declaration is sealed until the other one is made
    # (VDA-INIT-04), so the GM's state holds it under "sealed".
    for _ in range(100):
        sequence = (await table.state())["fight"]["system"]["sequence"]
        sealed = {c: s["action"] for c, s in sequence["sealed"].items()}
        declarations = sequence["declared"] | sealed
        if cid in declarations:
            break
        await asyncio.sleep(0.05)
    declared = declarations[cid]
    assert declared["grapple"] == "contact" and declared["target"] == other
    assert not page.errors


async def test_the_resolve_control_explains_the_pool_and_difficulty_the_roll_then_uses(
    table: Table, open_page: OpenPage
) -> None:
    await to_declarations(table)
    pages = {cid: await open_page("t", who) for cid, who in OWNER.items()}
    attacker = await first_to_declare(pages)
    target = OTHER[attacker]
    attack = {"kind": "attack", "skill": "brawl", "target": target}
    for cid, action in ((attacker, attack), (target, {"kind": "none"})):
        declared = await table.command({"type": "vda.DeclareAction", "combatant": cid, "action": action})
        assert declared.status_code == 200, declared.text
    page = pages[attacker]
    pool = page.locator('#actions-list .offer:has(button[data-offer="vda.ResolveAction"]) ul.pool')
    await expect(pool).to_contain_text("Dextérité 3 (A-6)")
    await expect(pool).to_contain_text("(A-7)")
    assert await serious(page) == [], "the pool's explanation passes axe-core"
    dice = int(await pool.get_attribute("data-pool") or "")
    difficulty = int(await pool.get_attribute("data-difficulty") or "")
    await page.locator('#actions-list button[data-offer="vda.ResolveAction"]').click()
    await expect(page.locator("#feedback")).to_contain_text("✓")
    async with httpx.AsyncClient(base_url=table.server) as http:
        answer = await http.get(
            f"/api/tables/{table.id}/events", headers={"Authorization": f"Bearer {table.tokens['gm']}"}
        )
    records = [json.loads(line) for line in answer.text.splitlines() if line]
    (rolled,) = [r["event"] for r in records if r["event"]["type"] == "vda.ActionRolled"]
    assert sum(term["value"] for term in rolled["pool"]) == dice
    assert sum(term["value"] for term in rolled["difficulty"]) == difficulty
    assert not page.errors
