"""What a ``vtm`` sheet may hold."""

from __future__ import annotations

from domain.errors import require
from domain.systems.vtm.options import VtmOptions
from domain.systems.vtm.rules.dice import require_specialties_allowed
from domain.systems.vtm.state import VtmSheet
from domain.systems.wod import Attributes


def check_sheet(sheet: VtmSheet, options: VtmOptions) -> None:
    """VTM-DICE-07 when a combatant is added or updated; VTM-ACT-07: a sheathed weapon is
    one the character carries."""
    ratings = {name: getattr(sheet.attributes, name) for name in Attributes.__struct_fields__}
    require_specialties_allowed(sheet, {**ratings, **sheet.abilities, **sheet.disciplines})
    stray = [name for name in sheet.sheathed if name not in sheet.weapons]
    require(not stray, "VTM-ACT-07", f"sheathed but not carried (weapons): {', '.join(stray)}")
