"""The player's controls show what the server offers, computed by the server: whole
grapple declarations to send as they are, and a roll's pool and difficulty term by
term with the rule behind each (no copy of the rules in the page)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.async_api import expect

from tests.browser.conftest import FIRST, SECOND, OpenPage, Table, roll_initiatives
from tests.browser.test_accessibility import serious

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

OWNER = {"rorsh": "alice", "agnes": "bob"}
OTHER = {"rorsh": "agnes", "agnes": "rorsh"}
NAMES = {"rorsh": "Rorsh", "agnes": "Agnès"}


async def to_declarations(table: Table) -> None:
    """Rorsh wins the initiative (the faces are given: no tie, VDA-INIT-04), so he
    declares first (VDA-INIT-02)."""
    await roll_initiatives(table, {"rorsh": FIRST, "agnes": SECOND})


async def written(table: Table) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(base_url=table.server) as http:
        answer = await http.get(
            f"/api/tables/{table.id}/events", headers={"Authorization": f"Bearer {table.tokens['gm']}"}
        )
    return [json.loads(line)["event"] for line in answer.text.splitlines() if line]


async def test_a_grapple_offered_by_the_server_is_sent_whole_from_the_page(
    sandbox: Table, open_page: OpenPage
) -> None:
    await to_declarations(sandbox)
    page = await open_page("t", "alice")
    await page.locator("#actions-list details.variants > summary").click()
    assert await serious(page) == [], "the variants, shown, pass axe-core"
    await page.locator('button[data-offer="vda.DeclareAction/grapple:contact:agnes"]').click()
    await expect(page.locator("dialog h2")).to_contain_text("Étreinte — prendre contact")
    await expect(page.locator("dialog .note")).to_have_text("attaque · Bagarre · Agnès")
    await page.locator("dialog button[type=submit]").click()
    await expect(page.locator("dialog")).to_have_count(0)
    await expect(page.locator("#feedback")).to_contain_text("✓ Accepté")
    declared = (await sandbox.state())["fight"]["system"]["sequence"]["declared"]["rorsh"]
    assert declared["grapple"] == "contact" and declared["target"] == "agnes"
    assert not page.errors


async def shown_then_rolled(page: Any, offer: str) -> tuple[int, int]:
    """The pool and difficulty the control ``offer`` explains, once it is clicked."""
    pool = page.locator(f'#actions-list .offer:has(button[data-offer="{offer}"]) ul.pool')
    dice = int(await pool.get_attribute("data-pool") or "")
    difficulty = int(await pool.get_attribute("data-difficulty") or "")
    await page.locator(f'#actions-list button[data-offer="{offer}"]').click()
    if await page.locator("dialog").count():
        await page.locator("dialog button[type=submit]").click()
    await expect(page.locator("#feedback")).to_contain_text("✓")
    return dice, difficulty


I18N = Path(__file__).resolve().parents[2] / "clients" / "web" / "i18n"
FRENCH = {
    key
    for path in (I18N / "fr.json", I18N / "sentences" / "fr.json")
    for key in json.loads(path.read_text(encoding="utf-8"))
}
"""The keys of the French catalogues a page loads (its own texts and the sentences)."""


async def untranslated(page: Any) -> list[str]:
    """The pool terms a page shows without words of the French catalogue."""
    keys = await page.locator("#actions-list .term").evaluate_all(
        "terms => terms.map(term => [term.dataset.key, term.textContent])"
    )
    assert keys, "the page shows pool terms"
    return [text for key, text in keys if key not in FRENCH]


def total(terms: list[dict[str, Any]]) -> int:
    return sum(term["value"] for term in terms)


async def test_the_resolve_control_explains_the_pool_and_difficulty_the_roll_then_uses(
    sandbox: Table, open_page: OpenPage
) -> None:
    await to_declarations(sandbox)
    attack = {"kind": "attack", "skill": "brawl", "target": "agnes"}
    for cid, action in (("rorsh", attack), ("agnes", {"kind": "none"})):
        declared = await sandbox.command({"type": "vda.DeclareAction", "combatant": cid, "action": action})
        assert declared.status_code == 200, declared.text
    page = await open_page("t", "alice")
    pool = page.locator('#actions-list .offer:has(button[data-offer="vda.ResolveAction"]) ul.pool')
    await expect(pool).to_contain_text("Dextérité 3 (A-6)")
    await expect(pool).to_contain_text("(A-7)")
    assert await untranslated(page) == []
    assert await serious(page) == [], "the pool's explanation passes axe-core"
    dice, difficulty = await shown_then_rolled(page, "vda.ResolveAction")
    (rolled,) = [e for e in await written(sandbox) if e["type"] == "vda.ActionRolled"]
    assert (total(rolled["pool"]), total(rolled["difficulty"])) == (dice, difficulty)
    assert not page.errors


async def test_the_initiative_and_a_grapple_explain_their_pools_as_the_attack_does(
    sandbox: Table, open_page: OpenPage
) -> None:
    """VDA-INIT-01 and VDA-GRAP-03: the initiative control and a contact's resolution
    show their pool and difficulty term by term, and the rolls then use them."""
    assert (await sandbox.command({"type": "vda.StartRound"})).status_code == 200
    page = await open_page("t", "alice")
    initiative = page.locator('#actions-list .offer:has(button[data-offer="vda.RollInitiative"]) ul.pool')
    await expect(initiative).to_contain_text("Réserve 5 dés : Astuce 3 (VDA-INIT-01)")
    await expect(initiative).to_contain_text("+ Vigilance 2 (VDA-INIT-01)")
    await expect(initiative).to_contain_text("Difficulté 4")
    dice, difficulty = await shown_then_rolled(page, "vda.RollInitiative")
    (rolled,) = [e for e in await written(sandbox) if e["type"] == "vda.InitiativeRolled"]
    assert (total(rolled["pool"]), total(rolled["difficulty"])) == (dice, difficulty)
    # The page gives no dice: Agnès's faces are chosen against Rorsh's score, never a tie.
    ahead = rolled["score"] > 0
    faces = [2, 2, 2, 2, 2] if ahead else FIRST
    answer = await sandbox.command({"type": "vda.RollInitiative", "combatant": "agnes"}, "bob", faces)
    assert answer.status_code == 200, answer.text

    contact = {"kind": "attack", "skill": "brawl", "target": "agnes", "grapple": "contact"}
    order = [("rorsh", contact), ("agnes", {"kind": "none"})]
    for cid, action in order if ahead else order[::-1]:
        declared = await sandbox.command({"type": "vda.DeclareAction", "combatant": cid, "action": action})
        assert declared.status_code == 200, declared.text
    grapple = page.locator('#actions-list .offer:has(button[data-offer="vda.ResolveAction"]) ul.pool')
    await expect(grapple).to_contain_text("Dextérité 3 (VDA-GRAP-03) + Bagarre 3 (VDA-GRAP-03)")
    await expect(grapple).to_contain_text("(A-7)")
    assert await serious(page) == [], "the explanations pass axe-core"
    dice, difficulty = await shown_then_rolled(page, "vda.ResolveAction")
    (rolled,) = [e for e in await written(sandbox) if e["type"] == "vda.GrappleRolled"]
    check = rolled["check"]
    assert (total(check["pool"]), total(check["difficulty"])) == (dice, difficulty)
    assert not page.errors
