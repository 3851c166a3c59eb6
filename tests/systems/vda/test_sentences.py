"""Every part of a ``vda`` sentence is in the reader's language: a reason the rules write
into an event is a catalogue key (``reason.<key>``, or a sentence of its own), never words
of one language; the GM's own words pass as written. The English chronicles of the example
fights carry none of the French reasons; a natural weapon's parry names the weapon."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from clients.python.sentences import People, Sentences, catalogue
from domain.systems.vda import commands as c
from domain.systems.vda import events as ev
from tests.systems.vda.test_equipment_round import of, resolve
from tests.systems.vda.test_gaze_two_weapons import gaze_fight
from tests.systems.vda.test_natural_weapons import TABLE_CLAWS, act, xin_tao
from tests.systems.vtm.test_sentences import EVENT_CLASSES, calls

ROOT = Path(__file__).resolve().parents[3]
PEOPLE = People(combatants={"alma": "Alma", "bors": "Bors", "xin": "Xin Tao", "nosf": "Nosferatu"})


def coded(event_type: type) -> bool:
    """Whether the event's ``reason`` is one of a fixed set of codes (a ``Literal``, which
    the sentences' variants and terms cover), not free words."""
    fields = {f.name: f.type for f in mi.type_info(event_type).fields}  # type: ignore[attr-defined]
    return isinstance(fields.get("reason"), mi.LiteralType)


def written_reasons(path: Path) -> list[tuple[int, str, Any]]:
    """``(line, event, value)`` of each reason the code writes into a vda event, directly
    or through ``fall`` (its fourth argument): a string, or an f-string (``JoinedStr``)."""
    found = []
    for node, name in calls(path):
        values = [k.value for k in node.keywords if k.arg == "reason"]
        if name == "fall" and len(node.args) >= 4:
            values.append(node.args[3])
        elif not (EVENT_CLASSES.match(name) and hasattr(ev, name)) or coded(getattr(ev, name)):
            continue
        for value in values:
            for part in ast.walk(value):
                if isinstance(part, ast.JoinedStr) or (isinstance(part, ast.Constant) and part.value):
                    found.append((node.lineno, name, part.value if isinstance(part, ast.Constant) else part))
                    if isinstance(part, ast.JoinedStr):
                        break
    return found


def untranslated_reasons(paths: list[Path]) -> list[str]:
    """``file:line value`` of each written reason that is no catalogue key in French and in
    English: an f-string, or a string without ``reason.<it>`` nor a sentence of its own."""
    fr, en = catalogue("fr"), catalogue("en")
    missing = []
    for path in paths:
        for line, name, value in written_reasons(path):
            tag = getattr(ev, name, None)
            own = f"event.{tag.__struct_config__.tag}.reason.{value}" if tag is not None else ""
            keys = (f"reason.{value}", own)
            if not isinstance(value, str) or not all(any(k in m for k in keys) for m in (fr, en)):
                missing.append(
                    f"{path.name}:{line} {ast.unparse(value) if not isinstance(value, str) else value}"
                )
    return missing


def test_the_rules_write_their_reasons_as_catalogue_keys() -> None:
    """VDA-PRONE-04, VDA-GAZE-03, VDA-INIT-09, VDA-FIRE-05, VDA-DIVE-03, VDA-GREN-06 and
    the others that change a fighter by rule write a key the catalogues translate."""
    sources = sorted((ROOT / "domain" / "systems" / "vda").rglob("*.py"))
    assert untranslated_reasons(sources) == []


def test_the_reason_check_can_fail(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        'ev.InitiativeAdjusted(combatant="a", delta=-2, score=1, rule="VDA-GAZE-03", reason="détourne")\n'
        'fall(scene, cid, "VDA-GREN-06", f"souffle {grenade}")\n'
        'ev.Deafened(combatant="a", reason="grenade")\n'
    )
    assert untranslated_reasons([probe]) == ["probe.py:1 détourne", "probe.py:2 f'souffle {grenade}'"]


def told(event: Any) -> dict[str, str]:
    data = msgspec.to_builtins(event)
    return {lang: Sentences(lang).event(data, PEOPLE) for lang in ("fr", "en")}


def test_vda_gaze_03__averting_tells_its_reason_in_the_readers_language() -> None:
    """VDA-GAZE-03: averting costs 2 initiative; the reason reads in French and in English."""
    t = gaze_fight()
    [_, adjusted] = t.send(c.AvertGaze(combatant="bors"))
    assert adjusted == ev.InitiativeAdjusted(
        combatant="bors", delta=-2, score=-1, rule="VDA-GAZE-03", reason="averting"
    )
    assert told(adjusted) == {
        "fr": "Bors : initiative -1 (-2, VDA-GAZE-03) : détourne le regard.",
        "en": "Bors: initiative -1 (-2, VDA-GAZE-03): averts their eyes.",
    }


def test_the_gms_words_are_shown_as_written() -> None:
    """A reason that is no catalogue key (the GM's) is shown as the GM wrote it."""
    t = gaze_fight()
    [adjusted] = t.send(c.AdjustInitiative(combatant="bors", delta=-1, reason="glisse sur le pavé"))
    assert told(adjusted)["en"].endswith(": glisse sur le pavé.")


def test_vda_vand_09__a_natural_weapons_parry_names_the_weapon() -> None:
    """VDA-VAND-09: Xin Tao hurt parrying with his claws: the sentence names the claws, not
    bare hands, in French and in English."""
    t = xin_tao(TABLE_CLAWS, weapons=["griffes"])
    t.declare("nosf", act("attack", skill="melee", weapon="hache_a_deux_mains", target="xin"))
    t.declare("xin", act("defend", skill="brawl", defence="parry", weapon="griffes"))
    resolve(t, "xin", [8, 2])
    [hurt] = of(resolve(t, "nosf", [9, 9]), ev.NaturalParryHurt)
    assert told(hurt) == {
        "fr": "Xin Tao se blesse en parant avec son arme naturelle (griffes) : 2 niveaux de santé.",
        "en": "Xin Tao is hurt parrying with their natural weapon (griffes): 2 health levels.",
    }


FRENCH = re.compile(
    r"\b(chute|souffle|dés|relève|détourne|blessures|dépensé|déplacé|modérée|assommé|reprend|"
    r"nues|remplacée|tir|échec)\b"
)
"""Words of the French reasons the rules used to write, which no English sentence uses."""


def test_no_english_vda_chronicle_carries_a_french_reason() -> None:
    """The English chronicles of the vda example fights (``python -m tests.test_chronicle``)
    hold none of the French reasons."""
    leaks = []
    for path in sorted((ROOT / "tests" / "chronicle").glob("vda_*.en.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FRENCH.search(line):
                leaks.append(f"{path.name}:{n}: {line}")
    assert leaks == []
