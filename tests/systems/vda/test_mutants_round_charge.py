"""A charge through ``decide``: its announcement at initiative, the dive it excludes, and
the facts a declared charge gets from the log and the sheet (run-up, mount), each refusal
with the whole message the sender reads. Written against the mutants of
``handlers/charge`` and ``handlers/round`` that survived the mutation run
(``docs/systems/vda.md``)."""

from __future__ import annotations

from typing import Any

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import Charge, Item, Mount
from domain.systems.vda.state import PhysicalAction
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_equipment_round import scripted
from tests.systems.vda.test_grapple_rules import CONTACT, HOLD_AT_3, NOTHING, begin, finish
from tests.systems.vda.test_grapple_rules import fight as grapple_fight

HORSE = Mount(strength=4, potence=1)


def ready(mount: Mount | None = None, run: list[int] | None = None) -> Table:
    """Alma (a lance, an épée, a hunting knife) after a round in which she only moved
    (``run``: her Dexterity + Athletics dice), Bors facing her; initiative not rolled."""
    t = Table()
    weapons = ["lance", "epee", "dague_de_chasse"]
    t.add("alma", sheet(melee=3, athletics=2, dodge=2, weapons=weapons, mount=mount))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.moving_round("alma", run or [2] * 5)
    t.start()
    return t


def announce(weapon: str = "lance", target: str = "bors") -> c.AnnounceCharge:
    return c.AnnounceCharge(combatant="alma", target=target, weapon=weapon)


def refusal(t: Table, command: object) -> str:
    return str(t.refuse(command))


def test_vda_charge_02__a_charge_is_on_someone_else_with_a_large_weapon_carried() -> None:
    """VDA-PHYS-02, VDA-CHARGE-02: not on oneself nor on a stranger; with a weapon of the
    sheet; on foot, only a size G weapon charges."""
    t = ready()
    assert refusal(t, announce(target="alma")) == "VDA-PHYS-02: 'alma' is not in the fight"
    assert refusal(t, announce(target="zed")) == "VDA-PHYS-02: 'zed' is not in the fight"
    assert refusal(t, announce(weapon="hache")) == "VDA-PHYS-02: 'alma' carries no 'hache'"
    assert refusal(t, announce(weapon="epee")) == (
        "VDA-CHARGE-02: charger à pied demande une arme de taille G"
    )


def test_vda_charge_02__a_rider_charges_with_a_size_m_weapon() -> None:
    """VDA-CHARGE-02: mounted, a size M weapon is enough."""
    t = ready(mount=HORSE)
    assert t.send(announce(weapon="epee")) == [
        ev.ChargeAnnounced(combatant="alma", target="bors", weapon="epee")
    ]


def test_vda_charge_03__one_charge_a_round_announced_before_either_roll() -> None:
    """VDA-CHARGE-03, VDA-INIT-07, VDA-INIT-01: a second announcement is refused; so is one
    after the charger's own roll, or after the target's."""
    t = ready()
    t.send(announce())
    assert refusal(t, announce()) == "VDA-CHARGE-03: 'alma' already charges"
    t = ready()
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert refusal(t, announce()) == (
        "VDA-INIT-07: 'bors' already rolled initiative: announce the charge before either of you rolls"
    )
    t = ready()
    t.initiative("alma", [7, 2, 2, 2, 2])
    assert refusal(t, announce()) == "VDA-INIT-01: 'alma' already rolled initiative this round"
    assert refusal(t, c.RollInitiative(combatant="alma")) == (
        "VDA-INIT-01: 'alma' already rolled initiative this round"
    )
    assert refusal(t, c.DiveForCover(combatant="alma")) == (
        "VDA-DIVE-01: 'alma' already rolled initiative: too late to dive"
    )


def test_vda_dive_02__a_dive_and_a_charge_exclude_each_other() -> None:
    """VDA-DIVE-02, VDA-CHARGE-03: the diver's first action is a dodge, the charger's its
    charge: whichever came first refuses the other."""
    t = ready()
    t.send(c.DiveForCover(combatant="alma"))
    assert refusal(t, announce()) == (
        "VDA-DIVE-02: 'alma' dives for cover: its first action is a dodge, not a charge"
    )
    t = ready()
    t.send(announce())
    assert refusal(t, c.DiveForCover(combatant="alma")) == (
        "VDA-CHARGE-03: 'alma' announced a charge: its first action is that charge, not a dodge"
    )


def charging(**fields: Any) -> PhysicalAction:
    return act("attack", skill="melee", target="bors", weapon="lance", charge=Charge(**fields))


def rolled(t: Table) -> Table:
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


def test_vda_charge_07__a_charge_on_foot_claims_no_mount() -> None:
    """VDA-CHARGE-01, VDA-HORSE-02, VDA-CHARGE-07: the run-up is the log's; with no mount on
    the sheet a charge is not mounted and uses no mount's Strength; a mount's Potence named
    on foot is dropped from the facts."""
    t = rolled(ready())
    claims = {
        "VDA-CHARGE-01: 'alma' moved 1 full round(s) and ran 0 successes in a straight line": charging(
            rounds_moved=3
        ),
        "VDA-HORSE-02: 'alma' rides no mount": charging(mounted=True),
        "VDA-CHARGE-07: 'alma' rides no mount whose Strength it could use": charging(use_mount_strength=True),
    }
    for message, action in claims.items():
        assert refusal(t, c.DeclareAction(combatant="alma", action=action)) == message
    assert t.declare("alma", charging(mount_potence=2))[0] == ev.ActionDeclared(
        combatant="alma", sequence=1, action=charging(rounds_moved=1)
    )


def test_vda_charge_07__a_riders_charge_carries_the_mount_and_the_run() -> None:
    """VDA-HORSE-02, VDA-CHARGE-01, VDA-CHARGE-07: a rider's charge is mounted, with the
    run-up the log shows (one round, 5 successes in a straight line); naming the mount's
    Strength asks to strike with it, and it is the sheet's mount's."""
    t = rolled(ready(mount=HORSE, run=[8] * 5))
    assert t.declare("alma", charging())[0].action == charging(
        mounted=True, rounds_moved=1, straight_line_successes=5
    )
    t = rolled(ready(mount=HORSE, run=[8] * 5))
    assert refusal(t, c.DeclareAction(combatant="alma", action=charging(mount_strength=7))) == (
        "VDA-CHARGE-07: 'alma''s mount has Strength 4 and Potence 1"
    )
    assert t.declare("alma", charging(mount_strength=4))[0].action == charging(
        mounted=True,
        rounds_moved=1,
        straight_line_successes=5,
        mount_strength=4,
        mount_potence=1,
        use_mount_strength=True,
    )


def test_vda_charge_03__the_announced_charge_binds_sequence_1_and_says_which() -> None:
    """VDA-CHARGE-03: Alma announced her lance charge on Bors; a plain thrust in sequence 1 is
    refused, naming the charge."""
    t = ready()
    t.send(announce())
    t = rolled(t)
    plain = act("attack", skill="melee", target="bors", weapon="lance")
    assert refusal(t, c.DeclareAction(combatant="alma", action=plain)) == (
        "VDA-CHARGE-03: the charge announced at initiative is on 'bors' with 'lance'"
    )


def test_vda_init_07__the_charger_listed_second_still_rolls_at_minus_one() -> None:
    """VDA-INIT-07: Bors charges Alma with a lance; she holds a hunting knife: Bors holds the
    larger weapon and his initiative roll is at −1 difficulty, whoever is listed first; Alma
    may not claim it."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["dague_de_chasse"]))
    t.add("bors", sheet(melee=3, athletics=2, weapons=["lance"]))
    t.moving_round("bors", [2] * 5)
    t.start()
    t.send(c.AnnounceCharge(combatant="bors", target="alma", weapon="lance"))
    assert refusal(t, c.RollInitiative(combatant="alma", larger_weapon_charge=True)) == (
        "VDA-INIT-07: 'alma' holds the larger weapon of no charge announced this round"
    )
    events = t.send(c.RollInitiative(combatant="bors", larger_weapon_charge=True), dice=[2] * 5)
    assert events[0].difficulty[-1] == Modifier(
        rule="VDA-INIT-07", value=-1, why="charge, arme la plus grande"
    )


def test_vda_charge_04__a_target_who_dropped_its_weapon_meets_the_charge_bare_handed() -> None:
    """VDA-CHARGE-04, VDA-DISARM-04: Bors's lance lies on the ground: in sequence 2 Alma's lance
    charge is the larger weapon against his fists and adds its bonus."""
    t = Table()
    t.add("alma", sheet(melee=3, celerity=1, weapons=["lance"]))
    t.add("bors", sheet(kind="mortal", melee=2, weapons=["lance"]))
    t.moving_round("alma", [2] * 3)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    t.send(c.AdjustItem(combatant="bors", item="lance", state=Item(location="ground"), reason="lâchée"))
    lance = charging(rounds_moved=1, initiative_bonus=True)
    assert [type(e) for e in t.declare("alma", lance)][:2] == [ev.ActionDeclared, ev.InitiativeAdjusted]


def test_vda_charge_04__only_a_melee_weapon_gives_a_charge_its_bonus() -> None:
    """VDA-CHARGE-04, VDA-CHARGE-08: in sequence 2, a bare-handed dodge that claims a
    (counter-)charge's initiative bonus is refused: the bonus is a melee weapon's."""
    t = Table()
    t.add("alma", sheet(melee=3, dodge=2, celerity=1, weapons=["lance"]))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.moving_round("alma", [2] * 3)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    t.declare("bors", act("none"))
    claim = Charge(rounds_moved=1, initiative_bonus=True)
    bare = act("defend", skill="dodge", defence="dodge", target="bors", charge=claim)
    assert refusal(t, c.DeclareAction(combatant="alma", action=bare)) == (
        "VDA-CHARGE-04: a charge's bonus is its melee weapon's"
    )


def test_vda_dive_02__a_diver_takes_no_weapons_initiative_bonus() -> None:
    """VDA-DIVE-02, VDA-INIT-05: Alma dives for cover: her first action is a dodge, so the
    lance's initiative bonus, which would bind it to the lance, is refused."""
    t = ready()
    t.send(c.DiveForCover(combatant="alma"))
    assert refusal(t, c.RollInitiative(combatant="alma", weapon="lance")) == (
        "VDA-DIVE-02: 'alma' dives for cover: its first action is a dodge, not 'lance''s bonus"
    )


def test_vda_charge_01__an_attack_this_round_breaks_the_run_up() -> None:
    """VDA-CHARGE-01: Alma moved all last round, then thrust in sequence 1: her run-up is
    broken, the charge of sequence 2 has none."""
    t = Table()
    t.add("alma", sheet(melee=3, celerity=1, weapons=["lance"]))
    t.add("bors", sheet(kind="mortal", melee=2))
    t.moving_round("alma", [2] * 3)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="lance"))
    t.declare("bors", act("none"))
    scripted(t, c.ResolveAction(combatant="alma"), [2])
    assert refusal(t, c.DeclareAction(combatant="alma", action=charging())) == (
        "VDA-CHARGE-01: une charge demande un round de déplacement ou une course en ligne droite de 5 succès"
    )


def held_runner(**bors: Any) -> Table:
    """Bors ran 5 successes in a straight line in round 1, then Alma's hold caught him at 3 in
    round 2 while he did nothing: round 3 begins, his straight run still behind him."""
    t = grapple_fight(athletics=3, **bors)
    t.moving_round("bors", [8] * 5)
    begin(t)
    t.declare("alma", CONTACT)
    t.declare("bors", NOTHING)
    t.resolve("alma", HOLD_AT_3)
    finish(t)
    t.start()
    return t


def test_vda_grap_15__a_held_runner_charges_with_no_weapon_the_hold_forbids() -> None:
    """VDA-GRAP-15, VDA-CHARGE-03: held at 3, Bors may not announce a charge with his lance
    (size G): the charge would bind sequence 1 to a weapon he cannot use."""
    t = held_runner()
    assert refusal(t, c.AnnounceCharge(combatant="bors", target="alma", weapon="lance")) == (
        "VDA-GRAP-15: 'bors' est étreint par 'alma' à 3: pas d'arme de taille G"
        " / no size G weapon while held at 3"
    )


def test_vda_grap_21__an_immobilised_rider_announces_no_charge() -> None:
    """VDA-GRAP-21, VDA-CHARGE-02: Bors (Strength 1) rides; held at 3 he is immobilised, so
    even his épée (size M, allowed at 3) charges nobody."""
    t = held_runner(strength=1, mount=HORSE, weapons=["epee"])
    assert refusal(t, c.AnnounceCharge(combatant="bors", target="alma", weapon="epee")) == (
        "VDA-GRAP-21: 'bors' est immobilisé par 'alma' / immobilised: only escape attempts"
    )
