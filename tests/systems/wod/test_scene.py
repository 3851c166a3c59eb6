"""The questions a World of Darkness system asks of the table (``domain.systems.wod.Scene``),
on a ``vtm`` sheet: the base class knows no system's state."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from domain.base import GM, SystemView
from domain.dice import ScriptedRoller
from domain.errors import CheckFailed
from domain.systems import wod
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.state import VtmSheet, VtmState
from domain.systems.wod import Attributes, Modifier


@dataclass(frozen=True)
class SpendingScene(wod.Scene[VtmSheet]):
    """A scene whose state is a fixed ledger of what was spent."""

    system = "test"

    def spent(self, combatant: str, pool: str) -> int:
        return {"blood": 3}.get(pool, 0)


SHEET = VtmSheet(
    attributes=Attributes(dexterity=3), abilities={"brawl": 2}, disciplines={"celerity": 1}, blood=10
)


def scene(roller: ScriptedRoller | None = None) -> SpendingScene:
    view = SystemView(
        state=VtmState(),
        sheets={"ana": SHEET},
        options=VtmOptions(),
        controllers={},
        sender=GM,
        roller=roller or ScriptedRoller([]),
    )
    return SpendingScene.of(view)


def test_trait__reads_attributes_abilities_and_disciplines_by_name() -> None:
    s = scene()
    assert [s.trait("ana", name) for name in ("dexterity", "brawl", "celerity", "melee")] == [3, 2, 1, 0]


def test_sheet__an_unknown_combatant_is_refused_in_the_systems_name() -> None:
    with pytest.raises(CheckFailed, match="no test combatant 'bob'"):
        scene().sheet("bob")


def test_pool_left__is_the_sheets_pool_less_what_was_spent() -> None:
    s = scene()
    assert [s.pool_left("ana", pool) for pool in ("blood", "willpower", "rage")] == [7, 5, 0]


def test_of__keeps_a_scene_as_it_is() -> None:
    s = scene()
    assert SpendingScene.of(s) is s


def test_roll__ones_cancel_by_default_and_on_request_do_not() -> None:
    pool, difficulty = [Modifier(rule="T", value=2)], [Modifier(rule="T", value=6)]
    assert scene(ScriptedRoller([7, 1])).roll(pool, difficulty).successes == 0
    assert scene(ScriptedRoller([7, 1])).roll(pool, difficulty, ones_cancel=False).successes == 1
