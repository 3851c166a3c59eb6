"""Two-weapon styles (VDA-TWO), from seed 000 « Combat à deux armes ».

The normal style is an offensive weapon and a defensive one in the left hand
(VDA-TWO-01). Styles with two offensive weapons are bought like fields of expertise
(VDA-TWO-02); they open a riskier option, attacks at −1 and Melee defences at +1
(VDA-TWO-03), under which every two 2s of a roll count as a 1 (VDA-TWO-04).
"""

from __future__ import annotations

from msgspec.structs import replace

from domain.dice import PoolRoll
from domain.errors import require
from domain.systems.vda.data import SHIELD, MeleeWeapon, find_weapon
from domain.systems.vda.state import PhysicalAction, VdaSheet, VdaState
from domain.systems.vda.tactics import TwoWeaponStance, TwoWeaponStyle
from domain.systems.wod import NONE, Terms, terms

GLAIVE = "glaive"
TWIN_GLAIVES_MINIMUM = 4
STYLE_SIZES: dict[frozenset[str], TwoWeaponStyle] = {
    frozenset({"P"}): "small_pair",
    frozenset({"P", "M"}): "small_medium",
}


def require_two_offensive_weapons(weapons: list[MeleeWeapon | None], ids: list[str]) -> list[MeleeWeapon]:
    """VDA-TWO-01: the normal style is an offensive weapon and a defensive one (a shield) in
    the left hand; the two-weapon option needs two hand weapons, both offensive.

    Seed 000 « Combat à deux armes » (« Le style de combat normal est d'une arme offensive et
    une arme défensive dans la main gauche »)."""
    require(len(ids) == 2, "VDA-TWO-01", "the two-weapon option names two weapons")
    found: list[MeleeWeapon] = []
    for weapon, item in zip(weapons, ids, strict=True):
        require(isinstance(weapon, MeleeWeapon), "VDA-TWO-01", f"{item!r} is no hand weapon")
        assert isinstance(weapon, MeleeWeapon)
        require(
            SHIELD not in weapon.tags,
            "VDA-TWO-01",
            f"{item!r} is the normal style's defensive weapon, not an offensive one",
        )
        found.append(weapon)
    return found


def style_of(weapons: list[MeleeWeapon]) -> TwoWeaponStyle | None:
    """VDA-TWO-02: which bought style two offensive weapons need: two size P, one P and one
    M, or two glaives (the only pair of size M); nothing else (size G, two other M).

    Seed 000 « Combat à deux armes »."""
    sizes = frozenset(w.size for w in weapons)
    if sizes == frozenset({"M"}):
        return "twin_glaives" if all(w.id == GLAIVE for w in weapons) else None
    return STYLE_SIZES.get(sizes)


def require_style(sheet: VdaSheet, combatant: str, weapons: list[MeleeWeapon]) -> TwoWeaponStyle:
    """VDA-TWO-02: the combatant bought the style its two weapons need; the twin glaives
    (« style secret des Lamias hongroises ») also need Dexterity 4 and Melee 4 with the
    glaive specialty.

    Seed 000 « Combat à deux armes »."""
    style = style_of(weapons)
    names = " + ".join(w.id for w in weapons)
    require(style is not None, "VDA-TWO-02", f"no two-weapon style fights with {names}")
    assert style is not None
    require(
        style in sheet.two_weapon_styles, "VDA-TWO-02", f"{combatant!r} has not bought the {style!r} style"
    )
    if style == "twin_glaives":
        require(
            sheet.attributes.dexterity >= TWIN_GLAIVES_MINIMUM
            and sheet.abilities.get("melee", 0) >= TWIN_GLAIVES_MINIMUM
            and GLAIVE in sheet.specialties.get("melee", []),
            "VDA-TWO-02",
            "the twin glaives need Dexterity 4, Melee 4 and the glaive specialty",
        )
    return style


def stance_weapons(sheet: VdaSheet, combatant: str, ids: list[str]) -> list[MeleeWeapon]:
    """The stance's weapons: carried, one in each hand (two glaives are two entries of the
    sheet, VDA-TWO-01), then both offensive."""
    for item in ids:
        require(item in sheet.weapons, "VDA-TWO-01", f"{combatant!r} does not carry {item!r}")
        require(
            ids.count(item) <= sheet.weapons.count(item),
            "VDA-TWO-01",
            f"{combatant!r} carries a single {item!r}, not one for each hand",
        )
    return require_two_offensive_weapons([_melee(item) for item in ids], ids)


def _melee(item: str) -> MeleeWeapon | None:
    weapon = find_weapon(item)
    return weapon if isinstance(weapon, MeleeWeapon) else None


def active_stance(state: VdaState, combatant: str) -> TwoWeaponStance | None:
    """VDA-TWO-03: the stance in force: taken this round (and this sequence, by option)."""
    stance = state.tactics.stances.get(combatant)
    if stance is None or stance.round != state.round:
        return None
    if state.options.tactics.two_weapon_stance_scope == "sequence":
        seq = state.sequence
        if seq is None or seq.number != stance.sequence:
            return None
    return stance


def under_option(stance: TwoWeaponStance | None, action: PhysicalAction) -> bool:
    """The rolls the option weighs on: an attack with one of the stance's weapons, a Melee
    defence (VDA-TWO-03)."""
    if stance is None:
        return False
    if action.offensive:
        return action.weapon in stance.weapons
    return action.defensive and action.skill == "melee"


def stance_terms(stance: TwoWeaponStance | None, action: PhysicalAction) -> Terms:
    """VDA-TWO-03: under the two-weapon option, attacks are at −1 and Melee defensive
    actions at +1.

    Seed 000 « Combat à deux armes » (« Attaque à -1 en difficulté, action défensive en
    Mêlée à +1 en difficulté »)."""
    if not under_option(stance, action):
        return NONE
    if action.offensive:
        return terms("VDA-TWO-03", difficulty=-1, why="deux armes")
    return terms("VDA-TWO-03", difficulty=1, why="deux armes")


def twos_as_ones(roll: PoolRoll, ones_cancel: bool) -> PoolRoll:
    """VDA-TWO-04: under the option every two dice showing 2 count as one « 1 » (for the
    1s' cancelling, A-3, and the critical failure, VDA-GEN-02).

    Seed 000 « Combat à deux armes » (« 2 dés avec un résultat de 2 comptent pour un
    "1" »)."""
    extra = sum(1 for face in roll.faces if face == 2) // 2
    if extra == 0:
        return roll
    ones = roll.ones + extra
    successes = max(0, roll.hits - ones) if ones_cancel else roll.hits
    return replace(roll, ones=ones, successes=successes, botch=roll.hits == 0 and ones > 0)
