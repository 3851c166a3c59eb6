"""From the landing page to a table: create it, invite a player with a link and
a QR code, and the player's phone opens the link."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.redis, pytest.mark.timeout(90)]

# Pasted as YAML: the server reads it (POST /api/combatants), the page has no parser.
COMBATANT = "id: rorsh\nname: Rorsh\nside: pj\nsheet:\n  type: vda\n  attributes: {strength: 3}\n"


async def test_a_gm_creates_a_table_and_invites_a_player_by_link(site: str, browser: Any) -> None:
    gm = await (await browser.new_context(viewport=PHONE, locale="fr-FR")).new_page()
    await gm.goto(site + "/")
    await gm.locator("#table-title").fill("La grange")
    await gm.locator("#table-system").select_option("vda")
    await gm.locator("#create button[type=submit]").click()
    await expect(gm.locator("#role")).to_have_text("MJ")
    assert "/t/" in gm.url and "token" not in gm.url, "the GM's token is never in an address"

    importing = gm.locator("details.tool", has_text="Importer (JSON ou YAML)")
    await importing.locator(":scope > summary").click()
    await importing.locator("textarea").fill(COMBATANT.replace("strength: 3", "strength: trois"))
    await importing.locator("button[type=submit]").click()
    await expect(importing.locator(".error")).to_contain_text("$.sheet.attributes.strength")
    await expect(gm.locator("#state .combatant")).to_have_count(0)
    await importing.locator("textarea").fill(COMBATANT)
    await importing.locator("button[type=submit]").click()
    await expect(gm.locator("#state .combatant")).to_have_count(1)
    await expect(gm.locator("#feedback")).to_contain_text("1 combattant ajouté.")

    inviting = gm.locator("details.tool", has_text="Inviter")
    await inviting.locator(":scope > summary").click()
    await inviting.locator("#invite-name").fill("Alice")
    await inviting.locator('input[type=checkbox][value="rorsh"]').check()
    await inviting.locator("form button[type=submit]").click()
    link = await inviting.locator(".invite-link").input_value()
    assert "#token=" in link, "the token travels in the fragment, which no server sees"
    qr = inviting.locator("img.qr")
    await expect(qr).to_have_attribute("alt", "QR code du lien pour Alice")
    assert await qr.evaluate("(img) => img.decode().then(() => img.naturalWidth)") > 0

    alice = await (await browser.new_context(viewport=PHONE, locale="fr-FR")).new_page()
    await alice.goto(link)
    await expect(alice.locator("#role")).to_have_text("Joueur·se")
    assert "token" not in alice.url
    await expect(
        alice.locator('#actions-list [data-combatant="rorsh"] button[data-command="RollDice"]')
    ).to_be_visible()
    for button in await alice.locator("#actions-list button").all():
        box = await button.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, "touch targets of 44×44 px"

    await alice.locator('button[data-command="RollDice"]').click()
    await alice.locator('dialog input[name="dice"]').fill("4")
    await alice.locator("dialog button[type=submit]").click()
    await expect(alice.locator("#live")).to_contain_text("Rorsh lance")
    await expect(gm.locator("#live")).to_contain_text("Rorsh lance")
    await expect(gm.locator("#state .last-roll .die")).to_have_count(4)
    assert ("succès" in await gm.locator("#state .last-roll .result").inner_text()) or (
        "échec" in await gm.locator("#state .last-roll .result").inner_text()
    )

    plurals = """async (lang) => {
        const i18n = await import("/web/js/i18n.js");
        await i18n.loadLanguage(lang);
        return [0, 1, 2].map((n) => i18n.t("roll.successes", { n }));
    }"""
    assert await gm.evaluate(plurals, "fr") == ["0 succès", "1 succès", "2 succès"]
    assert await gm.evaluate(plurals, "en") == ["0 successes", "1 success", "2 successes"]
    # French plural rules: 0 takes the singular, as 1 does; English: 0 takes the plural.
    pools = plurals.replace('"roll.successes"', '"offer.pool"')
    assert await gm.evaluate(pools, "fr") == ["Réserve 0 dé :", "Réserve 1 dé :", "Réserve 2 dés :"]
    assert await gm.evaluate(pools, "en") == ["Pool of 0 dice:", "Pool of 1 die:", "Pool of 2 dice:"]


async def test_the_language_follows_the_browser_then_the_users_choice(site: str, browser: Any) -> None:
    """Without a choice, the browser's languages (what it sends as Accept-Language),
    else French; the choice made in the menu wins and is kept."""
    english = await (await browser.new_context(viewport=PHONE, locale="en-GB")).new_page()
    await english.goto(site + "/")
    await expect(english.locator("html")).to_have_attribute("lang", "en")
    german = await (await browser.new_context(viewport=PHONE, locale="de-DE")).new_page()
    await german.goto(site + "/")
    await expect(german.locator("html")).to_have_attribute("lang", "fr")
    await english.locator("#lang").select_option("fr")
    await expect(english.locator("html")).to_have_attribute("lang", "fr")
    await english.reload()
    await expect(english.locator("html")).to_have_attribute("lang", "fr")


async def test_a_die_showing_1_is_struck_through_only_when_it_counted(site: str, browser: Any) -> None:
    """The dice of a roll mark a 1 as the log's sentences do: struck through when it
    cancelled a success or made the botch, a plain miss otherwise (a damage roll's 1
    that cancelled nothing)."""
    page = await (await browser.new_context(viewport=PHONE)).new_page()
    await page.goto(site + "/")
    kinds = """async (roll) => {
        const i18n = await import("/web/js/i18n.js");
        await i18n.loadLanguage("fr");
        const { rollBlock } = await import("/web/js/dice-view.js");
        return [...rollBlock(roll).querySelectorAll(".die")].map((d) => d.className.replace("die ", ""));
    }"""
    pool = {"type": "pool", "dice": 4, "difficulty": 6, "faces": [8, 7, 1, 3], "tens_again": False}
    cancelled = pool | {"hits": 2, "ones": 1, "successes": 1, "botch": False}
    uncancelled = pool | {"hits": 2, "ones": 1, "successes": 2, "botch": False}
    botch = pool | {"faces": [4, 1, 3, 2], "hits": 0, "ones": 1, "successes": 0, "botch": True}
    assert await page.evaluate(kinds, cancelled) == ["hit", "hit", "one", "miss"]
    assert await page.evaluate(kinds, uncancelled) == ["hit", "hit", "miss", "miss"]
    assert await page.evaluate(kinds, botch) == ["miss", "one", "miss", "miss"]
