"""The ``vtm`` character sheet, the gear tables it refers to, and the combat state.

A sheet holds maximums (Willpower, blood, health levels); what was spent or taken
in the fight lives in the state (:class:`Fighter`), so a sheet never changes
because of a blow.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.systems.wod import Attributes, DamageType, Dots, Health, Kind, Levels, Modifier, Points

WeaponKind = Literal["melee", "firearm", "thrown"]
Maneuver = Literal[
    "punch",
    "kick",
    "claws",
    "strike",
    "sweep",
    "shoot",
    "throw",
    "clinch",
    "hold",
    "bite",
    "disarm",
    "belly",
    "tackle",
]
"""The attack maneuvers: sweep VTM-MEL-01, kick VTM-MEL-02, punch VTM-MEL-03, claws VTM-MEL-04,
strike VTM-MEL-05, disarm VTM-MEL-06, clinch VTM-MEL-07, hold VTM-MEL-08, bite VTM-MEL-09, the
gun in the belly VTM-MEL-12, tackle VTM-MEL-13, shoot VTM-ATK-03, throw VTM-ATK-04."""
GrappleKind = Literal["clinch", "hold"]
FireMode = Literal["single", "burst", "auto", "strafe"]
"""Un tir, une salve courte, le tir automatique, le mitraillage (VTM-FIRE-04, VTM-FIRE-10, VTM-FIRE-11)."""
Cover = Literal["none", "light", "medium", "good"]
"""À couvert: léger, moyen, bon (VTM-FIRE-01)."""
Defence = Literal["dodge", "parry", "block"]
Condition = Literal[
    "knocked_down",
    "blinded",
    "dazed",
    "immobilized",
    "helpless",
    "incapacitated",
    "off_balance",
    "cramped",
    "darkness",
    "staked",
]
"""À terre, aveuglé, étourdi, immobilisé (VTM-CPX-02, VTM-CPX-03, VTM-CPX-04, VTM-CPX-05,
VTM-CPX-06), complètement immobilisé
(saucissonné, paralysé: VTM-CPX-07), invalide (VTM-DMG-11), déséquilibré (VTM-CPX-09), à
l'étroit (pas de place pour esquiver, VTM-DEF-08), dans le noir complet (VTM-GEN-04, VTM-GEN-05), un pieu
dans le cœur (VTM-CPX-08)."""
Bonus = Annotated[int, msgspec.Meta(ge=0, le=20)]


class Complication(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A complication the Storyteller adds (VTM-CPX-10): what it does to its bearer's
    rolls and to the attacks against it."""

    difficulty: Annotated[int, msgspec.Meta(ge=-5, le=5)] = 0
    dice: Annotated[int, msgspec.Meta(ge=-10, le=10)] = 0
    attackers_dice: Annotated[int, msgspec.Meta(ge=-10, le=10)] = 0


class Weapon(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One row of a weapon table. Melee damage is Strength + ``damage`` dice; a
    firearm's damage is ``damage`` dice alone. The seed refers to its tables
    (p. 245, p. 246) without containing them: the defaults in ``data.py`` come
    from outside the seed, and a table or a sheet may add rows."""

    kind: WeaponKind
    damage: Bonus
    damage_type: DamageType = "lethal"
    short_range: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    """Metres; twice as far is the longest range (VTM-FIRE-07)."""
    rate: Annotated[int, msgspec.Meta(ge=1, le=20)] = 1
    """Shots a turn at most (VTM-FIRE-12)."""
    capacity: Annotated[int, msgspec.Meta(ge=0, le=200)] = 0
    """Rounds a magazine holds (VTM-FIRE-13); 0: nothing to count."""
    burst: bool = False
    """Made for short bursts (VTM-FIRE-10)."""
    burst_rounds: Annotated[int, msgspec.Meta(ge=3, le=5)] = 3
    full_auto: bool = False
    """Fully automatic: full auto and strafing (VTM-FIRE-04, VTM-FIRE-11)."""
    sight: Literal["none", "scope", "laser"] = "none"
    """A scope or a laser sight: two more dice when aiming (VTM-FIRE-14)."""
    pistol: bool = False
    """A handgun: the only guns pressed into a belly (VTM-MEL-12)."""
    rubber: bool = False
    """Loaded with rubber bullets (its row says their damage, bashing as a rule): pressed
    into a belly they gain no dice but do lethal damage (VTM-MEL-12)."""
    long: bool = False
    """A long melee weapon (a sword, a bat): shorter ones close in to strike (VTM-MEL-14)."""
    stake: bool = False
    """A wooden stake: through a vampire's heart it paralyses (VTM-CPX-08)."""


class Armour(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An armour's protection, added to soak against bashing and lethal damage
    (VTM-DMG-04); outside the seed, like the weapon tables."""

    rating: Annotated[int, msgspec.Meta(ge=0, le=10)]


class HealthLevel(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One level of the health track, its dice penalty (VTM-DMG-11) and how it slows
    (VTM-DMG-12): outside the seed."""

    name: str
    penalty: Annotated[int, msgspec.Meta(ge=0, le=10)] = 0
    no_run: bool = False
    max_move: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    """Metres a turn at most (0: no cap but the pace's)."""


class Movement(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """How a combatant moves this turn (VTM-MOVE): its pace, the metres covered, toward
    whom (the distance the GM set shrinks by as much), and whether it acts while moving
    (VTM-MOVE-05) rather than moving then acting (VTM-MOVE-04)."""

    pace: Literal["walk", "hurry", "run"] = "walk"
    metres: Annotated[int, msgspec.Meta(ge=0, le=500)]
    toward: str | None = None
    while_acting: bool = False
    complex: Annotated[str, msgspec.Meta(max_length=200)] = ""
    """What makes the move complex, if anything (« sauter au-dessus d'obstacles ou se
    laisser glisser d'une hauteur »): the GM rules how many separate actions it counts
    for (VTM-MOVE-06) before the combatant acts."""


class VtmSheet(msgspec.Struct, frozen=True, kw_only=True, tag="vtm", forbid_unknown_fields=True):
    kind: Kind = "vampire"
    attributes: Attributes = msgspec.field(default_factory=Attributes)
    abilities: dict[str, Dots] = {}
    specialties: list[str] = []
    """Each specialty names the trait it belongs to, then what it is: ``"melee:épées"``
    (VTM-DICE-06, VTM-DICE-07)."""
    disciplines: dict[str, Dots] = {}
    willpower: Points = 5
    blood: Points = 10
    generation: int = 13
    health_levels: Levels = 7
    weapons: list[str] = []
    """What the character carries, by name in the table's weapons or ``own_weapons``."""
    own_weapons: dict[str, Weapon] = {}
    """Rows this character adds to the table's weapon table."""
    sheathed: list[str] = []
    """Weapons of ``weapons`` not in hand when the fight starts (a sword in its scabbard, a
    gun in its holster): drawing one is readying it (``ready``, VTM-ACT-07)."""
    armour: str | None = None
    """What it wears, by name in the table's armours or ``own_armours``."""
    own_armours: dict[str, Armour] = {}
    """Rows this character adds to the table's armour table (VTM-DMG-04)."""
    ambidextrous: bool = False
    """No off-hand penalty with two guns (VTM-FIRE-03)."""
    claws: DamageType | None = None
    """Griffes: ``lethal`` (Vicissitude) or ``aggravated`` (Griffes de fauve), VTM-MEL-04."""


class Action(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One declared action: an attack (``maneuver`` at ``target`` with ``weapon``),
    a defence (``defence``, against ``target`` or the first attack for a dodge),
    getting up (``stand``, VTM-ACT-09), breaking out of a grapple (``escape``,
    VTM-GRP-03, VTM-GRP-04), reloading ``weapon`` (``reload``, VTM-FIRE-09), drawing a sheathed or
    picking up a dropped ``weapon`` (``ready``, VTM-ACT-07), starting a vehicle (``vehicle``,
    VTM-ACT-06), aiming ``weapon`` at ``target`` (``aim``, VTM-FIRE-14), or an action without
    a roll (``other``). A ``move`` is a slot a complex move takes by the GM's ruling
    (VTM-MOVE-06), never declared."""

    kind: Literal["attack", "defend", "stand", "other", "escape", "reload", "aim", "ready", "vehicle", "move"]
    maneuver: Maneuver | None = None
    defence: Defence | None = None
    target: str | None = None
    weapon: str | None = None
    side: Literal["front", "flank", "rear"] = "front"
    """Where the attacker strikes from (VTM-GEN-01): the seed has no facing model, so the
    attacker says it and the GM may overrule it."""
    aim: Literal["medium", "small", "precise"] | None = None
    """Cibler: the size of the part aimed at (VTM-GEN-02)."""
    bypass: Literal["cover", "armour"] | None = None
    """An aimed attack past the target's cover or armour (VTM-GEN-03); the GM may overrule."""
    kiss: bool = False
    """A bite made as the Kiss: no damage, the vampire drinks (VTM-MEL-10)."""
    fire: FireMode = "single"
    targets: list[str] = []
    """Strafing: the other targets in the area after ``target``, in the order the rest
    of the successes goes to them (VTM-FIRE-05)."""


class Riposte(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    target: str
    weapon: str
    bonus: int


class Grapple(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A clinch or a hold in force (VTM-GRP-01, VTM-GRP-04): ``attacker`` grabbed ``target`` in
    round ``round``; it lasts until one lets go or the other breaks free."""

    kind: GrappleKind
    attacker: str
    target: str
    round: int


class Aim(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Turns spent aiming ``weapon`` at ``target`` (VTM-FIRE-14)."""

    target: str
    weapon: str
    turns: int


class Ambush(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A won or tied ambush waiting for its surprise attack (VTM-AMB-02, VTM-AMB-03)."""

    attacker: str
    target: str
    bonus: int
    may_defend: bool
    defence: Defence | None = None
    braced: bool = False
    """VTM-AMB-03: the target chose its defence (or none)."""


class Fighter(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    """One combatant in the fight: what the log says happened to it."""

    initiative: int | None = None
    rating: int = 0
    wits: int = 0
    declared: list[Action] | None = None
    desperate: bool = False
    resolved: list[int] = []
    """Indices of ``declared`` already resolved (or given up)."""
    abstained: int = 0
    """VTM-ACT-08: the order in which it gave up its slot this pass (0: it did not)."""
    delayed: str | None = None
    """VTM-INIT-05: it acts right after this combatant, in this pass."""
    defences: int = 0
    """Defence rolls made this turn (VTM-DEF-13)."""
    health: Health = Health()
    willpower_spent: int = 0
    blood_spent: int = 0
    conditions: dict[Condition, int] = {}
    """Condition -> the last round it lasts (0: until removed)."""
    cover: Cover = "none"
    riposte: Riposte | None = None
    """VTM-DEF-12: the attack a winning parry allows now, against whom and with what."""
    fired: dict[str, int] = {}
    """Rounds fired by each weapon since it was last loaded (VTM-FIRE-13)."""
    aiming: Aim | None = None
    """VTM-FIRE-14: the aim taken, lost on any other action."""
    dropped: list[str] = []
    """Weapons knocked out of hand (VTM-MEL-06) until readied again (VTM-ACT-07)."""
    drawn: list[str] = []
    """Sheathed weapons of the sheet drawn in this fight (VTM-ACT-07)."""
    tackled: dict[str, int] = {}
    """Whom it tackled, and in which round (VTM-MEL-09: a bite may follow)."""
    recovery: bool = False
    """VTM-CPX-02: fallen, it may still roll to get up at once."""
    must_stand: bool = False
    """VTM-CPX-02: the recovery roll failed: its next action is getting up."""
    slowed: int = 0
    """VTM-INIT-08: initiative lost on its next roll (2 after getting up at once)."""
    lowered: int = 0
    """VTM-INIT-08, initiative kept (VTM-INIT-02): what this turn's score lost, given back
    when the next turn opens."""
    fought: bool = False
    """It declared an action in this fight: too late to ambush it (VTM-AMB-05)."""
    movement: Movement | None = None
    """VTM-MOVE: the move declared this turn."""
    moved: bool = False
    """And whether it was made (as its first action came)."""
    awaiting: str = ""
    """The rule whose ruling the GM was asked for before this combatant acts
    (VTM-MOVE-06: how many actions its complex move counts for)."""
    sensed: int = 0
    """VTM-GEN-05: the round in which it last tried to place a target by ear (0: never)."""
    sense_ok: bool = False
    """VTM-GEN-05: and whether that try succeeded."""
    complications: dict[str, int] = {}
    """The Storyteller's own complications (VTM-CPX-10): name -> last round (0: until lifted)."""
    adjustment: list[Modifier] = []
    """The GM's override of the next roll's pool (``rule="gm-dice"``) or difficulty
    (``rule="gm-difficulty"``), used up by that roll."""
    pools: dict[str, int] = {}
    """For the pages: the points left in each pool of the sheet (``willpower``, ``blood``),
    its maximum less what was spent; empty once the combatant left the table."""
    left: int = 0
    """For the pages: declared actions not yet made (or given up) this turn."""


def pair(one: str, other: str) -> str:
    """The key of the distance between two combatants, whichever is named first."""
    return "|".join(sorted((one, other)))


Phase = Literal["idle", "initiative", "declaration", "resolution"]
Scheduling = Literal["passes", "consecutive"]
"""VTM-ACT-03: the table's ``multi_action_scheduling``."""


class Seat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A combatant at the table, as its sheet says now: the maximums of its pools."""

    willpower: int
    blood: int


class Rank(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A place in the turn order (VTM-INIT-04): the combatant and its initiative."""

    combatant: str
    score: int


class VtmState(msgspec.Struct, frozen=True, kw_only=True, tag="vtm"):
    round: int = 0
    phase: Phase = "idle"
    fighters: dict[str, Fighter] = {}
    abstentions: int = 0
    """How many slots were given up this pass, to order them (VTM-ACT-08)."""
    grapples: list[Grapple] = []
    """The clinches and holds in force (VTM-GRP)."""
    ambush: Ambush | None = None
    """VTM-AMB: the surprise attack still to come."""
    distances: dict[str, int] = {}
    """Metres between two combatants, as the GM set them (``"a|b"``, names sorted)."""
    scheduling: Scheduling = "passes"
    """The table's reading of VTM-ACT-03, copied from its options for ``acting``."""
    seats: dict[str, Seat] = {}
    """Who is at the table (``System.seated``): a fighter without a seat was removed in the
    middle of the fight (its state is kept should it come back) and waits for nobody."""
    order: list[Rank] = []
    """For the pages: this turn's initiative order, fastest first (VTM-INIT-04, VTM-INIT-07)."""
    acting: list[str] = []
    """For the pages: whom the turn waits for, by the guards' own rules: those yet to
    roll initiative, the next to declare (VTM-INIT-03), or the next to act (VTM-INIT-04)."""
