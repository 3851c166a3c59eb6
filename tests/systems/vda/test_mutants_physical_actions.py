"""Physical actions through ``decide`` (VDA-PHYS, VDA-SEQ-04): a declaration's form, and the
split of one defence between attackers, each refusal with its rule ID and its words."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import VdaOptions
from tests.systems.vda.conftest import Table, act, sheet

DODGE = act("defend", skill="dodge", defence="dodge")


def trio() -> Table:
    """Alma and Bors (3 and 2 initiative successes) against Cleo (1)."""
    t = Table()
    t.add("alma", sheet(melee=3)).add("bors", sheet(melee=3)).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    return t


def said(t: Table, command: Any) -> tuple[str, str]:
    refused = t.refuse(command)
    return refused.rule, refused.message


def split(t: Table, **allocations: int) -> tuple[str, str]:
    return said(t, c.AllocateDefence(combatant="cleo", allocations=allocations))


def test_vda_phys_02__an_attack_names_its_target_and_its_skill() -> None:
    """VDA-PHYS-02: an attack without a target, or without the skill it rolls, is refused."""
    t = trio()
    no_target = c.DeclareAction(combatant="alma", action=act("attack", skill="melee"))
    assert said(t, no_target) == ("VDA-PHYS-02", "an attack names its target")
    no_skill = c.DeclareAction(combatant="alma", action=act("attack", target="cleo"))
    assert said(t, no_skill) == ("VDA-PHYS-02", "an attack names the skill it rolls (melee, brawl, ...)")


def test_vda_phys_02__a_defence_says_how_it_defends() -> None:
    """VDA-PHYS-02: a defensive action that says neither dodge, parry nor block is refused."""
    t = trio()
    vague = c.DeclareAction(combatant="alma", action=act("defend", skill="dodge"))
    assert said(t, vague) == ("VDA-PHYS-02", "a defence says dodge, parry or block")


def test_vda_seq_04__no_declaration_without_a_physical_action_in_the_sequence() -> None:
    """VDA-SEQ-04: Alma (Celerity 1) has a second sequence; Bors has one physical action:
    he declares nothing in sequence 2."""
    t = Table()
    t.add("alma", sheet(melee=3, celerity=1)).add("bors", sheet(melee=3))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    while (seq := t.state.sequence) is not None and seq.number == 1:
        t.send(c.SkipPower(combatant=seq.acting[0]))
    assert said(t, c.DeclareAction(combatant="bors", action=act("none"))) == (
        "VDA-SEQ-04",
        "'bors' has 1 physical actions: none in sequence 2",
    )


def test_vda_phys_03__no_split_without_a_defence_rolled() -> None:
    """VDA-PHYS-03: Cleo has not rolled her dodge yet: nothing to split."""
    t = trio()
    t.declare("alma", act("attack", skill="melee", target="cleo"))
    t.declare("bors", act("none"))
    t.declare("cleo", DODGE)
    assert split(t, alma=1) == ("VDA-PHYS-03", "'cleo' rolled no defence in sequence 1")


def dodged(bors: Any, faces: list[int]) -> Table:
    """Alma attacks Cleo, Bors does ``bors``; Cleo dodges with ``faces``."""
    t = trio()
    t.declare("alma", act("attack", skill="melee", target="cleo"))
    t.declare("bors", bors)
    t.declare("cleo", DODGE)
    t.resolve("cleo", faces)
    return t


def test_vda_phys_03__successes_go_only_to_the_defenders_attackers() -> None:
    """VDA-PHYS-03: Bors attacks Alma, not Cleo: Cleo gives him none of her successes."""
    t = dodged(act("attack", skill="melee", target="alma"), [8, 8, 2, 2, 2, 2])
    assert split(t, alma=1, bors=1) == ("VDA-PHYS-03", "'bors' does not attack 'cleo' in this sequence")


def test_vda_phys_03__a_split_gives_zero_or_more() -> None:
    """VDA-PHYS-03: a share of a defence is zero or more successes."""
    t = dodged(act("attack", skill="melee", target="cleo"), [8, 8, 2, 2, 2, 2])
    assert split(t, alma=3, bors=-1) == ("VDA-PHYS-03", "allocate zero or more successes")


def test_vda_phys_04__the_shares_stay_within_the_defences_successes() -> None:
    """VDA-PHYS-04: two dodge successes split between two attackers, never three."""
    t = dodged(act("attack", skill="melee", target="cleo"), [8, 8, 2, 2, 2, 2])
    assert split(t, alma=2, bors=1) == ("VDA-PHYS-04", "'cleo' has 2 defensive successes to split")
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 1, "bors": 1})) == [
        ev.DefenceAllocated(combatant="cleo", sequence=1, allocations={"alma": 1, "bors": 1})
    ]


def test_vda_phys_05__only_dice_of_8_or_more_go_to_an_attacker_in_the_back() -> None:
    """VDA-PHYS-05: Cleo's dodge rolls 8 and 7: of her two successes only one may go to Bors,
    who attacks her from behind."""
    behind = act("attack", skill="melee", target="cleo", from_behind=True)
    t = dodged(behind, [8, 7, 2, 2, 2, 2])
    assert split(t, bors=2) == (
        "VDA-PHYS-05",
        "only 1 successes (dice of 8 or more) may go to attackers in the back",
    )


def test_vda_phys_05__a_1_cancels_a_success_under_8_first() -> None:
    """VDA-PHYS-05, A-3: Cleo's dodge rolls 9, 7 and a 1: the 1 cancels the 7 first, in her
    favour; her one success is a die of 9 and may go to Bors, behind her."""
    behind = act("attack", skill="melee", target="cleo", from_behind=True)
    t = dodged(behind, [9, 7, 1, 2, 2, 2])
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"bors": 1})) == [
        ev.DefenceAllocated(combatant="cleo", sequence=1, allocations={"bors": 1})
    ]


def test_vda_phys_05__where_1s_cancel_nothing_every_die_of_8_or_more_counts() -> None:
    """VDA-PHYS-05, A-3: at a table where the 1s cancel nothing, Cleo's dodge of 9, 8, 7 and
    two 1s has three successes, two of them dice of 8 or more for Bors behind her."""
    t = Table(VdaOptions(ones_cancel=False))
    t.add("alma", sheet(melee=3)).add("bors", sheet(melee=3)).add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="cleo"))
    t.declare("bors", act("attack", skill="melee", target="cleo", from_behind=True))
    t.declare("cleo", DODGE)
    rolled = t.resolve("cleo", [9, 8, 7, 1, 1, 2])[0]
    assert (rolled.roll.successes, rolled.rear_eligible) == (3, 2)
    assert split(t, bors=3) == (
        "VDA-PHYS-05",
        "only 2 successes (dice of 8 or more) may go to attackers in the back",
    )
    assert t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 1, "bors": 2})) == [
        ev.DefenceAllocated(combatant="cleo", sequence=1, allocations={"alma": 1, "bors": 2})
    ]
