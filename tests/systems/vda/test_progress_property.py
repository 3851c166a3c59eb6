"""No command leaves a fight unable to continue: from any state that random play reaches
(players' legal commands and the GM's rulings mixed), the GM, sending on the combatants'
behalf only what the table offers them, can always bring the round to its end.

A refusal is only worth something if it comes at the first command that the rules forbid
(VDA-GRAP-15 at the initiative roll, not at every later declaration): this property is
what fails when a command is accepted that no later command can get past."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.commands import AddCombatant, RemoveCombatant
from domain.errors import Refused
from domain.events import Combatant
from domain.systems.vda import commands as c
from domain.systems.vda.gear import Charge, Circumstances, Item
from domain.systems.vda.rules.physical import attackers_of
from domain.systems.vda.state import VdaState
from domain.table import Timeline
from tests.systems.vda.conftest import Table, act, options_for, sheet
from tests.systems.vda.test_round_properties import IDS, POWERS, WEAPONS, command_for

PLAIN_ACTIONS = [
    act("none"),
    act("defend", skill="dodge", defence="dodge"),
    act("move", skill="athletics"),
]
MOST_STEPS = 120
THROW = act("attack", skill="athletics", weapon="grenade", ranged="thrown")


SHEETS = {
    "alma": sheet(melee=3, dodge=2, celerity=1, anger=2, presence=3, powers=POWERS, generation=8),
    "bors": sheet(
        melee=2,
        brawl=2,
        dodge=1,
        kind="mortal",
        weapons=["lance", "dague_de_chasse", "couteau"],
        two_weapon_styles=["small_pair"],
    ),
    "cleo": sheet(athletics=2, dodge=3, rage=1, animalism=1, weapons=["dague_de_chasse", "grenade"]),
}


def new_table() -> Table:
    """The round properties' three fighters; Cleo also carries a grenade (VDA-GREN)."""
    t = Table()
    for cid, found in SHEETS.items():
        t.add(cid, found)
    return t


def seating(data: st.DataObject, t: Table, sheets: dict[str, Any] = SHEETS) -> list[Any]:
    """The GM takes a fighter away from the table (fled, taken out, a player gone) or seats one
    who left again, at any moment of the round."""
    fight = t.timeline.head.fight
    assert fight is not None
    cid = data.draw(st.sampled_from(sorted(sheets)))
    if cid in fight.combatants:
        return [RemoveCombatant(combatant_id=cid)]
    return [AddCombatant(combatant=Combatant(id=cid, name=cid.title(), sheet=sheets[cid]))]


def clone(t: Table) -> Table:
    """A copy of the table whose log can grow apart (the states are immutable)."""
    copy = object.__new__(Table)
    copy.timeline = Timeline(t.timeline.every)
    copy.timeline.events = list(t.timeline.events)
    copy.timeline._checkpoints = dict(t.timeline._checkpoints)
    copy.timeline.head = t.timeline.head
    copy.log = list(t.log)
    return copy


def plain_actions(state: VdaState, cid: str) -> list[Any]:
    """Nothing, a dodge, a move; the charge announced at initiative (VDA-CHARGE-03); with a
    weapon bound by its initiative bonus (VDA-INIT-05), a parry or an attack with it."""
    fighter = state.fighters[cid]
    found = list(PLAIN_ACTIONS)
    if fighter.charging is not None:  # VDA-CHARGE-03: the charge announced at initiative
        charge = act("attack", skill="melee", weapon=fighter.charging_with, target=fighter.charging)
        found.append(replace(charge, charge=Charge()))
    bound = fighter.bound_weapon
    if bound is None:
        return found
    parry = act("defend", skill="melee", defence="parry", weapon=bound)
    attacks = [act("attack", skill="melee", weapon=bound, target=o) for o in state.combatants if o != cid]
    return [*found, parry, *attacks]


def has_target(t: Table, cid: str, tag: str) -> bool:
    """Whether ``command_for`` finds someone to aim ``tag`` at: a charge needs another fighter
    of the round, and the others may all have left the table."""
    return tag != "vda.AnnounceCharge" or any(other != cid for other in t.state.combatants)


def progress_commands(t: Table) -> list[Any]:
    """What a GM tries, in order, to move the fight on: open the next round, or for each
    combatant what the table offers it now (initiative, a plain declaration, a roll, a
    defence's split, passing the power step), and last the next round, which the GM's page
    offers at any time (a fighter who left may have ended this one)."""
    state: VdaState = t.state
    if state.phase in ("setup", "between"):
        return [c.StartRound()]
    seq = state.sequence
    found: list[Any] = []
    splits: list[Any] = []
    for cid in state.combatants:
        offered = options_for(t.timeline.head, cid)
        if "vda.RollInitiative" in offered:
            found.append(c.RollInitiative(combatant=cid))
        if "vda.DeclareAction" in offered:
            found += [c.DeclareAction(combatant=cid, action=a) for a in plain_actions(state, cid)]
        if "vda.ResolveAction" in offered:
            found.append(c.ResolveAction(combatant=cid))
        if "vda.SkipPower" in offered:
            found.append(c.SkipPower(combatant=cid))
        defence = seq.defences.get(cid) if seq is not None else None
        if "vda.AllocateDefence" in offered and defence is not None and not defence.allocations:
            waiting = [a for a in attackers_of(seq, cid) if a not in seq.done_physical] if seq else []
            if waiting:
                # Nothing to the attacks still to come: a split the rules always accept.
                splits.append(c.AllocateDefence(combatant=cid, allocations=dict.fromkeys(waiting, 0)))
    for grenade in state.grenades:
        if grenade.problem == "pending":
            found.append(c.RuleGrenadeProblem(grenade=grenade.id, outcome="delayed"))
        if grenade.initiative is None:
            found.append(c.DrawGrenadeInitiative(grenade=grenade.id))
        seated = t.timeline.head.fight is not None and grenade.target in t.timeline.head.fight.combatants
        zones: dict[str, Any] = {grenade.target: "moderate"} if seated else {}  # its target may have left
        found.append(c.DetonateGrenade(grenade=grenade.id, zones=zones))
    return [*found, *splits, c.StartRound()]


def round_can_end(t: Table) -> bool:
    """Whether the GM, trying :func:`progress_commands` in turn, ends the round."""
    t = clone(t)
    start = t.state.round
    for _ in range(MOST_STEPS):
        if t.state.phase in ("setup", "between") and t.state.round > start:
            return True
        for command in progress_commands(t):
            try:
                t.emitted(command, dice=None)
                break
            except Refused:
                continue
        else:
            return False
        if t.state.round > start and t.state.phase in ("initiative", "setup", "between"):
            return True
    return False


def rulings(data: st.DataObject) -> list[Any]:
    """The GM's changes a fight may meet at any time."""
    cid = data.draw(st.sampled_from(IDS))
    found: list[Any] = [
        c.SetCondition(combatant=cid, condition="prone", on=data.draw(st.booleans()), reason="test"),
        c.AdjustGrapple(
            grappler=cid,
            target=data.draw(st.sampled_from(IDS)),
            delta=data.draw(st.integers(-3, 6)),
            reason="test",
        ),
        c.AdjustInitiative(combatant=cid, delta=data.draw(st.integers(-3, 3)), reason="test"),
        c.RuleStake(target=cid, staked=data.draw(st.booleans()), reason="test"),
        c.SetCircumstances(
            combatant=cid,
            circumstances=Circumstances(terrain=data.draw(st.sampled_from(["none", "minus_one_die"]))),
            reason="test",
        ),
    ]
    if cid in WEAPONS:
        where: Any = data.draw(st.sampled_from(["held", "ground"]))
        state = Item(resistance=data.draw(st.integers(0, 3)), max_resistance=5, location=where)
        found.append(c.AdjustItem(combatant=cid, item=WEAPONS[cid], state=state, reason="test"))
    return found


def initiative_with_weapon(data: st.DataObject, cid: str) -> Any:
    """An initiative roll naming a weapon of the sheet (VDA-INIT-05, VDA-INIT-09), bonus or malus."""
    weapon = data.draw(st.sampled_from(["lance", "dague_de_chasse", "couteau", "poings", "morsure"]))
    return c.RollInitiative(combatant=cid, weapon=weapon)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_from_any_reachable_state_the_round_can_end(data: st.DataObject) -> None:
    """VDA-SEQ-02, VDA-GRAP-15, VDA-INIT-05: every state random play reaches lets the GM
    bring the round to its end with commands the table offers, fighters leaving the table
    and coming back at any moment included (VDA-INIT-01, VDA-SEQ-04)."""
    t = new_table()
    for _ in range(data.draw(st.integers(5, 40))):
        choices: list[Any] = [c.StartRound()]
        for cid in IDS:
            offered = options_for(t.timeline.head, cid)
            choices += [command_for(data, tag, cid, t) for tag in offered if has_target(t, cid, tag)]
            if "vda.RollInitiative" in offered:
                choices.append(initiative_with_weapon(data, cid))
            if cid == "cleo" and "vda.DeclareAction" in offered:
                target = data.draw(st.sampled_from(["alma", "bors"]))
                choices.append(c.DeclareAction(combatant=cid, action=replace(THROW, target=target)))
        if data.draw(st.integers(0, 5)) == 0:
            choices += rulings(data)
        if data.draw(st.integers(0, 7)) == 0:
            choices += seating(data, t)
        command = data.draw(st.sampled_from(choices))
        try:
            t.emitted(command, dice=None)
        except Refused:
            continue
        assert round_can_end(t), f"stuck after {command!r} in {t.state.phase} {t.state.sequence}"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_from_a_hold_the_round_can_end(data: st.DataObject) -> None:
    """VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18, VDA-INIT-05: the same property
    from a fight that starts with Alma holding Bors (a lance, a pilum, a hunting dagger) at
    any value: whatever either one sends, and whichever leaves the table or comes back, the GM
    can still end the round."""
    from tests.systems.vda.test_grapple_rules import held

    t = held(data.draw(st.integers(1, 9)))
    fight = t.timeline.head.fight
    assert fight is not None
    sheets = {cid: seated.sheet for cid, seated in fight.combatants.items()}
    for _ in range(data.draw(st.integers(5, 30))):
        choices: list[Any] = [c.StartRound()]
        for cid in ("alma", "bors"):
            offered = options_for(t.timeline.head, cid)
            choices += [command_for(data, tag, cid, t) for tag in offered if has_target(t, cid, tag)]
            if "vda.RollInitiative" in offered:
                weapon = data.draw(st.sampled_from(["lance", "pilum", "dague_de_chasse", "poings", None]))
                choices.append(c.RollInitiative(combatant=cid, weapon=weapon))
        if data.draw(st.integers(0, 7)) == 0:
            choices += seating(data, t, sheets)
        command = data.draw(st.sampled_from(choices))
        try:
            t.emitted(command, dice=None)
        except Refused:
            continue
        assert round_can_end(t), f"stuck after {command!r} in {t.state.phase} {t.state.sequence}"
