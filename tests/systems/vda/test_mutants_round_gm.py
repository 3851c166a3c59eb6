"""The GM's ambush and wounds, a sheet's starting wounds, and what a declaration may name
(a fighter in the fight, a conscious declarer, a round's obligations a stake or a
vanished target lifts), through ``decide`` with exact events or the whole refusal.
Written against the mutants of ``handlers/gm``, ``handlers/round`` and
``handlers/declare`` that survived the mutation run (``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.commands import AddCombatant
from domain.events import Combatant
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Item
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.rules.initiative import declaring_now
from domain.systems.wod import Modifier
from domain.systems.wod.health import Health
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import fight, scripted


def refusal(t: Table, command: object) -> str:
    return str(t.refuse(command))


def test_vda_amb_01__an_ambusher_ambushes_someone_else() -> None:
    """VDA-AMB-01: nobody ambushes themself."""
    t = Table().add("alma", sheet(stealth=1))
    assert refusal(t, c.Ambush(ambusher="alma", target="alma")) == (
        "VDA-AMB-01: an ambusher ambushes someone else"
    )


def test_vda_conc_02__gear_can_leave_an_ambusher_no_stealth_die() -> None:
    """VDA-CONC-02, VDA-ARMOR-04: Alma's mail (1) and lance (2) take her 3 Stealth dice:
    she rolls none; Bors's mail costs his Perception a die; his one success sees her."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, armour="maille", weapons=["lance"]))
    t.add("bors", sheet(perception=2, alertness=1, armour="maille"))
    [resolved] = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[7, 2])
    assert (resolved.stealth.dice, resolved.perception.faces, resolved.detected) == (0, [7, 2], True)
    assert resolved.stealth_modifiers == [Modifier(rule="VDA-CONC-02", value=-3)]
    assert resolved.perception_modifiers == [Modifier(rule="VDA-ARMOR-04", value=-1)]


def test_vda_armor_04__mail_taken_off_costs_no_die_and_a_watcher_may_roll_none() -> None:
    """VDA-ARMOR-04, VDA-CONC-02, VDA-AMB-03: with their mail off, neither pays its malus; Bors
    (Perception 1, no Alertness, mail on) rolls no Perception die, then his awareness."""
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1, armour="maille"))
    t.add("bors", sheet(perception=1, alertness=0, wits=3, armour="maille"))
    for cid in ("alma", "bors"):
        t.send(c.AdjustItem(combatant=cid, item="maille", state=Item(location="ground"), reason="ôtée"))
    [resolved] = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[2, 2, 2, 7])
    assert (resolved.stealth_modifiers, resolved.perception_modifiers, resolved.detected) == ([], [], True)
    t = Table()
    t.add("alma", sheet(dex=2, stealth=1))
    t.add("bors", sheet(perception=1, alertness=0, wits=3, armour="maille"))
    [resolved] = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[7, 2, 2, 8, 9, 3])
    assert (resolved.perception.dice, resolved.detected, resolved.defence_cap) == (0, False, 2)


def test_a_3__an_ambush_at_a_table_where_1s_do_not_cancel() -> None:
    """A-3 (off), VDA-AMB-02, VDA-AMB-03: no roll of the ambush loses a success to a 1."""
    options = VdaOptions(ones_cancel=False)
    t = Table(options).add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=2, alertness=1))
    [seen] = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 2, 7, 7, 1])
    assert (seen.perception.successes, seen.detected) == (2, True)
    t = (
        Table(options)
        .add("alma", sheet(dex=2, stealth=1))
        .add("bors", sheet(perception=1, wits=2, alertness=1))
    )
    [unseen] = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 7, 2, 1, 2, 8, 9, 1])
    assert (unseen.detected, unseen.awareness.successes, unseen.defence_cap) == (False, 2, 2)


def test_the_gm_adjusts_every_track_of_wounds_with_a_reason() -> None:
    """GM override: wounds on each track, with the reason, as sent."""
    t = fight()
    assert t.send(c.AdjustHealth(combatant="bors", bashing=1, lethal=2, aggravated=3, reason="chute")) == [
        ev.HealthAdjusted(combatant="bors", bashing=1, lethal=2, aggravated=3, reason="chute")
    ]


def quiet_round(t: Table) -> list[object]:
    """A round in which nobody does anything; the events of its start."""
    started = t.start()
    for cid in t.state.combatants:
        t.send(c.RollInitiative(combatant=cid))
    while (seq := t.state.sequence) is not None and seq.step == "declare":
        waiting = [cid for cid in declaring_now(seq) if cid not in seq.declared and cid not in seq.sealed]
        t.declare(waiting[0], act("none"))
    return started


def test_sheet_wounds_are_taken_once_at_the_first_round_of_each_combatant() -> None:
    """The sheet's wounds (VdaSheet.wounds) are taken at the fight's first round, not again;
    a combatant who joins later takes its own at its first round."""
    hurt = Health(bashing=1, lethal=2, aggravated=1)
    t = Table().add("alma", sheet(wounds=hurt)).add("bors", sheet())
    assert quiet_round(t)[1:] == [
        ev.HealthAdjusted(combatant="alma", bashing=1, lethal=2, aggravated=1, reason="sheet_wounds")
    ]
    assert quiet_round(t)[1:] == []
    t.send(AddCombatant(combatant=Combatant(id="cole", name="Cole", sheet=sheet(wounds=Health(bashing=2)))))
    assert quiet_round(t)[1:] == [ev.HealthAdjusted(combatant="cole", bashing=2, reason="sheet_wounds")]


def test_vda_phys_02__a_declaration_names_a_target_in_the_fight() -> None:
    """VDA-PHYS-02: an attack on someone who is not fighting is refused, naming them."""
    t = fight()
    zed = act("attack", skill="melee", target="zed", weapon="dague_de_chasse")
    assert (
        refusal(t, c.DeclareAction(combatant="alma", action=zed)) == "VDA-PHYS-02: 'zed' is not in the fight"
    )


def test_vda_melee_05__an_unconscious_fighter_declares_no_attack() -> None:
    """VDA-MELEE-05: Bors, knocked out, may not attack."""
    t = fight()
    t.send(c.SetCondition(combatant="bors", condition="unconscious", reason="assommé"))
    t.declare("alma", act("none"))
    assert refusal(
        t, c.DeclareAction(combatant="bors", action=act("attack", skill="melee", target="alma"))
    ) == ("VDA-MELEE-05: 'bors' is unconscious")


def lancer(kind: str = "vampire") -> Table:
    """Bors, who rolled initiative with his lance's bonus (VDA-INIT-05), slower than Alma."""
    t = Table()
    t.add("alma", sheet(melee=3))
    t.add("bors", sheet(kind=kind, melee=2, weapons=["lance"]))
    t.start()
    t.initiative("alma", [7, 7, 7, 7, 7])
    scripted(t, c.RollInitiative(combatant="bors", weapon="lance"), [7])
    t.declare("alma", act("none"))
    return t


def test_vda_init_05__the_lances_bonus_binds_the_first_sequence_unless_staked() -> None:
    """VDA-INIT-05, VDA-STAKE-04: Bors took the lance's bonus: doing nothing in sequence 1 is
    refused; staked, « none » is all he may declare, and the bond does not forbid it."""
    t = lancer()
    assert refusal(t, c.DeclareAction(combatant="bors", action=act("none"))) == (
        "VDA-INIT-05: the initiative bonus of 'lance' binds sequence 1 to that weapon"
    )
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu planté"))
    assert t.declare("bors", act("none"))[0] == ev.ActionDeclared(
        combatant="bors", sequence=1, action=act("none")
    )


def charger() -> Table:
    """Bors, a vampire, announced a lance charge on Alma after a round of moving; Cole stands by."""
    t = Table()
    t.add("alma", sheet(melee=3))
    t.add("bors", sheet(kind="vampire", melee=2, athletics=2, weapons=["lance"]))
    t.add("cole", sheet(kind="mortal"))
    t.moving_round("bors", [2] * 5)
    t.start()
    t.send(c.AnnounceCharge(combatant="bors", target="alma", weapon="lance"))
    t.initiative("alma", [7, 7, 7, 7, 7])
    scripted(t, c.RollInitiative(combatant="bors"), [7])
    scripted(t, c.RollInitiative(combatant="cole"), [2])
    return t


def test_vda_charge_03__a_staked_charger_declares_none() -> None:
    """VDA-CHARGE-03, VDA-STAKE-04: staked, the charger declares « none » despite the charge."""
    t = charger()
    t.declare("alma", act("none"))
    t.send(c.RuleStake(target="bors", staked=True, reason="pieu planté"))
    assert t.declare("bors", act("none"))[0] == ev.ActionDeclared(
        combatant="bors", sequence=1, action=act("none")
    )


def test_a_3__the_ambushs_1s_cancel_at_a_default_table() -> None:
    """A-3, VDA-AMB-02, VDA-AMB-03: Bors's Perception (a 7 cancelled by a 1) has no success
    against Alma's one: she is not seen; his awareness at 8 (an 8, a 9, a 1) keeps one."""
    t = Table().add("alma", sheet(dex=2, stealth=1)).add("bors", sheet(perception=1, wits=2, alertness=1))
    [unseen] = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 2, 7, 1, 8, 9, 1])
    assert (unseen.perception.successes, unseen.detected) == (0, False)
    assert (unseen.awareness.successes, unseen.defence_cap) == (1, 1)
