"""The table page in a real browser: a GM and two players on phones at one table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from playwright.async_api import expect

from clients.python import Admin
from clients.python.verify import verify_log
from domain.events import RECORD_DECODER
from domain.wire import ExportEnd, SignedHead
from tests.browser.conftest import OVERLAY, OpenPage, Table, events_in

pytestmark = [pytest.mark.redis, pytest.mark.timeout(90)]


async def order_of(page: Any) -> list[str]:
    return [text.strip() for text in await page.locator(".order li .name").all_inner_texts()]


async def test_a_gm_two_players_and_an_overlay_follow_one_table(table: Table, open_page: OpenPage) -> None:
    gm, alice, bob = [await open_page("t", who) for who in ("gm", "alice", "bob")]
    overlay = await open_page("overlay", "obs", OVERLAY)
    for page in (gm, alice, bob):
        await expect(page.locator("#state .combatant")).to_have_count(2)
        assert "token" not in page.url, "the token leaves the address bar"
        assert await page.evaluate(f"sessionStorage.getItem('fracas:token:{table.id}')")
        await expect(page.locator("html")).to_have_attribute("lang", "fr")
    await expect(alice.locator("#actions-list [data-combatant]")).to_have_count(1)
    await expect(alice.locator("#actions-list [data-combatant]")).to_have_attribute("data-combatant", "rorsh")
    await expect(bob.locator("#actions-list [data-combatant]")).to_have_attribute("data-combatant", "agnes")
    await expect(gm.locator("#actions-list [data-combatant]")).to_have_count(2)

    await gm.locator("details.tool > summary", has_text="Commandes du MJ").click()
    await gm.locator('button[data-command="vda.StartRound"]').click()
    for page in (gm, alice, bob):
        await expect(page.locator(".summary")).to_contain_text("Round 1")

    for page in (alice, bob):
        await page.locator('#actions-list button[data-command="vda.RollInitiative"]').click()
        await page.locator("dialog button[type=submit]").click()
        await expect(page.locator("dialog")).to_have_count(0)
    for page in (gm, alice, bob, overlay):
        await expect(page.locator(".order li")).to_have_count(2)
        await expect(page.locator("#log-list")).to_contain_text("Ordre d'initiative :")
    assert await order_of(gm) == await order_of(alice) == await order_of(bob) == await order_of(overlay)
    assert not gm.errors + alice.errors + bob.errors + overlay.errors


async def test_a_player_has_no_control_for_another_combatant_and_the_server_refuses_it(
    table: Table, open_page: OpenPage
) -> None:
    alice = await open_page("t", "alice")
    await expect(alice.locator("#actions-list [data-combatant]")).to_have_count(1)
    await expect(alice.locator('[data-combatant="agnes"] button')).to_have_count(0)
    # Sent anyway, from the page, with Alice's own token.
    answer = await alice.evaluate(
        """(tableId) => new Promise((resolve) => {
            const token = sessionStorage.getItem(`fracas:token:${tableId}`);
            const ws = new WebSocket(`ws://${location.host}/ws/tables/${tableId}?token=${token}`);
            ws.onmessage = (m) => {
                const message = JSON.parse(m.data);
                if (message.type === "welcome") ws.send(JSON.stringify({type: "command", id: "x1", nonce: "n",
                    command: {type: "RollDice", combatant: "agnes", spec: {type: "pool", dice: 3}}}));
                if (message.id === "x1") { ws.close(); resolve(message); }
            };
        })""",
        table.id,
    )
    assert answer["type"] == "rejected"
    assert answer["code"] == "forbidden" and answer["rule"] == "role.not-your-combatant"


async def test_a_secret_roll_never_reaches_the_players_or_the_overlay(
    table: Table, open_page: OpenPage
) -> None:
    gm, alice = await open_page("t", "gm"), await open_page("t", "alice")
    overlay = await open_page("overlay", "obs", OVERLAY)
    await expect(alice.locator("#state .combatant")).to_have_count(2)
    await expect(overlay.locator(".combatant")).to_have_count(2)

    roll = gm.locator("details.tool", has_text="Lancer les dés")
    await roll.locator(":scope > summary").click()
    await roll.locator('input[name="dice"]').fill("6")
    await roll.locator('input[name="label"]').fill("Perception")
    await roll.locator('input[name="secret"]').check()
    await roll.locator("button[type=submit]").click()
    await expect(gm.locator("#log-list li.secret")).to_contain_text("« Perception » derrière l'écran")
    await expect(alice.locator("#log-list")).to_contain_text("Le MJ a lancé les dés derrière l'écran")
    await expect(overlay.locator(".log")).to_contain_text("Le MJ a lancé les dés derrière l'écran")

    secret = [r for r in events_in(table.frames["gm"]) if r["event"]["type"] == "DiceRolled"]
    assert secret and secret[0]["event"]["secret"]
    salt = secret[0]["event"]["salt"]
    for who in ("alice", "obs"):
        frames = table.frames[who]
        assert frames, f"{who} received frames"
        assert all(salt not in frame and '"faces"' not in frame for frame in frames), who
        kinds = [r["event"]["type"] for r in events_in(frames)]
        assert "DiceRolled" not in kinds and "Hidden" in kinds
    await expect(alice.locator(".last-roll")).to_contain_text("Pas encore de jet")


async def test_a_rewind_from_the_gm_page_shows_the_earlier_state_on_every_device(
    table: Table, open_page: OpenPage
) -> None:
    head = (await table.state())["position"]
    assert (await table.command({"type": "vda.StartRound"})).status_code == 200
    roll = {"type": "RollDice", "combatant": "rorsh", "label": "Attaque", "spec": {"type": "pool", "dice": 4}}
    assert (await table.command(roll, "alice")).status_code == 200
    gm, alice, bob = [await open_page("t", who) for who in ("gm", "alice", "bob")]
    for page in (gm, alice, bob):
        await expect(page.locator(".summary")).to_contain_text("Round 1")
        await expect(page.locator(".last-roll .die")).to_have_count(4)

    rewinding = gm.locator("details.tool", has_text="Revenir en arrière")
    await rewinding.locator(":scope > summary").click()
    await rewinding.locator("#rewind-position").fill("2")
    await rewinding.locator("button[type=submit]").click()
    await expect(gm.locator("dialog .preview .combatant")).to_have_count(1)
    await gm.locator("dialog button.secondary").click()
    await expect(gm.locator("dialog")).to_have_count(0)

    await gm.locator(f'#log-list li[data-position="{head}"] button').click()
    preview = gm.locator("dialog .preview")
    await expect(preview.locator(".summary")).to_contain_text(f"Position {head}")
    await expect(preview.locator(".last-roll")).to_contain_text("Pas encore de jet")
    await gm.locator("#rewind-reason").fill("on rejoue")
    await gm.locator("#rewind-confirm").click()
    await expect(gm.locator("dialog")).to_have_count(0)
    for page in (gm, alice, bob):
        await expect(page.locator("#state .last-roll")).to_contain_text("Pas encore de jet")
        await expect(page.locator("#state .summary")).not_to_contain_text("Round")
        rewound = f"Le MJ revient à la position {head} : on rejoue."
        await expect(page.locator("#log-list")).to_contain_text(rewound)
    state = await table.state()
    assert state["fight"]["last_roll"] is None
    assert json.dumps(state["fight"]["system"]) == json.dumps((await table.state(head))["fight"]["system"])


async def test_a_page_keeps_each_head_the_server_signed_for_its_commands(
    table: Table, open_page: OpenPage
) -> None:
    """Without being asked, as ``fracas send`` does: the heads saved from the page make
    ``fracas verify --heads`` prove the table's export extends what the player saw."""
    alice = await open_page("t", "alice")
    await alice.locator("details.tool", has_text="Ajouter une note").locator(":scope > summary").click()
    note = alice.locator("details.tool", has_text="Ajouter une note")
    await note.locator("textarea, input[name=text]").first.fill("Rorsh se méfie.")
    await note.locator("button[type=submit]").click()
    await expect(alice.locator("#log-list")).to_contain_text("Rorsh se méfie.")
    kept = await alice.evaluate(f"localStorage.getItem('fracas:heads:{table.id}')")
    heads = [msgspec.json.decode(line, type=SignedHead) for line in kept.splitlines()]
    assert len(heads) == 1 and heads[0].table_id == table.id
    link = alice.locator("#log-heads a[download]")
    await expect(link).to_have_text("Enregistrer les têtes signées (pour fracas verify --heads)")
    async with alice.expect_download() as downloading:
        await link.click()
    saved = Path(await (await downloading.value).path()).read_text(encoding="utf-8")
    assert saved == kept

    async with Admin(table.server, table.tokens["gm"]) as admin:
        records = [RECORD_DECODER.decode(line) async for line in admin.export(table.id)]
        end = ExportEnd(head=await admin.signed_head(table.id, len(records)))
    report = verify_log(records, end, heads)
    assert report.ok and "1 kept heads match" in report.lines[1], report.lines
    assert not alice.errors
