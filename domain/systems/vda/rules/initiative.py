"""Initiative (VDA-INIT): the roll, the order, declarations and their constraints."""

from __future__ import annotations

from domain.dice import PoolRoll, count_pool
from domain.errors import require
from domain.systems.vda.data import NaturalWeapon, RangedWeapon
from domain.systems.vda.rules.equipment import natural_initiative_dice
from domain.systems.vda.rules.movement import prone_initiative_modifiers
from domain.systems.vda.rules.ranged import firearm_initiative_difficulty
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import Fighter, PhysicalAction, Rank, SequenceState, VdaState
from domain.systems.wod import Modifier
from domain.systems.wod.pool import DIFFICULTY_MAX

BASE_DIFFICULTY = 4


def require_initiative_phase(state: VdaState) -> None:
    """VDA-INIT-01: initiative is rolled at the start of each round, before sequence 1.

    Seed 000 « Initiative »; 001 « Actions » › « Initiative ».
    """
    require(state.phase == "initiative", "VDA-INIT-01", "initiative is rolled at the start of a round only")


def require_fighting(state: VdaState, combatant: str) -> None:
    """VDA-INIT-01: every combatant of the round rolls; others do not."""
    require(combatant in state.combatants, "VDA-INIT-01", f"{combatant!r} is not fighting this round")


def require_not_rolled(fighter: Fighter, combatant: str) -> None:
    """VDA-INIT-01: one initiative roll per combatant and round."""
    require(
        not fighter.initiative_rolled, "VDA-INIT-01", f"{combatant!r} already rolled initiative this round"
    )


def weapon_initiative_dice(scene: Scene, combatant: str, weapon: str | None) -> Modifier | None:
    """VDA-INIT-09: a weapon's « Initiative ±N » adds or removes N initiative dice.

    Seed 000 « Armes naturelles » (« l'initiative est avec – 2 dés »), the weapon
    lists and « Initiative » (the scimitar). Natural weapons use their grappling
    value while the combatant is in a hold (VDA-NAT-02). The weapon is the one
    ``Scene.weapon`` finds: a sheet's or the table's claws carry their own figure.
    """
    if weapon is None:
        return None
    found = scene.weapon(combatant, weapon)
    # Every caller names a weapon the fighter carries (``situation.require_carried`` at the
    # roll and at the declaration) or its fists.
    assert found is not None, weapon
    value = found.initiative
    if isinstance(found, NaturalWeapon):
        grappling = any(combatant in key.split(">") for key in scene.state.grapples)
        value = natural_initiative_dice(found, grappling)
    return Modifier(rule="VDA-INIT-09", value=value, why=weapon) if value else None


def initiative_pool(scene: Scene, combatant: str, weapon_dice: Modifier | None) -> list[Modifier]:
    """VDA-INIT-01: Réagir (Wits by default, A-11) + Vigilance, plus dice modifiers."""
    attribute = scene.options.initiative_attribute
    terms = [
        Modifier(rule="VDA-INIT-01", value=scene.trait(combatant, attribute), why=attribute),
        Modifier(rule="VDA-INIT-01", value=scene.trait(combatant, "alertness"), why="alertness"),
    ]
    return [*terms, weapon_dice] if weapon_dice else terms


def initiative_difficulty(
    scene: Scene, combatant: str, larger_weapon_charge: bool, weapon: str | None = None
) -> list[Modifier]:
    """VDA-INIT-01: difficulty 4, with the carried modifiers of the round's start; a firearm
    named for sequence 1 replaces the 4 with its « Initiative 6 » (VDA-FIRE-05)."""
    fighter = scene.fighter(combatant)
    base = Modifier(rule="VDA-INIT-01", value=BASE_DIFFICULTY, why="Réagir + Vigilance")
    terms = [firearm_base(scene, combatant, weapon) or base]
    if holder := last_holder_malus(scene.state, combatant):
        terms.append(holder)
    terms += prone_initiative_modifiers("prone" in fighter.conditions).difficulty
    if larger_weapon_charge:
        terms.append(charge_bonus())
    return [*terms, *fighter.next_initiative]


def firearm_base(scene: Scene, combatant: str, weapon: str | None) -> Modifier | None:
    """VDA-FIRE-05: « Initiative : normalement 6, 5 avec platine »: by default (option
    ``damage.firearm_initiative_reading``) the initiative roll's difficulty of a combatant
    who fires a firearm in sequence 1, named at the roll or not (``malus_of_use``). The
    sheets carry no lock: 6.

    Seed 000 « Pour la guerre de 30 ans »."""
    found = scene.weapon(combatant, weapon)
    if not isinstance(found, RangedWeapon) or scene.options.damage.firearm_initiative_reading != (
        "initiative_difficulty"
    ):
        return None
    value = firearm_initiative_difficulty(found, lock=False)
    return Modifier(rule="VDA-FIRE-05", value=value, why=found.id) if value is not None else None


def last_holder_malus(state: VdaState, combatant: str) -> Modifier | None:
    """VDA-INIT-08: from round 2, last round's initiative holder rolls at +1 difficulty.

    Seed 000 « Initiative » › « Modificateurs : ».
    """
    if state.round >= 2 and combatant in state.previous_holders:
        return Modifier(rule="VDA-INIT-08", value=1, why="avait l'initiative au round précédent")
    return None


def charge_bonus() -> Modifier:
    """VDA-INIT-07 and VDA-CHARGE-03 (one rule, written twice in the seed): in a charge, the
    larger weapon's wielder gets −1 initiative difficulty, charger or defender alike.

    Seed 000 « Initiative » › « Modificateurs : », « Charger à pied ou à cheval ›
    Avantages ». Which weapon is larger is the charge rules' question (VDA-CHARGE-09),
    answered from the announced charge and the weapons held (``handlers/charge.py::holds_larger_weapon``).
    """
    return Modifier(rule="VDA-INIT-07", value=-1, why="charge, arme la plus grande")


def bound_weapon(weapon_dice: Modifier | None, difficulty: list[Modifier] | None = None) -> str | None:
    """VDA-INIT-05: an initiative bonus binds sequence 1 to the weapon that gave it;
    VDA-INIT-06: a malus binds nothing; VDA-FIRE-05: a firearm whose « Initiative 6 » set
    the roll's difficulty binds sequence 1 to its shot.

    Seed 000 « Initiative » (the scimitar and the draw examples), « Pour la guerre de 30 ans ».
    """
    if weapon_dice is not None and weapon_dice.value > 0:
        return weapon_dice.why
    return next((term.why for term in difficulty or [] if term.rule == "VDA-FIRE-05"), None)


def require_bound_action(fighter: Fighter, sequence: int, action: PhysicalAction) -> None:
    """VDA-INIT-05: the weapon whose bonus was taken must be used in sequence 1."""
    if sequence != 1 or fighter.bound_weapon is None:
        return
    require(
        action.weapon == fighter.bound_weapon,
        "VDA-INIT-05",
        f"the initiative bonus of {fighter.bound_weapon!r} binds sequence 1 to that weapon",
    )


def ranking(state: VdaState) -> list[Rank]:
    """VDA-INIT-01: from the most successes to the fewest; a diver wins ties (VDA-DIVE-01)."""
    ranks = [
        Rank(combatant=cid, score=state.fighters[cid].initiative, wins_ties=state.fighters[cid].dive)
        for cid in state.combatants
        if cid in state.fighters
    ]
    return sorted(ranks, key=lambda r: (r.score, r.wins_ties), reverse=True)


def all_rolled(state: VdaState) -> bool:
    return all(state.fighters.get(cid, Fighter()).initiative_rolled for cid in state.combatants)


def declaration_groups(ranks: list[Rank], remaining: dict[str, int]) -> list[list[str]]:
    """VDA-INIT-04: at equal initiative the one with fewer actions announces first; equal
    actions too, and they declare without knowing each other's (one sealed group).

    Seed 000 « Initiative »; 001 « Actions » › « Initiative ». ``remaining`` counts
    what the table option ``tie_counts`` says.
    """
    groups: list[list[str]] = []
    last: tuple[int, bool, int] | None = None
    ordered = sorted(
        (r for r in ranks if r.combatant in remaining),
        key=lambda r: (-r.score, not r.wins_ties, remaining[r.combatant]),
    )
    for rank in ordered:
        key = (rank.score, rank.wins_ties, remaining[rank.combatant])
        if key != last:
            groups.append([])
            last = key
        groups[-1].append(rank.combatant)
    return groups


def declaring_now(seq: SequenceState) -> list[str]:
    """VDA-INIT-02: the group whose turn it is to announce (the best initiative first)."""
    for group in seq.declaring:
        waiting = [cid for cid in group if cid not in seq.declared and cid not in seq.sealed]
        if waiting:
            return group
    return []


def require_declaring_turn(seq: SequenceState, combatant: str) -> None:
    """VDA-INIT-02: the combatant with the initiative announces first; the others react.

    Seed 000 « Initiative ». Whoever already declared was refused before
    (``handlers/declare.check_turn``, VDA-PHYS-01), so someone is still to announce.
    """
    group = declaring_now(seq)
    require(combatant in group, "VDA-INIT-02", f"{', '.join(group)} must announce before {combatant!r}")


def outranks(state: VdaState, first: str, second: str) -> bool:
    """Whether ``first`` has the better initiative (a diver wins ties, VDA-DIVE-01)."""
    a, b = state.fighters.get(first, Fighter()), state.fighters.get(second, Fighter())
    return (a.initiative, a.dive) > (b.initiative, b.dive)


def renounces_defence(state: VdaState, combatant: str, action: PhysicalAction) -> bool:
    """VDA-INIT-03: attacking an opponent with better initiative gives up defending
    against that opponent's actions.

    Seed 000 « Initiative ».
    """
    return action.offensive and action.target is not None and outranks(state, action.target, combatant)


def require_may_defend_against(fighter: Fighter, combatant: str, attacker: str) -> None:
    """VDA-INIT-03: no defensive success goes to an opponent one chose to attack instead."""
    require(
        attacker not in fighter.renounced,
        "VDA-INIT-03",
        f"{combatant!r} attacked {attacker!r}, who had the better initiative, "
        "and gave up defending against them",
    )


def holders(ranks: list[Rank], all_tied: bool) -> list[str]:
    """VDA-INIT-08: who had the initiative this round (all tied at the top by default)."""
    if not ranks:
        return []
    if not all_tied:
        return [ranks[0].combatant]
    top = (ranks[0].score, ranks[0].wins_ties)
    return [r.combatant for r in ranks if (r.score, r.wins_ties) == top]


def malus_of_use(roll: PoolRoll, named_dice: int, used_dice: int, ones_cancel: bool, harder: int) -> int:
    """VDA-INIT-09, VDA-NAT-02: a weapon's initiative malus follows the weapon used in
    sequence 1, named at the roll or not: the dice it takes off that were not taken at the
    roll are the dice drawn last, and the score becomes the successes of the others.
    VDA-FIRE-05: a firearm fired in sequence 1 without being named at the roll raises the
    roll's difficulty by ``harder`` (its 6 in place of the 4), and the kept dice are counted
    again against it. Returns the change of score (0 or less). A bonus never comes after the
    roll: it binds the weapon named for it (VDA-INIT-05).

    Seed 000 « Armes naturelles » (« l'initiative est avec – 2 dés »), the weapon lists,
    « Pour la guerre de 30 ans » (« Initiative : normalement 6 »)."""
    extra = min(0, used_dice) - min(0, named_dice)
    if extra >= 0 and harder <= 0:
        return 0
    kept = roll.faces[: max(0, len(roll.faces) + min(0, extra))]
    difficulty = min(DIFFICULTY_MAX, roll.difficulty + max(0, harder))
    _, _, successes, _ = count_pool(kept, difficulty, ones_cancel=ones_cancel)
    return min(0, successes - roll.successes)
