"""What the ``fracas`` commands print for a person: a line per event for
``watch``, the state of a fight for ``state``, a fight's summary for ``run``;
with colour on a terminal (rich), plain text elsewhere.

The sentences come from :mod:`clients.python.sentences`, in the one language
the user chose; the labels around them from the same catalogues (``cli.*``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import IO, Any, TypeVar

import msgspec
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn

from clients.python.sentences import People, Sentences
from domain.events import Recorded, event_tag

T = TypeVar("T")

STYLES = {
    "Rewound": "bold yellow",
    "Hidden": "italic magenta",
    "TableClosed": "bold",
    "vda.RoundStarted": "bold",
    "vtm.RoundStarted": "bold",
    "vda.SequenceStarted": "bold",
}


def console(stream: IO[str] | None = None) -> Console:
    """A console that colours only a terminal (and never when ``NO_COLOR`` is set)."""
    return Console(file=stream or sys.stdout, highlight=False, soft_wrap=True, emoji=False)


def people_of_state(state: dict[str, Any]) -> People:
    """Names from a projected state: its combatants, players and spectators."""
    people = People()
    for cid, combatant in (state.get("fight", {}).get("combatants") or {}).items():
        people.combatants[cid] = combatant.get("name") or cid
    admin = state.get("admin", {})
    for group in ("players", "spectators"):
        for pid, principal in (admin.get(group) or {}).items():
            people.principals[pid] = principal.get("name") or pid
    return people


def event_line(record: Recorded, sentences: Sentences, people: People, colour: bool = False) -> str:
    """One record as ``watch`` prints it: position, time, sender, sentence."""
    text = sentences.describe(record, people)
    who = sentences.principal(people, record.sender) if record.sender else "-"
    clock = record.at[11:19] if record.at else "--:--:--"
    if not colour:
        return f"{record.position:>6} {clock} {who:<12} {text}"
    event = record.event
    style = STYLES.get(event_tag(event), "italic magenta" if getattr(event, "secret", False) else "")
    body = f"[{style}]{escape(text)}[/]" if style else escape(text)
    return f"[dim]{record.position:>6} {clock}[/] [cyan]{escape(who):<12}[/] {body}"


# --- the state of a fight -------------------------------------------------------------


def state_lines(state: dict[str, Any], may: dict[str, list[str]], sentences: Sentences) -> Iterator[str]:
    """The state a person reads: the table, the round, the order, each combatant with
    health, the points left in its pools, its declared actions still to come, conditions and
    what it may do now, the grapples."""
    t = sentences.t
    people = people_of_state(state)
    admin, fight = state.get("admin", {}), state.get("fight", {})
    system = fight.get("system") or {}
    yield t(
        "cli.state.title",
        title=admin.get("title", ""),
        system=admin.get("system", ""),
        position=state.get("position", 0),
    )
    if admin.get("closed"):
        yield t("cli.state.closed")
    where = []
    if system.get("round"):
        # a system may name its round in its seed's words (vtm: « tour »)
        named = f"round.{system.get('type')}"
        where.append(t(named if sentences.has(named) else "cli.state.round", n=system["round"]))
    sequence = system.get("sequence")
    if isinstance(sequence, dict):
        where.append(t("cli.state.sequence", n=sequence.get("number", "")))
        if sequence.get("step"):
            where.append(sentences.t(f"step.{sequence['step']}"))
    if system.get("phase"):
        phase = f"phase.{system['phase']}"
        where.append(t("cli.state.phase", phase=t(phase) if sentences.has(phase) else system["phase"]))
    if where:
        yield " · ".join(where)
    name = people.combatants.get
    acting = sequence.get("acting") if isinstance(sequence, dict) else None
    if acting is None and "sequence" not in system:
        # A system without a sequence's list of who acts: whoever may send one of its
        # own commands now, by the server's may (the viewer's combatants only).
        acting = [c for c, moves in may.items() if any("." in m.split("/")[0] for m in moves)]
    if acting:
        yield t("cli.state.acting", names=", ".join(name(c, c) for c in acting))
    fighters: dict[str, Any] = system.get("fighters") or {}
    order = [r["combatant"] for r in system.get("order") or []] or sorted(
        fighters, key=lambda c: -(fighters[c].get("initiative") or 0)
    )
    if order:
        yield t("cli.state.order", names=", ".join(name(c, c) for c in order))
    combatants = list(dict.fromkeys([*order, *(fight.get("combatants") or {})]))
    if not combatants:
        yield t("cli.state.nobody")
    for cid in combatants:
        f = fighters.get(cid, {})
        parts = [f"{name(cid, cid)} [{cid}]"]
        if f.get("initiative") is not None and f.get("initiative_rolled", True):
            parts.append(t("cli.state.initiative", n=f["initiative"]))
        health = f.get("health") or {}
        if any(health.values()):
            parts.append(
                t(
                    "cli.state.health",
                    b=health.get("bashing", 0),
                    l=health.get("lethal", 0),
                    a=health.get("aggravated", 0),
                )
            )
        pools = f.get("pools") or {}
        if pools:
            labelled = [(t(f"pool.{p}") if sentences.has(f"pool.{p}") else p, n) for p, n in pools.items()]
            parts.append(t("cli.state.pools", pools=", ".join(f"{label} {n}" for label, n in labelled)))
        if f.get("left"):
            parts.append(t("cli.state.left", n=f["left"]))
        conditions = f.get("conditions") or []
        if conditions:
            names = [
                sentences.t(f"condition.{c}") if sentences.has(f"condition.{c}") else c for c in conditions
            ]
            parts.append(", ".join(names))
        yield "  " + " · ".join(parts)
        if cid in may:
            yield "    " + t("cli.state.may", moves=", ".join(may[cid]) or t("cli.state.nothing"))
    grapples = system.get("grapples") or {}
    if isinstance(grapples, list):  # vtm: who holds whom, by a clinch or a hold
        for held in grapples:
            kind = f"kind.{held.get('kind')}"
            yield t(
                "cli.state.held",
                grappler=name(held.get("attacker"), held.get("attacker")),
                target=name(held.get("target"), held.get("target")),
                kind=sentences.t(kind) if sentences.has(kind) else held.get("kind", ""),
            )
        grapples = {}
    for pair, grapple in grapples.items():
        grappler, _, target = pair.partition(">")
        yield t(
            "cli.state.grapple",
            grappler=name(grappler, grappler),
            target=name(target, target),
            value=grapple.get("value", ""),
            cap=grapple.get("cap", ""),
        )


def run_summary(result: dict[str, Any], sentences: Sentences) -> Iterator[str]:
    """``fracas run``: the fight in sentences, then its final state."""
    records: list[Recorded] = result["events"]
    people = People().learn_all(records)
    for record in records:
        who = sentences.principal(people, record.sender) if record.sender else "-"
        yield f"{record.position:>5} {who:<12} {sentences.event(msgspec.to_builtins(record.event), people)}"
    yield ""
    state = result["state"]
    yield from state_lines(state if isinstance(state, dict) else msgspec.to_builtins(state), {}, sentences)
    if result.get("table_id"):
        yield ""
        yield sentences.t("cli.run.table", table=result["table_id"])


def progress(items: Iterable[T], what: str, total: int | None = None) -> Iterator[T]:
    """``items``, with a progress bar on stderr when stderr is a terminal."""
    if not sys.stderr.isatty() or os.environ.get("FRACAS_NO_PROGRESS"):
        yield from items
        return
    columns = (SpinnerColumn(), TextColumn(what), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=Console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task(what, total=total)
        for item in items:
            yield item
            bar.advance(task)


async def aprogress(items: AsyncIterator[T], what: str) -> AsyncIterator[T]:
    """An async stream of unknown length, counted on stderr when it is a terminal."""
    if not sys.stderr.isatty() or os.environ.get("FRACAS_NO_PROGRESS"):
        async for item in items:
            yield item
        return
    columns = (SpinnerColumn(), TextColumn(what), MofNCompleteColumn())
    with Progress(*columns, console=Console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task(what, total=None)
        async for item in items:
            yield item
            bar.advance(task)
