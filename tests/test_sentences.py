"""The sentences every client shows (``clients/python/sentences``): complete
catalogues in French and in English, a sentence for every event of every rule
system, French plurals, and the web pages' copy saying exactly the same thing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import msgspec
import pytest
from babel.messages.pofile import read_po

from clients.python.scenario import load_scenario
from clients.python.sentences import LANGUAGES, LOCALE, People, Sentences, catalogue
from clients.python.sentences.web import WEB, compiled
from domain.events import TABLE_EVENTS
from domain.play import play
from domain.systems import SYSTEMS

ROOT = Path(__file__).resolve().parents[1]
DOMAINS = sorted(p.stem for p in (LOCALE / "fr" / "LC_MESSAGES").glob("*.po"))
FIGHTS = sorted(p for p in (ROOT / "examples").glob("**/*.yaml") if "sheets" not in p.parts)
NODE_SCRIPT = ROOT / "tests" / "sentences" / "node_sentences.mjs"


def messages(lang: str, domain: str) -> dict[str, object]:
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
        return {(m.id[0] if isinstance(m.id, tuple) else m.id): m.string for m in read_po(po) if m.id}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_french_and_english_catalogues_are_complete(domain: str) -> None:
    french, english = messages("fr", domain), messages("en", domain)
    assert set(french) == set(english), set(french) ^ set(english)
    for key in french:
        for lang, text in (("fr", french[key]), ("en", english[key])):
            forms = list(text) if isinstance(text, tuple | list) else [text]
            assert forms and all(forms), f"{domain}.po ({lang}): {key} has no text"
            names = {n for form in forms for n in re.findall(r"\{(\w+)\}", str(form))}
            other = english[key] if lang == "fr" else french[key]
            other_forms = list(other) if isinstance(other, tuple | list) else [other]
            other_names = {n for form in other_forms for n in re.findall(r"\{(\w+)\}", str(form))}
            assert names == other_names, f"{key}: {lang} uses {names}, the other language {other_names}"


def test_the_catalogues_use_french_and_english_plural_rules() -> None:
    for domain in DOMAINS:
        head = (LOCALE / "fr" / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
        assert "Plural-Forms: nplurals=2; plural=(n > 1);" in head, domain
        head = (LOCALE / "en" / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
        assert "Plural-Forms: nplurals=2; plural=(n != 1);" in head, domain
    french, english = Sentences("fr"), Sentences("en")
    assert [french.t("count.physical", n=n) for n in (0, 1, 2)] == [
        "0 action physique",
        "1 action physique",
        "2 actions physiques",
    ]
    assert [english.t("count.physical", n=n) for n in (0, 1, 2)] == [
        "0 physical actions",
        "1 physical action",
        "2 physical actions",
    ]


def test_no_message_is_defined_in_two_domains() -> None:
    seen: dict[str, str] = {}
    for domain in DOMAINS:
        for key in messages("fr", domain):
            assert key not in seen, f"{key} is in {seen.get(key)}.po and {domain}.po"
            seen[key] = domain


def test_every_event_of_every_rule_system_has_its_sentence() -> None:
    types = [*TABLE_EVENTS, *(t for system in SYSTEMS.values() for t in system.event_types)]
    tags = [str(t.__struct_config__.tag) for t in types]
    for lang in LANGUAGES:
        missing = [tag for tag in tags if f"event.{tag}" not in catalogue(lang)]
        assert not missing, f"no {lang} sentence for {missing}"


def test_optional_parts_and_names_fill_a_sentence() -> None:
    french = Sentences("fr")
    people = People(combatants={"agnes": "Agnès", "rorsh": "Rorsh"}, principals={"alice": "Alice"})
    declared = {
        "type": "vda.ActionDeclared",
        "combatant": "agnes",
        "sequence": 1,
        "action": {"kind": "attack", "skill": "melee", "target": "rorsh", "weapon": None, "grapple": None},
    }
    assert french.event(declared, people) == "Agnès déclare : attaque (Mêlée) contre Rorsh."
    declared["action"] = {"kind": "move", "skill": "", "target": None}
    assert french.event(declared, people) == "Agnès déclare : déplacement."
    note = {"type": "NoteAdded", "text": "Rideau.", "author": "gm", "secret": False}
    assert french.event(note, people) == "Le MJ note : Rideau."
    assert Sentences("en").event({**note, "author": "alice"}, people) == "Alice notes: Rideau."
    assert french.event({"type": "vda.Unheard", "x": 1}, people) == "vda.Unheard"


def test_the_web_pages_load_the_same_catalogues() -> None:
    for lang in LANGUAGES:
        committed = (WEB / f"{lang}.json").read_text(encoding="utf-8")
        assert committed == compiled(lang), "run: python -m clients.python.sentences.web"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the web pages' sentences")
@pytest.mark.parametrize("fight", FIGHTS, ids=lambda p: p.stem)
def test_the_web_pages_and_the_cli_say_the_same_thing(fight: Path) -> None:
    """clients/web/js/event-text.js, run under Node on every record of the fight, gives
    the very sentences of the Python client."""
    log, _ = play(load_scenario(fight), seed=b"fracas-sentences")
    people = People().learn_all(log)
    for lang in LANGUAGES:
        sentences = Sentences(lang)
        expected = [sentences.event(msgspec.to_builtins(r.event), people) for r in log]
        given = {
            "lang": lang,
            "people": {"combatants": people.combatants, "principals": people.principals},
            "records": [msgspec.to_builtins(r) for r in log],
        }
        node = subprocess.run(
            [
                "node",
                "--experimental-default-type=module",
                str(ROOT / "tests" / "sentences" / "node_sentences.mjs"),
            ],
            input=json.dumps(given),
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert json.loads(node.stdout) == expected


def placeholders_of(event_type: type) -> set[str]:
    """The placeholders an event's fields give its sentence (``values`` in
    ``clients/python/sentences``): each field, a nested struct's fields flattened,
    a roll's dice alone (``<field>_dice``)."""
    found = {"type"}

    def walk(prefix: str, info: msgspec.inspect.Type) -> None:
        found.add(prefix)
        if isinstance(info, msgspec.inspect.UnionType):
            for member in info.types:
                walk(prefix, member)
        elif isinstance(info, msgspec.inspect.StructType):
            if info.cls.__struct_config__.tag in ("pool", "keep", "d6"):
                found.add(f"{prefix}_dice")
                return
            for f in info.fields:
                walk(f"{prefix}_{f.name}", f.type)

    for f in msgspec.inspect.type_info(event_type).fields:  # type: ignore[attr-defined]
        walk(f.name, f.type)
    return found


def test_every_placeholder_of_an_event_sentence_is_one_of_its_fields() -> None:
    types = [*TABLE_EVENTS, *(t for system in SYSTEMS.values() for t in system.event_types)]
    for event_type in types:
        tag = str(event_type.__struct_config__.tag)
        allowed = placeholders_of(event_type)
        for key, message in catalogue("fr").items():
            if key == f"event.{tag}" or key.startswith(f"event.{tag}."):
                texts = message.values() if isinstance(message, dict) else [message]
                used = {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}
                assert used <= allowed, f"{key} uses {sorted(used - allowed)}, not a field of {tag}"
