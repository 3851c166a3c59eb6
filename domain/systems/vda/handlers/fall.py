"""A fall: « Au sol » and the initiative it costs (VDA-PRONE-04, VDA-PRONE-05), whatever threw the
combatant down — a dive's dodge (VDA-DIVE-04), a takedown (VDA-GRAP-20), a grenade's blast
(VDA-GREN-06), a botch (VDA-GEN-02) or the GM's ruling."""

from __future__ import annotations

from domain.systems.vda import events as ev
from domain.systems.vda.rules.movement import initiative_lost_on_critical_fall, initiative_lost_on_fall
from domain.systems.vda.scene import Scene


def fall(scene: Scene, cid: str, rule: str, reason: str, ones: int | None = None) -> list[ev.VdaEvent]:
    """``cid`` falls: « Au sol » (``rule`` says what threw it down; ``reason`` is a key of the
    sentence catalogues, ``reason.<key>``, or the GM's own words), then, while it holds an
    initiative score this round, 1 point lost (VDA-PRONE-04), or one per 1 rolled when the
    fall comes from a critical failure (``ones``, VDA-PRONE-05). Whoever already lies on the
    ground does not fall again; a botch still costs its 1s.

    Seed 000 « Au sol » (« Tomber réduit généralement l'initiative de 1 point pour le round
    en cours »)."""
    fighter = scene.fighter(cid)
    emitted: list[ev.VdaEvent] = []
    if "prone" not in fighter.conditions:
        down = ev.ConditionChanged(combatant=cid, condition="prone", on=True, rule=rule, reason=reason)
        emitted.append(down)
    elif ones is None:
        return []
    in_round = fighter.initiative_rolled and scene.state.phase in ("initiative", "sequence")
    if not in_round:
        return emitted
    if ones is None:
        lost, why, lost_rule = initiative_lost_on_fall(), "fall", "VDA-PRONE-04"
    else:
        lost, why, lost_rule = initiative_lost_on_critical_fall(ones), "botch_fall", "VDA-PRONE-05"
    adjusted = ev.InitiativeAdjusted(
        combatant=cid, delta=-lost, score=fighter.initiative - lost, rule=lost_rule, reason=why
    )
    return [*emitted, adjusted]
