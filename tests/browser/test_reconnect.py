"""A page that loses its server reconnects by itself and resumes from the last
position it saw: nothing missed, nothing shown twice; and says so plainly when
the server's history is no longer the one it followed."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis
import uvicorn
from playwright.async_api import expect

from server.app import Settings, create_app
from server.embedded import EmbeddedRedis
from server.serve import uvicorn_config
from server.store import key
from tests.browser.conftest import PHONE, make_table
from tests.proxy import TcpProxy
from tests.replicas import ServerProcess

pytestmark = [pytest.mark.redis, pytest.mark.timeout(90)]


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port: int = probe.getsockname()[1]
    probe.close()
    return port


@contextlib.asynccontextmanager
async def serving(redis_url: str, port: int) -> AsyncIterator[str]:
    """A server on ``port`` for the length of the block."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    server = uvicorn.Server(
        uvicorn_config(create_app(Settings(redis_url=redis_url)), "127.0.0.1", port, "warning")
    )
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 15)


async def test_a_page_resumes_after_its_server_went_away(embedded_redis: EmbeddedRedis, browser: Any) -> None:
    port = free_port()
    async with serving(embedded_redis.url, port) as server:
        table = await make_table(server)
        context = await browser.new_context(viewport=PHONE, locale="fr-FR")
        page = await context.new_page()
        await page.goto(table.url("t", "alice"))
        await expect(page.locator("#status")).to_have_attribute("data-status", "online")
        await expect(page.locator("#state .combatant")).to_have_count(2)
    await expect(page.locator("#status")).to_have_attribute("data-status", "offline")
    await expect(page.locator("#banner")).to_contain_text("Hors ligne")

    async with serving(embedded_redis.url, port):
        assert (await table.command({"type": "AddNote", "text": "De retour"})).status_code == 200
        await expect(page.locator("#status")).to_have_attribute("data-status", "online", timeout=20000)
        await expect(page.locator("#log-list")).to_contain_text("De retour")
        await expect(page.locator("#banner")).to_be_hidden()
        shown = await page.locator("#log-list li").evaluate_all(
            "(lis) => lis.map((li) => li.dataset.position)"
        )
        assert len(shown) == len(set(shown)) == (await table.state())["position"]


async def test_a_page_says_plainly_when_the_history_diverged(
    embedded_redis: EmbeddedRedis, browser: Any
) -> None:
    port = free_port()
    async with serving(embedded_redis.url, port) as server:
        table = await make_table(server)
        context = await browser.new_context(viewport=PHONE, locale="fr-FR")
        page = await context.new_page()
        await page.goto(table.url("t", "bob"))
        await expect(page.locator("#state .combatant")).to_have_count(2)
    # What a restore from another backup looks like to a client: another epoch.
    client = redis.Redis.from_url(embedded_redis.url)
    client.hset(key(table.id, "meta"), "epoch", "restored-from-backup")
    client.close()
    async with serving(embedded_redis.url, port):
        await expect(page.locator("#status")).to_have_attribute("data-status", "diverged", timeout=20000)
        await expect(page.locator("#banner")).to_contain_text(
            "L'historique suivi n'est plus celui du serveur"
        )
        await page.locator("#banner button").click()
        await expect(page.locator("#status")).to_have_attribute("data-status", "online")
        await expect(page.locator("#banner")).to_be_hidden()
        await expect(page.locator("#state .combatant")).to_have_count(2)


async def test_a_page_whose_replica_drains_goes_on_through_another(
    embedded_redis: EmbeddedRedis, browser: Any
) -> None:
    """SIGTERM to the replica a page is on: it closes the page's socket with 1012,
    the page connects again through the same proxy, which now sends it to the
    other replica, and resumes where it was: nothing missed, nothing twice."""
    first, second = (ServerProcess(embedded_redis.url, "--shutdown-seconds", "2") for _ in range(2))
    first.start()
    second.start()
    proxy = await TcpProxy([first.port]).start()
    try:
        table = await make_table(first.url)
        context = await browser.new_context(viewport=PHONE, locale="fr-FR")
        page = await context.new_page()
        table.server = proxy.url
        await page.goto(table.url("t", "alice"))
        await expect(page.locator("#status")).to_have_attribute("data-status", "online")
        await expect(page.locator("#state .combatant")).to_have_count(2)
        proxy.upstreams = [second.port]  # the proxy's next connections go to the other replica
        first.signal(signal.SIGTERM)
        assert first.process is not None
        await asyncio.to_thread(first.process.wait, 30)
        table.server = second.url
        assert (await table.command({"type": "AddNote", "text": "Relève"})).status_code == 200
        await expect(page.locator("#status")).to_have_attribute("data-status", "online", timeout=20000)
        await expect(page.locator("#log-list")).to_contain_text("Relève")
        shown = await page.locator("#log-list li").evaluate_all(
            "(lis) => lis.map((li) => li.dataset.position)"
        )
        assert len(shown) == len(set(shown)) == (await table.state())["position"]
    finally:
        await proxy.stop()
        first.stop()
        second.stop()
