"""The equipment tables of ``domain/systems/vda/data.py`` against seed 000.

Spot checks copy the seed's line in the test's docstring; invariants check
every entry."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.vda import data
from domain.systems.vda.data import (
    ARMOURS,
    MELEE_WEAPONS,
    NATURAL_WEAPONS,
    RANGED_WEAPONS,
    Armour,
    MeleeWeapon,
    NaturalWeapon,
    RangedWeapon,
)

ALL_WEAPONS = {**MELEE_WEAPONS, **NATURAL_WEAPONS, **RANGED_WEAPONS}


# --- invariants ---------------------------------------------------------------


def test_every_table_is_keyed_by_its_entries_snake_case_id() -> None:
    for table in (MELEE_WEAPONS, NATURAL_WEAPONS, RANGED_WEAPONS, ARMOURS):
        for key, entry in table.items():
            assert key == entry.id
            assert key.isascii() and key == key.lower() and " " not in key


def test_weapon_ids_are_unique_across_tables() -> None:
    total = len(MELEE_WEAPONS) + len(NATURAL_WEAPONS) + len(RANGED_WEAPONS)
    assert len(ALL_WEAPONS) == total


def test_vda_melee_02__every_melee_weapon_has_a_size() -> None:
    """VDA-MELEE-02: every melee weapon has a size."""
    assert {w.size for w in MELEE_WEAPONS.values()} == {"P", "M", "G"}


def test_every_weapon_has_a_french_name_a_difficulty_or_none_and_sane_numbers() -> None:
    for weapon in ALL_WEAPONS.values():
        assert weapon.name and weapon.name_en
        assert weapon.difficulty is None or 2 <= weapon.difficulty <= 10
        assert weapon.damage_type in ("bashing", "lethal", "aggravated")


def test_defaults_name_only_real_fields() -> None:
    for entry in [*MELEE_WEAPONS.values(), *NATURAL_WEAPONS.values(), *RANGED_WEAPONS.values()]:
        assert entry.defaults <= set(type(entry).__struct_fields__)


def test_entries_are_frozen_and_encode() -> None:
    weapon = MELEE_WEAPONS["lance"]
    with pytest.raises(AttributeError):
        weapon.damage_bonus = 9  # type: ignore[misc]
    decoded = msgspec.json.decode(msgspec.json.encode(weapon), type=MeleeWeapon)
    assert decoded == weapon


def test_find_weapon_looks_in_every_table() -> None:
    assert data.find_weapon("poings") is NATURAL_WEAPONS["poings"]
    assert data.find_weapon("arc_long") is RANGED_WEAPONS["arc_long"]
    assert data.find_weapon("hache_a_deux_mains") is MELEE_WEAPONS["hache_a_deux_mains"]
    assert data.find_weapon("epee_longue") is None


# --- VDA-MELEE: taille P ----------------------------------------------------------


def test_vda_melee_02__hunting_dagger() -> None:
    """VDA-MELEE-02: « Dague de chasse, Force +2, Difficulté 6, Initiative +1, Dissimulation +1,
    Ressource 3 »."""
    w = MELEE_WEAPONS["dague_de_chasse"]
    assert (w.size, w.damage_bonus, w.difficulty, w.initiative, w.concealment, w.resources) == (
        "P",
        2,
        6,
        1,
        1,
        3,
    )
    assert w.wound == "piercing" and w.damage_type == "lethal"


def test_vda_melee_02__knife_stiletto_spike_and_club() -> None:
    """VDA-MELEE-02: « Couteaux, Force + 1, Difficulté 5, Dissimulation -1, Ressource 1 ¤ »; « Stylet,
    Force +0, Difficulté 5, Dissimulation -2 ¤ »; « Simple pointe, Force +0, Difficulté 6,
    Initiative - 1, Dissimulation -3 ¤ »; « Matraque Courte *, Force +1 Difficulté 7,
    initiative -1, Dissimulation -2 ¤ »."""
    knife, stiletto = MELEE_WEAPONS["couteau"], MELEE_WEAPONS["stylet"]
    spike, club = MELEE_WEAPONS["simple_pointe"], MELEE_WEAPONS["matraque_courte"]
    assert (knife.damage_bonus, knife.difficulty, knife.concealment, knife.resources) == (1, 5, -1, 1)
    assert (stiletto.damage_bonus, stiletto.difficulty, stiletto.concealment) == (0, 5, -2)
    assert (spike.difficulty, spike.initiative, spike.concealment) == (6, -1, -3)
    assert (club.damage_bonus, club.difficulty, club.initiative, club.concealment) == (1, 7, -1, -2)
    for weapon in (knife, stiletto, spike, club):
        assert data.SMALL_PARRY in weapon.tags


def test_vda_melee_04__the_parrying_dagger_is_a_parrying_weapon() -> None:
    """VDA-MELEE-04: « Dague de parade, Force +1, Difficulté 6, Arme de parade, Ressource 3 »."""
    w = MELEE_WEAPONS["dague_de_parade"]
    assert (w.damage_bonus, w.difficulty, w.resources) == (1, 6, 3)
    assert data.PARRYING in w.tags
    assert {"initiative", "concealment"} <= w.defaults


def test_vda_melee_01__size_p_weapons_pierce_except_the_club() -> None:
    """VDA-MELEE-01: size p weapons pierce except the club."""
    small = [w for w in MELEE_WEAPONS.values() if w.size == "P"]
    assert {w.id for w in small if w.wound != "piercing"} == {"matraque_courte"}
    assert MELEE_WEAPONS["matraque_courte"].damage_type == "bashing"


def test_vda_melee_13__missing_resources_default_to_3() -> None:
    """VDA-MELEE-13: missing resources default to 3."""
    for weapon in MELEE_WEAPONS.values():
        if "resources" in weapon.defaults:
            assert weapon.resources == 3


# --- VDA-MELEE: taille M ----------------------------------------------------------


def test_vda_melee_06__size_m_damage_types() -> None:
    """VDA-MELEE-06: « La rapière … perforation », « Le pilum … perforation », « La masse, le fléau et
    le bouclier qui sont de type contusion »; the others slash."""
    m = {w.id: w for w in MELEE_WEAPONS.values() if w.size == "M"}
    assert {i for i, w in m.items() if w.wound == "piercing"} == {"rapiere", "pilum"}
    assert {i for i, w in m.items() if w.damage_type == "bashing"} == {"masse", "fleau", "bouclier"}
    assert m["glaive"].wound == m["kopesh"].wound == "slashing"


def test_vda_melee_06__size_m_costs_a_stealth_die_except_glaive_and_kopesh() -> None:
    """VDA-MELEE-06: size m costs a stealth die except glaive and kopesh."""
    m = [w for w in MELEE_WEAPONS.values() if w.size == "M"]
    assert {w.id for w in m if w.stealth_malus == 0} == {"glaive", "kopesh"}
    assert all(w.stealth_malus == 1 for w in m if w.id not in ("glaive", "kopesh"))


def test_vda_melee_07__size_m_weapons_have_no_stats_but_the_pilum() -> None:
    """VDA-MELEE-07: size m weapons have no stats but the pilum."""
    m = [w for w in MELEE_WEAPONS.values() if w.size == "M"]
    assert {w.id for w in m if w.damage_bonus is not None} == {"pilum"}
    assert {"damage_bonus", "difficulty"} <= MELEE_WEAPONS["pilum"].defaults
    assert MELEE_WEAPONS["cimeterre"].initiative == 2  # « un bonus de 2 points lié au cimeterre »


def test_vda_res_01__resistance_modifiers_of_the_tables() -> None:
    """VDA-RES-01: « Glaive et le Kopesh : + 3 », « Epée à deux mains : + 5 », « Hache à deux mains et
    Rapière : -3 », « Bouclier : + 6 », « Armure de plaque : + 4 », « Maille de Damas : - 3 »."""
    mods = {
        i: MELEE_WEAPONS[i].resistance_modifier
        for i in ("glaive", "kopesh", "epee_a_deux_mains", "hache_a_deux_mains", "rapiere", "bouclier")
    }
    assert mods == {
        "glaive": 3,
        "kopesh": 3,
        "epee_a_deux_mains": 5,
        "hache_a_deux_mains": -3,
        "rapiere": -3,
        "bouclier": 6,
    }
    assert ARMOURS["plaque"].resistance_modifier == 4
    assert ARMOURS["maille_de_damas"].resistance_modifier == -3


# --- VDA-MELEE: taille G ----------------------------------------------------------


def test_vda_melee_09__size_g_table() -> None:
    """VDA-MELEE-09: « Hache à 2 mains, Force +6, Difficulté 7, Initiative -1, Ressource 2 »; « Épée à 2
    mains, Force +5, Difficulté 7, Initiative 0, Ressource 3 »; « Lance, Force +3, Difficulté
    6, Initiative +3, Ressource 1 »; « Épieu (à sanglier), Force +4, Difficulté 6, Initiative +1 »."""
    rows = {
        i: (w.damage_bonus, w.difficulty, w.initiative, w.resources)
        for i, w in MELEE_WEAPONS.items()
        if w.size == "G"
    }
    assert rows == {
        "hache_a_deux_mains": (6, 7, -1, 2),
        "epee_a_deux_mains": (5, 7, 0, 3),
        "lance": (3, 6, 3, 1),
        "epieu": (4, 6, 1, 3),
    }
    assert "resources" in MELEE_WEAPONS["epieu"].defaults


def test_vda_melee_08__size_g_cannot_be_hidden_and_costs_two_stealth_dice() -> None:
    """VDA-MELEE-08: size g cannot be hidden and costs two stealth dice."""
    for weapon in MELEE_WEAPONS.values():
        if weapon.size == "G":
            assert not weapon.concealable and weapon.stealth_malus == 2


def test_vda_melee_10_11_12__two_handed_and_hafted_notes() -> None:
    """VDA-MELEE-10, VDA-MELEE-11, VDA-MELEE-12: two handed and hafted notes."""
    axe, sword = MELEE_WEAPONS["hache_a_deux_mains"], MELEE_WEAPONS["epee_a_deux_mains"]
    lance, spear = MELEE_WEAPONS["lance"], MELEE_WEAPONS["epieu"]
    assert {data.IGNORES_SHIELD, data.AUTO_VANDALISM, data.WOODEN} <= axe.tags
    assert {data.IGNORES_SHIELD, data.AUTO_VANDALISM, data.FIRST_OUTNUMBERING} <= sword.tags
    assert (axe.vandalism_bonus, sword.vandalism_bonus) == (3, 2)
    assert {data.COUNTER_CHARGE, data.IMPALING, data.ANCHORABLE} <= lance.tags
    assert {data.COUNTER_CHARGE, data.IMPALING} <= spear.tags
    assert data.ANCHORABLE not in spear.tags


# --- VDA-NAT ------------------------------------------------------------------------


def test_vda_nat_01__head_fists_and_feet() -> None:
    """VDA-NAT-01: « Tête, (Force +0), contusion »; « Poings, (Force + 0), idem »; « Pieds, (Force +1),
    idem, Initiative +1, difficulté 7 »."""
    head, fists, feet = (NATURAL_WEAPONS[i] for i in ("tete", "poings", "pieds"))
    assert (head.damage_bonus, fists.damage_bonus, feet.damage_bonus) == (0, 0, 1)
    assert {w.damage_type for w in (head, fists, feet)} == {"bashing"}
    assert (feet.difficulty, feet.initiative) == (7, 1)
    assert head.difficulty == fists.difficulty == 6 and "difficulty" in head.defaults


def test_vda_nat_03__the_bite() -> None:
    """VDA-NAT-03: « Morsure, (Force +1), dommage létaux (dont le 1 ère est en aggravé) avec une
    difficulté de 5 au touché. Mais cela demande d'avoir étreint sa victime »."""
    bite = NATURAL_WEAPONS["morsure"]
    assert (bite.damage_bonus, bite.difficulty, bite.damage_type) == (1, 5, "lethal")
    assert bite.first_level_aggravated and bite.requires_grapple and bite.vampire_only


# --- VDA-THROW / VDA-BOW / VDA-FIRE -------------------------------------------------


def test_vda_throw_04__thrown_weapons() -> None:
    """VDA-THROW-04: « Dard, Force +0, Difficulté 6, Dissimulation -2 »; « Couteau, Force +1, Difficulté 6
    Dissimulation -1 »; « Hachette, Force +2, Difficulté 6, Dissimulation +2 »; « Javelot,
    Pilum, Force +3, Difficulté 6, Initiative +1, Pas de dissimulation »."""
    r = RANGED_WEAPONS
    assert (r["dard"].size, r["dard"].damage_bonus, r["dard"].concealment) == ("P", 0, -2)
    assert (r["couteau_de_lancer"].damage_bonus, r["couteau_de_lancer"].difficulty) == (1, 6)
    assert (r["hachette"].size, r["hachette"].damage_bonus, r["hachette"].concealment) == ("M", 2, 2)
    for i in ("javelot", "pilum_de_jet"):
        assert (r[i].damage_bonus, r[i].initiative, r[i].concealable) == (3, 1, False)
        assert (r[i].range_m, r[i].range_run_up_m, r[i].range_per_point_m) == (25, 50, 2)
    assert (r["hachette"].range_m, r["dard"].range_m) == (15, 10)
    assert all(w.margin_class == "thrown_or_bow" for w in r.values() if w.kind == "thrown")


def test_vda_bow_03_04__bows_and_crossbows() -> None:
    """VDA-BOW-03, VDA-BOW-04: « Arc Court, Force + 0, Difficulté 6, 1 tir par action, Ressource 1 »; «
    Arc Long,
    Force + 2, … 1 tir par deux actions, Ressource 2 »; « Arbalète légère, Dommage 4 dés,
    Difficulté 6, 1 tir par deux actions, Ressource 2 »; « Arbalète lourde, Dommage 6 dés,
    Difficulté 7, 1 tir par 3 actions, Ressource 3 »; portées 30, 60, 60 (annule 1), 90
    (annule 3)."""
    r = RANGED_WEAPONS
    rows = {
        i: (
            r[i].damage_bonus,
            r[i].damage_dice,
            r[i].difficulty,
            r[i].actions_per_shot,
            r[i].resources,
            r[i].range_m,
            r[i].armour_cancel,
        )
        for i in ("arc_court", "arc_long", "arbalete_legere", "arbalete_lourde")
    }
    assert rows == {
        "arc_court": (0, None, 6, 1, 1, 30, 0),
        "arc_long": (2, None, 6, 2, 2, 60, 0),
        "arbalete_legere": (None, 4, 6, 2, 2, 60, 1),
        "arbalete_lourde": (None, 6, 7, 3, 3, 90, 3),
    }
    assert r["arbalete_legere"].margin_class == r["arbalete_lourde"].margin_class == "crossbow"
    assert r["arc_court"].margin_class == "thrown_or_bow"


def test_vda_bow_07__the_serpentine_is_provisional() -> None:
    """VDA-BOW-07: « Serpentine, Dommage 3 dés, réduction d'armure 2, 1 tir par 3 actions, Ressource 4 »."""
    s = RANGED_WEAPONS["serpentine"]
    assert (s.damage_dice, s.armour_cancel, s.actions_per_shot, s.resources) == (3, 2, 3, 4)
    assert {"margin_class", "difficulty", "range_m"} <= s.defaults


def test_vda_fire_01_02_03__thirty_years_war_firearms() -> None:
    """VDA-FIRE-01, VDA-FIRE-02, VDA-FIRE-03: « Pistolet : portée 15 mètres, 2 dés de dommages, Annule 1
    dé d'armure. Pas de malus
    de discrétion. Ressource 3. » « Fusil : portée 30 mètres, 3 dés de dommages, Annule 3 dés
    d'armure. Malus de discrétion 1 » « Tromblon … portée 15 mètres, 2 dés de dommages …
    Malus de discrétion 1 »."""
    r = RANGED_WEAPONS
    rows = {
        i: (r[i].range_m, r[i].damage_dice, r[i].armour_cancel, r[i].stealth_malus)
        for i in ("pistolet", "fusil", "tromblon")
    }
    assert rows == {"pistolet": (15, 2, 1, 0), "fusil": (30, 3, 3, 1), "tromblon": (15, 2, 0, 1)}
    assert r["pistolet"].resources == 3
    assert data.MULTI_TARGET in r["tromblon"].tags
    for i in ("pistolet", "fusil", "tromblon"):
        assert r[i].margin_class == "firearm"
        assert (r[i].reload_actions, r[i].reload_actions_cartridge) == (2, 1)
        assert (r[i].initiative_difficulty, r[i].initiative_difficulty_lock) == (6, 5)


def test_vda_throw_05__grenade_ranges_and_dice() -> None:
    """VDA-THROW-05: grenade ranges and dice."""
    g = RANGED_WEAPONS["grenade"]
    assert (g.damage_dice, g.margin_class, g.range_medium_m, g.range_m) == (4, "firearm", 30, 50)


# --- VDA-ARMOR ----------------------------------------------------------------------


def test_vda_armor_01__armour_table() -> None:
    """VDA-ARMOR-01: « Armure légère, cuir, 1 dé d'encaissement, Ressource 1 »; « moyenne, maille, 2 dés,
    1 dé de malus, Ressource 2 »; « riche *, maille de Damas 3 dés, 1 dé de malus, Ressource
    4 »; « lourde, Plaque, 4 dés, 2 dés de Malus, Ressource 3 »."""
    rows = {i: (a.soak_dice, a.malus, a.resources) for i, a in ARMOURS.items()}
    assert rows == {
        "cuir": (1, 0, 1),
        "maille": (2, 1, 2),
        "maille_de_damas": (3, 1, 4),
        "plaque": (4, 2, 3),
    }
    assert [a.id for a in ARMOURS.values() if a.restricted] == ["maille_de_damas"]


def test_table_types_are_what_the_dicts_say() -> None:
    assert all(isinstance(w, MeleeWeapon) for w in MELEE_WEAPONS.values())
    assert all(isinstance(w, NaturalWeapon) for w in NATURAL_WEAPONS.values())
    assert all(isinstance(w, RangedWeapon) for w in RANGED_WEAPONS.values())
    assert all(isinstance(a, Armour) for a in ARMOURS.values())
