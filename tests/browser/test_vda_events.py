"""vda's recent events on every page: the pools left beside the sheet's maximums and
the GM's control to adjust one with a reason (``vda.AdjustPool``), a grenade's
reaction dodge and detonation, a weapon taken back in hand, shown on the table page
(GM and player), the overlay and the replay viewer. Sandbox tables, every die given."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.async_api import expect

from clients.python.scenario import load_scenario, run_on_server
from tests.browser.conftest import OVERLAY, OpenPage, Table

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]

ROOT = Path(__file__).resolve().parents[2]


def pool(page: Any, cid: str, name: str) -> Any:
    return page.locator(f'#state [data-combatant="{cid}"] .pools [data-pool="{name}"]')


async def test_the_gm_adjusts_a_pool_with_a_reason_and_every_page_shows_what_is_left(
    sandbox: Table, open_page: OpenPage
) -> None:
    """The pools left (``Fighter.pools``, from the round's start) beside the sheet's
    maximums, on the GM's and the player's table page, the overlay and the replay."""
    gm, alice = await open_page("t", "gm"), await open_page("t", "alice")
    overlay = await open_page("overlay", "obs", OVERLAY)
    await expect(gm.locator("#state .combatant")).to_have_count(2)
    await expect(gm.locator("#state .pools")).to_have_count(0)  # no round yet: only the sheet
    assert (await sandbox.command({"type": "vda.StartRound"})).status_code == 200
    for page in (gm, alice):
        await expect(pool(page, "rorsh", "blood")).to_have_text("Sang 10/10")
        await expect(pool(page, "rorsh", "willpower")).to_have_text("Volonté 5/5")
    await expect(overlay.locator('[data-combatant="rorsh"] .pools [data-pool="blood"]')).to_have_text(
        "Sang 10/10"
    )

    await gm.locator("details.tool > summary", has_text="Commandes du MJ").click()
    await gm.locator('button[data-command="vda.AdjustPool"]').click()
    dialog = gm.locator("dialog")
    await expect(dialog.locator("h2")).to_have_text("Ajuster une réserve")
    await dialog.locator('select[name="combatant"]').select_option("rorsh")
    await dialog.locator('select[name="pool"]').select_option("blood")
    await dialog.locator('input[name="delta"]').fill("-3")
    await dialog.locator('input[name="reason"]').fill("saignée avant le combat")
    await dialog.locator("button[type=submit]").click()
    await expect(gm.locator("dialog")).to_have_count(0)
    await expect(gm.locator("#feedback")).to_contain_text("✓ Accepté")
    for page in (gm, alice):
        await expect(pool(page, "rorsh", "blood")).to_have_text("Sang 7/10")
        await expect(pool(page, "agnes", "blood")).to_have_text("Sang 10/10")
        await expect(page.locator("#log-list")).to_contain_text("Le MJ ajuste une réserve : Rorsh")
        await expect(page.locator("#log-list")).to_contain_text("(saignée avant le combat)")
    await expect(overlay.locator('[data-combatant="rorsh"] .pools [data-pool="blood"]')).to_have_text(
        "Sang 7/10"
    )
    replay = await open_page("replay", "alice")
    await expect(pool(replay, "rorsh", "blood")).to_have_text("Sang 7/10")
    head = (await sandbox.state())["position"]
    await replay.locator("#scrubber").fill(str(head - 1))
    await expect(pool(replay, "rorsh", "blood")).to_have_text("Sang 10/10")
    assert not gm.errors + alice.errors + overlay.errors + replay.errors


async def test_a_grenade_and_a_regrip_show_on_the_table_page_the_overlay_and_the_replay(
    site: str, browser: Any
) -> None:
    """The armoury scenario (a grenade dodged in reaction, then exploding; a weapon
    taken back in hand) played on the server: its lines on the GM's page, the overlay
    (a spectator) and the replay viewer, with no error in any page."""
    played = await run_on_server(load_scenario(ROOT / "examples" / "vda" / "armurerie.yaml"), site)
    table_id, gm_token = played["table_id"], played["gm_token"]
    async with httpx.AsyncClient(base_url=site) as http:
        invited = await http.post(
            f"/api/tables/{table_id}/invites",
            json={"role": "spectator", "name": "OBS"},
            headers={"Authorization": f"Bearer {gm_token}"},
        )
    table = Table(site, table_id, {"gm": gm_token, "obs": invited.json()["token"]})
    # VDA-DISARM-03: Vlad's grip on his knife weakened, two initiative dice take it back.
    weakened = {"grip_weakened": True}
    for command, dice in (
        (
            {
                "type": "vda.AdjustItem",
                "combatant": "vlad",
                "item": "couteau",
                "state": weakened,
                "reason": "lâché",
            },
            None,
        ),
        ({"type": "vda.StartRound"}, None),
        ({"type": "vda.RollInitiative", "combatant": "vlad", "minor_acts": ["regrip"]}, [8, 7, 2]),
    ):
        answer = await table.command(command, dice=dice)
        assert answer.status_code == 200, answer.text
    pages = []
    for kind, who, viewport in (("t", "gm", None), ("overlay", "obs", OVERLAY), ("replay", "gm", None)):
        context = await browser.new_context(
            viewport=viewport or {"width": 390, "height": 844}, locale="fr-FR", reduced_motion="reduce"
        )
        page = await context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        await page.goto(table.url(kind, who))
        pages.append((page, errors))
    (gm, gm_errors), (overlay, overlay_errors), (replay, replay_errors) = pages
    dodge = "Vlad esquive l'explosion en réaction (pour son action)"
    blast = "La grenade explose : Vlad : zone mortelle, Ulrich : zone modérée."
    regrip = "Vlad : couteau, en main (reprend son arme en main)."
    for line in (dodge, blast, regrip):
        await expect(gm.locator("#log-list")).to_contain_text(line)
    await expect(overlay.locator("#log-list")).to_contain_text(regrip)
    await expect(overlay.locator(".combatant")).to_have_count(2)
    async with httpx.AsyncClient(base_url=site) as http:
        answer = await http.get(
            f"/api/tables/{table_id}/events", headers={"Authorization": f"Bearer {gm_token}"}
        )
    at = {
        json.loads(line)["event"]["type"]: json.loads(line)["position"] for line in answer.text.splitlines()
    }
    for kind, line in (("vda.GrenadeDodged", dodge), ("vda.GrenadeExploded", blast)):
        await replay.locator("#scrubber").fill(str(at[kind]))
        await expect(replay.locator("#event")).to_contain_text(line)
        await expect(replay.locator("#state .combatant")).to_have_count(2)
    await expect(replay.locator("#state .last-roll")).to_contain_text("Vlad")
    assert not gm_errors + overlay_errors + replay_errors
