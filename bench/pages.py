"""The web pages' figures, measured in the real browser (Debian's ``chromium``
driven by Playwright, as ``tests/browser`` does; never a downloaded browser)
against a Fracas server in its own process (``bench.server_proc``) on a
throw-away ``redis-server``:

- P1: the overlay shows the state (its combatants and its log) within 300 ms of
  load on a table of 10,000 events: navigation start to the first render. Beside
  it, for scale on a shared machine, the floor: a new browser profile loading the
  smallest file the server serves (its icon), navigation start to ``load``; the
  ratio of the two says how much of the load is the overlay's own.
- P2: an event sent by a player reaches the overlay's DOM within 3× the
  WebSocket hop measured in the same run: in the overlay's own page, a player's
  socket sends a note while a spectator's socket listens; the hop is send →
  the spectator's frame, the page figure send → the overlay's log line. Ratio
  of the medians (and of the p95s).
- P3: scrubbing the replay viewer to a random position on a 100,000-event
  table shows the state there within 100 ms p95: the scrubber moved (its
  ``input`` event) → the state at that position drawn.
- P4: the pages' own JavaScript and CSS weigh under 150 KiB before
  compression, and loading every page makes no request to another host.

    python -m bench.pages [--quick] [--out FILE]

The long logs are written straight into the table's stream in the store's
layout (``bench.data``, as G6 and G7 do), after two combatants and the
invitations were added through the API.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import redis.asyncio as aioredis

from bench import data
from bench.procs import redis_server_binary, start_fracas, start_own_redis, stop_all
from bench.report import percentile
from server.pages import WEB
from server.store import key

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HEADLESS = ["--headless=new", "--no-sandbox", "--disable-gpu"]
SHEET = {"type": "vda", "attributes": {"dexterity": 3, "wits": 3}, "abilities": {"brawl": 2}}
TARGETS = {"P1.overlay_load_ms": 300.0, "P2.ratio_p50": 3.0, "P3.scrub_p95_ms": 100.0, "P4.kib": 150.0}


class Table:
    def __init__(self, base: str, table_id: str, gm: str) -> None:
        self.base, self.id, self.tokens = base, table_id, {"gm": gm}

    def url(self, page: str, who: str) -> str:
        return f"{self.base}/{page}/{self.id}#token={self.tokens[who]}"


async def make_table(http: httpx.AsyncClient, redis_url: str, base: str, events: int) -> Table:
    """A vda table with two combatants, a player and a spectator, then notes and
    rolls written straight into its stream up to ``events`` positions."""
    created = (await http.post("/api/tables", json={"title": f"pages {events}", "system": "vda"})).json()
    table = Table(base, created["table_id"], created["gm_token"])
    gm = {"Authorization": f"Bearer {table.tokens['gm']}"}
    for cid in ("rorsh", "agnes"):
        combatant = {"id": cid, "name": cid.title(), "side": "pj", "sheet": SHEET}
        command = {"command": {"type": "AddCombatant", "combatant": combatant}}
        (await http.post(f"/api/tables/{table.id}/commands", json=command, headers=gm)).raise_for_status()
    for who, role, owned in (("alice", "player", ["rorsh"]), ("obs", "spectator", [])):
        body = {"role": role, "name": who, "combatants": owned}
        invited = await http.post(f"/api/tables/{table.id}/invites", json=body, headers=gm)
        table.tokens[who] = invited.raise_for_status().json()["token"]
    head = (await http.get(f"/api/tables/{table.id}/state", headers=gm)).json()["position"]
    client = aioredis.Redis.from_url(redis_url)
    try:
        stream = key(table.id, "events")
        pipe = client.pipeline(transaction=False)
        for n, (position, tag, encoded) in enumerate(data.records(table.id, head + 1, events - head), 1):
            pipe.xadd(stream, {"type": tag, "data": encoded}, id=f"{position}-0")
            if n % 1000 == 0:
                await pipe.execute()
                pipe = client.pipeline(transaction=False)
        await pipe.execute()
    finally:
        await client.aclose()
    # The server opens it once (and keeps its snapshots), as a live table is open.
    (await http.get(f"/api/tables/{table.id}/state", headers=gm, timeout=300)).raise_for_status()
    return table


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(percentile(values, 50), 2),
        "p95": round(percentile(values, 95), 2),
        "max": round(max(values), 2),
    }


WATCH = """new MutationObserver((_, seen) => {
  if (document.querySelectorAll("#board .combatant").length === 2 && document.querySelector("#log-list li")) {
    window.benchDrawn = performance.now();
    seen.disconnect();
  }
}).observe(document, { childList: true, subtree: true });"""
"""Set before the page's own scripts run (an init script): the time the page drew
its combatants and log, taken in the page rather than by polling it from here."""
DRAWN = "() => window.benchDrawn !== undefined"
SHELL = "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
FLOOR = "performance.getEntriesByType('navigation')[0].loadEventEnd"


async def p1_overlay_load(browser: Any, table: Table, loads: int) -> dict[str, Any]:
    """Navigation start → the overlay's first render of the state (combatants and log);
    and, for scale, navigation start → its shell parsed with every module loaded
    (``DOMContentLoaded``, which waits for module scripts), before any socket; and
    the same page reloaded, its files in the browser's cache (revalidated)."""
    times, shells, reloads, floors = [], [], [], []
    for _ in range(loads):
        context = await browser.new_context(viewport={"width": 1920, "height": 1080})
        page = await context.new_page()
        await page.goto(f"{table.base}/web/icon.svg")
        floors.append(await page.evaluate(FLOOR))
        await context.close()
        context = await browser.new_context(viewport={"width": 1920, "height": 1080})
        page = await context.new_page()
        await page.add_init_script(WATCH)
        await page.goto(table.url("overlay", "obs"))
        await page.wait_for_function(DRAWN)
        times.append(await page.evaluate("window.benchDrawn"))
        shells.append(await page.evaluate(SHELL))
        await page.reload()  # as OBS reloads a source: the files revalidated (304)
        await page.wait_for_function(DRAWN)
        reloads.append(await page.evaluate("window.benchDrawn"))
        await context.close()
    found = {"load_ms": summary(times), "shell_ms": summary(shells), "reload_ms": summary(reloads)}
    found["floor_ms"] = summary(floors)
    found["ratio_p50"] = round(found["load_ms"]["p50"] / found["floor_ms"]["p50"], 2)
    found["ratio_p95"] = round(found["load_ms"]["p95"] / found["floor_ms"]["p95"], 2)
    return found


HOP = """async ([tableId, player, spectator, n]) => {
  const open = (token) => new Promise((resolve) => {
    const ws = new WebSocket(`ws://${location.host}/ws/tables/${tableId}?token=${token}`);
    ws.onmessage = (m) => { if (JSON.parse(m.data).type === "welcome") resolve(ws); };
  });
  const [send, listen] = await Promise.all([open(player), open(spectator)]);
  await new Promise((resolve) => {
    listen.onmessage = (m) => { if (JSON.parse(m.data).type === "events") resolve(); };
    listen.send(JSON.stringify({ type: "follow", after: 0 }));
  });
  const hops = [], doms = [];
  const log = document.getElementById("log-list");
  for (let i = 0; i < n; i++) {
    const text = `bench ${i} ${Math.random().toString(36).slice(2)}`;
    const heard = new Promise((resolve) => {
      listen.onmessage = (m) => { if (m.data.includes(text)) resolve(performance.now()); };
    });
    const shown = new Promise((resolve) => {
      const seen = new MutationObserver(() => {
        if (log.textContent.includes(text)) { seen.disconnect(); resolve(performance.now()); }
      });
      seen.observe(log, { childList: true, subtree: true, characterData: true });
    });
    const sent = performance.now();
    send.send(JSON.stringify({ type: "command", id: `b${i}`, nonce: `n${i}`,
      command: { type: "AddNote", text } }));
    const [at, drawn] = await Promise.all([heard, shown]);
    hops.push(at - sent);
    doms.push(drawn - sent);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  send.close(); listen.close();
  return { hops, doms };
}"""


async def p2_event_to_dom(browser: Any, table: Table, count: int) -> dict[str, Any]:
    context = await browser.new_context(viewport={"width": 1920, "height": 1080})
    page = await context.new_page()
    await page.goto(table.url("overlay", "obs"))
    await page.wait_for_function("() => document.querySelectorAll('#board .combatant').length === 2")
    found = await page.evaluate(HOP, [table.id, table.tokens["alice"], table.tokens["obs"], count])
    await context.close()
    hops, doms = found["hops"], found["doms"]
    return {
        "hop_ms": summary(hops),
        "overlay_dom_ms": summary(doms),
        "ratio_p50": round(statistics.median(doms) / statistics.median(hops), 2),
        "ratio_p95": round(percentile(doms, 95) / percentile(hops, 95), 2),
    }


SCRUB = """async (p) => {
  const scrubber = document.getElementById("scrubber");
  const state = document.getElementById("state");
  const drawn = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (state.dataset.position === String(p)) { seen.disconnect(); resolve(performance.now()); }
    });
    seen.observe(state, { attributes: true, attributeFilter: ["data-position"] });
  });
  const moved = performance.now();
  scrubber.value = String(p);
  scrubber.dispatchEvent(new Event("input"));
  return (await drawn) - moved;
}"""


async def p3_scrub(browser: Any, table: Table, head: int, count: int) -> dict[str, Any]:
    context = await browser.new_context(viewport={"width": 390, "height": 844})
    page = await context.new_page()
    started = time.perf_counter()
    await page.goto(table.url("replay", "gm"))
    await page.wait_for_function(
        f"() => document.getElementById('scrubber').max === '{head}'", timeout=300_000
    )
    await page.wait_for_function(
        f"() => document.getElementById('state').dataset.position === '{head}'", timeout=300_000
    )
    ready = time.perf_counter() - started
    rng = random.Random(3)
    times = []
    for _ in range(count):
        p = rng.randint(1, head - 1)
        times.append(await page.evaluate(SCRUB, p))
    await context.close()
    return {"events": head, "ready_s": round(ready, 2), "scrub_ms": summary(times)}


async def p4_weight(browser: Any, tables: list[Table]) -> dict[str, Any]:
    own = [f for f in WEB.rglob("*") if f.suffix in (".js", ".css")]
    size = sum(f.stat().st_size for f in own)
    foreign: list[str] = []
    context = await browser.new_context()
    page = await context.new_page()
    own_hosts = (tables[0].base, "data:", "blob:")
    page.on("request", lambda r: None if r.url.startswith(own_hosts) else foreign.append(r.url))
    await page.goto(tables[0].base + "/")
    for table in tables:
        for kind, who in (("t", "gm"), ("t", "alice"), ("overlay", "obs"), ("replay", "gm")):
            await page.goto(table.url(kind, who))
            await page.wait_for_load_state("networkidle")
    await context.close()
    return {"files": len(own), "bytes": size, "kib": round(size / 1024, 1), "third_party_requests": foreign}


async def measure(base: str, redis_url: str, quick: bool) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        small = await make_table(http, redis_url, base, 10_000)
        big = await make_table(http, redis_url, base, 100_000)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=HEADLESS)
        try:
            return {
                "P1": await p1_overlay_load(browser, small, 5 if quick else 20),
                "P2": await p2_event_to_dom(browser, small, 10 if quick else 40),
                "P3": await p3_scrub(browser, big, 100_000, 20 if quick else 100),
                "P4": await p4_weight(browser, [small]),
            }
        finally:
            await browser.close()


def report(found: dict[str, Any]) -> list[tuple[str, float, float]]:
    rows = [
        ("P1.overlay_load_ms", found["P1"]["load_ms"]["p50"], TARGETS["P1.overlay_load_ms"]),
        ("P2.ratio_p50", found["P2"]["ratio_p50"], TARGETS["P2.ratio_p50"]),
        ("P3.scrub_p95_ms", found["P3"]["scrub_ms"]["p95"], TARGETS["P3.scrub_p95_ms"]),
        ("P4.kib", found["P4"]["kib"], TARGETS["P4.kib"]),
    ]
    print(f"{'figure':<22}{'value':>10}{'target':>10}  holds")
    for name, value, target in rows:
        print(f"{name:<22}{value:>10}{target:>10}  {'yes' if value <= target else 'NO'}")
    print(f"P1 against the floor (a new profile loading the server's icon): {found['P1']['ratio_p50']}x p50")
    print(f"P4 third-party requests: {len(found['P4']['third_party_requests'])}")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pages")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (the same table sizes)")
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print("bench.pages: Debian's chromium is not installed (apt-get install -y chromium)")
        return 2
    with tempfile.TemporaryDirectory(prefix="fracas-pages-") as tmp:
        work = Path(tmp)
        try:
            target = start_own_redis(redis_server_binary(), work / "redis")
            _, base = start_fracas(target.url, work)
            found = asyncio.run(measure(base, target.url, args.quick))
        finally:
            stop_all()
    print(json.dumps(found, indent=1))
    report(found)
    if args.out:
        args.out.write_text(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
