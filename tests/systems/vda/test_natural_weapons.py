"""Natural weapons (claws, bone blades…) defined on a sheet or once for the table, and the
one weapon lookup every path reads (``arsenal.lookup`` through ``Scene.weapon``): the
attack, the parry, the grapple, the charge, the initiative maluses, vandalism. Sheets
naming a weapon the rules do not know are refused when the combatant joins. Through
``decide`` with fixed dice; whole events or the refusal's rule ID."""

from __future__ import annotations

import msgspec
import pytest

from domain.commands import AddCombatant
from domain.events import Combatant
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.gear import OwnNaturalWeapon
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import of, resolve

CLAWS = OwnNaturalWeapon(
    id="griffes", name="Griffes", damage_bonus=1, aggravated_capacity=2, discipline="protean"
)
BLADES = OwnNaturalWeapon(
    id="lames_d_os", name="Lames d'os", damage_bonus=2, initiative=-1, discipline="vicissitude"
)
TABLE_CLAWS = VdaOptions(natural_weapons=[CLAWS])
NOTHING = act("none")


def added(t: Table, cid: str, **traits: object) -> Table:
    t.add(cid, sheet(**traits))  # type: ignore[arg-type]
    return t


# --- the seed's Xin Tao example, with the table's claws ------------------------------------------


def xin_tao(options: VdaOptions | None = None, **claws: object) -> Table:
    """Xin Tao (Protean 4, Body crafting 5, Fortitude 5) against a Nosferatu of Strength +
    Potence 10 with a two-handed axe; both rolled, the Nosferatu first."""
    t = Table(options)
    t.add("nosf", sheet(strength=5, potence=5, melee=3, weapons=["hache_a_deux_mains"]))
    t.add("xin", sheet(protean=4, body_crafting=5, fortitude=5, brawl=3, **claws))  # type: ignore[arg-type]
    t.start()
    t.initiative("nosf", [9, 9, 9, 2, 2])
    t.initiative("xin", [9, 2, 2, 2, 2])
    return t


def test_vda_vand_09__xin_tao_parries_with_the_tables_claws_as_the_seed_writes() -> None:
    """VDA-VAND-09, VDA-VAND-10, VDA-VAND-07, VDA-RES-02: the claws defined once for the table
    (a scenario's ``options.natural_weapons``) and named in Xin Tao's ``weapons`` play the
    seed's example as the sheet's own do: resistance Protean 4 + Body crafting 5 + bonus 1 =
    10, the axe's 4 less the claws' 2 aggravated = 2 lost, 2 bashing soaked by Fortitude 5."""
    t = xin_tao(TABLE_CLAWS, weapons=["griffes"])
    t.declare("nosf", act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin"))
    t.declare("xin", act("defend", skill="brawl", defence="parry", weapon="griffes"))
    resolve(t, "xin", [8, 2])
    events = resolve(t, "nosf", [9, 9])
    assert of(events, ev.ResistanceReduced) == [
        ev.ResistanceReduced(
            combatant="xin",
            item="griffes",
            loss=[
                Modifier(rule="VDA-VAND-07", value=2, why="VDA-VAND-03 base"),
                Modifier(rule="VDA-VAND-04", value=2, why="Force + Potence"),
                Modifier(rule="VDA-VAND-10", value=-2, why="arme naturelle aggravée"),
            ],
            resistance=8,
            max_resistance=10,
            destroyed=False,
        )
    ]
    assert of(events, ev.NaturalParryHurt) == [
        ev.NaturalParryHurt(combatant="xin", item="griffes", levels=2, automatic_soak=2, soak=None, bashing=0)
    ]


def test_vda_vand_01__a_deliberate_vandalism_may_strike_a_sheets_claws() -> None:
    """VDA-VAND-01, VDA-VAND-09: « Vandalisme contre les armes naturelles »: the claws of Xin
    Tao's sheet are an item he has, so a vandalism may name them (and not a weapon he lacks)."""
    t = xin_tao(natural_weapons=[CLAWS])
    aimed = act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin", intent="vandalism")
    refused = t.refuse(c.DeclareAction(combatant="nosf", action=msgspec.structs.replace(aimed, item="epee")))
    assert refused.rule == "VDA-VAND-01" and "'epee'" in refused.message
    declared = msgspec.structs.replace(aimed, item="griffes")
    assert of(t.declare("nosf", declared), ev.ActionDeclared) == [
        ev.ActionDeclared(combatant="nosf", sequence=1, action=declared)
    ]


# --- what a combatant has: refused at the declaration ---------------------------------------------


def test_vda_phys_02__the_tables_claws_belong_to_the_sheets_that_name_them() -> None:
    """VDA-PHYS-02: the table's claws are carried by the sheets naming them in ``weapons``;
    an attack with them by another is refused at the declaration, and so is a parry with a
    weapon the parrier does not carry."""
    t = Table(TABLE_CLAWS)
    t.add("alma", sheet(brawl=2, protean=2, weapons=["griffes"]))
    t.add("bors", sheet(brawl=2, melee=2, protean=2))
    t.start()
    t.initiative("alma", [9, 2, 2, 2, 2])
    t.initiative("bors", [9, 9, 2, 2, 2])
    claw = act("attack", skill="brawl", weapon="griffes", target="alma")
    refused = t.refuse(c.DeclareAction(combatant="bors", action=claw))
    assert (refused.rule, refused.message) == ("VDA-PHYS-02", "'bors' carries no 'griffes'")
    parry = act("defend", skill="melee", defence="parry", weapon="epee")
    assert t.refuse(c.DeclareAction(combatant="bors", action=parry)).rule == "VDA-PHYS-02"
    t.declare("bors", NOTHING)
    own = act("attack", skill="brawl", weapon="griffes", target="bors")
    assert of(t.declare("alma", own), ev.ActionDeclared) == [
        ev.ActionDeclared(combatant="alma", sequence=1, action=own)
    ]


# --- weapons named on a sheet: checked when the combatant joins --------------------------------


def test_a_sheet_naming_an_unknown_weapon_is_refused_when_the_combatant_joins() -> None:
    """VDA-PHYS-02: a weapon id the rules do not know is refused at ``AddCombatant`` with
    its name, not later at a declaration; so is an unknown armour (VDA-ARMOR-01)."""
    t = Table()
    written = len(t.log)
    refusal = t.refuse(
        AddCombatant(combatant=Combatant(id="x", name="X", sheet=sheet(weapons=["lance", "epee_de_feu"])))
    )
    assert refusal.rule == "sheet.weapons" and "'epee_de_feu'" in refusal.message
    refusal = t.refuse(AddCombatant(combatant=Combatant(id="x", name="X", sheet=sheet(armour="mithril"))))
    assert refusal.rule == "sheet.armour" and "'mithril'" in refusal.message
    assert len(t.log) == written


def test_a_sheet_naming_the_tables_claws_needs_their_discipline() -> None:
    """VDA-VAND-09: the table's claws come from Protean; a sheet without it naming them is
    refused at ``AddCombatant``; one without the table's definition names an unknown weapon."""
    refusal = Table(TABLE_CLAWS).refuse(
        AddCombatant(combatant=Combatant(id="x", name="X", sheet=sheet(weapons=["griffes"])))
    )
    assert refusal.rule == "sheet.natural_weapons" and "'protean'" in refusal.message
    refusal = Table().refuse(
        AddCombatant(combatant=Combatant(id="x", name="X", sheet=sheet(protean=2, weapons=["griffes"])))
    )
    assert refusal.rule == "sheet.weapons"


def test_the_tables_natural_weapons_have_ids_of_their_own() -> None:
    """VDA-NAT-01: a table's natural weapon cannot take the id of a weapon of the seed's
    tables (the fists would change for everyone), nor one twice."""
    with pytest.raises(msgspec.ValidationError, match="'poings' is already a weapon of the tables"):
        msgspec.convert({"natural_weapons": [{"id": "poings"}]}, VdaOptions)
    with pytest.raises(msgspec.ValidationError, match="its own id"):
        msgspec.convert({"natural_weapons": [{"id": "griffes"}, {"id": "griffes"}]}, VdaOptions)


# --- the initiative maluses follow the weapon used ---------------------------------------------------


def blades_fight(options: VdaOptions | None = None, **blades: object) -> Table:
    t = Table(options)
    t.add("alma", sheet(brawl=2, vicissitude=3, **blades))  # type: ignore[arg-type]
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 7])  # 2 successes, the last die one of them
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


@pytest.mark.parametrize(
    ("options", "blades"),
    [
        (None, {"natural_weapons": [BLADES]}),
        (VdaOptions(natural_weapons=[BLADES]), {"weapons": ["lames_d_os"]}),
    ],
    ids=["sheet", "table"],
)
def test_vda_init_09__bone_blades_unnamed_at_initiative_take_their_die_when_used(
    options: VdaOptions | None, blades: dict[str, object]
) -> None:
    """VDA-INIT-09: bone blades of « Initiative −1 », the sheet's own or the table's, not
    named at the roll and struck with in sequence 1, take their die off the roll's last."""
    t = blades_fight(options, **blades)
    events = t.declare("alma", act("attack", skill="brawl", weapon="lames_d_os", target="bors"))
    assert of(events, ev.InitiativeAdjusted) == [
        ev.InitiativeAdjusted(combatant="alma", delta=-1, score=1, rule="VDA-INIT-09", reason="slower_weapon")
    ]


def test_vda_init_09__bone_blades_named_at_initiative_roll_one_die_fewer() -> None:
    """VDA-INIT-09: named at the roll, the blades' −1 is a die of the pool, and striking
    with them in sequence 1 takes nothing more."""
    t = Table()
    t.add("alma", sheet(brawl=2, vicissitude=3, natural_weapons=[BLADES]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    [rolled] = t.initiative("alma", [7, 2, 2, 7], weapon="lames_d_os")
    assert rolled.pool[-1] == Modifier(rule="VDA-INIT-09", value=-1, why="lames_d_os")
    t.initiative("bors", [7, 2, 2, 2, 2])
    events = t.declare("alma", act("attack", skill="brawl", weapon="lames_d_os", target="bors"))
    assert of(events, ev.InitiativeAdjusted) == []


# --- VDA-MELEE-08: a claw fighter against a size-G weapon --------------------------------------------


def test_vda_melee_08__a_g_wielder_ahead_strikes_a_claw_fighter_at_minus_one() -> None:
    """VDA-MELEE-08: « ceux qui se battent contre eux avec … des armes corporels petites
    (griffes) »: Bors fights Alma's lance with the claws of his sheet; Alma, holding the
    initiative, strikes him at −1."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["lance"]))
    t.add("bors", sheet(protean=2, brawl=2, natural_weapons=[CLAWS]))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="melee", weapon="lance", target="bors"))
    t.declare("bors", act("attack", skill="brawl", weapon="griffes", target="alma"))
    [rolled] = of(t.resolve("alma", [9, 9, 2, 2, 2, 2, 2, 2, 2, 2]), ev.ActionRolled)
    assert rolled.difficulty == [
        Modifier(rule="A-7", value=6, why="lance"),
        Modifier(rule="VDA-MELEE-08", value=-1),
    ]
    assert rolled.roll == roll([9, 9, 2, 2, 2, 2], 5)


# --- the charge and the grapple read the same weapon -------------------------------------------------


def test_vda_charge_02__claws_carry_no_charge() -> None:
    """VDA-CHARGE-02: a charge on foot needs a size-G weapon; claws of the sheet are a
    weapon the charge knows, and too small (not an unknown weapon)."""
    t = Table()
    t.add("alma", sheet(athletics=3, brawl=2, protean=2, natural_weapons=[CLAWS]))
    t.add("bors", sheet(kind="mortal"))
    t.moving_round("alma", [9, 9, 9, 9, 9, 9])
    t.start()
    refused = t.refuse(c.AnnounceCharge(combatant="alma", target="bors", weapon="griffes"))
    assert (refused.rule, refused.message) == ("VDA-CHARGE-02", "charger à pied demande une arme de taille G")


def test_vda_grap_01__claws_are_no_weapon_defence_against_a_grapple() -> None:
    """VDA-GRAP-01: « un combattant armé peut se défendre avec son arme », by its size: the
    sheet's claws, which the grapple knows as the combatant's, have no size and are refused
    as a weapon defence."""
    t = Table()
    t.add("alma", sheet(brawl=3))
    t.add("bors", sheet(protean=2, melee=2, natural_weapons=[CLAWS]))
    t.start()
    t.initiative("alma", [9, 9, 9, 2, 2])
    t.initiative("bors", [9, 2, 2, 2, 2])
    t.declare("alma", act("attack", skill="brawl", grapple="contact", target="bors"))
    defence = act(
        "defend", skill="melee", defence="parry", weapon="griffes", grapple="weapon_defence", target="alma"
    )
    refused = t.refuse(c.DeclareAction(combatant="bors", action=defence))
    assert refused.rule == "VDA-GRAP-01" and "corps à corps" in refused.message


# --- VDA-FIRE-05: the firearm actually fired sets the initiative -------------------------------------


def pistol_fight(options: VdaOptions | None = None) -> Table:
    t = Table(options)
    t.add("alma", sheet(archery=3, weapons=["pistolet"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", [6, 6, 5, 5, 5])  # 5 successes at 4, 2 at 6
    t.initiative("bors", [7, 2, 2, 2, 2])
    return t


SHOT = act("attack", skill="archery", weapon="pistolet", target="bors")


def test_vda_fire_05__a_pistol_fired_unnamed_in_sequence_1_rolls_at_6_after_all() -> None:
    """VDA-FIRE-05: « Initiative : normalement 6 »: the pistol's 6 follows the weapon fired
    in sequence 1, named at the roll or not (like VDA-INIT-09's maluses): the roll counted
    at 4 is counted again at 6, and the three 5s no longer succeed."""
    t = pistol_fight()
    events = t.declare("alma", SHOT)
    assert of(events, ev.InitiativeAdjusted) == [
        ev.InitiativeAdjusted(
            combatant="alma", delta=-3, score=2, rule="VDA-FIRE-05", reason="firearm_initiative"
        )
    ]


def test_vda_fire_05__the_pistol_named_or_read_as_the_attack_difficulty_changes_nothing_later() -> None:
    """VDA-FIRE-05: a pistol named at the roll was already rolled at 6; under the other
    reading (``firearm_initiative_reading: attack_difficulty``) the initiative stays at 4."""
    t = Table()
    t.add("alma", sheet(archery=3, weapons=["pistolet"]))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", [6, 6, 5, 5, 5], weapon="pistolet")
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert of(t.declare("alma", SHOT), ev.InitiativeAdjusted) == []
    reading = VdaOptions(damage=DamageOptions(firearm_initiative_reading="attack_difficulty"))
    assert of(pistol_fight(reading).declare("alma", SHOT), ev.InitiativeAdjusted) == []
