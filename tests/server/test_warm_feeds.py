"""A table's feed outlives its last socket for a while: a page reloaded (OBS
reloading an overlay, a phone waking up) joins it again without loading the table
from the store; the safety poll drops it once nobody used it for
``IDLE_FEED_SECONDS``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from domain.base import PUBLIC
from server.connect import close, connect
from server.hub import IDLE_FEED_SECONDS
from server.services import Services, Settings
from tests.server.test_hub import StuckSocket

pytestmark = pytest.mark.redis


@pytest.fixture
async def services(redis_url: str) -> AsyncIterator[Services]:
    client = connect(redis_url)
    found = Services(Settings(redis_url=redis_url), client)
    await found.hub.start()
    try:
        yield found
    finally:
        await found.hub.stop()
        await close(client)


async def test_the_feed_of_a_table_left_by_its_last_socket_stays_warm_until_idle(services: Services) -> None:
    table_id = (await services.tables.create("La grange", "vda", False, None)).table_id
    hub = services.hub
    socket = StuckSocket()
    first = await hub.subscribe(table_id, PUBLIC, socket, socket.close)  # type: ignore[arg-type]
    await hub.unsubscribe(first)
    warm = hub.feeds[table_id]
    again = await hub.subscribe(table_id, PUBLIC, socket, socket.close)  # type: ignore[arg-type]
    assert again.feed is warm, "the reloaded page joins the same feed"
    await hub.unsubscribe(again)
    await hub.poll_feeds()
    assert hub.feeds.get(table_id) is warm, "used a moment ago: kept"
    warm.last_used -= IDLE_FEED_SECONDS + 1
    await hub.poll_feeds()
    assert table_id not in hub.feeds
