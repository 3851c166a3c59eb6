"""What ``fracas watch``, ``fracas state`` and ``fracas run`` print for a person:
names instead of ids, one language, the state a player needs."""

from __future__ import annotations

import io
import re
from pathlib import Path

import msgspec
from rich.console import Console

from clients.python.display import event_line, people_of_state, run_summary, state_lines
from clients.python.scenario import load_scenario, run_in_memory
from clients.python.sentences import People, Sentences

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def played(name: str) -> dict[str, object]:
    return run_in_memory(load_scenario(EXAMPLES / name))


def test_watch_lines_name_combatants_and_senders_in_one_language() -> None:
    result = played("vda/ruelle.yaml")
    records = result["events"]
    assert isinstance(records, list)
    for lang, order, sender in (
        ("fr", "Ordre d'initiative : Agnès (3), Rorsh (2).", "le MJ"),
        ("en", "Initiative order: Agnès (3), Rorsh (2).", "the GM"),
    ):
        people = People()
        lines = [event_line(r, Sentences(lang), people) for r in records]
        assert any(line.endswith(order) for line in lines)
        assert lines[7].split()[0] == "8" and f" {sender} " in lines[7]
        assert not any("agnes" in line.split(" ", 3)[-1] for line in lines), "an id instead of a name"
        assert not any(" / " in line for line in lines), "a slash pair of languages"
    people = People()
    senders = {event_line(r, Sentences("fr"), people).split()[2] for r in records}
    assert senders == {"le", "Alice"}, senders  # "le MJ" and the player's name, never an id


def test_state_reads_who_acts_the_order_health_grapples_and_moves() -> None:
    result = played("vda/etreinte.yaml")
    state = msgspec.to_builtins(result["state"])
    may = {"rorsh": ["vda.StartRound", "vda.DeclareAction"]}
    lines = list(state_lines(state, may, Sentences("fr")))
    assert lines[0] == "L'étreinte (vda), position 99"
    assert "Round 5 · phase : entre deux rounds" in lines
    assert "Ordre d'initiative : Rorsh, Agnès" in lines
    assert (
        "  Agnès [agnes] · initiative 1 · blessures : contondant 0, létal 3, aggravé 1"
        " · réserves : sang 5, Volonté 6, colère 0, rage 0"
    ) in lines
    assert "    peut : vda.StartRound, vda.DeclareAction" in lines
    assert "Rorsh étreint Agnès : valeur 4 (plafond 2)" in lines
    english = list(state_lines(state, {}, Sentences("en")))
    assert "Rorsh holds Agnès: value 4 (cap 2)" in english
    assert people_of_state(state).principals == {"alice": "Alice"}


def test_state_of_a_vtm_fight_orders_by_initiative() -> None:
    state = msgspec.to_builtins(played("vtm/parking.yaml")["state"])
    lines = list(state_lines(state, {}, Sentences("fr")))
    assert "Tour 3 · phase : résolution" in lines  # the seed's « tour », not « round »
    assert "Turn 3 · phase: resolution" in list(state_lines(state, {}, Sentences("en")))
    assert "Ordre d'initiative : Sasha, Viktor" in lines
    may = {"sasha": ["RollDice", "vtm.ResolveAction"], "viktor": ["RollDice"]}
    assert "Agit maintenant : Sasha" in list(state_lines(state, may, Sentences("fr")))
    assert any(line.startswith("  Viktor [viktor] · initiative 7 · blessures") for line in lines)
    # what is left in each pool, as the sheet's maximums and the spending say
    assert "  Sasha [sasha] · initiative 11 · réserves : Volonté 5, sang 12" in lines
    assert "  Sasha [sasha] · initiative 11 · pools: Willpower (Volonté) 5, blood 12" in list(
        state_lines(state, {}, Sentences("en"))
    )


def test_run_summary_tells_the_fight_then_its_state() -> None:
    lines = list(run_summary(played("duel.yaml"), Sentences("fr")))
    roll = "Rorsh lance les dés « Astuce + Vigilance » : [7✓ 3 10✓ 1✗ 5✓] → 2 succès (difficulté 4)."
    assert lines[4] == f"    5 Alice        {roll}"
    assert lines[5].endswith("Le MJ a lancé les dés « Garde: Perception » derrière l'écran.")
    assert lines[6].endswith("Le MJ revient à la position 5 : on rejoue le jet d'initiative.")
    assert lines[7:] == [
        "",
        "Duel dans la grange (vda), position 7",
        "phase : mise en place",
        "  Rorsh [rorsh]",
        "  Garde de la porte [garde]",
    ]


def test_on_a_terminal_the_same_line_comes_in_colour() -> None:
    records = played("duel.yaml")["events"]
    assert isinstance(records, list)
    rewind = records[-1]
    plain = event_line(rewind, Sentences("fr"), People())
    terminal = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=200)
    terminal.print(event_line(rewind, Sentences("fr"), People(), colour=True))
    shown = terminal.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[" in shown and "\x1b[1;33m" in shown  # a rewind stands out, in bold yellow
    assert re.sub(r"\x1b\[[0-9;]*m", "", shown).rstrip("\n") == plain


def test_state_of_a_vtm_fight_tells_its_grapples_conditions_and_actions_to_come() -> None:
    from domain.systems.vtm import commands as vtm
    from tests.systems.vtm.conftest import OTHER, Table, attack, sheet

    t = Table()
    t.add("alma", sheet(brawl=2))
    t.add("bors", sheet(kind="mortal"))
    t.start()
    t.initiative("alma", 9)
    t.initiative("bors", 1)
    t.declare("bors", OTHER)
    t.declare("alma", attack("bors", "hold"))
    t.resolve("alma", [9] * 4)
    t.send(vtm.SetCondition(combatant="bors", condition="blinded", reason="du sable"))
    state = msgspec.to_builtins(t.timeline.head)
    lines = list(state_lines(state, {}, Sentences("fr")))
    assert "Alma tient Bors : maintien" in lines
    assert any(line.startswith("  Bors [bors]") and line.endswith("aveuglé·e") for line in lines), lines
    # Bors's declared action is still to come
    assert any(line.startswith("  Bors [bors]") and "actions déclarées à venir : 1" in line for line in lines)
    assert "Alma holds Bors: hold (maintien)" in list(state_lines(state, {}, Sentences("en")))
