"""The dice core: derivation, counting and the scripted roller."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.commands import AnyCommand
from domain.dice import (
    MAX_DRAWS,
    DerivedRoller,
    DrawSource,
    ScriptedRoller,
    TooManyDraws,
    command_digest,
    count_pool,
    derive_die,
    roll_commitment,
    roll_d6,
    roll_keep,
    roll_pool,
    ten_dice_rule,
    valid_nonce,
)
from domain.errors import CheckFailed

SEED = b"\x07" * 32


def source(
    table: str = "t", position: int = 5, sender: str = "gm", command: str = "c0", nonce: str = "n"
) -> DrawSource:
    return DrawSource(table, position, sender, command, nonce)


@given(
    seed=st.binary(min_size=16, max_size=32),
    table=st.text(min_size=1, max_size=12),
    position=st.integers(1, 10**9),
    nonce=st.text(max_size=16),
    index=st.integers(0, 400),
    sides=st.sampled_from([2, 6, 10, 20, 100]),
)
def test_derived_dice_are_reproducible_and_in_range(
    seed: bytes, table: str, position: int, nonce: str, index: int, sides: int
) -> None:
    drawn = source(table, position, nonce=nonce)
    face = derive_die(seed, drawn, index, sides)
    assert 1 <= face <= sides
    assert derive_die(seed, drawn, index, sides) == face


def test_derived_d10_faces_are_uniform() -> None:
    faces = Counter(derive_die(SEED, source(position=p), i, 10) for p in range(1, 201) for i in range(100))
    expected = 20000 / 10
    chi_square = sum((faces[f] - expected) ** 2 / expected for f in range(1, 11))
    assert set(faces) == set(range(1, 11))
    assert chi_square < 27.88  # 9 degrees of freedom, p = 0.001


def test_each_die_depends_on_seed_table_position_sender_command_nonce_index_and_sides() -> None:
    base = [derive_die(SEED, source(), i, 1000) for i in range(8)]
    assert [derive_die(b"\x08" * 32, source(), i, 1000) for i in range(8)] != base
    assert [derive_die(SEED, source(table="u"), i, 1000) for i in range(8)] != base
    assert [derive_die(SEED, source(position=6), i, 1000) for i in range(8)] != base
    assert [derive_die(SEED, source(sender="ann"), i, 1000) for i in range(8)] != base
    assert [derive_die(SEED, source(command="c1"), i, 1000) for i in range(8)] != base
    assert [derive_die(SEED, source(nonce="m"), i, 1000) for i in range(8)] != base
    assert [derive_die(SEED, source(), i, 999) for i in range(8)] != base
    assert len(set(base)) > 1


def test_the_derivation_is_the_one_docs_protocol_states() -> None:
    """An outsider's reimplementation from docs/protocol.md: HMAC-SHA256 keyed with the
    seed over the fields joined by U+001F, the first 8 bytes big-endian, rejection
    sampling, face = value mod sides + 1."""
    seed = bytes(range(32))
    digest = hashlib.sha256(b'{"type":"RollDice"}').hexdigest()
    drawn = DrawSource("tbl", 7, "ann", digest, "abc")
    for index, sides in [(0, 10), (1, 10), (2, 6), (3, 1000)]:
        attempt = 0
        while True:
            fields = ["fracas/die/2", "tbl", "7", "ann", digest, "abc", str(index), str(sides), str(attempt)]
            mac = hmac.new(seed, "\x1f".join(fields).encode(), hashlib.sha256).digest()
            value = int.from_bytes(mac[:8], "big")
            if value < (1 << 64) - (1 << 64) % sides:
                break
            attempt += 1
        assert derive_die(seed, drawn, index, sides) == value % sides + 1


def test_a_command_digest_is_canonical() -> None:
    """Spacing, field order and omitted defaults do not change a command's digest;
    any field's value does."""
    decode = msgspec.json.Decoder(AnyCommand).decode
    one = decode(b'{"type":"AddNote","text":"Salut"}')
    two = decode(b'{ "text" : "Salut", "secret": false, "type":"AddNote"}')
    assert command_digest(one) == command_digest(two)
    assert command_digest(one) == hashlib.sha256(msgspec.json.encode(one)).hexdigest()
    assert command_digest(decode(b'{"type":"AddNote","text":"Salut","secret":true}')) != command_digest(one)


def test_nonces_are_short_printable_ascii() -> None:
    assert valid_nonce("") and valid_nonce("n-1 ~") and valid_nonce("x" * 128)
    assert not valid_nonce("x" * 129)
    assert not valid_nonce("a\x1fb") and not valid_nonce("é")


def test_derived_roller_counts_draws_for_verification() -> None:
    roller = DerivedRoller(SEED, source(position=3))
    roll = roll_pool(roller, 4, 6)
    second = roll_pool(roller, 2, 6)
    assert (roll.first_draw, second.first_draw, roller.drawn) == (0, 4, 6)
    assert second.faces == [derive_die(SEED, source(position=3), i, 10) for i in (4, 5)]


def test_a_roller_past_its_draw_budget_is_an_engine_error() -> None:
    roller = DerivedRoller(SEED, source())
    for _ in range(MAX_DRAWS):
        roller.die(10)
    with pytest.raises(TooManyDraws):
        roller.die(10)


def test_pool_counts_hits_ones_and_botches() -> None:
    assert count_pool([6, 7, 1, 3], 6) == (2, 1, 1, False)
    assert count_pool([1, 1, 9], 6) == (1, 2, 0, False)  # cancelled, not a botch
    assert count_pool([1, 2, 3], 6) == (0, 1, 0, True)
    assert count_pool([], 6) == (0, 0, 0, False)


def test_tens_again_adds_a_die_per_ten_and_keeps_the_ten() -> None:
    roll = roll_pool(ScriptedRoller([10, 10, 4, 7]), 2, 6, tens_again=True)
    assert roll.faces == [10, 10, 4, 7] and roll.successes == 3


def test_scripted_roller_refuses_missing_and_impossible_dice() -> None:
    with pytest.raises(CheckFailed) as short:
        roll_pool(ScriptedRoller([5]), 2, 6)
    assert short.value.rule == "dice.script-exhausted"
    with pytest.raises(CheckFailed) as wrong:
        roll_d6(ScriptedRoller([7]), 1)
    assert wrong.value.rule == "dice.script-out-of-range"


def test_hostile_pool_sizes_are_refused() -> None:
    with pytest.raises(CheckFailed) as refused:
        roll_pool(ScriptedRoller([]), 10_000, 6)
    assert refused.value.rule == "dice.pool-size"
    with pytest.raises(CheckFailed):
        roll_pool(ScriptedRoller([5]), 1, 11)


def test_7s_dice_04__tens_explode_before_keeping() -> None:
    """7S-DICE-04: tens explode before keeping."""
    roll = roll_keep(ScriptedRoller([10, 7, 3, 9]), 3, 2, target=20)
    assert roll.chains == [[10, 7], [3], [9]]
    assert roll.kept_values == [17, 9] and roll.total == 26 and roll.success is True


def test_7s_dice_06__dice_beyond_ten_become_kept_dice_then_bonus() -> None:
    """7S-DICE-06: dice beyond ten become kept dice then bonus."""
    assert ten_dice_rule(12, 6) == (10, 8, 0)
    assert ten_dice_rule(15, 10) == (10, 10, 50)


def test_vae_dice_02__sixes_are_successes() -> None:
    """VAE-DICE-02: sixes are successes."""
    assert roll_d6(ScriptedRoller([6, 5, 6, 1]), 4).successes == 2


def test_commitment_changes_with_the_roll_and_the_salt() -> None:
    roll = roll_pool(ScriptedRoller([5, 6]), 2, 6)
    other = roll_pool(ScriptedRoller([6, 6]), 2, 6)
    assert roll_commitment(roll, "a") != roll_commitment(other, "a")
    assert roll_commitment(roll, "a") != roll_commitment(roll, "b")
