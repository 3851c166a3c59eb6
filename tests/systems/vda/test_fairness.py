"""Nobody chooses their dice: from random states reached by legal play, every
``vda`` command type (and the table's own), drawn from its type with random
fields and sent by the GM or a player, is refused by the same rule or accepted
whatever its dice, and never refused once a die was drawn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.base import GM, Viewer
from domain.commands import RollDice, UpdateCombatant
from domain.systems.vda import commands as c
from domain.systems.vda.data import ARMOURS, MELEE_WEAPONS, NATURAL_WEAPONS, RANGED_WEAPONS
from domain.systems.vda.decide import MOVES
from domain.systems.vda.gear import Mount, OwnNaturalWeapon
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.state import VdaPower, VdaSheet
from domain.systems.wod import Attributes
from tests.fairness import FairnessDriver, assert_dice_tell_nothing
from tests.strategies import structs
from tests.systems.vda.conftest import SEED, Table, act, options_for, sheet
from tests.systems.vda.test_round_properties import command_for

IDS = ["alma", "bors", "cleo", "dario"]
POWERS = {
    "terror": VdaPower(discipline="presence"),
    "zulo": VdaPower(discipline="vicissitude", grants_physical=1),
    "regard": VdaPower(discipline="dominate", level=2, requires="gaze"),
}
WORDS = [
    *IDS,
    *MELEE_WEAPONS,
    *RANGED_WEAPONS,
    *NATURAL_WEAPONS,
    *ARMOURS,
    *POWERS,
    "melee",
    "brawl",
    "dodge",
    "athletics",
    "archery",
    "firearms",
    "strength",
    "dexterity",
    "wits",
    "anger",
    "rage",
    "blood",
    "willpower",
    "prone",
    "draw",
    "stand_up",
    "lance",
    "hache_a_deux_mains",
]
CARRIED = ["lance", "epee", "pistolet", "bouclier", "couteau", "arc_long", "grenade", "pieu", "masse"]
CARRIED += ["hache_a_deux_mains", "tromblon", "poings", "morsure", "maille", "griffes"]
CLAWS = OwnNaturalWeapon(id="griffes", damage_bonus=1, aggravated_capacity=2, discipline="protean")
"""The table's claws (``VdaOptions.natural_weapons``), which Cleo carries."""
SKILLS = ["melee", "brawl", "dodge", "athletics", "archery", "firearms", "intimidation"]
ids = st.sampled_from(IDS)
FIELDS = {
    "combatant": ids,
    "target": ids,
    "attacker": ids,
    "grappler": ids,
    "victim": ids,
    "ambusher": ids,
    "weapon": st.sampled_from(CARRIED),
    "item": st.sampled_from(CARRIED),
    "weapons": st.lists(st.sampled_from(CARRIED), max_size=2),
    "skill": st.sampled_from(SKILLS),
    "power": st.sampled_from(list(POWERS)),
    "kind": st.sampled_from(["attack", "attack", "defend", "move", "other", "none"]),
    "difficulty": st.integers(4, 8),
    "distance_m": st.sampled_from([None, 2.0, 10.0, 40.0]),
    "reason": st.just("ruling"),
    "armour": st.sampled_from([None, *ARMOURS]),
}
ANN = Viewer(role="player", id="ann")
HORSE = Mount(strength=4, potence=1)
PROGRESS = {
    "vda.RollInitiative",
    "vda.DeclareAction",
    "vda.ResolveAction",
    "vda.AllocateDefence",
    "vda.SkipPower",
    "vda.SurpriseDefence",
    "vda.SurpriseAttack",
    "vda.AnnounceCharge",  # not progress, but Dario's run-up is there to be used
}
FUZZED = [*MOVES.command_types, RollDice, UpdateCombatant]


def new_table() -> Table:
    t = Table(VdaOptions(natural_weapons=[CLAWS]))
    t.add(
        "alma",
        sheet(melee=3, dodge=2, brawl=2, celerity=2, potence=2, anger=2, presence=3, powers=POWERS),
        player="ann",
    )
    t.add(
        "bors",
        sheet(
            kind="mortal",
            melee=2,
            brawl=2,
            dodge=1,
            firearms=2,
            weapons=["lance", "epee", "pistolet", "bouclier", "couteau"],
            armour="maille",
            two_weapon_styles=["small_pair"],
        ),
    )
    t.add(
        "cleo",
        sheet(
            archery=3,
            athletics=2,
            dodge=3,
            rage=1,
            animalism=1,
            protean=2,
            weapons=["arc_long", "grenade", "pieu", "masse", "griffes"],
        ),
    )
    dario = sheet(kind="ghoul", melee=2, fortitude=1, weapons=["hache_a_deux_mains", "tromblon"], mount=HORSE)
    t.add("dario", dario)
    # Dario rides up for a whole round: his charge's run-up (VDA-CHARGE-01) is in the state.
    t.moving_round("dario", [2] * 3)
    return t


DRIVER = FairnessDriver(
    ids=IDS,
    progress=PROGRESS,
    command_for=command_for,  # bound to each example's table below
    offered=options_for,
    fallback=[c.StartRound()],
    fuzzed=FUZZED,
    structs=lambda kind: structs(kind, WORDS, fields=FIELDS),
    sheet_type=VdaSheet,
    senders=[GM, GM, ANN],
    seed=SEED,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_command_is_refused_after_a_die_and_no_nonce_changes_an_answer(data: st.DataObject) -> None:
    """The shared driver (``tests/fairness.py``) plays legal steps (what the guards offer,
    a new round when nothing is) and fuzzed ones (any command type, the GM or Ann sending),
    each checked for its dice before it is played. The grapple and bite declarations the
    guards offer are built from this table's state, hence the driver bound to it."""
    t = new_table()
    driver = replace(DRIVER, command_for=lambda data, tag, cid: command_for(data, tag, cid, t))
    driver.play(data, t)


# --- what the property found: checks that ran after a die --------------------------------


def test_vda_melee_07__a_weapon_without_numbers_is_refused_at_the_declaration() -> None:
    """VDA-MELEE-07: the épée strikes only once the table supplies its numbers; refused when
    declared (before any die), not when its damage would be rolled after a hit."""
    t = Table()
    t.add("alma", sheet(melee=3, weapons=["epee"]))
    t.add("bors", sheet(melee=2, weapons=["masse"]))
    t.start()
    t.initiative("alma", [8, 8, 8, 2, 2])
    t.initiative("bors", [8, 2, 2, 2, 2])
    attack = act("attack", skill="melee", target="bors", weapon="epee")
    assert t.refuse(c.DeclareAction(combatant="alma", action=attack)).rule == "VDA-MELEE-07"
    defence = act(
        "defend", skill="melee", defence="parry", weapon="masse", grapple="weapon_defence", target="alma"
    )
    t.declare("alma", act("none"))
    assert t.refuse(c.DeclareAction(combatant="bors", action=defence)).rule == "VDA-MELEE-07"
    assert "vda.DeclareAction/grapple:weapon_defence:alma:masse" not in options_for(t.timeline.head, "bors")


def test_vda_amb_01__an_ambush_on_someone_not_at_the_table_is_refused_before_the_stealth_roll() -> None:
    """VDA-AMB-01: both sides of an ambush are at the table, checked before any die."""
    t = Table()
    t.add("alma", sheet(stealth=3))
    assert t.refuse(c.Ambush(ambusher="alma", target="nobody"), dice=[]).rule == "table.combatant-unknown"
    assert t.refuse(c.Ambush(ambusher="alma", target="alma"), dice=[]).rule == "VDA-AMB-01"


def test_a_sheet_out_of_its_ranges_is_refused_when_decoded() -> None:
    """A stamina of 100 would make a soak pool past what one roll may draw, found only
    after the attack's dice: the sheet's ranges are checked before anything is decided."""
    decode = msgspec.json.Decoder(UpdateCombatant).decode
    body = b'{"type":"UpdateCombatant","reason":"r","combatant":{"id":"bors","name":"Bors",'
    try:
        decode(body + b'"sheet":{"type":"vda","attributes":{"stamina":100}}}}')
    except msgspec.ValidationError as error:
        assert "combatant.sheet.attributes.stamina" in str(error)
    else:
        raise AssertionError("a stamina of 100 was accepted")
    decode(body + b'"sheet":{"type":"vda","attributes":{"stamina":10}}}}')


def test_the_largest_sheets_never_need_more_dice_than_a_roll_may_draw() -> None:
    """Every trait at 10, every pool full: a whole round of attacks and soaks draws
    within the dice's limits, whatever the nonces."""
    full = {"melee": 10, "brawl": 10, "dodge": 10, "athletics": 10, "alertness": 10}
    disciplines = {"celerity": 10, "potence": 10, "fortitude": 10}
    attributes = dict.fromkeys(Attributes.__struct_fields__, 10)
    t = Table()
    for cid in ("alma", "bors"):
        big = VdaSheet(
            attributes=Attributes(**attributes),
            abilities=full,
            disciplines=disciplines,
            weapons=["epieu", "hache_a_deux_mains"],
            armour="plaque",
        )
        t.add(cid, big)
    t.start()
    other = {"alma": "bors", "bors": "alma"}
    resolved = 0
    for _ in range(30):
        wanted = ("vda.RollInitiative", "vda.DeclareAction", "vda.ResolveAction", "vda.SkipPower")
        offered = [(tag, cid) for cid in other for tag in options_for(t.timeline.head, cid) if tag in wanted]
        if not offered:
            break
        tag, cid = min(offered, key=lambda o: wanted.index(o[0]))
        command: Any = {
            "vda.RollInitiative": c.RollInitiative(combatant=cid, weapon="epieu"),
            "vda.DeclareAction": c.DeclareAction(
                combatant=cid, action=act("attack", skill="melee", target=other[cid], weapon="epieu")
            ),
            "vda.ResolveAction": c.ResolveAction(combatant=cid),
        }.get(tag, c.SkipPower(combatant=cid))
        assert assert_dice_tell_nothing(t.timeline.head, command, GM, SEED) == "accepted", command
        resolved += tag == "vda.ResolveAction"
        t.emitted(command)
    assert resolved >= 2  # both attacks rolled to hit, for damage and for soak
