"""What a declaration says about its situation, what the GM rules about a combatant's
surroundings, and the state of equipment in a fight (issue 4, equipment side).

Leaf module: ``state.py`` embeds these Structs, ``rules/`` reads them. Every class is
frozen and keyword-only; the ones a command carries also forbid unknown fields.
"""

from __future__ import annotations

from typing import Literal

import msgspec

TerrainRuling = Literal["none", "minus_one_die", "minus_two_dice", "plus_one_difficulty"]
CoverRuling = Literal["dice_and_difficulty", "dice", "difficulty"]
Location = Literal["held", "ground", "stuck", "destroyed"]


class Mount(msgspec.Struct, frozen=True, gc=False, kw_only=True, forbid_unknown_fields=True):
    """A horse's numbers; the seeds give none, so they come from the rider's sheet
    (VDA-HORSE-02)."""

    strength: int
    potence: int = 0


class Charge(msgspec.Struct, frozen=True, gc=False, kw_only=True, forbid_unknown_fields=True):
    """A declared charge (VDA-CHARGE-01, VDA-CHARGE-02, VDA-CHARGE-05, VDA-CHARGE-06, VDA-CHARGE-07). The
    player chooses to charge, to use the
    mount's Strength (VDA-CHARGE-07) and to take the mid-round bonus (VDA-CHARGE-04); the
    other fields are facts the server fills in from the state (``handlers/charge.py``): a
    declaration may leave them out, and one that contradicts the state is refused."""

    mounted: bool = False
    """Fact: the rider's sheet has a mount (VDA-HORSE-02)."""
    rounds_moved: int = 0
    """Fact: full rounds of movement before the charge (VDA-CHARGE-01)."""
    straight_line_successes: int = 0
    """Fact: the successes of the straight run before it (25 m for 5, VDA-CHARGE-01)."""
    mount_strength: int | None = None
    """Fact: the mount's Strength when the rider strikes with it (VDA-CHARGE-07)."""
    mount_potence: int = 0
    use_mount_strength: bool = False
    """VDA-CHARGE-07: mounted, strike with the mount's Strength and Potence (« peut »: the
    rider's choice; a declared ``mount_strength`` also asks for it)."""
    initiative_bonus: bool = False
    """VDA-CHARGE-04: a charge begun mid-round adds the larger weapon's initiative bonus to
    the charger's current score (« peut »: the charger's choice)."""


class OwnNaturalWeapon(msgspec.Struct, frozen=True, gc=False, kw_only=True, forbid_unknown_fields=True):
    """A natural weapon of the character's own (claws, Vicissitude bone blades…), written on
    its sheet: the numbers the seeds give natural weapons (VDA-NAT-01) and the discipline it
    comes from, whose score counts in its resistance (VDA-VAND-09)."""

    id: str
    name: str = ""
    damage_bonus: int = 0
    """Strength + this many dice."""
    difficulty: int = 6
    damage_type: Literal["bashing", "lethal", "aggravated"] = "lethal"
    wound: Literal["piercing", "slashing", "crushing"] | None = "slashing"
    aggravated_capacity: int = 0
    """Aggravated levels it can inflict: they take as much off its resistance losses (VDA-VAND-10)."""
    initiative: int = 0
    """Initiative dice when it strikes in sequence 1 (VDA-INIT-09)."""
    discipline: str | None = None
    """The discipline it comes from (``protean``, ``vicissitude``…)."""


class Circumstances(msgspec.Struct, frozen=True, gc=False, kw_only=True, forbid_unknown_fields=True):
    """The GM's rulings on a combatant's surroundings, where the seed leaves them to the
    Storyteller; they last until the GM changes them."""

    terrain: TerrainRuling = "none"
    """VDA-MOD-01: slope, crowding or a cramped weapon (nothing if everyone suffers it)."""
    cover: int = 0
    """VDA-COVER-01: 0 none, 1 light, 2 medium, 3 nearly complete (defensive actions)."""
    cover_ruling: CoverRuling = "dice_and_difficulty"
    """VDA-COVER-01: the seed's « +1 dé et/ou −1 en difficulté »."""
    organised_adversaries: bool = False
    """VDA-MOD-05: the adversaries are organised enough to outnumber this combatant."""
    turbidity: int = 0
    """VDA-WATER-01: murky water adds to Perception rolls underwater."""
    obfuscate: int = 0
    """VDA-ORI-02, VDA-ORI-04: what Obfuscate in play adds to this combatant's 2-dice orientation
    rolls (the seeds give no number: the GM's ruling)."""
    horse_speed_dice: int = 0
    """VDA-MOD-03: the dice (0 to 2) this horse's speed costs whoever strikes it while it
    moves, by weapon size (the seed's « éventuellement −2 dés »: the GM's ruling)."""
    combat_arcane: int = 0
    """VDA-ORI-04: what an « Arcane de combat » in play adds to those rolls (undefined by the
    seeds: the GM's ruling)."""


class Item(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """An item of a combatant whose state changed in the fight (absent: in hand, whole)."""

    resistance: int | None = None
    """Current resistance once it lost some (VDA-RES); ``None``: never damaged."""
    max_resistance: int | None = None
    location: Location = "held"
    """On the ground after a disarm (VDA-DISARM-04), stuck in someone (VDA-STUCK-01),
    destroyed at 0 resistance (VDA-RES-02)."""
    stuck_in: str | None = None
    grip_weakened: bool = False
    """VDA-DISARM-03: +1 difficulty on every roll with it until a 2-dice regrip."""
    unready: int = 0
    """Physical actions still owed to reload it after a shot before it shoots again
    (VDA-BOW-06, VDA-FIRE-06)."""
    ones: int = 0
    """A firearm's 1s accumulated with use (VDA-FIRE-07), until the GM has it cleaned
    (``vda.AdjustItem``)."""


class Deafness(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """VDA-GREN-09, VDA-GREN-10, VDA-GREN-11: initiative and Perception maluses, until the scene ends or blood
    buys them off."""

    difficulty: int = 0
    dice: int = 0


class StuckWeapon(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """VDA-STUCK-01, VDA-STUCK-02: a weapon left in a vampire's body, and the pool it makes."""

    owner: str
    item: str
    target: str
    pool: int
    projectile: bool = False
    """An arrow or a bolt: its bow never left the owner's hand (VDA-STUCK-01)."""


class PendingGrenade(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """VDA-GREN-01, VDA-GREN-02, VDA-GREN-03, VDA-GREN-04: a thrown grenade waiting to explode."""

    id: str
    thrower: str
    target: str
    """The combatant it was thrown at: the impact point."""
    hits: int
    explodes_round: int
    explodes_sequence: int = 1
    initiative: int | None = None
    """Drawn when its round starts (VDA-GREN-01)."""
    problem: Literal["none", "pending", "dud", "delayed"] = "none"
    """VDA-GREN-03: two 1s on the throw; the GM rules dud or delayed."""
    dodged: dict[str, int] = {}
    """Successes of dodges and moves made before the explosion, by combatant (VDA-GREN-04)."""
