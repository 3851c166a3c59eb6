"""The grapple, « L'étreinte » (VDA-GRAP-01, VDA-GRAP-02, VDA-GRAP-03, VDA-GRAP-04, VDA-GRAP-05, VDA-GRAP-06,
VDA-GRAP-07, VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-10, VDA-GRAP-11, VDA-GRAP-12, VDA-GRAP-13, VDA-GRAP-14,
VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18, VDA-GRAP-19, VDA-GRAP-20, VDA-GRAP-21, VDA-GRAP-22,
VDA-GRAP-23, VDA-GRAP-24), one function per rule.

Seed 000 « L'étreinte »: « Défense contre l'étreinte », « 1 - Le contact »,
« 2 - L'épreuve », « 3 - Le contrôle », « 4 - La soumission », « Utilisation de
la magie », « … d'un pouvoir de regard », « … d'une discipline au contact ».
Seed 001 has no grapple. The thresholds themselves are in :mod:`grapple_core`.

A grapple is directional: ``grapples["A>B"]`` is A holding B, with its value and
its cap. Every guard here reads the entry's ``effects``, which the projection
keeps equal to ``grapple_thresholds(value, strength_potence)``.
"""

from __future__ import annotations

from typing import Literal

from domain.errors import require
from domain.systems.vda.data import MeleeWeapon, Weapon
from domain.systems.vda.options import GrappleOptions
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import Fighter, Grapple, GrappleMove, PhysicalAction, VdaState
from domain.systems.wod import Modifier

BRAWL = "brawl"
ATHLETICS = "athletics"
GRIP_ATTRIBUTES = ("dexterity", "strength")
MAGIC_DISCIPLINES = frozenset({"thaumaturgy", "necromancy", "thaumaturgie", "necromancie"})
TOUCH_DISCIPLINES = frozenset({"quietus", "valeren", "vicissitude"})
"""VDA-GRAP-24: « Quietus, Valeren, Viscissitude »."""

MOVE_KINDS: dict[GrappleMove, str] = {
    "contact": "attack",
    "weapon_defence": "defend",
    "oppose": "defend",
    "escape": "other",
    "flee": "move",
    "control": "other",
    "takedown": "other",
    "drink": "other",
}
SIZE_RULES = {"G": "VDA-GRAP-15", "M": "VDA-GRAP-16", "P": "VDA-GRAP-17"}


# --- who holds whom -------------------------------------------------------------


def key(grappler: str, target: str) -> str:
    return f"{grappler}>{target}"


def hold(state: VdaState, grappler: str, target: str) -> Grapple | None:
    return state.grapples.get(key(grappler, target))


def holders_of(state: VdaState, target: str) -> dict[str, Grapple]:
    """Who holds ``target`` (several grapplers may hold one target), by grappler."""
    found = {}
    for pair, grapple in state.grapples.items():
        grappler, _, held = pair.partition(">")
        if held == target:
            found[grappler] = grapple
    return found


def held_by_me(state: VdaState, grappler: str) -> dict[str, Grapple]:
    found = {}
    for pair, grapple in state.grapples.items():
        holder, _, held = pair.partition(">")
        if holder == grappler:
            found[held] = grapple
    return found


def contact_between(state: VdaState, a: str, b: str) -> int:
    """The largest value of the holds between ``a`` and ``b`` in either direction (−1: none)."""
    values = [g.value for g in (hold(state, a, b), hold(state, b, a)) if g is not None]
    return max(values, default=-1)


# --- VDA-GRAP-01, VDA-GRAP-02, VDA-GRAP-03, VDA-GRAP-04, VDA-GRAP-05, VDA-GRAP-06, VDA-GRAP-07: the attempt


def weapon_defence_terms(weapon: Weapon | None) -> tuple[Modifier, Modifier | None]:
    """VDA-GRAP-01: an armed defender meets a grapple attempt with the weapon: +1 die for
    size P, +2 for M, +3 for G; M and G also lower the difficulty by 1.

    Seed 000 « Défense contre l'étreinte ». Pool and difficulty are the catalogue's
    (Dexterity + Melee at 6, ``GrappleOptions``)."""
    require(
        isinstance(weapon, MeleeWeapon),
        "VDA-GRAP-01",
        "la défense contre l'étreinte se fait avec une arme de corps à corps / a melee weapon",
    )
    assert isinstance(weapon, MeleeWeapon)
    dice = {"P": 1, "M": 2, "G": 3}[weapon.size]
    bonus = Modifier(rule="VDA-GRAP-01", value=dice, why=f"arme de taille {weapon.size}")
    easier = Modifier(rule="VDA-GRAP-01", value=-1, why=f"arme de taille {weapon.size}")
    return bonus, easier if weapon.size in ("M", "G") else None


def weapon_defence_outcome(grappler: int, defender: int) -> Literal["through", "tie", "defender_strikes"]:
    """VDA-GRAP-02: the weapon defence is opposed: the grappler gets through with more
    successes (``through``), a tie fails the attempt (``tie``), more defender successes
    fail it and the defender strikes the grappler (``defender_strikes``).

    Seed 000 « Défense contre l'étreinte »."""
    if grappler > defender:
        return "through"
    return "tie" if grappler == defender else "defender_strikes"


def contact_cap(margin: int) -> int | None:
    """VDA-GRAP-03: contact is a normal Dexterity + Brawl attack the target may dodge or
    parry; its hit margin is the grapple's maximum value (None: no contact).

    Seed 000 « 1 - Le contact »."""
    return margin if margin > 0 else None


def base_value(remainder: int, cap: int) -> int | None:
    """VDA-GRAP-04: the contact-strength roll against the target's resisting roll: the
    positive remainder is the base value, never above the cap; VDA-GRAP-05: 0 is a
    grapple of value 0; VDA-GRAP-07: a negative remainder fails (None).

    Seed 000 « 1 - Le contact »."""
    if remainder < 0:
        return None
    return min(remainder, cap)


def may_tighten(grapple: Grapple, fighter: Fighter, round_number: int) -> bool:
    """VDA-GRAP-05: at value 0 the grappler may tighten (control) at its very next action
    only; any other action first loses that chance.

    Seed 000 « 1 - Le contact » (« Valeur nulle »)."""
    if grapple.value > 0:
        return True
    return grapple.zero_round == round_number and grapple.zero_used == fighter.physical_used


def resist_attribute(scene: Scene, target: str, options: GrappleOptions) -> str:
    """VDA-GRAP-04: the target resists with Dexterity or Strength + Potence: by default
    the larger (Strength on a tie)."""
    if options.resist_with != "larger":
        return options.resist_with
    return larger_grip(scene, target)


def larger_grip(scene: Scene, cid: str) -> str:
    """Strength (+ Potence) or Dexterity, whichever is larger (Strength on a tie)."""
    strength = scene.trait(cid, "strength") + scene.trait(cid, "potence")
    return "strength" if strength >= scene.trait(cid, "dexterity") else "dexterity"


def grip_pool(
    scene: Scene, cid: str, attribute: str, skill: str, options: GrappleOptions
) -> tuple[list[Modifier], int]:
    """VDA-GRAP-04, VDA-GRAP-08, VDA-GRAP-12: a grapple pool is Dexterity (+ skill) or Strength (+ skill) +
    Potence; Potence is automatic successes (VDA-FORPOT-05, option) or dice.

    Returns the dice terms and the automatic successes."""
    require(
        attribute in GRIP_ATTRIBUTES,
        "VDA-GRAP-08",
        "une étreinte se joue en Dextérité ou en Force + Potence / Dexterity or Strength",
    )
    pool = [Modifier(rule="VDA-GRAP-08", value=scene.trait(cid, attribute), why=attribute)]
    if skill:
        pool.append(Modifier(rule="VDA-GRAP-08", value=scene.trait(cid, skill), why=skill))
    potence = scene.trait(cid, "potence") if attribute == "strength" else 0
    if potence and not options.potence_automatic:
        pool.append(Modifier(rule="VDA-FORPOT-05", value=potence, why="potence"))
        potence = 0
    return pool, potence


# --- VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-10, VDA-GRAP-11, VDA-GRAP-12, VDA-GRAP-13: the test, flight and
# control


def escape_loss(escaper: int, opposition: int) -> int:
    """VDA-GRAP-08: the held character's successes left after the grappler's opposition
    lower the value (Strength + Brawl + Potence or Dexterity + Brawl, each side).

    Seed 000 « 2 - L'épreuve »."""
    return max(0, escaper - opposition)


def kept_successes(grapple: Grapple, side: str) -> int | None:
    """VDA-GRAP-09: the grappler keeps its opposition successes against further escapes
    in the round; VDA-GRAP-13: the held character keeps its successes against further
    control attempts in the round; neither spends another action.

    Seed 000 « 2 - L'épreuve », « 3 - Le contrôle »."""
    return grapple.grappler_kept if side == "grappler" else grapple.target_kept


def actions_left_to_oppose(physical: int, sequence: int) -> int:
    """VDA-GRAP-08, VDA-GRAP-09, VDA-GRAP-12, VDA-GRAP-13 (ruling): the opposition to an escape or a control
    is a reaction,
    declared in no advance; the round's first one takes one of the opposer's physical
    actions still to come (those after this sequence), and with none left it is 0.

    Seed 000 « 2 - L'épreuve » (« sans dépenser d'action supplémentaire » for the later
    attempts), « 3 - Le contrôle » (« au prix d'une action défensive »)."""
    return max(0, physical - sequence)


def pair_repeat_malus(fighter: Fighter, pair: str) -> Modifier | None:
    """VDA-GRAP-10: in a round, each new grapple roll with the same attribute + ability
    pair is at +1 difficulty per repetition (in place of VDA-GEN-01's skill count).

    Seed 000 « 2 - L'épreuve »."""
    uses = fighter.grapple_pairs.get(pair, 0)
    if uses == 0:
        return None
    return Modifier(rule="VDA-GRAP-10", value=uses, why=f"{pair} déjà utilisé {uses}×")


def flight_difficulty(options: GrappleOptions) -> Modifier:
    """VDA-GRAP-11: flight is Strength + Athletics at +2 difficulty or more (the GM adds
    more with ``AdjustDifficulty``).

    Seed 000 « 2 - L'épreuve » (« avec au moins +2 à la difficulté »)."""
    return Modifier(rule="VDA-GRAP-11", value=max(2, options.flight_extra_difficulty), why="fuite")


def flight_split(net: int) -> tuple[int, int]:
    """VDA-GRAP-11: flight successes go alternately to lowering the value and to moving,
    the first to the value: (value lost, movement successes).

    Seed 000 « 2 - L'épreuve »."""
    net = max(0, net)
    return (net + 1) // 2, net // 2


def control_gain(grappler: int, opposition: int) -> int:
    """VDA-GRAP-12: the grappler's successes left after the held character's opposition
    (one of the same two pools, at the cost of a defensive action) raise the value.

    Seed 000 « 3 - Le contrôle »."""
    return max(0, grappler - opposition)


# --- VDA-GRAP-14, VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17, VDA-GRAP-18, VDA-GRAP-19, VDA-GRAP-20, VDA-GRAP-21:
# what a value forbids


def drag_malus(state: VdaState, mover: str, every: bool) -> Modifier | None:
    """VDA-GRAP-14: from a positive value, moving drags the other person: +2 difficulty on
    movement rolls per person held (by default every grapple the mover is part of).

    Seed 000 « 4 - La soumission » (« par personne agrippée »): a person held both ways
    counts once."""
    dragged: set[str] = set()
    for pair, grapple in state.grapples.items():
        holder, _, held = pair.partition(">")
        if grapple.value > 0 and holder == mover:
            dragged.add(held)
        elif grapple.value > 0 and every and held == mover:
            dragged.add(holder)
    if not dragged:
        return None
    return Modifier(rule="VDA-GRAP-14", value=2 * len(dragged), why=f"traîne {len(dragged)} personne(s)")


def dodge_malus(state: VdaState, target: str) -> Modifier | None:
    """VDA-GRAP-19: once a hold reaches the target's Strength + Potence, its dodges against
    others are at +2 difficulty per person holding it.

    Seed 000 « 4 - La soumission »."""
    holders = holders_of(state, target)
    if not any(g.effects.dodge_malus for g in holders.values()):
        return None
    count = sum(1 for g in holders.values() if g.value > 0)
    return Modifier(rule="VDA-GRAP-19", value=2 * count, why=f"agrippé par {count}")


def require_weapon_usable(state: VdaState, cid: str, weapon: Weapon | None) -> None:
    """VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17: a held character uses no size G weapon from 2, no size M from 4,
    no size P from 6.

    Seed 000 « 4 - La soumission »."""
    if not isinstance(weapon, MeleeWeapon):
        return
    for grappler, grapple in holders_of(state, cid).items():
        require(
            weapon.size not in grapple.effects.forbidden_sizes,
            SIZE_RULES[weapon.size],
            f"{cid!r} est étreint par {grappler!r} à {grapple.value}: pas d'arme de taille "
            f"{weapon.size} / no size {weapon.size} weapon while held at {grapple.value}",
        )


def require_may_attack(state: VdaState, cid: str, target: str) -> None:
    """VDA-GRAP-18: from a value of 8 the held character can no longer attack its grappler,
    by any means (the bite included).

    Seed 000 « 4 - La soumission » (« quel que soit le moyen utilisé »)."""
    grapple = hold(state, target, cid)
    require(
        grapple is None or not grapple.effects.no_attack_on_grappler,
        "VDA-GRAP-18",
        f"{cid!r} est étreint à {grapple.value if grapple else 0} par {target!r}: plus aucune "
        "attaque contre lui / no attack on the grappler from 8",
    )


def require_may_flee(grapple: Grapple, cid: str) -> None:
    """VDA-GRAP-19: from the target's Strength + Potence, no more flight.

    Seed 000 « 4 - La soumission »."""
    require(
        grapple.effects.flight,
        "VDA-GRAP-19",
        f"{cid!r} est étreint à {grapple.value} ≥ Force + Potence ({grapple.strength_potence}): "
        "plus de fuite / no more flight",
    )


def require_takedown(grapple: Grapple | None, target: str) -> Grapple:
    """VDA-GRAP-20: from twice the target's Strength + Potence, the grappler may throw it
    to the ground (a physical action, no roll); it is then « Au sol » (+1 difficulty,
    +2 on initiative, VDA-PRONE-01, VDA-PRONE-03).

    Seed 000 « 4 - La soumission »."""
    require(
        grapple is not None and grapple.effects.takedown,
        "VDA-GRAP-20",
        f"mise à terre à partir de 2 × (Force + Potence) de {target!r} / takedown needs twice "
        "Strength + Potence",
    )
    assert grapple is not None
    return grapple


def require_not_immobilised(state: VdaState, cid: str, action: PhysicalAction) -> None:
    """VDA-GRAP-21: from three times Strength + Potence the held character is immobilised:
    no physical action but escaping (or opposing a control), no dodge or parry.

    Seed 000 « 4 - La soumission »; what « immobilisée » allows is the catalogue's."""
    if action.kind == "none" or action.grapple in ("escape", "oppose"):
        return
    for grappler, grapple in holders_of(state, cid).items():
        require(
            not grapple.effects.immobilised,
            "VDA-GRAP-21",
            f"{cid!r} est immobilisé par {grappler!r} / immobilised: only escape attempts",
        )


def power_requirement(discipline: str, requires: str) -> str:
    """What a power needs, from its sheet entry or its discipline (VDA-GRAP-22, VDA-GRAP-23, VDA-GRAP-24)."""
    if requires != "none":
        return requires
    name = discipline.lower()
    if name in MAGIC_DISCIPLINES:
        return "magic"
    return "touch" if name in TOUCH_DISCIPLINES else "none"


def power_hindrance(requirement: str, value: int) -> list[Modifier]:
    """VDA-GRAP-22: a magic path while held loses dice equal to the control value and is at
    +1 difficulty from 4; VDA-GRAP-23: gaze powers likewise; VDA-GRAP-24: touch
    disciplines (Quietus, Valeren, Vicissitude) work normally.

    Seed 000 « Utilisation de la magie », « … d'un pouvoir de regard », « … au contact »."""
    if requirement not in ("magic", "gaze") or value <= 0:
        return []
    rule = "VDA-GRAP-22" if requirement == "magic" else "VDA-GRAP-23"
    terms = [Modifier(rule=rule, value=-value, why="dés perdus: valeur d'étreinte")]
    if value >= 4:
        terms.append(Modifier(rule=rule, value=1, why="étreinte à 4 ou plus"))
    return terms


def require_power_possible(requirement: str, value: int, power: str) -> None:
    """VDA-GRAP-22, VDA-GRAP-23: a magic path or a gaze power is impossible from a value of 8.

    Seed 000 « Utilisation de la magie »."""
    if requirement not in ("magic", "gaze"):
        return
    rule = "VDA-GRAP-22" if requirement == "magic" else "VDA-GRAP-23"
    require(value < 8, rule, f"{power!r}: impossible étreint à {value} (8 ou plus) / impossible from 8")


def strongest_hold(state: VdaState, cid: str) -> int:
    """The highest value holding ``cid`` (VDA-GRAP-22 with several grapplers)."""
    return max((g.value for g in holders_of(state, cid).values()), default=0)


def grappling_value(state: VdaState, cid: str, options: GrappleOptions) -> int:
    """The value a gaze power of ``cid`` suffers: the holds on it, and (option,
    VDA-GRAP-23 « par la lutte ») the holds it keeps on others."""
    value = strongest_hold(state, cid)
    if options.gaze_malus_hits_grappler:
        value = max([value, *(g.value for g in held_by_me(state, cid).values())])
    return value


# --- declaring a grapple action ---------------------------------------------------


def require_move_form(action: PhysicalAction) -> None:
    """VDA-PHYS-02 for grapple actions: each move is one kind of physical action."""
    move = action.grapple
    if move is None:
        return
    require(
        action.kind == MOVE_KINDS[move],
        "VDA-PHYS-02",
        f"l'action d'étreinte {move!r} est de type {MOVE_KINDS[move]!r} / is a {MOVE_KINDS[move]!r} action",
    )
    require(action.target is not None, "VDA-PHYS-02", f"{move!r} names the other fighter")
    if move in ("escape", "control", "oppose"):
        require(
            action.attribute in GRIP_ATTRIBUTES,
            "VDA-GRAP-08" if move != "control" else "VDA-GRAP-12",
            "Dextérité + Bagarre ou Force + Bagarre + Potence / Dexterity or Strength + Brawl",
        )
    if move == "contact":
        require(
            action.skill == BRAWL and action.weapon is None,
            "VDA-GRAP-03",
            "le contact est un jet de Dextérité + Bagarre sans arme / Dexterity + Brawl, no weapon",
        )


def require_move_possible(scene: Scene, cid: str, action: PhysicalAction) -> None:
    """The grapple each move needs: who must hold whom, and the thresholds it needs."""
    move, other = action.grapple, action.target or ""
    state = scene.state
    if move == "contact":
        require(other != cid, "VDA-GRAP-03", "on n'étreint pas soi-même / not oneself")
        require(
            hold(state, cid, other) is None,
            "VDA-GRAP-03",
            f"{cid!r} étreint déjà {other!r}: renforcer (control) / already holds: use control",
        )
    elif move == "weapon_defence":
        weapon = scene.weapon(cid, action.weapon)
        require(
            action.weapon is not None and scene.carries(cid, action.weapon),
            "VDA-GRAP-01",
            f"{cid!r} ne porte pas {action.weapon!r} / does not carry that weapon",
        )
        weapon_defence_terms(weapon)
    elif move in ("escape", "flee"):
        grapple = hold(state, other, cid)
        require(
            grapple is not None,
            "VDA-GRAP-08" if move == "escape" else "VDA-GRAP-11",
            f"{other!r} n'étreint pas {cid!r} / {other!r} does not hold {cid!r}",
        )
        if move == "flee":
            assert grapple is not None
            require_may_flee(grapple, cid)
    elif move == "control":
        grapple = hold(state, cid, other)
        require(grapple is not None, "VDA-GRAP-12", f"{cid!r} n'étreint pas {other!r} / holds no {other!r}")
        assert grapple is not None
        require(
            may_tighten(grapple, scene.fighter(cid), state.round),
            "VDA-GRAP-05",
            "étreinte nulle: seule l'action suivante pouvait la renforcer / a value-0 hold is "
            "tightened at the very next action only",
        )
    elif move == "oppose":
        require(
            contact_between(state, cid, other) >= 0,
            "VDA-GRAP-09",
            f"aucune étreinte entre {cid!r} et {other!r} / no grapple between them",
        )
    elif move == "takedown":
        require_takedown(hold(state, cid, other), other)


def require_action_allowed(scene: Scene, cid: str, action: PhysicalAction) -> None:
    """Every grapple guard a declaration consults (called from ``declare.check_action``):
    the move's form and grapple, then what the holds on ``cid`` forbid."""
    require_move_form(action)
    require_move_possible(scene, cid, action)
    state = scene.state
    require_not_immobilised(state, cid, action)
    weapon = scene.weapon(cid, action.weapon)
    if action.kind in ("attack", "defend"):
        require_weapon_usable(state, cid, weapon)
    if action.offensive and action.target is not None:
        require_may_attack(state, cid, action.target)


def held_difficulty(scene: Scene, cid: str, action: PhysicalAction) -> list[Modifier]:
    """The grapple terms an ordinary roll takes (called from ``resolve.action_difficulty``):
    VDA-GRAP-14's drag on a movement roll, VDA-GRAP-19's dodge malus."""
    state, terms = scene.state, []
    every = scene.options.grapple.drag_counts_every_grapple
    if action.kind == "move" and action.grapple is None and (drag := drag_malus(state, cid, every)):
        terms.append(drag)
    if action.defensive and action.defence == "dodge" and (dodge := dodge_malus(state, cid)):
        terms.append(dodge)
    return terms
