"""The gaze attack (VDA-GAZE), from seed 000 « Attaque de regard ».

Some powers need to catch the target's gaze. Caught at once when the power is above
the target's Willpower + Mental Control (VDA-GAZE-01); otherwise a roll of Charisma +
(Etiquette or Intimidation) at 5 that must beat the target's Wits (VDA-GAZE-02). A
target that averts its eyes fights at +1 and −2 initiative (VDA-GAZE-03), and the roll
is then at its Wits + Alertness, the successes cumulating until they exceed its Wits +
Self-Control + Instinct (VDA-GAZE-04). One reflexive roll a round (VDA-GAZE-05), or an
active action at −2 with Manipulation, which the target may see through (VDA-GAZE-06)
and answer by closing its eyes, +3 on its active rolls (VDA-GAZE-07).
"""

from __future__ import annotations

from domain.errors import require
from domain.systems.vda.options import TacticsOptions
from domain.systems.vda.rules.grapple import power_requirement
from domain.systems.vda.rules.powers import block_score
from domain.systems.vda.state import VdaPower, VdaSheet, VdaState
from domain.systems.vda.tactics import GazePair, TacticsBoard
from domain.systems.wod import NONE, Modifier, Terms, terms

GAZE_DIFFICULTY = 5
ACTIVE_BONUS = 2
AVERTING_MALUS = 1
AVERTING_INITIATIVE = 2
CLOSED_EYES_MALUS = 3
GAZE_SKILLS = ("etiquette", "intimidation")
DETECTION_SKILLS = ("empathy", "occult")


def key(attacker: str, target: str) -> str:
    return f"{attacker}>{target}"


def pair(board: TacticsBoard, attacker: str, target: str) -> GazePair:
    return board.gazes.get(key(attacker, target), GazePair())


def require_gaze_power(sheet: VdaSheet, combatant: str, power_id: str) -> VdaPower:
    """VDA-GAZE-01: a gaze attack serves a power that needs the target's gaze.

    Seed 000 « Attaque de regard » (« Certains pouvoirs et effets magiques exigent de
    capter le regard de la cible »): a power of the sheet with ``requires: gaze``."""
    power = sheet.powers.get(power_id)
    require(power is not None, "VDA-GAZE-01", f"{combatant!r} has no power {power_id!r}")
    assert power is not None
    require(
        power_requirement(power.discipline, power.requires) == "gaze",
        "VDA-GAZE-01",
        f"{power_id!r} does not need the target's gaze",
    )
    return power


def automatic_capture(sheet: VdaSheet, power: VdaPower, target: VdaSheet, options: TacticsOptions) -> bool:
    """VDA-GAZE-01: the gaze is caught at once when the power exceeds the target's
    Willpower + Mental Control.

    Seed 000 « Attaque de regard » (« La réussite est automatique si le pouvoir à l'origine
    de l'attaque dépasse Volonté + Contrôle mental de la cible »). The power is read as its
    level (option: its discipline's dots), Mental Control as the block score of VDA-POW-07
    (option: Dominate)."""
    strength = (
        power.level if options.gaze_power_measure == "level" else sheet.disciplines.get(power.discipline, 0)
    )
    control = (
        block_score(target, "mental_control")
        if options.gaze_mental_control == "block"
        else target.disciplines.get("dominate", 0)
    )
    return strength > target.willpower + control


def gaze_difficulty(averting: bool, target: VdaSheet) -> Modifier:
    """VDA-GAZE-02: the roll is at 5; VDA-GAZE-04: against averted eyes, at the target's
    Wits + Alertness.

    Seed 000 « Attaque de regard » (« difficulté 5 »; « Pour capter son regard dans ce
    cas, la difficulté du jet est égale à Astuce + Vigilance »)."""
    if averting:
        value = target.attributes.wits + target.abilities.get("alertness", 0)
        return Modifier(rule="VDA-GAZE-04", value=value, why="regard détourné: Astuce + Vigilance")
    return Modifier(rule="VDA-GAZE-02", value=GAZE_DIFFICULTY, why="attaque de regard")


def needed(averting: bool, target: VdaSheet) -> int:
    """VDA-GAZE-02: more successes than the target's Wits; VDA-GAZE-04: against averted eyes,
    cumulated successes above its Wits + Self-Control + Instinct (the missing one counts 0).

    Seed 000 « Attaque de regard »."""
    wits = target.attributes.wits
    return wits + target.self_control + target.instinct if averting else wits


def progress(averting: bool, before: GazePair, successes: int) -> int:
    """VDA-GAZE-04: while the target averts its eyes the successes cumulate; VDA-GAZE-02:
    otherwise each roll stands alone.

    Seed 000 « Attaque de regard » (« Le cumul des succès doit dépasser … »)."""
    return before.progress + successes if averting else successes


def captured(progress_now: int, threshold: int) -> bool:
    """VDA-GAZE-02, VDA-GAZE-04: caught when the (cumulated) successes exceed the threshold."""
    return progress_now > threshold


def require_reflexive_unused(
    board: TacticsBoard, attacker: str, target: str, round_number: int, options: TacticsOptions
) -> None:
    """VDA-GAZE-05: a reflexive gaze attack allows one roll a round.

    Seed 000 « Attaque de regard » (« Une attaque de regard réflexive permet un jet par
    round »): one for the attacker (option: one per target)."""
    require(
        board.reflexive.get(reflexive_slot(attacker, target, options)) != round_number,
        "VDA-GAZE-05",
        f"{attacker!r} already made its reflexive gaze roll this round",
    )


def reflexive_slot(attacker: str, target: str, options: TacticsOptions) -> str:
    """VDA-GAZE-05: whose reflexive roll of the round a gaze uses: the attacker's, or the
    pair's (option ``gaze_reflexive_per``)."""
    return attacker if options.gaze_reflexive_per == "attacker" else key(attacker, target)


def active_terms() -> Terms:
    """VDA-GAZE-06: an active action spent on the gaze is at −2 difficulty (and rolls
    Manipulation instead of Charisma).

    Seed 000 « Attaque de regard » (« la difficulté diminue de 2 et le jet utilise
    Manipulation à la place de Charisme »)."""
    return terms("VDA-GAZE-06", difficulty=-ACTIVE_BONUS)


def gaze_attribute(active: bool) -> str:
    """VDA-GAZE-02, VDA-GAZE-06: Charisma for the reflexive roll, Manipulation for the active one."""
    return "manipulation" if active else "charisma"


def require_gaze_skill(skill: str) -> None:
    """VDA-GAZE-02: the roll is Charisma (or Manipulation) + Etiquette or Intimidation."""
    require(skill in GAZE_SKILLS, "VDA-GAZE-02", "a gaze roll uses Etiquette or Intimidation")


def require_eyes_open(board: TacticsBoard, target: str, automatic: bool, options: TacticsOptions) -> None:
    """VDA-GAZE-07: closed eyes cannot be caught (even automatically, by the default option).

    Seed 000 « Attaque de regard » (« la cible peut fermer les yeux »)."""
    if automatic and not options.closed_eyes_stop_automatic:
        return
    require(target not in board.eyes_closed, "VDA-GAZE-07", f"{target!r} has closed its eyes")


def require_not_captured(board: TacticsBoard, attacker: str, target: str) -> None:
    """VDA-GAZE-02: a caught gaze needs no new roll (the GM frees it with ``vda.AdjustGaze``)."""
    require(
        not pair(board, attacker, target).captured,
        "VDA-GAZE-02",
        f"{attacker!r} already holds {target!r}'s gaze",
    )


def eyes_terms(board: TacticsBoard, combatant: str, sight_primary: bool) -> Terms:
    """VDA-GAZE-03: averted eyes cost +1 on every active roll; VDA-GAZE-07: closed eyes +3,
    nothing if sight is not the main sense (the two do not add up).

    Seed 000 « Attaque de regard » (« elle subit +1 à la difficulté de tous ses jets
    actifs »; « +3 à la difficulté de tous ses jets actifs, sauf si la vision n'est pas son
    sens principal »)."""
    if combatant in board.eyes_closed:
        if not sight_primary:
            return NONE
        return terms("VDA-GAZE-07", difficulty=CLOSED_EYES_MALUS)
    if combatant in board.averting:
        return terms("VDA-GAZE-03", difficulty=AVERTING_MALUS)
    return NONE


def averting_initiative(score: int) -> tuple[int, int]:
    """VDA-GAZE-03: averting the eyes loses 2 initiative points (each round it lasts):
    (delta, new score).

    Seed 000 « Attaque de regard » (« perd 2 points d'initiative »)."""
    return -AVERTING_INITIATIVE, score - AVERTING_INITIATIVE


def require_status_change(current: bool, wanted: bool, rule: str, what: str) -> None:
    require(current != wanted, rule, f"{what} already {'on' if wanted else 'off'}")


def require_may_close_eyes(board: TacticsBoard, combatant: str) -> None:
    """VDA-GAZE-07: the target closes its eyes once it understood the intent (VDA-GAZE-06).

    Seed 000 « Attaque de regard » (« Si elle comprend les intentions du vampire, la cible
    peut fermer les yeux »); the GM may set ``understood`` with ``vda.AdjustGaze``."""
    understood = any(p.understood for k, p in board.gazes.items() if k.endswith(f">{combatant}"))
    require(understood, "VDA-GAZE-07", f"{combatant!r} has not understood any gaze attack")


def require_detectable(state: VdaState, attacker: str, target: str) -> None:
    """VDA-GAZE-06: the intent may be guessed when an active action is spent on the gaze
    (declared this sequence, or made this round), once a round.

    Seed 000 « Attaque de regard » (« La cible peut alors deviner l'intention »)."""
    seq = state.sequence
    declared = seq.declared.get(attacker) if seq else None
    now = declared is not None and declared.gaze is not None and declared.target == target
    found = pair(state.tactics, attacker, target)
    require(
        now or found.active_round == state.round,
        "VDA-GAZE-06",
        f"{attacker!r} spends no active action on {target!r}'s gaze",
    )
    require(
        found.detection_round != state.round,
        "VDA-GAZE-06",
        f"{target!r} already tried to guess {attacker!r}'s intent this round",
    )


def require_detection_skill(skill: str) -> None:
    require(skill in DETECTION_SKILLS, "VDA-GAZE-06", "Perception + Empathy or Occult")


def detection_difficulty(options: TacticsOptions) -> Modifier:
    """VDA-GAZE-06: the seed gives no difficulty: 6 by default (option)."""
    return Modifier(rule="VDA-GAZE-06", value=options.gaze_detection_difficulty, why="deviner l'intention")


def understood(successes: int, options: TacticsOptions) -> bool:
    """VDA-GAZE-06: the seed gives no threshold: 1 success by default (option)."""
    return successes >= options.gaze_detection_successes
