"""The initiative malus of the weapon actually used in sequence 1 (VDA-INIT-09, VDA-NAT-02),
through ``decide`` with exact events: fists not named at the roll cost their dice when a
blow or a block uses them, only in sequence 1, never for a grapple, for each of a tied
group. Written against the mutants of ``handlers/declare`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import scripted

PUNCH = act("attack", skill="brawl", target="bors")
BLOCK = act("defend", skill="brawl", defence="block")


def fists(alma_faces: list[int], bors_faces: list[int]) -> Table:
    """Alma (Celerity 1: two actions) and Bors, bare-handed, rolled initiative naming no weapon."""
    t = Table().add("alma", sheet(brawl=2, celerity=1)).add("bors", sheet(brawl=2))
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", alma_faces)
    t.initiative("bors", bors_faces)
    return t


def malus(events: list[object]) -> list[object]:
    return [e for e in events if isinstance(e, ev.InitiativeAdjusted)]


def slower(cid: str, delta: int, score: int) -> ev.InitiativeAdjusted:
    return ev.InitiativeAdjusted(
        combatant=cid, delta=delta, score=score, rule="VDA-INIT-09", reason="slower_weapon"
    )


def test_vda_init_09__fists_used_in_sequence_1_cost_their_dice_for_a_blow_or_a_block() -> None:
    """VDA-INIT-09, VDA-NAT-02: Alma's punch and Bors's block use fists not named at the roll:
    each loses the dice the fists cost, off the roll's last; Alma's punch in sequence 2 costs
    nothing more."""
    t = fists([7, 7, 7, 7, 2], [2, 2, 2, 2, 7])
    assert malus(t.declare("alma", PUNCH)) == [slower("alma", -1, 3)]
    assert malus(t.declare("bors", BLOCK)) == [slower("bors", -1, 0)]
    scripted(t, c.ResolveAction(combatant="bors"), [2])
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    while (seq := t.state.sequence) is not None and seq.number == 1:
        t.send(c.SkipPower(combatant=seq.acting[0]))
    assert malus(t.declare("alma", PUNCH)) == []


def test_vda_init_09__a_grapple_takes_no_weapon_malus() -> None:
    """VDA-INIT-09, VDA-GRAP-03: a grapple uses no weapon: no initiative lost."""
    t = fists([7, 7, 7, 7, 2], [2, 2, 2, 2, 7])
    assert malus(t.declare("alma", act("attack", skill="brawl", target="bors", grapple="contact"))) == []


def test_vda_init_09__each_of_a_tied_group_takes_its_own_malus() -> None:
    """VDA-INIT-04, VDA-INIT-09: Alma and Bors tie and both punch: when the sealed
    declarations are revealed, each loses the dice of their fists."""
    t = Table().add("alma", sheet(brawl=2)).add("bors", sheet(brawl=2))
    t.start()
    t.initiative("alma", [2, 2, 7, 7, 7])
    t.initiative("bors", [2, 2, 7, 7, 7])
    t.declare("alma", PUNCH)
    revealed = t.declare("bors", act("attack", skill="brawl", target="alma"))
    assert malus(revealed) == [slower("alma", -2, 1), slower("bors", -2, 1)]


def test_vda_init_09__the_kept_dice_are_read_with_their_1s() -> None:
    """VDA-INIT-09, A-3: Alma's roll (7, 1, 7, 7, 2) scored 2; her fists take the last two
    dice off: the 7, 1, 7 kept score 1 once the 1 cancels a success."""
    t = fists([7, 1, 7, 7, 2], [7, 2, 2, 2, 2])
    assert malus(t.declare("alma", PUNCH)) == [slower("alma", -1, 1)]


def test_vda_fire_05__a_pistol_that_parries_does_not_fire_so_no_harder_initiative() -> None:
    """VDA-FIRE-05, VDA-INIT-09: Alma rolled initiative at 4 (three 5s) naming no weapon, then
    parries with her pistol in sequence 1: it is not fired, so the 6 of a firearm's
    « Initiative » does not recount her roll."""
    t = Table().add("alma", sheet(melee=2, weapons=["pistolet"])).add("bors", sheet(melee=2))
    t.start()
    t.initiative("alma", [5, 5, 5, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    parry = act("defend", skill="melee", defence="parry", weapon="pistolet")
    assert t.declare("alma", parry) == [ev.ActionDeclared(combatant="alma", sequence=1, action=parry)]
