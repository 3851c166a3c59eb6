"""Properties of the round engine: random legal command sequences never make ``evolve``
fail, and replaying the log (decoded from JSON) gives the same state."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from domain.base import GM
from domain.errors import Refused
from domain.events import ENCODER, RECORD_DECODER
from domain.systems.vda import commands as c
from domain.systems.vda.gear import Circumstances, Item
from domain.systems.vda.handlers import grapple
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import VdaPower
from domain.table import replay, system_view
from tests.systems.vda.conftest import Table, act, options_for, sheet

IDS = ["alma", "bors", "cleo"]
WEAPONS = {"bors": "lance", "cleo": "dague_de_chasse"}
POWERS = {
    "terror": VdaPower(discipline="presence"),
    "zulo": VdaPower(discipline="vicissitude", grants_physical=1),
    "regard": VdaPower(discipline="dominate", level=2, requires="gaze"),
}


def new_table() -> Table:
    t = Table()
    t.add("alma", sheet(melee=3, dodge=2, celerity=1, anger=2, presence=3, powers=POWERS, generation=8))
    t.add(
        "bors",
        sheet(
            melee=2,
            brawl=2,
            dodge=1,
            kind="mortal",
            weapons=["lance", "dague_de_chasse", "couteau"],
            two_weapon_styles=["small_pair"],
        ),
    )
    t.add("cleo", sheet(athletics=2, dodge=3, rage=1, animalism=1, weapons=["dague_de_chasse"]))
    return t


def action(data: st.DataObject, cid: str) -> Any:
    kind = data.draw(st.sampled_from(["none", "move", "attack", "defend"]))
    target = data.draw(st.sampled_from([i for i in IDS if i != cid]))
    if kind == "attack":
        weapon = data.draw(st.sampled_from([None, WEAPONS.get(cid)]))
        skill = "melee" if weapon else data.draw(st.sampled_from(["melee", "brawl"]))
        intent = data.draw(st.sampled_from(["wound", "wound", "disarm", "vandalism"]))
        item = WEAPONS.get(target) if intent == "vandalism" else None
        return act(
            "attack",
            skill=skill,
            target=target,
            weapon=weapon,
            from_behind=data.draw(st.booleans()),
            zone=data.draw(st.sampled_from([None, None, "heart", "unarmoured"])),
            intent=intent,
            item=item,
        )
    if kind == "defend":
        return act("defend", skill="dodge", defence="dodge")
    if kind == "move":
        return act("move", skill="athletics", orientation=data.draw(st.booleans()))
    if cid == "alma" and data.draw(st.booleans()):
        # VDA-GAZE-06: an active gaze as the physical action.
        return act("other", skill="intimidation", attribute="manipulation", target=target, gaze="regard")
    return act("none")


def command_for(data: st.DataObject, tag: str, cid: str, t: Table | None = None) -> Any:
    if tag.startswith("vda.DeclareAction/") and t is not None:
        # A grapple or bite declaration options_for found open (VDA-GRAP, VDA-BITE).
        candidates = grapple.candidate_actions(Scene.of(system_view(t.timeline.head, GM)), cid)
        declared = candidates[tag]
        if declared.grapple in ("escape", "control", "oppose"):
            declared = replace(declared, attribute=data.draw(st.sampled_from(["dexterity", "strength"])))
        return c.DeclareAction(combatant=cid, action=declared)
    match tag:
        case "vda.DiveForCover":
            return c.DiveForCover(combatant=cid)
        case "vda.AnnounceCharge" if t is not None:
            scene = Scene.of(system_view(t.timeline.head, GM))
            target = data.draw(st.sampled_from([i for i in scene.state.combatants if i != cid]))
            weapon = data.draw(st.sampled_from(scene.sheet(cid).weapons or ["poings"]))
            return c.AnnounceCharge(combatant=cid, target=target, weapon=weapon)
        case "vda.RollInitiative":
            return c.RollInitiative(
                combatant=cid, minor_acts=data.draw(st.sampled_from([[], ["draw"], ["stand_up"]]))
            )
        case "vda.DeclareAction":
            return c.DeclareAction(combatant=cid, action=action(data, cid))
        case "vda.ResolveAction":
            return c.ResolveAction(combatant=cid)
        case "vda.AllocateDefence":
            return c.AllocateDefence(
                combatant=cid, allocations={data.draw(st.sampled_from(IDS)): data.draw(st.integers(0, 3))}
            )
        case "vda.UsePower":
            return c.UsePower(combatant=cid, power=data.draw(st.sampled_from(["terror", "zulo"])))
        case "vda.SkipPower":
            return c.SkipPower(combatant=cid)
        case "vda.SpendForAction":
            return c.SpendForAction(combatant=cid, gain=data.draw(st.sampled_from(["physical", "power"])))
        case "vda.ReleaseGrapple":
            return c.ReleaseGrapple(grappler=cid, target=data.draw(st.sampled_from(IDS)))
        case "vda.ShortenEcstasy":
            return c.ShortenEcstasy(combatant=cid)
        case "vda.SurpriseDefence":
            kind = data.draw(st.sampled_from(["defend", "none"]))
            return c.SurpriseDefence(combatant=cid, action=act(kind, skill="dodge", defence="dodge"))
        case "vda.SurpriseAttack":
            return c.SurpriseAttack(combatant=cid, action=action(data, cid))
        case "vda.ClearDeafness":
            return c.ClearDeafness(combatant=cid)
        case "vda.CatchGaze":
            others = [i for i in IDS if i != cid]
            return c.CatchGaze(combatant=cid, target=data.draw(st.sampled_from(others)), power="regard")
        case "vda.DetectGazeIntent":
            return c.DetectGazeIntent(combatant=cid, attacker="alma")
        case "vda.AvertGaze":
            return c.AvertGaze(combatant=cid, on=data.draw(st.booleans()))
        case "vda.CloseEyes":
            return c.CloseEyes(combatant=cid, on=data.draw(st.booleans()))
        case "vda.TakeTwoWeaponStance":
            return c.TakeTwoWeaponStance(
                combatant=cid, weapons=["dague_de_chasse", "couteau"], on=data.draw(st.booleans())
            )
        case _:
            return c.ActivateCelerity(combatant=cid)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_legal_play_folds_and_replays_to_the_same_state(data: st.DataObject) -> None:
    t = new_table()
    for _ in range(data.draw(st.integers(5, 60))):
        choices: list[Any] = [c.StartRound()]
        for cid in IDS:
            choices += [command_for(data, tag, cid, t) for tag in options_for(t.timeline.head, cid)]
        if data.draw(st.integers(0, 9)) == 0:
            cid = data.draw(st.sampled_from(IDS))
            choices.append(
                c.SetCondition(combatant=cid, condition="prone", on=data.draw(st.booleans()), reason="test")
            )
            choices.append(
                c.AdjustGrapple(
                    grappler=cid,
                    target=data.draw(st.sampled_from(IDS)),
                    delta=data.draw(st.integers(-3, 6)),
                    reason="test",
                )
            )
            choices.append(
                c.AdjustInitiative(combatant=cid, delta=data.draw(st.integers(-3, 3)), reason="test")
            )
            choices.append(c.RuleStake(target=cid, staked=data.draw(st.booleans()), reason="test"))
            choices.append(
                c.AdjustGaze(attacker="alma", target=cid, understood=data.draw(st.booleans()), reason="test")
            )
            terrain = data.draw(st.sampled_from(["none", "minus_one_die", "plus_one_difficulty"]))
            cover = data.draw(st.integers(0, 3))
            choices.append(
                c.SetCircumstances(
                    combatant=cid, circumstances=Circumstances(terrain=terrain, cover=cover), reason="test"
                )
            )
            if cid in WEAPONS:
                resistance_left = data.draw(st.integers(0, 3))
                # A weapon knocked away between a declaration and its roll: the action is lost.
                where = data.draw(st.sampled_from(["held", "held", "ground"]))
                state = Item(resistance=resistance_left, max_resistance=5, location=where)
                choices.append(c.AdjustItem(combatant=cid, item=WEAPONS[cid], state=state, reason="test"))
        command = data.draw(st.sampled_from(choices))
        try:
            t.emitted(command, dice=None)
        except Refused:
            continue
    encoded = [ENCODER.encode(r) for r in t.log]
    replayed = replay([RECORD_DECODER.decode(line).event for line in encoded])
    assert replayed.fight == t.timeline.head.fight
