"""A defence and the attacks it meets, through ``decide``: rolled before the attack lands,
split when several attack, its spent successes kept, no parry given to a firearm; each
refusal with the whole message the sender reads. Written against the mutants of
``handlers/attack`` and ``handlers/resolve`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import scripted
from tests.systems.vda.test_facts import ATTACK, DODGE, trio

PARRY = act("defend", skill="melee", defence="parry")


def refusal(t: Table, command: object) -> str:
    return str(t.refuse(command))


def test_vda_phys_03__the_defence_is_rolled_before_the_attack_lands() -> None:
    """VDA-PHYS-03: Cleo declared a dodge; Alma's attack waits for its roll."""
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", act("none"))
    t.declare("cleo", DODGE)
    assert refusal(t, c.ResolveAction(combatant="alma")) == (
        "VDA-PHYS-03: 'cleo' declared a defence: it is rolled before 'alma''s attack lands"
    )


def test_vda_phys_03__an_arrow_waits_for_the_dodge_too() -> None:
    """VDA-PHYS-03, VDA-RDEF-02: a bow shot at a dodging target waits for the dodge's roll."""
    t = Table()
    t.add("alma", sheet(archery=3, weapons=["arc_court"]))
    t.add("bors", sheet(dodge=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow"))
    t.declare("bors", DODGE)
    assert refusal(t, c.ResolveAction(combatant="alma")) == (
        "VDA-PHYS-03: 'bors' declared a defence: it is rolled before 'alma''s attack lands"
    )


def test_vda_phys_03__two_attackers_wait_for_the_split() -> None:
    """VDA-PHYS-03: two attack Cleo; her dodge rolled, the first attack waits for her split;
    once split and spent, its share is not taken back."""
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", ATTACK)
    t.declare("cleo", DODGE)
    t.resolve("cleo", [8, 8, 7, 2, 2, 2])
    assert refusal(t, c.ResolveAction(combatant="alma")) == (
        "VDA-PHYS-03: 'cleo' faces several attacks: split the defence first (AllocateDefence)"
    )
    t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 1, "bors": 2}))
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    assert refusal(t, c.AllocateDefence(combatant="cleo", allocations={"alma": 0, "bors": 3})) == (
        "VDA-PHYS-03: 'alma''s attack already met 1 of 'cleo''s defensive successes"
    )


def gunfight() -> Table:
    """Alma (a pistol) and Bors (fists) attack Cleo, who parries."""
    t = Table()
    t.add("alma", sheet(firearms=3, weapons=["pistolet"]))
    t.add("bors", sheet(melee=3))
    t.add("cleo", sheet(melee=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="firearms", target="cleo", weapon="pistolet"))
    t.declare("bors", ATTACK)
    t.declare("cleo", PARRY)
    t.resolve("cleo", [8, 8, 2, 2, 2, 2])
    return t


def test_vda_rdef_01__no_parry_success_goes_to_the_pistol() -> None:
    """VDA-RDEF-01: Cleo's 2 parry successes may all go to Bors's blow, none to Alma's shot."""
    t = gunfight()
    assert refusal(t, c.AllocateDefence(combatant="cleo", allocations={"alma": 1, "bors": 1})) == (
        "VDA-RDEF-01: a parry cannot meet 'alma''s firearm"
    )
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 0, "bors": 2})) == [
        ev.DefenceAllocated(combatant="cleo", sequence=1, allocations={"alma": 0, "bors": 2})
    ]


def test_vda_gren_04__a_grenade_does_not_wait_for_the_dodge() -> None:
    """VDA-GREN-04, VDA-PHYS-03: a grenade lands later; Alma throws it at Bors, who declared a
    dodge, without waiting for his roll; his dodge, rolled after, counts against the grenade."""
    t = Table()
    t.add("alma", sheet(athletics=2, weapons=["grenade"]))
    t.add("bors", sheet(dodge=1))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="athletics", target="bors", weapon="grenade", ranged="thrown"))
    t.declare("bors", DODGE)
    rolled = t.resolve("alma", [8, 8, 2, 2, 2])[0]
    assert (type(rolled), rolled.combatant, rolled.roll.successes) == (ev.ActionRolled, "alma", 2)
    dodged = [
        e
        for e in scripted(t, c.ResolveAction(combatant="bors"), [8, 8, 8])
        if isinstance(e, ev.GrenadeDodged)
    ]
    assert dodged == [ev.GrenadeDodged(grenade="alma-1-1", combatant="bors", successes=3, reaction=False)]


def test_vda_init_03__a_defence_given_up_for_the_round_does_not_meet_the_faster_attacker() -> None:
    """VDA-INIT-03 (``renounced_defence_scope = "round"``): Bors attacked Alma, the faster, in
    sequence 1; in sequence 2 his two dodge successes do not meet her thrust."""
    t = Table(VdaOptions(renounced_defence_scope="round"))
    t.add("alma", sheet(melee=3, anger=2, dominate=1, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(kind="vampire", dodge=2, melee=2, anger=2, dominate=1))
    t.start()
    for cid in ("alma", "bors"):
        t.send(c.SpendForAction(combatant=cid))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("attack", skill="melee", target="alma"))
    scripted(t, c.ResolveAction(combatant="bors"), [2] * 5)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    t.declare("bors", DODGE)
    scripted(t, c.ResolveAction(combatant="bors"), [8, 8, 2, 2, 2])
    [resolved] = [
        e for e in scripted(t, c.ResolveAction(combatant="alma"), [8] * 3) if isinstance(e, ev.AttackResolved)
    ]
    assert (resolved.resolution.attack_successes, resolved.resolution.defence_successes) == (3, 0)


def test_vda_phys_03__an_attacker_left_out_of_the_split_meets_no_defence() -> None:
    """VDA-PHYS-03, VDA-PHYS-04: Cleo gives her 3 dodge successes to Alma's attack and names
    no share for Bors's punch: it meets no defence."""
    t = trio()
    t.declare("alma", ATTACK)
    t.declare("bors", act("attack", skill="brawl", target="cleo"))
    t.declare("cleo", DODGE)
    t.resolve("cleo", [8, 8, 8, 2, 2, 2])
    t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 3}))
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    events = scripted(t, c.ResolveAction(combatant="bors"), [8, 8])
    [resolved] = [e for e in events if isinstance(e, ev.AttackResolved)]
    assert (resolved.attacker, resolved.resolution.defence_successes) == ("bors", 0)


def test_vda_rdef_04__the_volley_malus_is_for_ranged_attacks_only() -> None:
    """VDA-RDEF-04: Bors dodged Alma's arrow: later ranged attacks on him this sequence are at
    +1, but Cole's blow, a melee attack, is not."""
    t = Table()
    t.add("alma", sheet(archery=3, weapons=["arc_court"]))
    t.add("bors", sheet(dodge=2))
    t.add("cole", sheet(melee=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("cole", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="archery", target="bors", weapon="arc_court", ranged="bow"))
    t.declare("cole", act("attack", skill="melee", target="bors"))
    t.declare("bors", DODGE)
    t.resolve("bors", [8, 2, 2, 2, 2])
    t.send(c.AllocateDefence(combatant="bors", allocations={"alma": 1, "cole": 0}))
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    rolled = scripted(t, c.ResolveAction(combatant="cole"), [2])[0]
    assert rolled.difficulty == [Modifier(rule="A-7", value=6, why="difficulté déclarée")]
