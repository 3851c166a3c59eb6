"""The round's refusals and budgets through ``decide``, each with the whole message the
sender reads: initiative (VDA-INIT), diving for cover (VDA-DIVE), minor acts (VDA-MINOR),
the action budget (VDA-ACT) and a combatant's sheet (VDA-PHYS-02, VDA-ACT-05)."""

from __future__ import annotations

import msgspec

from domain.commands import AddCombatant
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.data import ARMOURS
from domain.systems.vda.gear import Circumstances, Mount
from domain.systems.vda.options import DamageOptions, VdaOptions
from domain.systems.vda.payloads import AttackResolution
from domain.systems.vda.rules.initiative import declaring_now
from domain.systems.vda.state import Health, VdaPower, VdaSheet
from domain.systems.wod import HealthLoss, Modifier
from domain.table import Combatant
from tests.systems.vda.conftest import Table, act, sheet
from tests.systems.vda.test_natural_weapons import BLADES

TERROR = VdaPower(discipline="presence", level=2)


def duel(options: VdaOptions | None = None, **traits: object) -> Table:
    """Alma (a player's vampire, with the given traits) against Bors, a mortal."""
    t = Table(options)
    t.add("alma", sheet(melee=3, dodge=2, brawl=2, **traits), player="ann")
    t.add("bors", sheet(kind="mortal", melee=2, dodge=1))
    return t


def message(t: Table, command: object, dice: list[int] | None = None) -> str:
    return str(t.refuse(command, dice))


# --- VDA-ACT-05: buying actions -----------------------------------------------------


def test_actions_are_bought_only_while_a_round_runs() -> None:
    """VDA-ACT-05: Anger buys an action of the round being played: before the first round
    there is none."""
    t = duel(anger=2, presence=1)
    assert message(t, c.SpendForAction(combatant="alma")) == "VDA-ACT-05: actions are gained during a round"


def test_rage_buys_an_action_like_anger_by_default() -> None:
    """VDA-ACT-05: by default a point of Rage buys an action as a point of Anger does."""
    t = duel(rage=2, animalism=1)
    t.start()
    assert t.send(c.SpendForAction(combatant="alma", pool="rage")) == [
        ev.ResourceSpent(
            combatant="alma", pool="rage", amount=1, purpose="action physical", rule="VDA-ACT-05"
        ),
        ev.ActionGained(combatant="alma", kind="physical", source="rage", rule="VDA-ACT-05"),
    ]


def test_a_table_may_keep_rage_from_buying_actions() -> None:
    """VDA-ACT-05: at a table whose option says Rage does not pay like Anger, Rage buys no
    action, and Anger still does."""
    t = duel(VdaOptions(rage_pays_like_anger=False), rage=2, animalism=1, anger=1)
    t.start()
    refused = message(t, c.SpendForAction(combatant="alma", pool="rage"))
    assert refused == "VDA-ACT-05: this table does not let Rage buy actions"
    assert t.send(c.SpendForAction(combatant="alma", pool="anger"))[1] == ev.ActionGained(
        combatant="alma", kind="physical", source="anger", rule="VDA-ACT-05"
    )


# --- VDA-INIT-01: rolling initiative --------------------------------------------------


def test_initiative_refusals_say_why() -> None:
    """VDA-INIT-01: initiative is rolled at a round's start, once, by someone in the fight."""
    t = duel()
    assert (
        message(t, c.RollInitiative(combatant="alma"), [5] * 5)
        == "VDA-INIT-01: initiative is rolled at the start of a round only"
    )
    t.start()
    assert (
        message(t, c.RollInitiative(combatant="zed"), [5] * 5)
        == "VDA-INIT-01: 'zed' is not fighting this round"
    )
    t.initiative("alma", [5] * 5)
    assert (
        message(t, c.RollInitiative(combatant="alma"), [5] * 5)
        == "VDA-INIT-01: 'alma' already rolled initiative this round"
    )


# --- VDA-DIVE-01, VDA-DIVE-02: diving for cover ---------------------------------------


def test_diving_for_cover_refusals_say_why() -> None:
    """VDA-DIVE-01: a dive is announced before one's initiative roll, once a round;
    VDA-DIVE-02: the diver's first action is a dodge, not an attack nor a parry."""
    t = duel()
    t.start()
    t.send(c.DiveForCover(combatant="alma"))
    assert (
        message(t, c.DiveForCover(combatant="alma"))
        == "VDA-DIVE-01: 'alma' already dives for cover this round"
    )
    t.initiative("alma", [8] * 7)
    assert (
        message(t, c.DiveForCover(combatant="alma"))
        == "VDA-DIVE-01: 'alma' already rolled initiative: too late to dive"
    )
    t.initiative("bors", [2] * 5)
    first_action = "VDA-DIVE-02: whoever dives for cover dodges with their first action"
    strike = act("attack", skill="melee", target="bors")
    assert message(t, c.DeclareAction(combatant="alma", action=strike)) == first_action
    parry = act("defend", skill="melee", defence="parry")
    assert message(t, c.DeclareAction(combatant="alma", action=parry)) == first_action
    dodge = act("defend", skill="dodge", defence="dodge")
    assert t.declare("alma", dodge)[0].action.defence == "dodge"


# --- VDA-MINOR-01..03: minor acts ------------------------------------------------------


def test_minor_act_refusals_say_why() -> None:
    """VDA-MINOR-03: only the seed's minor acts are known, and the refusal lists them;
    VDA-MINOR-02: each costs 2 dice of the pool it goes with; VDA-MINOR-01: they go with the
    initiative roll or an offensive or defensive action, not with a move."""
    t = duel()
    t.start()
    known = "(call, draw, extend, move, orientation, regrip, servant, stand_up, unstick)"
    roll = c.RollInitiative(combatant="bors", minor_acts=["sauter"])
    assert message(t, roll, [5] * 5) == f"VDA-MINOR-03: 'sauter' is not a minor act {known}"
    roll = c.RollInitiative(combatant="bors", minor_acts=["draw", "draw", "draw"])
    assert message(t, roll, [5] * 5) == "VDA-MINOR-02: 3 minor acts need 6 dice; the pool has 5"
    t.initiative("alma", [8] * 5)
    t.initiative("bors", [2] * 5)
    t.declare("alma", act("none"))
    moment = "VDA-MINOR-01: minor acts go with the initiative roll or an offensive or defensive action"
    moving = act("move", skill="athletics", minor_acts=["draw"])
    assert message(t, c.DeclareAction(combatant="bors", action=moving)) == moment
    dodging = act("defend", skill="dodge", defence="dodge", minor_acts=["draw"])
    assert t.declare("bors", dodging)[0].action.minor_acts == ["draw"]


def test_minor_acts_may_take_the_whole_pool() -> None:
    """VDA-MINOR-02: two minor acts take 4 dice; a pool of exactly 4 pays them."""
    t = Table().add("alma", sheet(wits=2, alertness=2))
    t.start()
    rolled = t.send(c.RollInitiative(combatant="alma", minor_acts=["draw", "stand_up"]), dice=[])
    assert rolled[0].roll.dice == 0


# --- VDA-INIT-02: the declaration order -----------------------------------------------


def test_the_tied_group_must_announce_first_and_is_named() -> None:
    """VDA-INIT-02: whoever holds the better initiative announces first; a tied pair
    announces together, and the one who speaks too early reads both names."""
    t = duel()
    t.add("cole", sheet(kind="mortal", melee=2))
    t.start()
    t.initiative("alma", [8, 8, 2, 2, 2])
    t.initiative("cole", [8, 8, 2, 2, 2])
    t.initiative("bors", [8, 2, 2, 2, 2])
    refused = message(t, c.DeclareAction(combatant="bors", action=act("none")))
    assert refused == "VDA-INIT-02: alma, cole must announce before 'bors'"


# --- VDA-SEQ-03: one round after the other --------------------------------------------


def test_a_round_starts_once_the_last_one_is_over() -> None:
    """VDA-SEQ-03: a new round waits for the last sequence of the one running."""
    t = duel()
    t.start()
    assert message(t, c.StartRound()) == "VDA-SEQ-03: round 1 is still running; finish its sequences first"


# --- blood per round --------------------------------------------------------------


def test_blood_spent_this_round_counts_against_the_generations_limit() -> None:
    """VDA-ACT-04, A-10: a 9th-generation vampire spends 2 blood a round: one Celerity dot
    paid, the next two are refused, naming what was already spent."""
    t = duel(celerity=3, generation=9, blood=10)
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    refused = message(t, c.ActivateCelerity(combatant="alma", dots=2))
    assert refused == "VDA-ACT-04: 'alma' may spend 2 blood this round and already spent 1"


def test_the_surprise_cap_on_blood_ends_with_the_surprise() -> None:
    """VDA-AMB-05: the awareness successes cap the blood of the surprise only; in round 1
    the generation's limit applies again."""
    t = Table().add("alma", sheet(dex=2, stealth=1))
    t.add("bors", sheet(celerity=2, perception=1, wits=2, alertness=1, generation=8))
    resolved = t.send(c.Ambush(ambusher="alma", target="bors"), dice=[6, 2, 7, 2, 2, 8, 3, 3])[0]
    assert resolved.defence_cap == 1
    t.start()
    assert t.send(c.ActivateCelerity(combatant="bors", dots=2))[0] == ev.ResourceSpent(
        combatant="bors", pool="blood", amount=2, purpose="célérité", rule="VDA-ACT-04"
    )


def test_blood_limits_by_generation() -> None:
    """A-10: below the 3rd generation a vampire spends 10 blood a round, like the 3rd and
    4th; from the 10th on, 1."""
    for generation, limit in ((2, 10), (4, 10), (5, 8), (10, 1), (13, 1)):
        t = duel(VdaOptions(celerity_blood_per_dot=limit + 1), celerity=1, generation=generation, blood=20)
        t.start()
        refused = message(t, c.ActivateCelerity(combatant="alma"))
        assert refused == f"VDA-ACT-04: 'alma' may spend {limit} blood this round and already spent 0"


# --- VDA-ACT-02, VDA-ACT-03: the cap ------------------------------------------------


def test_the_cap_counts_power_actions_with_physical_ones() -> None:
    """VDA-ACT-02: Dexterity 1 and Wits 1 cap the round at 2 actions: after a move and a
    power action, Alma's second physical action (from Celerity) is refused."""
    t = Table().add(
        "alma", sheet(dex=1, wits=1, celerity=1, presence=2, powers={"terror": TERROR}, generation=8)
    )
    t.start()
    t.send(c.ActivateCelerity(combatant="alma"))
    t.initiative("alma", [7, 7, 7])
    t.declare("alma", act("move", skill="athletics"))
    t.resolve("alma", [6])
    t.send(c.UsePower(combatant="alma", power="terror"))
    refused = message(t, c.DeclareAction(combatant="alma", action=act("move", skill="athletics")))
    assert (
        refused == "VDA-ACT-02: 'alma' already took 2 actions, the most Dexterity/Wits allow this round (2)"
    )


# --- A combatant's sheet, checked when it joins --------------------------------------


def joining(t: Table, cid: str, vampire: VdaSheet) -> str:
    """The refusal of ``cid`` joining the table with this sheet."""
    return message(t, AddCombatant(combatant=Combatant(id=cid, name=cid.title(), sheet=vampire)))


def test_anger_and_rage_come_from_the_mental_control_block() -> None:
    """VDA-POW-08: Anger or Rage needs a dot of Dominate, Presence or Animalism, and Rage
    needs Animalism; one point of Rage is enough to ask for it."""
    t = Table()
    assert joining(t, "alma", sheet(anger=1)) == (
        "VDA-POW-08: Colère et Rage viennent du bloc Contrôle mental (Domination, Présence, Animalisme)"
    )
    assert joining(t, "alma", sheet(rage=1, dominate=1)) == (
        "VDA-POW-08: la Rage demande l'Animalisme (sinon, c'est la Colère)"
    )
    t.add("alma", sheet(rage=1, animalism=1)).add("bors", sheet(anger=1, presence=1))
    assert sorted(t.timeline.head.fight.combatants) == ["alma", "bors"]


def test_current_pools_and_starting_wounds_fit_the_sheet() -> None:
    """A sheet's current pools lie between 0 and its maximums, both ends allowed, and its
    starting wounds (bashing, lethal and aggravated together) fit its health levels."""
    t = Table()
    assert joining(t, "alma", sheet(blood=5, current={"blood": 6})) == (
        "sheet.current: current blood is 6: between 0 and the sheet's 5"
    )
    assert joining(t, "alma", sheet(blood=5, current={"blood": -1})) == (
        "sheet.current: current blood is -1: between 0 and the sheet's 5"
    )
    assert joining(t, "alma", sheet(wounds=Health(bashing=3, lethal=2, aggravated=3))) == (
        "sheet.wounds: 8 starting wounds exceed the 7 health levels"
    )
    t.add("alma", sheet(blood=5, current={"blood": 0}, wounds=Health(bashing=3, lethal=2, aggravated=2)))
    t.add("bors", sheet(blood=5, current={"blood": 5}))
    started = t.start()
    assert started[1:] == [
        ev.HealthAdjusted(combatant="alma", bashing=3, lethal=2, aggravated=2, reason="sheet_wounds")
    ]


def test_a_sheets_own_natural_weapons_have_ids_of_their_own() -> None:
    """VDA-NAT-01: two natural weapons of one sheet may not share an id, and none may take
    the id of a weapon of the tables."""
    t = Table()
    twice = sheet(vicissitude=2, natural_weapons=[BLADES, BLADES])
    assert joining(t, "alma", twice) == "sheet.natural_weapons: each natural weapon has its own id"
    taken = msgspec.structs.replace(BLADES, id="poings")
    assert joining(t, "alma", sheet(vicissitude=2, natural_weapons=[taken])) == (
        "sheet.natural_weapons: 'poings' is already a weapon of the tables: give the sheet's own another id"
    )


def test_an_unknown_armour_is_refused_with_the_list() -> None:
    """VDA-ARMOR-01: a sheet's armour is one of the armour table, which the refusal lists."""
    listed = ", ".join(sorted(ARMOURS))
    assert joining(Table(), "alma", sheet(armour="mithril")) == (
        f"sheet.armour: unknown armour 'mithril': one of {listed}"
    )


def test_an_unknown_weapon_is_refused_saying_where_it_was_looked_for() -> None:
    """VDA-PHYS-02: a sheet's weapon is one of seed 000's tables or a natural weapon of the
    table or the sheet."""
    assert joining(Table(), "alma", sheet(weapons=["sabre_laser"])) == (
        "sheet.weapons: unknown weapon 'sabre_laser': neither in the tables of seed 000 nor a natural "
        "weapon of the table or the sheet"
    )


# --- VDA-DEF-02, A-3: what an attack's damage roll counts -----------------------------


def dagger_duel(options: VdaOptions | None = None) -> Table:
    """Alma (Strength 2, Melee 3, a hunting dagger) strikes first; Bors, a vampire of
    Stamina 2, parries with his own dagger or does nothing."""
    t = Table(options)
    t.add("alma", sheet(melee=3, weapons=["dague_de_chasse"]), player="ann")
    bors = sheet(kind="vampire", melee=2, dodge=1, weapons=["dague_de_chasse"])
    t.add(
        "bors", msgspec.structs.replace(bors, attributes=msgspec.structs.replace(bors.attributes, stamina=2))
    )
    t.start()
    t.initiative("alma", [8] * 5)
    t.initiative("bors", [2] * 5)
    t.declare("alma", act("attack", skill="melee", target="bors", weapon="dague_de_chasse"))
    return t


def test_a_parry_that_matches_the_attack_cancels_it_and_rolls_no_damage() -> None:
    """VDA-DEF-02: Bors parries with as many successes as Alma's attack: the attack
    resolves as a miss of her dagger's lethal damage, with no damage or soak roll."""
    t = dagger_duel()
    t.declare("bors", act("defend", skill="melee", defence="parry", weapon="dague_de_chasse"))
    t.resolve("bors", [8, 8, 2, 2, 2])
    events = t.resolve("alma", [8, 8, 2, 2, 2, 2])
    assert events[1:] == [
        ev.AttackResolved(
            attacker="alma",
            target="bors",
            sequence=1,
            resolution=AttackResolution(
                weapon_id="dague_de_chasse",
                attack_successes=2,
                defence_successes=2,
                margin=0,
                hit=False,
                damage_type="lethal",
            ),
        ),
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=1, holders=["alma"]),
    ]


def test_ones_cancel_on_damage_and_soak_as_the_table_says() -> None:
    """A-3: by default a 1 cancels a success of the damage roll and of the soak roll; a
    table whose option says otherwise counts their hits only. Alma's margin of 2 converts
    2 of her 4 damage dice (VDA-DMG-01); the damage roll is 8 and 1, Bors's soak 8 and 1."""
    dice = [8, 8, 2, 2, 2, 2] + [8, 1] + [8, 1]
    for cancel, damage, soak in ((True, 2, 0), (False, 3, 1)):
        t = dagger_duel(VdaOptions(damage=DamageOptions(ones_cancel_on_damage_and_soak=cancel)))
        t.declare("bors", act("none"))
        resolution = t.resolve("alma", dice)[1].resolution
        assert (resolution.damage, resolution.soak, resolution.health) == (damage, soak, HealthLoss(lethal=2))
        assert resolution.damage_roll is not None and resolution.soak_roll is not None
        # The rolls in the event count their successes the same way.
        assert (resolution.damage_roll.successes, resolution.soak_roll.successes) == (
            (0, 0) if cancel else (1, 1)
        )
        # VDA-FORPOT-03: without Potence the dagger keeps its whole bonus.
        assert (resolution.weapon_bonus, resolution.weapon_dice_lost) == (2, 0)


def test_a_defence_that_falls_short_only_helps_soak_at_a_table_that_says_so() -> None:
    """VDA-DEF-03: at a table whose defence only improves soak, a parry of 2 against 3
    attack successes leaves the margin at 3; a parry of 2 against 2 still cancels the attack."""
    options = VdaOptions(damage=DamageOptions(partial_defence_lowers_margin=False))
    for attack, hit, margin in (([8, 8, 8, 2, 2, 2], True, 3), ([8, 8, 2, 2, 2, 2], False, 0)):
        t = dagger_duel(options)
        t.declare("bors", act("defend", skill="melee", defence="parry", weapon="dague_de_chasse"))
        t.resolve("bors", [8, 8, 2, 2, 2])
        damage = [8, 2, 2] if hit else []
        resolution = t.resolve("alma", attack + damage)[1].resolution
        assert (resolution.hit, resolution.margin) == (hit, margin)


# --- VDA-INIT-08, VDA-ORI-01: the order once everyone rolled -------------------------


def pass_round(t: Table) -> list[object]:
    """Everyone declares nothing and skips their powers until the round ends."""
    events: list[object] = []
    while t.state.phase == "sequence" and (seq := t.state.sequence) is not None:
        if seq.step == "declare":
            cid = next(i for i in declaring_now(seq) if i not in seq.declared and i not in seq.sealed)
            events += t.declare(cid, act("none"))
        else:
            events += t.send(c.SkipPower(combatant=seq.acting[0]))
    return events


def test_everyone_tied_at_the_top_held_the_initiative() -> None:
    """VDA-INIT-08: Alma and Cole tie at 2 successes above Bors: by default both held the
    initiative this round; at a table that penalises only the first of the order, Alma."""
    for all_tied, holders in ((True, ["alma", "cole"]), (False, ["alma"])):
        t = Table(VdaOptions(top_ties_all_penalised=all_tied))
        for cid in ("alma", "bors", "cole"):
            t.add(cid, sheet())
        t.start()
        t.initiative("alma", [8, 8, 2, 2, 2])
        t.initiative("cole", [8, 8, 2, 2, 2])
        t.initiative("bors", [8, 2, 2, 2, 2])
        assert pass_round(t)[-1] == ev.RoundEnded(round=1, holders=holders)


def test_orientation_from_zero_and_one_success() -> None:
    """VDA-ORI-01: nobody understands the scene from zero successes, even when nobody did
    better; the best result, one success, understands all of it."""
    t = Table().add("alma", sheet()).add("bors", sheet())
    t.start()
    t.initiative("alma", [2] * 5)
    assert ev.OrientationSet(levels={"alma": "partial", "bors": "partial"}) in t.initiative("bors", [2] * 5)
    t = Table().add("alma", sheet()).add("bors", sheet())
    t.start()
    t.initiative("alma", [8, 2, 2, 2, 2])
    assert ev.OrientationSet(levels={"alma": "full", "bors": "partial"}) in t.initiative("bors", [2] * 5)


# --- VDA-GEN-01: a skill used again --------------------------------------------------


def test_each_earlier_use_of_a_skill_adds_to_its_difficulty() -> None:
    """VDA-GEN-01: Alma, with two Celerity dots, moves in each of the round's three
    sequences: the third roll of Athletics is at +2 (two earlier uses) by default, at +1 at
    a table that counts a single reuse."""
    for every_reuse, malus in ((True, 2), (False, 1)):
        t = Table(VdaOptions(skill_repeat_every_reuse=every_reuse))
        t.add("alma", sheet(dex=1, celerity=2, generation=8))
        t.start()
        t.send(c.ActivateCelerity(combatant="alma", dots=2))
        t.initiative("alma", [8, 2, 2, 2, 2])
        for _ in range(2):
            t.declare("alma", act("move", skill="athletics"))
            t.resolve("alma", [6])
            while (seq := t.state.sequence) is not None and seq.step == "power":
                t.send(c.SkipPower(combatant="alma"))
        t.declare("alma", act("move", skill="athletics"))
        rolled = t.resolve("alma", [6])[0]
        assert rolled.difficulty[-1] == Modifier(
            rule="VDA-GEN-01", value=malus, why="athletics déjà utilisé 2×"
        )


# --- VDA-RDEF-04: which attacks a defence answers --------------------------------------

VOLLEY = Modifier(rule="VDA-RDEF-04", value=1, why="la cible s'est déjà défendue")


def archers(*names: str) -> Table:
    """Cleo (Dodge 3, the best initiative) dodges in sequence 1; ``names`` shoot arrows at her."""
    t = Table()
    for name in names:
        t.add(name, sheet(archery=3, weapons=["arc_court"]))
    t.add("cleo", sheet(dodge=3))
    t.start()
    t.initiative("cleo", [7, 7, 7, 2, 2])
    for name, faces in zip(names, ([7, 7, 2, 2, 2], [7, 2, 2, 2, 2]), strict=False):
        t.initiative(name, faces)
    t.declare("cleo", act("defend", skill="dodge", defence="dodge"))
    for name in names:
        t.declare(name, act("attack", skill="archery", target="cleo", weapon="arc_court"))
    return t


def test_a_lone_archers_arrow_is_the_one_the_dodge_answers() -> None:
    """VDA-RDEF-04: Cleo's dodge answers the only arrow shot at her: Alma's roll carries no
    +1."""
    t = archers("alma")
    t.resolve("cleo", [8, 2, 2, 2, 2, 2])
    assert VOLLEY not in t.resolve("alma", [2] * 6)[0].difficulty


def test_an_archer_left_out_of_the_split_shoots_at_plus_1() -> None:
    """VDA-RDEF-04, VDA-PHYS-03: Cleo's single success goes to Alma's arrow; Bob, whom the
    split leaves out, shoots at +1, and Alma, answered by one success, does not."""
    t = archers("alma", "bob")
    t.resolve("cleo", [8, 2, 2, 2, 2, 2])
    t.send(c.AllocateDefence(combatant="cleo", allocations={"alma": 1}))
    assert VOLLEY not in t.resolve("alma", [2] * 6)[0].difficulty
    assert t.resolve("bob", [2] * 6)[0].difficulty[-1] == VOLLEY


# --- VDA-CHARGE-01, VDA-CHARGE-02, VDA-BOW-01, VDA-ORI-04: refusals with their reasons ---


def test_charge_refusals_say_what_is_missing() -> None:
    """VDA-CHARGE-01: a charge needs a round of movement or a straight run of 5 successes;
    VDA-CHARGE-02: on foot it needs a size G weapon, mounted a size M or G one."""
    t = Table().add("alma", sheet(weapons=["lance", "dague_de_chasse"])).add("bors", sheet())
    t.start()
    announce = c.AnnounceCharge(combatant="alma", target="bors", weapon="lance")
    assert message(t, announce) == (
        "VDA-CHARGE-01: une charge demande un round de déplacement ou une course en ligne droite de 5 succès"
    )
    for mount, sizes in ((None, "G"), (Mount(strength=5), "M ou G")):
        rider = sheet(weapons=["lance", "dague_de_chasse"], mount=mount)
        t = Table().add("alma", rider).add("bors", sheet())
        t.moving_round("alma", [2] * 3)
        t.start()
        dagger = c.AnnounceCharge(combatant="alma", target="bors", weapon="dague_de_chasse")
        where = "à cheval" if mount else "à pied"
        assert message(t, dagger) == f"VDA-CHARGE-02: charger {where} demande une arme de taille {sizes}"


def test_a_bow_too_strong_to_draw_names_both_strengths() -> None:
    """VDA-BOW-01: Alma (Strength 2, Potence 1) cannot draw a bow of strength 4."""
    archer = sheet(archery=2, potence=1, weapons=["arc_long"], bows={"arc_long": 4})
    t = Table().add("alma", archer).add("bors", sheet())
    t.start()
    t.initiative("alma", [8] * 5)
    t.initiative("bors", [2] * 5)
    shot = act("attack", skill="archery", target="bors", weapon="arc_long")
    assert message(t, c.DeclareAction(combatant="alma", action=shot)) == (
        "VDA-BOW-01: arc de force 4 > Force + Potence 3"
    )


def test_obfuscate_and_combat_arcane_only_raise_the_orientation_difficulty() -> None:
    """VDA-ORI-04: neither Obfuscate nor « Arcane de combat » lowers the difficulty."""
    t = Table().add("alma", sheet())
    reason = "VDA-ORI-04: Obfuscate and « Arcane de combat » only add to the orientation's difficulty"
    for circumstances in (Circumstances(obfuscate=-1), Circumstances(combat_arcane=-1)):
        command = c.SetCircumstances(combatant="alma", circumstances=circumstances, reason="brume")
        assert message(t, command) == reason


# --- VDA-INIT-09, VDA-NAT-02: the initiative malus of the weapon used ----------------


def fists_in_sequence_1(
    faces: list[int], options: VdaOptions | None = None, weapon: str | None = None, **traits: object
) -> list[object]:
    """Alma rolls initiative (naming ``weapon`` or nothing), then strikes Bors in sequence
    1, with that weapon or her fists: the initiative adjustments her declaration brings."""
    alma = sheet(brawl=2, melee=2, weapons=["dague_de_chasse"], **traits)
    t = Table(options).add("alma", alma).add("bors", sheet())
    t.start()
    t.send(c.RollInitiative(combatant="alma", weapon=weapon), dice=faces)
    t.initiative("bors", [2] * 5)
    strike = act("attack", skill="melee", target="bors", weapon=weapon) if weapon else FISTS
    return [e for e in t.declare("alma", strike) if isinstance(e, ev.InitiativeAdjusted)]


FISTS = act("attack", skill="brawl", target="bors")


def slower(delta: int, score: int) -> ev.InitiativeAdjusted:
    return ev.InitiativeAdjusted(
        combatant="alma", delta=delta, score=score, rule="VDA-INIT-09", reason="slower_weapon"
    )


def test_the_fists_malus_recounts_the_kept_dice_at_the_rolls_difficulty() -> None:
    """VDA-INIT-09, VDA-NAT-02: the fists' −2 come off the last two dice and the first three
    are counted again at the roll's difficulty, 4: a 4 still succeeds (5 → 3)."""
    assert fists_in_sequence_1([4, 7, 7, 7, 7]) == [slower(-2, 3)]


def test_the_kept_dice_cancel_with_their_ones_as_the_table_says() -> None:
    """VDA-INIT-09, A-3: the kept dice's 1 cancels a success by default (3 → 1); at a table
    where 1s never cancel, it does not (4 → 2)."""
    assert fists_in_sequence_1([1, 7, 7, 7, 7]) == [slower(-2, 1)]
    assert fists_in_sequence_1([1, 7, 7, 7, 7], VdaOptions(ones_cancel=False)) == [slower(-2, 2)]


def test_losing_dice_never_raises_the_initiative() -> None:
    """VDA-INIT-09: the fists take off the two 1s that cancelled two successes; the score
    does not rise from 1 to 3: a malus after the roll only lowers it."""
    assert fists_in_sequence_1([7, 7, 7, 1, 1]) == []


def test_a_malus_can_take_every_die() -> None:
    """VDA-INIT-09: a pool of 2 (Wits 1, Alertness 1) loses both dice to the fists: 0."""
    assert fists_in_sequence_1([7, 7], wits=1, alertness=1) == [slower(-2, 0)]


def test_the_weapon_named_for_its_bonus_costs_nothing_when_used() -> None:
    """VDA-INIT-05, VDA-INIT-09: the hunting dagger's « Initiative +1 », named at the roll,
    added its die; striking with it in sequence 1 takes nothing off."""
    assert fists_in_sequence_1([7] * 6, weapon="dague_de_chasse") == []


def test_the_second_sequence_holds_only_those_with_a_second_action() -> None:
    """VDA-SEQ-04, VDA-SEQ-02: Alma, ahead in the order, has one action; Bors, with a
    Celerity dot, has two: sequence 2 is Bors's alone, to declare and to resolve."""
    t = Table().add("alma", sheet()).add("bors", sheet(celerity=1, generation=8, dex=1))
    t.start()
    t.send(c.ActivateCelerity(combatant="bors"))
    t.initiative("alma", [8, 8, 2, 2, 2])
    t.initiative("bors", [8, 2, 2, 2, 2])
    t.declare("alma", act("none"))
    assert t.declare("bors", act("none"))[1:] == [
        ev.SequenceEnded(sequence=1),
        ev.SequenceStarted(round=1, sequence=2, declaring=[["bors"]], resolving=[["bors"]]),
    ]


def test_the_dagger_named_for_its_bonus_binds_sequence_1() -> None:
    """VDA-INIT-05: the hunting dagger's « Initiative +1 » taken at the roll binds Alma's
    sequence-1 action to the dagger: her fists are refused, saying why."""
    alma = sheet(brawl=2, melee=2, weapons=["dague_de_chasse"])
    t = Table().add("alma", alma).add("bors", sheet())
    t.start()
    t.send(c.RollInitiative(combatant="alma", weapon="dague_de_chasse"), dice=[7] * 6)
    t.initiative("bors", [2] * 5)
    refused = message(t, c.DeclareAction(combatant="alma", action=FISTS))
    assert refused == "VDA-INIT-05: the initiative bonus of 'dague_de_chasse' binds sequence 1 to that weapon"


def test_a_weapon_without_an_initiative_figure_adds_no_term() -> None:
    """VDA-INIT-09: the sword has no « Initiative » figure: named at the roll, it adds no
    term to the pool (Wits and Alertness only)."""
    t = Table().add("alma", sheet(melee=2, weapons=["epee"])).add("bors", sheet())
    t.start()
    rolled = t.send(c.RollInitiative(combatant="alma", weapon="epee"), dice=[7] * 5)[0]
    assert [term.rule for term in rolled.pool] == ["VDA-INIT-01", "VDA-INIT-01"]


def test_a_tied_opponent_does_not_outrank_the_attacker() -> None:
    """VDA-INIT-03: attacking an opponent with a *better* initiative gives up defending
    against him; Alma and Bors are tied, so Alma's attack gives up nothing."""
    t = Table().add("alma", sheet(melee=2)).add("bors", sheet())
    t.start()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    events = t.declare("alma", act("attack", skill="melee", target="bors"))
    events += t.declare("bors", act("none"))
    assert not [e for e in events if isinstance(e, ev.DefenceRenounced)]
    assert t.state.fighters["alma"].renounced == []
