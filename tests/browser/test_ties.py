"""Initiative ties in the browser (VDA-INIT-04): a tied group declares sealed. The
table is a sandbox one and the initiative faces are given, so the tie always comes."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from playwright.async_api import expect

from tests.browser.conftest import OVERLAY, TIE, OpenPage, Table, roll_initiatives

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

STRIKE = {"kind": "attack", "skill": "brawl", "target": "rorsh"}


async def test_vda_init_04__a_sealed_declaration_is_confirmed_and_waits_for_the_group(
    sandbox: Table, open_page: OpenPage
) -> None:
    """VDA-INIT-04: on a tie, Alice's declaration is sealed; her page says it was
    accepted and that it waits for Agnès's; Bob and the overlay see that one was
    sealed, not what; once Bob declares, both are revealed, the notice goes and the
    tied pair is shown acting together on every page; the replay viewer shows Bob the
    sealing as he saw it."""
    await roll_initiatives(sandbox, {"rorsh": TIE, "agnes": TIE})
    alice, bob, gm = [await open_page("t", who) for who in ("alice", "bob", "gm")]
    overlay = await open_page("overlay", "obs", OVERLAY)
    await alice.locator("#actions-list details.variants > summary").click()
    await alice.locator('button[data-offer="vda.DeclareAction/grapple:contact:agnes"]').click()
    await alice.locator("dialog button[type=submit]").click()
    await expect(alice.locator("dialog")).to_have_count(0)
    await expect(alice.locator("#feedback")).to_contain_text("✓ Accepté")
    notice = alice.locator('#actions-list [data-combatant="rorsh"] .sealed')
    await expect(notice).to_contain_text("Déclaration de Rorsh scellée : attaque · Bagarre · Agnès")
    await expect(notice).to_contain_text("en attente : Agnès")
    badge = alice.locator('#state [data-combatant="rorsh"] .sealed')
    await expect(badge).to_have_text("🔒 Déclaration scellée (VDA-INIT-04)")
    await expect(gm.locator('#state [data-combatant="rorsh"] .sealed')).to_have_count(1)
    await expect(bob.locator("#log-list")).to_contain_text("Rorsh scelle sa déclaration.")
    await expect(bob.locator(".sealed")).to_have_count(0)
    assert "contact" not in await bob.locator("#log-list").inner_text()
    await expect(overlay.locator("#log-list")).to_contain_text("Rorsh scelle sa déclaration.")
    assert "Bagarre" not in await overlay.locator("#log-list").inner_text()

    declared = await sandbox.command(
        {"type": "vda.DeclareAction", "combatant": "agnes", "action": STRIKE}, "bob"
    )
    assert declared.status_code == 200, declared.text
    for page in (alice, bob, gm, overlay):
        await expect(page.locator("#log-list")).to_contain_text("déclarations scellées sont révélées")
        await expect(page.locator(".sealed")).to_have_count(0)
        # The tied group acts together (VDA-INIT-04): both are shown acting now.
        await expect(page.locator(".order li.acting")).to_have_count(2)
    replay = await open_page("replay", "bob")
    records = await events(sandbox)
    sealed_at = next(r["position"] for r in records if r["event"]["type"] == "vda.DeclarationSealed")
    # The page knows the log's head (it shows it first) before the scrub: a scrub made
    # before that would be followed by the head's state.
    await expect(replay.locator("#state")).to_have_attribute("data-position", str(records[-1]["position"]))
    await replay.locator("#scrubber").fill(str(sealed_at))
    await expect(replay.locator("#event")).to_contain_text("Rorsh scelle sa déclaration.")
    await expect(replay.locator(".sealed")).to_have_count(0)
    assert not alice.errors + bob.errors + gm.errors + overlay.errors + replay.errors


async def events(table: Table) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(base_url=table.server) as http:
        answer = await http.get(
            f"/api/tables/{table.id}/events", headers={"Authorization": f"Bearer {table.tokens['gm']}"}
        )
    return [json.loads(line) for line in answer.text.splitlines() if line]
