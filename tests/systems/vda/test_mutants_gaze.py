"""Gaze attacks through ``decide``: whose reflexive roll of the round a gaze uses, under
each reading of the table option. Written against the mutants that survived the mutation
run of ``docs/systems/vda.md``."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.options import TacticsOptions, VdaOptions
from domain.systems.vda.rules.initiative import declaring_now
from domain.systems.vda.state import VdaPower
from domain.systems.wod import Modifier
from tests.systems.vda.conftest import Table, act, roll, sheet
from tests.systems.vda.test_equipment_round import scripted
from tests.systems.vda.test_gaze_two_weapons import REGARD, gaze_fight, gazer

SPENT = "VDA-GAZE-05: 'alma' already made its reflexive gaze roll this round"


def three(per: str) -> Table:
    """Alma (a gaze power) faces Bors and Cole, two mortals; everyone rolled initiative, at a
    table whose reflexive gaze roll is one a round per ``per``."""
    t = Table(VdaOptions(tactics=TacticsOptions(gaze_reflexive_per=per)))  # type: ignore[arg-type]
    alma = gazer()
    t.add("alma", replace(alma, attributes=replace(alma.attributes, charisma=3, manipulation=3)))
    for cid in ("bors", "cole"):
        t.add(cid, sheet(kind="mortal", melee=2, dodge=1, self_control=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cole", [6, 2, 2, 2, 2])
    return t


def catch(t: Table, target: str) -> list[object]:
    return t.send(c.CatchGaze(combatant="alma", target=target, power="regard"), [2] * 5)


def test_one_reflexive_gaze_roll_a_round_for_the_attacker() -> None:
    """VDA-GAZE-05: « un jet par round », by default the attacker's: after catching Bors's
    eyes, Alma may not try Cole's in the same round."""
    t = three("attacker")
    assert isinstance(catch(t, "bors")[0], ev.GazeRolled)
    assert str(t.refuse(c.CatchGaze(combatant="alma", target="cole", power="regard"), [2] * 5)) == SPENT


def test_one_reflexive_gaze_roll_a_round_per_pair_under_the_option() -> None:
    """VDA-GAZE-05: under ``gaze_reflexive_per = "pair"`` the roll is one a round per target:
    Alma tries Bors's eyes then Cole's, but not Bors's twice."""
    t = three("pair")
    assert isinstance(catch(t, "bors")[0], ev.GazeRolled)
    assert isinstance(catch(t, "cole")[0], ev.GazeRolled)
    assert str(t.refuse(c.CatchGaze(combatant="alma", target="bors", power="regard"), [2] * 5)) == SPENT


def test_two_attackers_each_have_their_roll_at_the_same_target_per_pair() -> None:
    """VDA-GAZE-05: under ``gaze_reflexive_per = "pair"`` Dan's roll at Bors is not the one
    Alma already made at Bors."""
    t = Table(VdaOptions(tactics=TacticsOptions(gaze_reflexive_per="pair")))
    alma = gazer()
    strong = replace(alma, attributes=replace(alma.attributes, charisma=3, manipulation=3))
    t.add("alma", strong)
    t.add("dan", strong)
    t.add("bors", sheet(kind="mortal", melee=2, dodge=1, self_control=2))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("dan", [6, 6, 2, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    assert isinstance(catch(t, "bors")[0], ev.GazeRolled)
    dan = t.send(c.CatchGaze(combatant="dan", target="bors", power="regard"), [2] * 5)
    assert isinstance(dan[0], ev.GazeRolled) and dan[0].attacker == "dan"


@pytest.mark.parametrize(
    ("measure", "control", "alma", "level", "bors", "automatic"),
    [
        # The power's level against Willpower 5 + the Mental Control block (Presence 1).
        ("level", "block", {}, 6, {"willpower": 5, "presence": 1}, False),
        ("level", "block", {}, 7, {"willpower": 5, "presence": 1}, True),
        # Mental Control read as Dominate: Presence no longer counts.
        ("level", "dominate", {}, 6, {"willpower": 5, "presence": 1}, True),
        ("level", "dominate", {}, 6, {"willpower": 5, "dominate": 1}, False),
        # The power read as its discipline's dots (Dominate 6), not its level 2.
        ("discipline", "block", {"dominate": 6}, 2, {"willpower": 5}, True),
        ("discipline", "block", {"dominate": 5}, 9, {"willpower": 5}, False),
        # Without the discipline the power counts 0: not above a Willpower of 0.
        ("discipline", "block", {}, 9, {"willpower": 0}, False),
    ],
)
def test_a_gaze_is_caught_at_once_when_the_power_exceeds_willpower_plus_mental_control(
    measure: str, control: str, alma: dict[str, int], level: int, bors: dict[str, int], automatic: bool
) -> None:
    """VDA-GAZE-01: « La réussite est automatique si le pouvoir … dépasse Volonté + Contrôle
    mental de la cible », under each reading of the table options (``gaze_power_measure``,
    ``gaze_mental_control``); otherwise the gaze needs its roll (VDA-GAZE-02)."""
    tactics = TacticsOptions(gaze_power_measure=measure, gaze_mental_control=control)  # type: ignore[arg-type]
    t = Table(VdaOptions(tactics=tactics))
    power = {"regard": VdaPower(discipline="dominate", level=level, requires="gaze")}
    t.add("alma", sheet(intimidation=2, powers=power, **alma))
    t.add("bors", sheet(kind="mortal", **bors))
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [2, 2, 2, 2, 2])
    events = scripted(t, c.CatchGaze(combatant="alma", target="bors", power="regard"), [])
    captured = ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-01")
    assert (captured in events) is automatic
    assert t.state.tactics.gazes["alma>bors"].captured is automatic


def refused(t: Table, **fields: object) -> str:
    command = c.CatchGaze(combatant="alma", target="bors", **fields)  # type: ignore[arg-type]
    return str(t.refuse(command, [2] * 5))


def test_a_gaze_attack_serves_a_gaze_power_of_the_sheet() -> None:
    """VDA-GAZE-01: the power is the attacker's, and one that needs the target's gaze."""
    t = gaze_fight()
    assert refused(t, power="sort") == "VDA-GAZE-01: 'alma' has no power 'sort'"
    t2 = Table()
    t2.add(
        "alma", sheet(intimidation=2, powers={"toucher": VdaPower(discipline="dominate", level=2), **REGARD})
    )
    t2.add("bors", sheet(kind="mortal"))
    t2.start()
    t2.initiative("alma", [7, 2, 2, 2, 2])
    t2.initiative("bors", [2, 2, 2, 2, 2])
    assert refused(t2, power="toucher") == "VDA-GAZE-01: 'toucher' does not need the target's gaze"


def test_a_gaze_roll_uses_etiquette_or_intimidation() -> None:
    """VDA-GAZE-02: Charisma (or Manipulation) + Etiquette or Intimidation, no other skill."""
    t = gaze_fight()
    message = refused(t, power="regard", skill="brawl")
    assert message == "VDA-GAZE-02: a gaze roll uses Etiquette or Intimidation"


def test_closed_eyes_cannot_be_caught() -> None:
    """VDA-GAZE-07: closed eyes cannot be caught; the refusal names whose."""
    t = gaze_fight()
    t.send(c.AdjustGaze(attacker="alma", target="bors", understood=True, reason="a compris"))
    t.send(c.CloseEyes(combatant="bors"))
    assert refused(t, power="regard") == "VDA-GAZE-07: 'bors' has closed its eyes"


def strong_gaze(options: VdaOptions | None = None) -> Table:
    """Alma's gaze power (level 7) exceeds Bors's Willpower 5 + Mental Control 0."""
    t = Table(options)
    power = {"regard": VdaPower(discipline="dominate", level=7, requires="gaze")}
    t.add("alma", sheet(intimidation=2, powers=power))
    t.add("bors", sheet(kind="mortal", willpower=5))
    t.start()
    t.initiative("alma", [7, 2, 2, 2, 2])
    t.initiative("bors", [2, 2, 2, 2, 2])
    return t


@pytest.mark.parametrize("stop", [True, False])
def test_closed_eyes_stop_even_a_power_above_willpower_by_default(stop: bool) -> None:
    """VDA-GAZE-07, VDA-GAZE-01: closed eyes cannot be caught even by a power above Willpower
    + Mental Control (``closed_eyes_stop_automatic``, the default); without the option such
    a power catches them at once."""
    t = strong_gaze(VdaOptions(tactics=TacticsOptions(closed_eyes_stop_automatic=stop)))
    t.send(c.AdjustGaze(attacker="alma", target="bors", understood=True, reason="a compris"))
    t.send(c.CloseEyes(combatant="bors"))
    command = c.CatchGaze(combatant="alma", target="bors", power="regard")
    if stop:
        assert str(t.refuse(command, [])) == "VDA-GAZE-07: 'bors' has closed its eyes"
    else:
        captured = ev.GazeCaptured(attacker="alma", target="bors", power="regard", rule="VDA-GAZE-01")
        assert captured in t.send(command, [])


def test_a_declared_gaze_rolls_in_its_sequence_with_the_gms_pending_difficulty() -> None:
    """VDA-GAZE-06: Alma's active gaze, declared as her physical action, rolls in sequence 1
    with every term, the GM's pending +1 included: one exact event, then her power step."""
    t = gaze_fight()
    declared = act("other", skill="intimidation", attribute="manipulation", target="bors", gaze="regard")
    t.declare("alma", declared)
    t.declare("bors", act("none"))
    t.send(c.AdjustDifficulty(combatant="alma", delta=1, reason="brume"))
    rolled = t.resolve("alma", [8, 8, 2, 2, 2])[0]
    assert rolled == ev.GazeRolled(
        attacker="alma",
        target="bors",
        power="regard",
        mode="physical",
        sequence=1,
        pool=[
            Modifier(rule="A-6", value=3, why="manipulation"),
            Modifier(rule="A-6", value=2, why="intimidation"),
        ],
        difficulty=[
            Modifier(rule="VDA-GAZE-02", value=5, why="attaque de regard"),
            Modifier(rule="VDA-GAZE-06", value=-2, why=""),
            Modifier(rule="gm", value=1, why="brume"),
        ],
        roll=roll([8, 8, 2, 2, 2], 4),
        averting=False,
        progress=2,
        needed=3,
        skill="intimidation",
    )


def next_round(t: Table) -> None:
    """Alma and Bors do nothing for the rest of the round; the next one begins, Alma first."""
    while t.state.phase == "sequence" and (seq := t.state.sequence) is not None:
        if seq.step == "declare":
            cid = next(i for i in declaring_now(seq) if i not in seq.declared)
            t.declare(cid, act("none"))
        else:
            t.send(c.SkipPower(combatant=seq.acting[0]))
    t.start()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])


def test_a_caught_gaze_needs_no_new_roll() -> None:
    """VDA-GAZE-02: once Alma holds Bors's gaze (4 successes past his Wits 3), her next
    round's reflexive roll at him is refused, saying whose gaze she holds."""
    t = gaze_fight()
    t.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8, 8, 8, 8, 2])
    next_round(t)
    refused = t.refuse(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8] * 5)
    assert (refused.rule, refused.message) == ("VDA-GAZE-02", "'alma' already holds 'bors''s gaze")


def test_looking_eyes_do_not_cumulate_successes() -> None:
    """VDA-GAZE-02: while Bors looks Alma in the eyes each roll stands alone: 2 successes,
    then 1 the next round, is a progress of 1, not 3."""
    t = gaze_fight()
    t.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8, 8, 2, 2, 2])
    next_round(t)
    [rolled] = t.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8, 2, 2, 2, 2])
    assert (rolled.progress, rolled.needed) == (1, 3)


def test_averted_eyes_count_wits_alertness_and_instinct() -> None:
    """VDA-GAZE-04: Bors, a vampire of Wits 5 with no Alertness and Instinct 2, averts his
    eyes: Alma's roll is at his Wits + Alertness (5 + 0), and she needs more than his Wits +
    Self-Control + Instinct (5 + 0 + 2) cumulated successes."""
    bors = sheet(kind="vampire", wits=5, melee=2, dodge=1, instinct=2)
    bors = replace(bors, abilities={k: v for k, v in bors.abilities.items() if k != "alertness"})
    t = gaze_fight(bors=bors)
    t.send(c.AvertGaze(combatant="bors"))
    [rolled] = t.send(c.CatchGaze(combatant="alma", target="bors", power="regard"), [8, 8, 2, 2, 2])
    assert rolled.difficulty == [
        Modifier(rule="VDA-GAZE-04", value=5, why="regard détourné: Astuce + Vigilance")
    ]
    assert (rolled.averting, rolled.progress, rolled.needed) == (True, 2, 7)
