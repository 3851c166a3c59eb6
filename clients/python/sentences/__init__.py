"""Events as sentences, in French or English, for ``fracas watch``, ``fracas
chronicle`` and (through ``clients/web/js/event-text.js``) the web pages' log.

The texts are gettext catalogues, one domain per rule system plus ``table`` for
the table's own events (``locale/<lang>/LC_MESSAGES/<domain>.po``). Message ids
are keys (``event.vda.AttackResolved``); a message's ``{placeholders}`` are the
event's fields, flattened (``resolution.margin`` is ``{resolution_margin}``) and
made readable by the same rules here and in the web pages:

- a combatant's id becomes its name, a principal's id (``roller``, ``author``,
  ``sender``) the name it was invited under, ``gm`` the GM;
- a roll becomes its dice and result: ``[8✓ 2 1✗] → 1 succès (difficulté 6)``;
- a string field ``f`` whose catalogue has ``f.<value>`` is that term
  (``kind.attack`` → « attaque »), a number field ``f`` whose catalogue has the
  plural message ``count.f`` is counted with it (``count.physical`` → « 2
  actions physiques »), a list of pool or difficulty terms is their sum;
- a map keyed by combatants reads ``Rorsh : zone, Agnès : full``.

A part of a message between ``[[`` and ``]]`` is left out when one of its
placeholders is empty: ``attaque[[ contre {target}]]``.

A message may have variants: ``event.<type>.<field>.<value>`` for a string
field's value, ``event.<type>.<field>`` for a field that is true, a number, or
not empty; the first field that has one picks it, true booleans first, then the
event's fields in order. French
plurals follow CLDR, as ``Intl.PluralRules`` does in the browser (0 and 1 are
singular).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from domain.events import Recorded

LOCALE = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"

PEOPLE = frozenset(
    {
        *("combatant", "combatants", "combatant_id", "attacker", "target", "grappler", "opponent"),
        *("defender", "ambusher", "drinker", "victim", "biter", "owner", "thrower", "holders"),
        *("holder", "vampire", "other", "searcher", "targets", "by", "after"),
    }
)
"""Fields that name a combatant by its id."""
PRINCIPALS = frozenset({"roller", "author", "principal_id", "sender"})
"""Fields that name a principal (the GM, a player, a spectator) by its id."""
ROLLS = frozenset({"pool", "keep", "d6"})
PLACEHOLDER = re.compile(r"\{(\w+)\}")
OPTIONAL = re.compile(r"\[\[(.*?)\]\]")

CATEGORIES = {"fr": ("one", "other"), "en": ("one", "other")}
"""The gettext plural forms of each language (``msgstr[i]``), as CLDR categories."""

Message = str | dict[str, str]
"""A message: its text, or its plural forms by CLDR category (``one``, ``other``…)."""


@cache
def catalogue(lang: str) -> dict[str, Message]:
    """Every message of ``lang``, from every domain's ``.po`` file."""
    from babel.messages.pofile import read_po  # here: ``fracas --help`` reads no catalogue

    messages: dict[str, Message] = {}
    for path in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as po:
            for message in read_po(po, locale=lang):
                if not message.id:
                    continue
                if isinstance(message.id, tuple | list):
                    forms = CATEGORIES[lang]
                    messages[str(message.id[0])] = {
                        forms[i]: str(text) for i, text in enumerate(message.string or ())
                    }
                else:
                    messages[str(message.id)] = str(message.string)
    return messages


@dataclass
class People:
    """Who is who: combatants' and principals' names, learned from the log."""

    combatants: dict[str, str] = field(default_factory=dict)
    principals: dict[str, str] = field(default_factory=dict)

    def learn(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind in ("CombatantAdded", "CombatantUpdated"):
            self.combatants[event["combatant"]["id"]] = event["combatant"]["name"]
        elif kind == "PlayerInvited":
            self.principals[event["player_id"]] = event["name"] or event["player_id"]
        elif kind == "SpectatorInvited":
            self.principals[event["spectator_id"]] = event["name"] or event["spectator_id"]

    def learn_all(self, records: Iterable[Recorded]) -> People:
        for record in records:
            self.learn(msgspec.to_builtins(record.event))
        return self


class Sentences:
    """The sentences of one language."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"no sentences in {lang!r} (known: {', '.join(LANGUAGES)})")
        self.lang = lang
        self.messages = catalogue(lang)
        from babel import Locale

        self._plural: Callable[[int], str] = Locale.parse(lang).plural_form

    def has(self, key: str) -> bool:
        return key in self.messages

    def t(self, key: str, **values: Any) -> str:
        """The message ``key`` filled (:func:`fill`); ``n`` chooses the plural form."""
        message = self.messages.get(key, key)
        if isinstance(message, dict):
            message = message.get(self._plural(abs(int(values.get("n", 0)))), message["other"])
        return fill(message, values)

    # --- who ---------------------------------------------------------------------

    def principal(self, people: People, principal: str) -> str:
        if principal == "gm":
            return self.t("who.gm")
        return people.principals.get(principal, principal)

    # --- rolls ---------------------------------------------------------------------

    def roll(self, roll: dict[str, Any], dice_only: bool = False) -> str:
        """A roll's dice, each marked, and its result."""
        kind = roll["type"]
        if kind == "pool":
            difficulty = roll["difficulty"]
            # A 1 is marked when it counted: it cancelled a success, or made the botch.
            ones_count = roll["successes"] < roll["hits"] or roll["hits"] == 0
            faces = [
                f"{f}✓" + ("↻" if roll.get("tens_again") and f == 10 else "")
                if f >= difficulty
                else f"{f}✗"
                if f == 1 and ones_count
                else str(f)
                for f in roll["faces"]
            ]
            if dice_only:
                return self._dice(faces)
            if roll["botch"]:
                result = self.t("roll.botch")
            elif roll["successes"] > 0:
                result = self.t("roll.successes", n=roll["successes"])
            else:
                result = self.t("roll.failure")
            return self.t("roll.pool", dice=self._dice(faces), result=result, d=difficulty)
        if kind == "keep":
            kept = kept_chains(roll)
            faces = [
                "+".join(str(f) for f in chain) + ("✓" if kept[i] else "")
                if kept[i]
                else "(" + "+".join(str(f) for f in chain) + ")"
                for i, chain in enumerate(roll["chains"])
            ]
            if dice_only:
                return self._dice(faces)
            total = self.t("roll.total", n=roll["total"])
            if roll.get("target") is None:
                return self.t("roll.keep", dice=self._dice(faces), result=total)
            outcome = self.t("roll.met" if roll.get("success") else "roll.missed")
            target = self.t("roll.target", n=roll["target"])
            return self.t("roll.keep", dice=self._dice(faces), result=f"{total}, {target} {outcome}")
        if kind == "d6":
            faces = [f"{f}✓" if f == 6 else str(f) for f in roll["faces"]]
            if dice_only:
                return self._dice(faces)
            result = (
                self.t("roll.successes", n=roll["successes"]) if roll["successes"] else self.t("roll.failure")
            )
            return self.t("roll.d6", dice=self._dice(faces), result=result)
        return ""

    def dice(self, roll: dict[str, Any]) -> str:
        """A roll's dice alone, each marked: ``[8✓ 2 1✗]``."""
        return self.roll(roll, dice_only=True)

    def _dice(self, faces: list[str]) -> str:
        return "[" + " ".join(faces) + "]" if faces else self.t("roll.no_dice")

    # --- events --------------------------------------------------------------------

    def values(self, event: dict[str, Any], people: People) -> dict[str, str]:
        """The placeholders of an event's sentence."""
        out: dict[str, str] = {}
        for name, value in event.items():
            if name != "type":
                self._walk(name, name, value, people, out)
        return out

    def _walk(self, key: str, leaf: str, value: Any, people: People, out: dict[str, str]) -> None:
        if is_roll(value):
            out[key] = self.roll(value)
            out[f"{key}_dice"] = self.dice(value)
        elif isinstance(value, dict):
            if value and all(k in people.combatants for k in value):
                out[key] = ", ".join(
                    self.t("pair", a=people.combatants[k], b=self._item(leaf, v, people))
                    for k, v in value.items()
                )
            else:
                for name, inner in value.items():
                    self._walk(f"{key}_{name}", name, inner, people, out)
        elif isinstance(value, list) and value and all(is_term(v) for v in value):
            out[key] = self._count(leaf, sum(v["value"] for v in value))
        else:
            out[key] = self._item(leaf, value, people)

    def _item(self, leaf: str, value: Any, people: People) -> str:
        if value is None or isinstance(value, bool):
            return ""
        if isinstance(value, int | float):
            return self._count(leaf, value)
        if isinstance(value, str):
            if leaf in PEOPLE:
                return str(people.combatants.get(value, value))
            if leaf in PRINCIPALS:
                return self.principal(people, value)
            if leaf == "label":
                return self.t("label", s=value) if value else ""
            term = f"{leaf}.{value}"
            return self.t(term) if self.has(term) else value
        if isinstance(value, list):
            return ", ".join(self._item(leaf, v, people) for v in value)
        if isinstance(value, dict):
            if is_roll(value):
                return self.roll(value)
            if "combatant" in value:
                name = str(people.combatants.get(value["combatant"], value["combatant"]))
                return f"{name} ({value['score']})" if "score" in value else name
            if "kind" in value:
                return self._item("kind", value["kind"], people)
        return ""

    def _count(self, leaf: str, n: float) -> str:
        return self.t(f"count.{leaf}", n=n) if self.has(f"count.{leaf}") else str(n)

    def key(self, event: dict[str, Any]) -> str:
        """The message of an event: a variant, else its own, else the unknown event's."""
        base = f"event.{event['type']}"
        fields = list(flat(event))
        for name, value in [f for f in fields if f[1] is True] + [f for f in fields if f[1] is not True]:
            if value is None or value is False or (isinstance(value, str | list | dict) and not value):
                continue
            if isinstance(value, str) and self.has(f"{base}.{name}.{value}"):
                return f"{base}.{name}.{value}"
            if self.has(f"{base}.{name}"):
                return f"{base}.{name}"
        return base if self.has(base) else "event.unknown"

    def event(self, event: dict[str, Any], people: People) -> str:
        key = self.key(event)
        text = self.t(key, type=event["type"], **self.values(event, people)).strip()
        return text if key == "event.unknown" else text[:1].upper() + text[1:]

    def describe(self, record: Recorded, people: People) -> str:
        """A record's sentence (``people`` learns the names it brings first)."""
        event = msgspec.to_builtins(record.event)
        people.learn(event)
        return self.event(event, people)


def fill(message: str, values: dict[str, Any]) -> str:
    """A message's placeholders filled (a missing one is empty), and its optional
    parts ``[[ contre {target}]]`` kept only when every placeholder in them has a value."""

    def part(match: re.Match[str]) -> str:
        inner = match.group(1)
        return inner if all(str(values.get(name, "")) for name in PLACEHOLDER.findall(inner)) else ""

    return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), "")), OPTIONAL.sub(part, message))


def is_roll(value: Any) -> bool:
    return isinstance(value, dict) and value.get("type") in ROLLS and ("faces" in value or "chains" in value)


def is_term(value: Any) -> bool:
    """A pool or difficulty term: ``{rule, value, why}``."""
    return isinstance(value, dict) and "rule" in value and isinstance(value.get("value"), int)


def flat(event: dict[str, Any], prefix: str = "") -> Iterable[tuple[str, Any]]:
    """The event's fields in order, a nested struct's fields after it (``a_b``)."""
    for name, value in event.items():
        if name == "type" and not prefix:
            continue
        key = f"{prefix}{name}"
        yield key, value
        if isinstance(value, dict) and not is_roll(value):
            yield from flat(value, f"{key}_")


def kept_chains(roll: dict[str, Any]) -> list[bool]:
    """Which chains of a roll-and-keep roll were kept (their sums are ``kept_values``)."""
    wanted = list(roll["kept_values"])
    kept = []
    for chain in roll["chains"]:
        total = sum(chain)
        kept.append(total in wanted)
        if total in wanted:
            wanted.remove(total)
    return kept
