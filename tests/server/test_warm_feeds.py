"""A table's feed outlives its last socket for a while: a page reloaded (OBS
reloading an overlay, a phone waking up) joins it again without loading the table
from the store; the safety poll drops it once nobody used it for
``IDLE_FEED_SECONDS``."""

from __future__ import annotations

import pytest

from domain.base import PUBLIC
from server.hub import IDLE_FEED_SECONDS
from server.services import Services
from tests.server.test_catch_up_reads import writer  # noqa: F401 (a process on the test's Redis)
from tests.server.test_hub import StuckSocket

pytestmark = pytest.mark.redis


async def test_the_feed_of_a_table_left_by_its_last_socket_stays_warm_until_idle(
    writer: Services,  # noqa: F811
) -> None:
    table_id = (await writer.tables.create("La grange", "vda", False, None)).table_id
    hub = writer.hub
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
