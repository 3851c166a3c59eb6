"""One table of a rule system's commands, their senders and their guards.

A :class:`Move` says, for one command type, who may send it (the GM, or whoever
plays the combatant the command names), the guard that says whether that
combatant may send it *now*, and the handler that decides it. :class:`Moves`
is the system's whole table: ``decide`` runs the access check, then the guard,
then the handler; ``may`` runs the same guards without a command. So "what may
this combatant do now?" and "is this command accepted?" cannot drift apart
(pokerkit's one check for "can" and "do").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

import msgspec

from domain.base import Emitted, SystemView
from domain.errors import CheckFailed, Forbidden, Refused


def require_controls(view: SystemView, combatant: str) -> None:
    """The sender plays ``combatant`` (the GM plays every one)."""
    if not view.controls(combatant):
        raise Forbidden("role.not-your-combatant", f"you do not play {combatant!r}")


def require_gm(view: SystemView, what: str) -> None:
    if not view.sender.is_gm:
        raise Forbidden("role.gm-only", f"only the GM may {what}")


class Term(msgspec.Struct, frozen=True, kw_only=True):
    """One term of a pool or a difficulty the server would use, with the rule behind it."""

    rule: str
    value: int
    why: str = ""


class Offer(msgspec.Struct, frozen=True, kw_only=True):
    """One command (or named variant) a combatant may send now, with the fields the
    server already knows (the sender, a grapple's whole declaration) and, when the
    command rolls at once, the pool and difficulty it would roll, term by term."""

    label: str
    """The command's tag, or a variant's name (``vda.DeclareAction/bite:anna``)."""
    command: str
    """The command's tag."""
    fields: dict[str, Any] = {}
    pool: list[Term] | None = None
    difficulty: list[Term] | None = None
    automatic: int = 0
    """Successes the roll counts without dice (Potence in a vda grapple)."""


@dataclass(frozen=True)
class Variant:
    """A named variant of a command: the fields it sets and the guard it must pass."""

    fields: dict[str, object]
    guard: Callable[[], object]
    preview: Callable[[], Preview | None] | None = None
    """The pool and difficulty terms this variant would roll, by the handler's own code
    (a reflexive gaze at one target); None when it cannot say."""


Preview = tuple[Sequence[Any], Sequence[Any]] | tuple[Sequence[Any], Sequence[Any], int]
"""A roll's pool terms, difficulty terms and (optionally) automatic successes."""


def _builtins(fields: dict[str, object]) -> dict[str, Any]:
    return dict(msgspec.to_builtins(fields))


def _terms(found: Sequence[Any]) -> list[Term]:
    return [Term(rule=t.rule, value=t.value, why=t.why) for t in found]


@dataclass(frozen=True)
class Move:
    """One command of a rule system: who sends it, when it may be sent, what it does."""

    command: type
    do: Callable[[Any, Any], Sequence[Emitted]]
    """The handler: the events the command writes (it may draw dice)."""
    by: Literal["gm", "actor"] = "actor"
    """``gm``: only the GM sends it; ``actor``: whoever plays the combatant named by
    the command's :attr:`actor` field (the GM plays them all)."""
    actor: str = "combatant"
    may: Callable[[Any, str], object] | None = None
    """The guard: refuses when the combatant may not send this command now, whatever
    its other fields say. ``decide`` runs it before :attr:`do`; ``may`` lists the
    command when it passes."""
    offers: Callable[[Any, str], dict[str, Variant]] | None = None
    """Named variants of the command (a grapple declaration is a ``DeclareAction``),
    each with its fields and the guard it must pass; ``may`` lists those that pass."""
    judge: Callable[[Any, Any], object] | None = None
    """The handler's own checks of the command as sent. A guard that stands for several
    commands (any power, any pair of weapons) refuses with one of them; when it refuses,
    ``decide`` first runs this so that the refusal names what the sender sent."""
    preview: Callable[[Any, str], Preview | None] | None = None
    """The pool and difficulty terms (``rule``, ``value``, ``why``) the handler would
    roll now, and its automatic successes if it counts any, computed by the code the
    handler rolls with; None when it cannot say."""
    what: str = ""
    """What the command does, for a refusal's message ("start a round")."""

    @property
    def tag(self) -> str:
        config = getattr(self.command, "__struct_config__", None)
        return str(config.tag) if config is not None else self.command.__name__


class Moves:
    """A rule system's table of moves. ``scene`` turns the table's
    :class:`SystemView` into the view the system's guards and handlers read."""

    def __init__(self, *moves: Move, scene: Callable[[SystemView], Any] = lambda view: view) -> None:
        self._by_type = {move.command: move for move in moves}
        if len(self._by_type) != len(moves):
            raise ValueError("a command type appears twice in a table of moves")
        self._scene = scene

    @property
    def command_types(self) -> tuple[type, ...]:
        return tuple(self._by_type)

    def __iter__(self) -> Any:
        return iter(self._by_type.values())

    def decide(self, view: SystemView, command: Any) -> list[Emitted]:
        """The events ``command`` writes: access, guard, handler, in that order."""
        move = self._by_type.get(type(command))
        if move is None:
            raise CheckFailed("table.command-system", f"{type(command).__name__} is not a command here")
        scene = self._scene(view)
        if move.by == "gm":
            require_gm(scene, move.what or f"send {move.tag}")
        else:
            actor = getattr(command, move.actor)
            require_controls(scene, actor)
            if move.may is not None:
                try:
                    move.may(scene, actor)
                except Refused:
                    if move.judge is not None:
                        move.judge(scene, command)
                    raise
        return list(move.do(scene, command))

    def may(self, view: SystemView, combatant: str) -> list[str]:
        """The commands (and named variants) ``combatant`` may send now, by the guards
        ``decide`` runs. GM-only commands are not listed: the GM page offers them."""
        return [offer.label for offer in self.offers(view, combatant, previews=False)]

    def offers(self, view: SystemView, combatant: str, *, previews: bool = True) -> list[Offer]:
        """What :meth:`may` lists, each with the fields it sets and (``previews``) the
        pool and difficulty it would roll."""
        return self.offers_of(view, [combatant], previews=previews)[combatant]

    def offers_of(
        self, view: SystemView, combatants: Iterable[str], *, previews: bool = True
    ) -> dict[str, list[Offer]]:
        """:meth:`offers` for each of ``combatants``, from one scene of ``view``: a system's
        scene may do work of its own (a round that moved on by itself, who is at the table)
        that one view needs once, not once per combatant."""
        scene = self._scene(view)
        return {cid: self._offers(scene, view, cid, previews) for cid in combatants}

    def _offers(self, scene: Any, view: SystemView, combatant: str, previews: bool) -> list[Offer]:
        if not view.controls(combatant):
            return []
        found: list[Offer] = []
        for move in self._by_type.values():
            if move.by != "actor" or move.may is None:
                continue
            if not _passes(lambda move=move: move.may(scene, combatant)):  # type: ignore[misc]
                continue
            sender = {move.actor: combatant}
            preview = partial(move.preview, scene, combatant) if previews and move.preview else None
            found.append(_offer(move.tag, move.tag, sender, preview))
            if move.offers is not None:
                found += [
                    _offer(
                        label,
                        move.tag,
                        {**sender, **_builtins(variant.fields)},
                        variant.preview if previews else None,
                    )
                    for label, variant in move.offers(scene, combatant).items()
                    if _passes(variant.guard)
                ]
        return found


def _offer(
    label: str, tag: str, fields: dict[str, Any], preview: Callable[[], Preview | None] | None
) -> Offer:
    """An offer with the terms ``preview`` gives (none when it refuses or cannot say)."""
    terms = _preview(preview) if preview is not None else None
    if not terms:
        return Offer(label=label, command=tag, fields=fields)
    automatic = terms[2] if len(terms) > 2 else 0
    return Offer(
        label=label,
        command=tag,
        fields=fields,
        pool=_terms(terms[0]),
        difficulty=_terms(terms[1]),
        automatic=automatic,
    )


def _preview(preview: Callable[[], Preview | None]) -> Preview | None:
    try:
        return preview()
    except Refused:
        return None


def _passes(guard: Callable[[], object]) -> bool:
    try:
        guard()
    except Refused:
        return False
    return True
