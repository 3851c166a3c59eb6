"""A vtm turn on a phone, as the projection carries it: each combatant's Willpower and
blood left beside the sheet's maximums, its declared actions (made aloud, slowest first,
so every player sees them) with those already made and how many are left, and what lasts
(cover) — in French words, then in English (VTM-INIT-03, VTM-INIT-04, VTM-DEF-06,
VTM-FIRE-01)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_accessibility import serious
from tests.browser.test_vtm_table import vtm_table

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


async def test_a_vtm_card_shows_pools_declared_actions_and_cover(site: str, browser: Any) -> None:
    table = await vtm_table(site)
    punch = {"kind": "attack", "maneuver": "punch", "target": "sasha"}
    strike = {"kind": "attack", "maneuver": "strike", "target": "viktor", "weapon": "couteau"}
    plan = [{"kind": "other"}, strike]
    cover = {"type": "vtm.SetCover", "combatant": "viktor", "cover": "light", "reason": "un pilier"}
    abort = {"type": "vtm.AbortForDefence", "combatant": "viktor", "defence": "dodge", "spend": True}
    steps: list[tuple[dict[str, Any], str, list[int] | None]] = [
        ({"type": "vtm.StartRound"}, "gm", None),
        ({"type": "vtm.RollInitiative", "combatant": "sasha"}, "alice", [6]),
        ({"type": "vtm.RollInitiative", "combatant": "viktor"}, "bob", [4]),
        ({"type": "vtm.DeclareActions", "combatant": "viktor", "actions": [punch]}, "bob", None),
        ({"type": "vtm.DeclareActions", "combatant": "sasha", "actions": plan}, "alice", None),
        (cover, "gm", None),
        (abort, "bob", None),
        ({"type": "vtm.ResolveAction", "combatant": "sasha"}, "alice", []),
    ]
    for command, who, dice in steps:
        answer = await table.command(command, who, dice)
        assert answer.status_code == 200, answer.text

    errors: list[str] = []
    french = ("Volonté 3/4", "Actions annoncées", "1 action à faire", "autre action (faite)")
    english = ("Willpower 3/4", "Declared actions", "1 action to come", "other action (done)")
    for locale, words in (
        (
            "fr-FR",
            (
                *french,
                "attaque (frappe) → Viktor, couteau",
                "défense (esquive)",
                "En cours : à couvert : léger",
            ),
        ),
        (
            "en-GB",
            (*english, "attack (strike) → Viktor, couteau", "defence (dodge)", "Ongoing: in cover: light"),
        ),
    ):
        (pools, declared, left, done, attack, dodge, lasting) = words
        context = await browser.new_context(viewport=PHONE, locale=locale, reduced_motion="reduce")
        page = await context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        # Alice plays Sasha only: Viktor's declaration reaches her all the same (VTM-INIT-03).
        await page.goto(table.url("t", "alice"))
        sasha = page.locator('#state .combatant[data-combatant="sasha"]')
        viktor = page.locator('#state .combatant[data-combatant="viktor"]')
        await expect(viktor.locator(".pools")).to_contain_text(pools)
        await expect(sasha.locator(".pools [data-pool=willpower]")).to_contain_text("6/6")
        await expect(sasha.locator(".pools [data-pool=blood]")).to_contain_text("12/12")
        await expect(sasha.locator(".declared")).to_contain_text(declared)
        await expect(sasha.locator(".declared .left")).to_have_text(left)
        await expect(sasha.locator(".declared li.done")).to_have_text(done)
        await expect(sasha.locator(".declared li:not(.done)")).to_have_text(attack)
        await expect(viktor.locator(".declared li")).to_have_text(dodge)
        await expect(viktor.locator(".effects")).to_have_text(lasting)
        await expect(sasha.locator(".effects")).to_have_count(0)
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert await serious(page) == [], "the vtm card passes axe-core"
        await context.close()
    assert errors == []
