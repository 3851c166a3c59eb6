"""A fighter who leaves the table in the middle of a round (the table's ``RemoveCombatant``:
fled, taken out, a player gone) is waited for no more: the initiative phase ends once those
still there rolled, a declaration or a step goes on without them, an attack declared against
them is lost, and they come back at the next round if the GM seats them again (VDA-INIT-01,
VDA-INIT-02, VDA-INIT-04, VDA-SEQ-02, VDA-SEQ-03, VDA-SEQ-04, VDA-PHYS-02)."""

from __future__ import annotations

from domain.commands import AddCombatant, RemoveCombatant, Rewind
from domain.events import Combatant, CombatantRemoved
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from domain.systems.vda.state import Rank
from domain.systems.wod import Health, Modifier
from tests.systems.vda.conftest import Table, act, options_for, roll, sheet

CLEO = sheet(dodge=2, athletics=2)
MOVE = act("move", skill="athletics")
NONE = act("none")
FULL = {"blood": 10, "willpower": 5, "anger": 0, "rage": 0}


def trio() -> Table:
    """Alma, Bors and Cleo (Wits 3 + Alertness 2, 5 initiative dice at 4), a round opened."""
    t = Table()
    t.add("alma", sheet(melee=2, athletics=2), player="ann")
    t.add("bors", sheet(melee=2, athletics=2)).add("cleo", CLEO)
    t.start()
    return t


def leaves(t: Table, cid: str = "cleo") -> None:
    assert t.send(RemoveCombatant(combatant_id=cid)) == [CombatantRemoved(combatant_id=cid)]


def may(t: Table, cid: str) -> list[str]:
    return options_for(t.timeline.head, cid)


def moved(cid: str, faces: list[int]) -> ev.ActionRolled:
    """The roll of a declared move (Dexterity 3 + Athletics 2 at 6)."""
    pool = [Modifier(rule="A-6", value=3, why="dexterity"), Modifier(rule="A-6", value=2, why="athletics")]
    return ev.ActionRolled(
        combatant=cid,
        sequence=1,
        kind="move",
        skill="athletics",
        pool=pool,
        difficulty=[Modifier(rule="A-7", value=6, why="difficulté déclarée")],
        roll=roll(faces, 6),
    )


def sequence_one(order: list[Rank], levels: dict[str, str], declaring: list[list[str]]) -> list[object]:
    """What the round writes once everyone at the table rolled (VDA-INIT-01, VDA-ORI-01,
    VDA-ACT-01, VDA-SEQ-03): the order, orientation, one action each and sequence 1."""
    return [
        ev.InitiativeOrderSet(order=order),
        ev.OrientationSet(levels=levels),  # type: ignore[arg-type]
        *(ev.ActionsGranted(combatant=r.combatant, physical=1, cap=4, sources=["base"]) for r in order),
        ev.SequenceStarted(round=1, sequence=1, declaring=declaring, resolving=declaring),
    ]


def test_vda_init_01__who_left_before_initiative_is_not_waited_for() -> None:
    """VDA-INIT-01: Cleo leaves before anyone rolled; once Alma and Bors rolled, the order,
    the budgets and sequence 1 count the two of them only."""
    t = trio()
    leaves(t)
    assert t.state.combatants == ["alma", "bors"]
    refusal = t.refuse(c.RollInitiative(combatant="cleo"), dice=[7] * 5)
    assert (refusal.rule, str(refusal)) == ("VDA-INIT-01", "VDA-INIT-01: 'cleo' is not fighting this round")
    t.initiative("alma", [7, 7, 2, 2, 2])
    events = t.initiative("bors", [7, 2, 2, 2, 2])
    order = [Rank(combatant="alma", score=2), Rank(combatant="bors", score=1)]
    assert events[1:] == sequence_one(order, {"alma": "full", "bors": "zone"}, [["alma"], ["bors"]])


def test_vda_init_01__the_last_one_to_roll_leaves_and_the_first_declaration_opens_sequence_1() -> None:
    """VDA-INIT-01, VDA-SEQ-03: Alma and Bors rolled, Cleo leaves before hers: nobody has a
    roll left, Alma (the best initiative) is offered her declaration at once, and sending it
    first writes the order and sequence 1 the last roll would have written."""
    t = trio()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    leaves(t)
    assert may(t, "alma") == ["vda.DeclareAction", "vda.DeclareAction/grapple:contact:bors"]
    assert may(t, "bors") == []
    order = [Rank(combatant="alma", score=2), Rank(combatant="bors", score=1)]
    assert t.declare("alma", NONE, as_="ann") == [
        *sequence_one(order, {"alma": "full", "bors": "zone"}, [["alma"], ["bors"]]),
        ev.ActionDeclared(combatant="alma", sequence=1, action=NONE),
    ]


def declared_round() -> Table:
    """Alma 3, Cleo 2, Bors 1: Alma attacks Cleo bare-handed, Cleo has not declared yet."""
    t = trio()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cleo", [7, 7, 2, 2, 2])
    t.declare("alma", act("attack", skill="brawl", target="cleo"))
    return t


def test_vda_phys_02__the_attack_on_one_who_left_during_the_declarations_is_lost() -> None:
    """VDA-INIT-02, VDA-PHYS-02: Cleo leaves before her declaration: Bors declares next, and
    Alma's attack on Cleo, declared before she left, is lost at its turn, before any die;
    the round then ends."""
    t = declared_round()
    leaves(t)
    assert (may(t, "alma"), may(t, "bors")) == (
        [],
        ["vda.DeclareAction", "vda.DeclareAction/grapple:contact:alma"],
    )
    assert t.declare("bors", NONE) == [
        ev.ActionDeclared(combatant="bors", sequence=1, action=NONE),
        ev.StepStarted(sequence=1, step="physical", combatants=["alma"]),
    ]
    assert t.resolve("alma", []) == [
        ev.ActionLost(combatant="alma", sequence=1, rule="VDA-PHYS-02", reason=""),
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=1, holders=["alma"]),
    ]


def test_vda_seq_02__the_last_one_to_declare_leaves_and_the_first_resolution_opens_the_step() -> None:
    """VDA-SEQ-02: everyone but Cleo declared and Cleo leaves: Alma is offered her roll, and
    sending it first opens the physical step the last declaration would have opened."""
    t = trio()
    t.initiative("alma", [7, 7, 7, 2, 2])
    t.initiative("bors", [7, 7, 2, 2, 2])
    t.initiative("cleo", [7, 2, 2, 2, 2])
    t.declare("alma", MOVE)
    t.declare("bors", NONE)
    leaves(t)
    assert may(t, "alma") == ["vda.ResolveAction"]
    events = t.resolve("alma", [8, 8, 2, 2, 2])
    assert events[:2] == [
        ev.StepStarted(sequence=1, step="physical", combatants=["alma"]),
        moved("alma", [8, 8, 2, 2, 2]),
    ]
    assert events[-2:] == [ev.SequenceEnded(sequence=1), ev.RoundEnded(round=1, holders=["alma"])]


def test_vda_init_04__a_tied_group_is_revealed_once_its_other_member_left() -> None:
    """VDA-INIT-04: Alma and Cleo tie and declare sealed; Alma sealed hers and Cleo leaves:
    Bors, next to declare, is offered his declaration, and sending it first reveals Alma's."""
    t = trio()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cleo", [7, 7, 2, 2, 2])
    assert t.state.sequence is not None and t.state.sequence.declaring == [["alma", "cleo"], ["bors"]]
    t.declare("alma", MOVE)
    leaves(t)
    assert (may(t, "alma"), may(t, "bors")) == (
        [],
        ["vda.DeclareAction", "vda.DeclareAction/grapple:contact:alma"],
    )
    assert t.declare("bors", NONE) == [
        ev.DeclarationsRevealed(sequence=1, actions={"alma": MOVE}),
        ev.ActionDeclared(combatant="bors", sequence=1, action=NONE),
        ev.StepStarted(sequence=1, step="physical", combatants=["alma"]),
    ]


def resolving_round(cleo_faces: list[int]) -> Table:
    """Alma 2 and Bors 1 move; Cleo moves too, first when ``cleo_faces`` give her the best
    initiative."""
    t = trio()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cleo", cleo_faces)
    seq = t.state.sequence
    assert seq is not None
    for group in seq.declaring:
        for cid in group:
            t.declare(cid, MOVE)
    return t


def test_vda_seq_02__one_who_left_while_the_step_waits_for_them_is_passed_over() -> None:
    """VDA-SEQ-02: Cleo (the best initiative) leaves as the physical step waits for her roll:
    Alma, next, is offered hers, and sending it first gives her the step."""
    t = resolving_round([7, 7, 7, 2, 2])
    assert t.state.sequence is not None and t.state.sequence.acting == ["cleo"]
    leaves(t)
    assert (may(t, "alma"), may(t, "bors")) == (["vda.ResolveAction"], [])
    events = t.resolve("alma", [8, 8, 2, 2, 2])
    assert events == [
        ev.StepStarted(sequence=1, step="physical", combatants=["alma"]),
        moved("alma", [8, 8, 2, 2, 2]),
        ev.OrientationInvalidated(combatants=["bors"], reason="", by="alma"),
        ev.StepStarted(sequence=1, step="physical", combatants=["bors"]),
    ]


def test_vda_seq_04__the_round_ends_when_the_last_one_it_waits_for_leaves() -> None:
    """VDA-SEQ-04, VDA-INIT-08: Cleo is the last the round waits for and leaves; the GM opens
    the next round, which first ends this one (Alma had the initiative) and counts those
    still at the table."""
    t = trio()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    t.initiative("cleo", [2, 2, 2, 2, 2])
    t.declare("alma", NONE)
    t.declare("bors", NONE)
    t.declare("cleo", MOVE)
    leaves(t)
    assert (may(t, "alma"), may(t, "bors")) == ([], [])
    assert t.start() == [
        ev.SequenceEnded(sequence=1),
        ev.RoundEnded(round=1, holders=["alma"]),
        ev.RoundStarted(round=2, combatants=["alma", "bors"], pools={"alma": FULL, "bors": FULL}),
    ]


def test_vda_seq_03__one_seated_again_comes_back_at_the_next_round_as_they_left() -> None:
    """VDA-SEQ-03, VDA-SEQ-05: Cleo, hurt and short of blood, leaves and is seated again in the
    same round: she does not join it (VDA-INIT-01), and comes back at the next one with her
    wounds and her blood as she left them (no sheet wounds taken twice)."""
    t = Table().add("alma", sheet()).add("cleo", sheet(wounds=Health(bashing=1)))
    started = t.start()
    assert started[1] == ev.HealthAdjusted(combatant="cleo", bashing=1, reason="sheet_wounds")
    t.send(c.AdjustPool(combatant="cleo", pool="blood", delta=-3, reason="test"))
    t.initiative("alma", [7, 7, 2, 2, 2])
    leaves(t)
    t.send(AddCombatant(combatant=Combatant(id="cleo", name="Cleo", sheet=sheet(wounds=Health(bashing=1)))))
    assert t.refuse(c.RollInitiative(combatant="cleo"), dice=[7] * 5).rule == "VDA-INIT-01"
    t.declare("alma", NONE)
    assert t.state.phase == "between"
    assert t.start() == [
        ev.RoundStarted(
            round=2, combatants=["alma", "cleo"], pools={"alma": FULL, "cleo": {**FULL, "blood": 7}}
        )
    ]
    assert t.state.fighters["cleo"].health == Health(bashing=1)
    assert may(t, "cleo")[:2] == ["vda.DiveForCover", "vda.AnnounceCharge"] or "vda.RollInitiative" in may(
        t, "cleo"
    )


def test_vda_init_01__rewinding_over_a_departure_gives_the_round_back_its_fighter() -> None:
    """VDA-INIT-01: the GM removed Cleo before her roll by mistake and rewinds: Cleo is back in
    the round, still owed her roll, and nothing moved on without her."""
    t = trio()
    t.initiative("alma", [7, 7, 2, 2, 2])
    t.initiative("bors", [7, 2, 2, 2, 2])
    before = t.timeline.head.position
    leaves(t)
    t.send(Rewind(to=before, reason="Cleo is still there"))
    assert t.state.combatants == ["alma", "bors", "cleo"]
    assert (may(t, "alma"), may(t, "cleo")[-1]) == ([], "vda.RollInitiative")
    events = t.initiative("cleo", [7, 7, 7, 2, 2])
    assert events[1] == ev.InitiativeOrderSet(
        order=[
            Rank(combatant="cleo", score=3),
            Rank(combatant="alma", score=2),
            Rank(combatant="bors", score=1),
        ]
    )
