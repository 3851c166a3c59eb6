"""Initiative ties in the browser (VDA-INIT-04): a tied group declares sealed. The
table is a sandbox one and the initiative faces are given, so the tie always comes."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.browser.conftest import TIE, OpenPage, Table, roll_initiatives

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


async def test_vda_init_04__a_sealed_declaration_is_confirmed_and_waits_for_the_group(
    sandbox: Table, open_page: OpenPage
) -> None:
    """VDA-INIT-04: on a tie, Alice's declaration is sealed; her page says it was
    accepted and that it waits for Agnès's; Bob sees that one was sealed, not what;
    once Bob declares, both are revealed and the notice goes."""
    await roll_initiatives(sandbox, {"rorsh": TIE, "agnes": TIE})
    alice, bob, gm = [await open_page("t", who) for who in ("alice", "bob", "gm")]
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

    declared = await sandbox.command(
        {"type": "vda.DeclareAction", "combatant": "agnes", "action": {"kind": "none"}}, "bob"
    )
    assert declared.status_code == 200, declared.text
    for page in (alice, bob, gm):
        await expect(page.locator("#log-list")).to_contain_text("déclarations scellées sont révélées")
        await expect(page.locator(".sealed")).to_have_count(0)
    assert not alice.errors + bob.errors + gm.errors
