"""The two-weapon option in the round (VDA-TWO-01, VDA-TWO-02, VDA-TWO-03, VDA-TWO-04):
``vda.TakeTwoWeaponStance`` before
the combatant's first declaration of the round (or of the sequence, by option); the
option's terms on its rolls (``handlers/situation.py``) and its 2s counted as 1s
(``handlers/resolve.py``)."""

from __future__ import annotations

from domain.base import Emitted
from domain.dice import PoolRoll
from domain.errors import Refused, RuleViolation, require
from domain.systems.vda import events as ev
from domain.systems.vda.commands import TakeTwoWeaponStance
from domain.systems.vda.rules import resistance, stake, two_weapons
from domain.systems.vda.scene import Scene
from domain.systems.vda.state import PhysicalAction


def check_open(scene: Scene, cid: str) -> None:
    """VDA-TWO-03: the stance is taken for the round before declaring (for a sequence,
    by option); VDA-TWO-01, VDA-TWO-02: by a fighter with a bought style and two weapons:
    what holds whichever pair the command names."""
    state = scene.state
    require(cid in state.combatants and state.round >= 1, "VDA-TWO-03", f"{cid!r} is not fighting a round")
    require(state.phase in ("initiative", "sequence"), "VDA-TWO-03", "the stance is taken during a round")
    stake.require_not_paralysed(state, cid)
    seq = state.sequence
    declared = seq is not None and (cid in seq.declared or cid in seq.sealed)
    per_round = state.options.tactics.two_weapon_stance_scope == "round"
    started = scene.fighter(cid).physical_used > 0 if per_round else declared
    require(
        not started,
        "VDA-TWO-03",
        f"{cid!r} already declared: the stance is taken for the whole "
        + ("round" if per_round else "sequence"),
    )
    sheet = scene.sheet(cid)
    require(bool(sheet.two_weapon_styles), "VDA-TWO-02", f"{cid!r} has bought no two-weapon style")
    require(len(sheet.weapons) >= 2, "VDA-TWO-01", f"{cid!r} carries fewer than two weapons")


def check_stance(scene: Scene, cid: str, weapons: list[str], on: bool) -> ev.TwoWeaponStanceChanged:
    """VDA-TWO-03: the stance taken (or left) now; VDA-TWO-01, VDA-TWO-02: the two weapons
    sent are carried, in hand, offensive, and make a style the sheet bought."""
    check_open(scene, cid)
    state = scene.state
    number = state.sequence.number if state.sequence is not None else 1
    if not on:
        current = two_weapons.active_stance(state, cid)
        require(current is not None, "VDA-TWO-03", f"{cid!r} holds no two-weapon stance")
        return ev.TwoWeaponStanceChanged(combatant=cid, on=False, round=state.round, sequence=number)
    sheet, fighter = scene.sheet(cid), scene.fighter(cid)
    found = two_weapons.stance_weapons(sheet, cid, weapons)
    for item in weapons:
        resistance.require_in_hand(fighter, cid, item)
    style = two_weapons.require_style(sheet, cid, found)
    return ev.TwoWeaponStanceChanged(
        combatant=cid, on=True, weapons=list(weapons), style=style, round=state.round, sequence=number
    )


def check_any_stance(scene: Scene, cid: str) -> None:
    """``options_for``: the stance may be left, or taken with some pair of the sheet's
    weapons (``check_stance``); ``decide`` judges the pair sent (``judge_stance``)."""
    check_open(scene, cid)
    if two_weapons.active_stance(scene.state, cid) is not None:
        return
    weapons = scene.sheet(cid).weapons
    pairs = [[a, b] for i, a in enumerate(weapons) for b in weapons[i + 1 :]]
    if not any(_passes(scene, cid, pair) for pair in pairs):
        raise RuleViolation("VDA-TWO-02", f"no two of {cid!r}'s weapons make a style it bought, in hand")


def _passes(scene: Scene, cid: str, pair: list[str]) -> bool:
    try:
        check_stance(scene, cid, pair, True)
    except Refused:
        return False
    return True


def judge_stance(scene: Scene, command: TakeTwoWeaponStance) -> None:
    check_stance(scene, command.combatant, command.weapons, command.on)


def take_stance(scene: Scene, command: TakeTwoWeaponStance) -> list[Emitted]:
    return [Emitted(check_stance(scene, command.combatant, command.weapons, command.on))]


def counted(scene: Scene, cid: str, action: PhysicalAction, roll: PoolRoll) -> tuple[PoolRoll, list[Emitted]]:
    """VDA-TWO-04: the roll as the rules read it under the option (2s as 1s), and the event
    that says so; the roll itself (``ActionRolled``) keeps its dice as they fell."""
    stance = two_weapons.active_stance(scene.state, cid)
    if not two_weapons.under_option(stance, action):
        return roll, []
    read = two_weapons.twos_as_ones(roll, scene.options.ones_cancel)
    if read is roll:
        return roll, []
    twos = sum(1 for face in roll.faces if face == 2)
    counted_event = ev.TwosCountedAsOnes(combatant=cid, twos=twos, ones=read.ones, successes=read.successes)
    return read, [Emitted(counted_event)]
