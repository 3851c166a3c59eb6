"""Dice: what was asked, what happened, and the one door randomness comes through.

Every die of a table comes from a :class:`Roller`. The server's roller,
:class:`DerivedRoller`, derives each die from the table's secret seed, the table
id, the position of the first event the command writes, the sender, the digest
of the command, the sender's nonce, the die's index in that command and its
number of sides, with HMAC-SHA256 and rejection sampling (:func:`derive_die`),
so that anyone holding the revealed seed can re-derive every die (``fracas
verify``), no face is more likely than another, and no command's dice tell
anything of another's. A sandbox table
may take its dice from the command instead (:class:`ScriptedRoller`); such rolls
say ``scripted=True``.

Roll records keep every face in draw order with the index of their first draw,
which is all a verifier needs.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from collections.abc import Sequence
from typing import Protocol

import msgspec

from domain.canon import canonical
from domain.errors import CheckFailed, EngineError

MAX_DICE = 60
"""Most dice one roll may ask for (a guard against hostile pool sizes)."""

MAX_DRAWS = 400
"""Most dice one command may draw, explosions included."""


class TooManyDraws(EngineError):
    """A command drew more than :data:`MAX_DRAWS` dice: it fails whole, and since
    dice were drawn it is an engine error, never a refusal."""


class ScriptRefused(CheckFailed):
    """A sandbox command's own dice do not fit what the rules rolled: a refusal of
    the script, allowed after a draw (those dice were chosen anyway)."""


class Roller(Protocol):
    scripted: bool

    @property
    def drawn(self) -> int:
        """How many dice this roller has handed out so far."""
        ...

    def die(self, sides: int) -> int:
        """One die from 1 to ``sides``."""
        ...

    def salt(self) -> str:
        """A value players cannot guess, to hide a secret roll's commitment."""
        ...


@functools.lru_cache(maxsize=1024)
def _keyed(key: bytes) -> hmac.HMAC:
    return hmac.new(key, digestmod=hashlib.sha256)


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    """HMAC-SHA256 of ``message``. Keying costs more than hashing a short message,
    so each key's keyed state is made once and copied."""
    mac = _keyed(key).copy()
    mac.update(message)
    return mac.digest()


class DrawSource(msgspec.Struct, frozen=True, gc=False):
    """What one command's dice are bound to, besides the seed: the table, the
    position of the first event the command writes, who sent it, the SHA-256 of
    the command itself (:func:`command_digest`) and the sender's nonce. Probing
    the dice with one command tells nothing of another's, nor of another
    sender's."""

    table_id: str
    position: int
    sender: str
    command: str
    nonce: str


DIE_LABEL = "fracas/die/2"
"""Names the derivation: a new one gets a new label, and old logs keep theirs."""

MAX_NONCE = 128


def valid_nonce(nonce: str) -> bool:
    """A nonce is at most 128 printable ASCII characters: it never holds the
    separator of the derivation's message, so that message reads one way only."""
    return len(nonce) <= MAX_NONCE and all(" " <= ch <= "~" for ch in nonce)


def command_digest(command: msgspec.Struct) -> str:
    """SHA-256 (hex) of a command's canonical encoding: msgspec's JSON of the
    decoded command, every field in declaration order with its value, defaults
    included, the ``type`` tag first. Two sends that decode to the same command
    have the same digest, whatever their spacing, field order or omitted defaults."""
    return hashlib.sha256(msgspec.json.encode(command)).hexdigest()


def _message(label: str, source: DrawSource) -> str:
    return "\x1f".join(
        (label, source.table_id, str(source.position), source.sender, source.command, source.nonce)
    )


def derive_die(seed: bytes, source: DrawSource, index: int, sides: int) -> int:
    """The ``index``-th die of the command ``source`` names: HMAC-SHA256 keyed with
    the seed over the fields below joined by U+001F, the first 8 bytes of the
    digest read big-endian, rejected and drawn again (``attempt`` + 1) when they
    fall in the last incomplete span of ``sides``, so every face is equally
    likely::

        fracas/die/2 ␟ table ␟ position ␟ sender ␟ command digest ␟ nonce ␟ index ␟ sides ␟ attempt
    """
    return _derive(seed, _message(DIE_LABEL, source), index, sides)


def _derive(seed: bytes, head: str, index: int, sides: int) -> int:
    if not 2 <= sides <= 1000:
        raise ValueError(f"a die has 2 to 1000 sides, not {sides}")
    span = 1 << 64
    limit = span - span % sides
    attempt = 0
    while True:
        message = f"{head}\x1f{index}\x1f{sides}\x1f{attempt}"
        digest = hmac_sha256(seed, message.encode())
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


def derive_die_v1(seed: bytes, table_id: str, position: int, nonce: str, index: int, sides: int) -> int:
    """The derivation of logs written before dice were bound to their command and
    sender (their records carry no ``command_digest``): kept so that ``fracas
    verify`` still checks them."""
    span = 1 << 64
    limit = span - span % sides
    attempt = 0
    while True:
        message = f"fracas/die\x1f{table_id}\x1f{position}\x1f{nonce}\x1f{index}\x1f{attempt}"
        value = int.from_bytes(hmac_sha256(seed, message.encode())[:8], "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


def seed_commitment(seed: bytes) -> str:
    """The SHA-256 of the seed, published when the table is created."""
    return hashlib.sha256(seed).hexdigest()


class DerivedRoller:
    """The server's roller: dice derived from the table's secret seed."""

    scripted = False

    def __init__(self, seed: bytes, source: DrawSource) -> None:
        self._seed = seed
        self._source = source
        self._head = _message(DIE_LABEL, source)
        """The part of every die's message this command shares."""
        self._drawn = 0

    @property
    def drawn(self) -> int:
        return self._drawn

    def die(self, sides: int) -> int:
        if self._drawn >= MAX_DRAWS:
            raise TooManyDraws(f"a command may draw at most {MAX_DRAWS} dice")
        value = _derive(self._seed, self._head, self._drawn, sides)
        self._drawn += 1
        return value

    def salt(self) -> str:
        return hmac_sha256(self._seed, _message("fracas/salt/2", self._source).encode()).hex()[:32]


class ScriptedRoller:
    """Dice given in the command, for sandbox tables, tests and scripted scenarios."""

    scripted = True

    def __init__(self, faces: Sequence[int], salts: DerivedRoller | None = None) -> None:
        self._faces = list(faces)
        self._drawn = 0
        self._salts = salts

    @property
    def drawn(self) -> int:
        return self._drawn

    @property
    def unused(self) -> int:
        return len(self._faces) - self._drawn

    def die(self, sides: int) -> int:
        if self._drawn >= len(self._faces):
            raise ScriptRefused(
                "dice.script-exhausted",
                f"the command gave {len(self._faces)} dice and the rules needed more",
            )
        value = self._faces[self._drawn]
        if not 1 <= value <= sides:
            raise ScriptRefused(
                "dice.script-out-of-range",
                f"scripted die #{self._drawn + 1} is {value}, not a face of a d{sides}",
            )
        self._drawn += 1
        return value

    def salt(self) -> str:
        """Scripted dice are the sender's, but a secret roll's salt must still be one
        nobody can guess: the table's derived salt when there is a seed."""
        if self._salts is None:
            raise AssertionError("a scripted roll's salt comes from the table's derived salts")
        return self._salts.salt()


# --- what happened ---------------------------------------------------------


class PoolRoll(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="pool"):
    """A d10 pool against a difficulty (vda, vtm)."""

    dice: int
    difficulty: int
    faces: list[int]
    hits: int
    """Dice at or above the difficulty."""
    ones: int
    successes: int
    """Hits less the ones that cancel them, never below zero."""
    botch: bool
    """No hit at all and at least one 1 (read on the raw faces)."""
    tens_again: bool = False
    first_draw: int = 0
    scripted: bool = False


class KeepRoll(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="keep"):
    """Roll-and-keep d10s whose 10s explode (7th Sea)."""

    rolled: int
    kept: int
    chains: list[list[int]]
    """Each die's faces in draw order: a 10 is followed by the die rolled again."""
    kept_values: list[int]
    bonus: int
    """Flat bonus from the ten-dice rule (dice beyond 10 kept)."""
    total: int
    target: int | None = None
    success: bool | None = None
    explode: bool = True
    first_draw: int = 0
    scripted: bool = False


class D6Roll(msgspec.Struct, frozen=True, gc=False, kw_only=True, tag="d6"):
    """A pool of d6 counting sixes (Vaesen, Year Zero)."""

    dice: int
    faces: list[int]
    successes: int
    first_draw: int = 0
    scripted: bool = False


Roll = PoolRoll | KeepRoll | D6Roll


def faces_drawn(roll: Roll) -> list[tuple[int, int]]:
    """Every (sides, face) of a roll in draw order, for verification."""
    if isinstance(roll, KeepRoll):
        return [(10, face) for chain in roll.chains for face in chain]
    sides = 6 if isinstance(roll, D6Roll) else 10
    return [(sides, face) for face in roll.faces]


def _require_dice(count: int) -> None:
    if not 0 <= count <= MAX_DICE:
        raise CheckFailed("dice.pool-size", f"a roll takes 0 to {MAX_DICE} dice, not {count}")


def count_pool(
    faces: Sequence[int], difficulty: int, *, ones_cancel: bool = True
) -> tuple[int, int, int, bool]:
    """(hits, ones, successes, botch) of d10 faces against a difficulty."""
    hits = sum(1 for face in faces if face >= difficulty)
    ones = sum(1 for face in faces if face == 1)
    successes = max(0, hits - ones) if ones_cancel else hits
    return hits, ones, successes, hits == 0 and ones > 0


def roll_pool(
    roller: Roller,
    dice: int,
    difficulty: int,
    *,
    tens_again: bool = False,
    ones_cancel: bool = True,
) -> PoolRoll:
    """Roll ``dice`` d10 against ``difficulty``; with ``tens_again`` each 10 adds a die
    (the 10 stays a success). A pool of zero dice rolls nothing and is no botch."""
    _require_dice(dice)
    if not 2 <= difficulty <= 10:
        raise CheckFailed("dice.difficulty", f"a d10 difficulty is 2 to 10, not {difficulty}")
    first = roller.drawn
    faces: list[int] = []
    pending = dice
    while pending:
        face = roller.die(10)
        faces.append(face)
        pending -= 1
        if tens_again and face == 10:
            pending += 1
    hits, ones, successes, botch = count_pool(faces, difficulty, ones_cancel=ones_cancel)
    return PoolRoll(
        dice=dice,
        difficulty=difficulty,
        faces=faces,
        hits=hits,
        ones=ones,
        successes=successes,
        botch=botch,
        tens_again=tens_again,
        first_draw=first,
        scripted=roller.scripted,
    )


def ten_dice_rule(rolled: int, kept: int) -> tuple[int, int, int]:
    """7S-DICE-06: never roll or keep more than ten dice. Each rolled die above ten
    becomes a kept die; each kept die above ten becomes +10. Returns
    (rolled, kept, bonus)."""
    if rolled > 10:
        kept += rolled - 10
        rolled = 10
    bonus = 0
    if kept > 10:
        bonus = 10 * (kept - 10)
        kept = 10
    return rolled, kept, bonus


def roll_keep(
    roller: Roller,
    rolled: int,
    kept: int,
    *,
    explode: bool = True,
    target: int | None = None,
    ten_dice: bool = True,
) -> KeepRoll:
    """7S-DICE-01/04: roll ``rolled`` d10, each 10 rolled again and added while
    ``explode``, keep the ``kept`` highest and sum them."""
    _require_dice(rolled)
    if not 0 <= kept <= MAX_DICE:
        raise CheckFailed("dice.keep", f"keep 0 to {MAX_DICE} dice, not {kept}")
    if kept > rolled:
        raise CheckFailed("dice.keep", f"cannot keep {kept} dice of {rolled} rolled")
    bonus = 0
    if ten_dice:
        rolled, kept, bonus = ten_dice_rule(rolled, kept)
    first = roller.drawn
    chains: list[list[int]] = []
    for _ in range(rolled):
        chain = [roller.die(10)]
        while explode and chain[-1] == 10:
            chain.append(roller.die(10))
        chains.append(chain)
    values = sorted((sum(chain) for chain in chains), reverse=True)[:kept]
    total = sum(values) + bonus
    return KeepRoll(
        rolled=rolled,
        kept=kept,
        chains=chains,
        kept_values=values,
        bonus=bonus,
        total=total,
        target=target,
        success=None if target is None else total >= target,
        explode=explode,
        first_draw=first,
        scripted=roller.scripted,
    )


def roll_d6(roller: Roller, dice: int) -> D6Roll:
    """VAE-DICE-01/02: roll ``dice`` d6, each 6 a success."""
    _require_dice(dice)
    first = roller.drawn
    faces = [roller.die(6) for _ in range(dice)]
    return D6Roll(
        dice=dice,
        faces=faces,
        successes=sum(1 for face in faces if face == 6),
        first_draw=first,
        scripted=roller.scripted,
    )


COMMITMENT_VERSION = "c1:"


def roll_commitment(roll: Roll, salt: str) -> str:
    """The hash a secret roll shows in place of its dice, so that a later reveal can be
    checked against it: the version, then SHA-256 of a label, the salt and the roll's
    canonical encoding (``domain.canon``), so that a field added to rolls later does
    not break the commitments of rolls made before."""
    body = b"\x1f".join((b"fracas/commitment/1", salt.encode(), canonical(roll)))
    return COMMITMENT_VERSION + hashlib.sha256(body).hexdigest()


def commitment_holds(roll: Roll, salt: str, commitment: str) -> bool:
    """Whether a revealed roll and salt are what ``commitment`` was made of (a
    commitment without a version was made before versions, over the roll's full JSON)."""
    if commitment.startswith(COMMITMENT_VERSION):
        return roll_commitment(roll, salt) == commitment
    return hashlib.sha256(msgspec.json.encode(roll) + salt.encode()).hexdigest() == commitment
