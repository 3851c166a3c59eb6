"""The ``vda`` character sheet and combat state (the table options are in ``options.py``).

The state is a projection: :mod:`domain.systems.vda.evolve` builds it from the
events alone, so every number it shows was carried by an event. Per-round
bookkeeping lives on :class:`Fighter` and is reset by ``RoundStarted``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.dice import PoolRoll
from domain.systems.vda.data import Size
from domain.systems.vda.gear import (
    Charge,
    Circumstances,
    Deafness,
    Item,
    Mount,
    OwnNaturalWeapon,
    PendingGrenade,
    StuckWeapon,
)
from domain.systems.vda.options import VdaOptions
from domain.systems.vda.tactics import MagicItem, TacticsBoard, TwoWeaponStyle
from domain.systems.wod import Attributes, Dots, Health, Kind, Levels, Modifier, Points

Pool = Literal["blood", "willpower", "anger", "rage"]
Step = Literal["declare", "physical", "power"]
Phase = Literal["setup", "initiative", "sequence", "between"]
Orientation = Literal["full", "zone", "partial", "none"]
Condition = Literal["prone", "under_water", "charging", "moving", "unconscious"]
GrappleMove = Literal["contact", "weapon_defence", "escape", "flee", "control", "oppose", "takedown", "drink"]
"""The grapple's actions (VDA-GRAP, VDA-BITE-03), declared as ``PhysicalAction.grapple``."""


class Struct(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    pass


# --- the sheet ----------------------------------------------------------------


class VdaPower(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A power the character can activate. ``uses_power_action`` is the power's
    « consomme une action de pouvoir » (VDA-POW-01)."""

    discipline: str
    level: Dots = 1
    cost: Dots = 0
    """The power's own cost, paid on top of the activation point (VDA-POW-03)."""
    cost_pool: Pool = "blood"
    uses_power_action: bool = True
    grants_physical: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0
    """Physical actions the power grants this round (VDA-ACT-06, e.g. the Zulo form)."""
    orients: bool = False
    """The power refreshes orientation (VDA-ORI-03: Auspex 1, Protean 1, ...)."""
    requires: Literal["none", "gaze", "magic", "touch"] = "none"
    """What the power needs, for a grappled user (VDA-GRAP-22, VDA-GRAP-23, VDA-GRAP-24): eye contact, a magic
    path, or only touch. Thaumaturgy and Necromancy count as magic, Quietus, Valeren
    and Vicissitude as touch, even when left at ``none``."""


class VdaSheet(Struct, frozen=True, kw_only=True, tag="vda", forbid_unknown_fields=True):
    kind: Kind = "vampire"
    attributes: Attributes = msgspec.field(default_factory=Attributes)
    abilities: dict[str, Dots] = {}
    """alertness, athletics, brawl, dodge, melee, archery, stealth, ..."""
    disciplines: dict[str, Dots] = {}
    """celerity, fortitude, potence, auspex, ..."""
    willpower: Dots = 5
    blood: Points = 10
    generation: Annotated[int, msgspec.Meta(ge=1, le=15)] = 12
    health_levels: Levels = 7
    anger: Dots = 0
    rage: Dots = 0
    current: dict[Pool, Points] = {}
    """What is left of a pool when the fight starts, by pool (``{"blood": 5}``: 5 of the
    10 of ``blood``); a pool not named here starts full."""
    wounds: Health = msgspec.field(default_factory=Health)
    """The health levels already lost when the fight starts (applied at its first round)."""
    weapons: list[str] = []
    """Weapon ids of ``domain.systems.vda.data``."""
    natural_weapons: list[OwnNaturalWeapon] = []
    """The character's own natural weapons beyond head, fists, feet and fangs (claws,
    Vicissitude bone blades…), each with its ``discipline`` (VDA-NAT, VDA-VAND-09, VDA-VAND-10)."""
    armour: str | None = None
    bows: dict[str, Dots] = {}
    """The strength of each bow carried, by weapon id (VDA-BOW-01, VDA-BOW-03, VDA-BOW-05); a bow not rated
    here is as strong as the archer's Strength."""
    powers: dict[str, VdaPower] = {}
    """Powers by id (``"auspex-1"``, ``"zulo"``, ...)."""
    self_control: Dots = 0
    """Maîtrise de soi (0: none, e.g. a road of Instinct), for the Kiss (VDA-BITE-06)."""
    instinct: Dots = 0
    sight_primary: bool = True
    """VDA-GAZE-07: sight is the main sense (closed eyes then cost +3 on active rolls)."""
    two_weapon_styles: list[TwoWeaponStyle] = []
    """VDA-TWO-02: the two-weapon styles bought like fields of expertise."""
    specialties: dict[str, list[str]] = {}
    """Specialties by ability (``{"melee": ["glaive"]}``, VDA-TWO-02's twin glaives)."""
    bony_heart: bool = False
    """« Cœur osseux » (VDA-STAKE-01): the seeds name it without rules; a stake waits for the GM."""
    magic_items: dict[str, MagicItem] = {}
    """VDA-RES-06: the sheet's magic weapons and armour, by item id."""
    mount: Mount | None = None
    """The horse the character rides in this fight (VDA-HORSE-02: the seeds give no horse,
    so the table writes its Strength and Potence here); ``None``: on foot."""
    horse: bool = False
    """This combatant is a horse (kind ``animal``): striking it while it moves is VDA-MOD-03's
    +2, not VDA-MOD-02's +1."""


# --- the combat state -----------------------------------------------------------


class PhysicalAction(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A declared physical action (VDA-PHYS-02)."""

    kind: Literal["attack", "defend", "move", "other", "none"]
    skill: str = ""
    """The ability rolled: melee, brawl, dodge, athletics, archery, ..."""
    attribute: str = "dexterity"
    target: str | None = None
    weapon: str | None = None
    defence: Literal["dodge", "parry", "block"] | None = None
    ranged: Literal["thrown", "bow", "crossbow", "firearm"] | None = None
    """For an attack: its ranged class. For a defence: the ranged class it faces."""
    reaction: bool = False
    """A defence taken in reaction to a ranged attack (VDA-RDEF-02, VDA-RDEF-03)."""
    from_behind: bool = False
    """An attack from the defender's back (VDA-PHYS-05)."""
    difficulty: int = 6
    minor_acts: list[str] = []
    """Minor acts paid from this action's pool, 2 dice each (VDA-MINOR-02)."""
    orientation: bool = False
    """An orientation gesture: 2 dice of this action, difficulty 4 (VDA-ORI-02)."""
    grapple: GrappleMove | None = None
    """A grapple action (VDA-GRAP): ``contact`` (an attack), ``weapon_defence`` and
    ``oppose`` (defences), ``escape``, ``control``, ``takedown``, ``drink`` (other),
    ``flee`` (a move). ``attribute`` picks Dexterity or Strength (+ Potence)."""
    grip: Literal["dexterity", "strength"] | None = None
    """VDA-GRAP-04: the contact-strength pool, Dexterity or Strength + Potence (None: the larger)."""
    zone: Literal["heart", "unarmoured"] | None = None
    """A targeted attack (VDA-TGT-01): the heart (a stake, VDA-STAKE-01) or a bare zone."""
    charge: Charge | None = None
    """The attack is a charge (VDA-CHARGE-01, VDA-CHARGE-02, VDA-CHARGE-05, VDA-CHARGE-06, VDA-CHARGE-07)."""
    aim: bool = False
    """Aim at a still target with a ranged weapon (VDA-AIM-01)."""
    distance_m: float | None = None
    """A ranged attack's distance, for the range bands (VDA-THROW-02)."""
    anchored: bool = False
    """VDA-MOD-03: a lance set firmly against the ground (an anchorable weapon only) strikes a
    moving horse without malus."""
    also: list[str] = []
    """A blunderbuss shot under 10 m (VDA-FIRE-04): up to two more people it may hit, in
    the order they are hit."""
    spread: Literal["nines_and_tens", "spend_successes"] = "nines_and_tens"
    """VDA-FIRE-04: one more person per die of 9 or 10, or 2 successes spent per person in
    ``also``."""
    intent: Literal["wound", "disarm", "vandalism", "unstick", "reload"] = "wound"
    """Only disarm (VDA-DISARM-05, +1), strike equipment (VDA-VAND-01, +2), or (a full
    ``other`` action, Dexterity + Melee at 5) work a stuck weapon loose (VDA-STUCK-04), or
    (an ``other`` action naming ``weapon``, no roll) reload it (VDA-BOW-06, VDA-FIRE-06)."""
    item: str | None = None
    """Vandalism: the target's item struck (its weapon, shield or armour id)."""
    damage_attribute: Literal["strength", "dexterity"] = "strength"
    """A disarm's damage may use Dexterity instead of Strength (VDA-DISARM-01)."""
    gaze: str | None = None
    """An active gaze action (VDA-GAZE-06, kind ``other``): the gaze power whose eye contact
    it seeks in ``target``; ``skill`` is etiquette or intimidation, rolled with Manipulation."""

    @property
    def offensive(self) -> bool:
        return self.kind == "attack"

    @property
    def defensive(self) -> bool:
        return self.kind == "defend"


class Sealed(Struct, frozen=True, kw_only=True):
    """A declaration kept from everyone but its author and the GM (VDA-INIT-04)."""

    action: PhysicalAction
    audience: str


class Defence(Struct, frozen=True, kw_only=True):
    """A defensive roll of the current sequence and how its successes are split."""

    successes: int
    rear_eligible: int
    allocations: dict[str, int] = {}


class Rank(Struct, frozen=True, kw_only=True):
    combatant: str
    score: int
    wins_ties: bool = False


class SequenceState(Struct, frozen=True, kw_only=True):
    number: int
    step: Step = "declare"
    declaring: list[list[str]] = []
    """Who declares in which order; a group of several declares sealed (VDA-INIT-04)."""
    resolving: list[list[str]] = []
    """Resolution groups in initiative order; a group acts simultaneously."""
    acting: list[str] = []
    """Who still has to act in the current step."""
    declared: dict[str, PhysicalAction] = {}
    sealed: dict[str, Sealed] = {}
    done_physical: list[str] = []
    done_power: list[str] = []
    defences: dict[str, Defence] = {}
    ranged_defended: list[str] = []
    """Defenders who took a defensive action this sequence (VDA-RDEF-04)."""
    tied: TiedStart | None = None
    """The fight as it stood when the acting group of tied fighters began (VDA-INIT-04)."""


class Fighter(Struct, frozen=True, kw_only=True):
    """One combatant's combat state."""

    # statuses (until cleared)
    conditions: list[Condition] = []
    health: Health = msgspec.field(default_factory=Health)
    spent: dict[str, int] = {}
    """Blood, willpower, anger, rage spent so far in the fight."""
    pools: dict[str, int] = {}
    """The points left in each pool: as the round started (``RoundStarted.pools``), less
    what was spent since, plus what the GM gave back. Empty before the first round."""
    celerity: int = 0
    """Active Celerity dots (a scene, VDA-ACT-04)."""
    celerity_from_round: int = 0
    orientation: Orientation = "none"
    orientation_stale: bool = False
    next_initiative: list[Modifier] = []
    """Initiative difficulty modifiers carried into the next roll (VDA-AMB-06)."""
    pending: list[Modifier] = []
    """GM adjustments to this combatant's next action roll's difficulty."""
    ambush_cap: int | None = None
    """Dice and blood available during an ambush's surprise (VDA-AMB-03)."""
    # this round
    dive: bool = False
    initiative_rolled: bool = False
    initiative: int = 0
    """Current initiative score (successes, then point changes, VDA-INIT-10)."""
    bound_weapon: str | None = None
    initiative_weapon: str | None = None
    """The weapon named at the initiative roll (VDA-INIT-09)."""
    initiative_roll: PoolRoll | None = None
    """This round's initiative roll, for a weapon malus taken later (VDA-INIT-09)."""
    physical: int = 0
    """Physical actions granted this round (VDA-ACT-01, VDA-ACT-04, VDA-ACT-05, VDA-ACT-06)."""
    prepaid_power: int = 0
    """Power activations already paid (Celerity, Anger; VDA-ACT-05, VDA-ACT-07)."""
    celerity_prepaid: int = 0
    """Of those, the ones Celerity paid: each for the power action of a Celerity
    physical action's sequence, from sequence 2 on (VDA-POW-04, VDA-ACT-07)."""
    bought_early: list[str] = []
    """Actions bought with Anger or Rage before the round's grant (VDA-ACT-05): added to
    it, so that the declaration order counts them (``power`` ones end in "(pouvoir)")."""
    forms: list[str] = []
    """Powers whose form stays active and grants physical actions every round from its
    start (VDA-ACT-06, the Zulo form)."""
    action_sources: list[str] = []
    """Where each physical action (and prepaid power action) of the round comes from:
    ``base``, ``celerity``, ``anger``, ``rage``, ``power:<id>``."""
    cap: int = 0
    """Most actions (physical + power) this round (VDA-ACT-02)."""
    physical_used: int = 0
    power_used: int = 0
    skill_uses: dict[str, int] = {}
    power_uses: dict[str, int] = {}
    reiterations: dict[str, int] = {}
    renounced: list[str] = []
    """Opponents this combatant may not defend against (VDA-INIT-03)."""
    dive_turned: bool = False
    blood_this_round: int = 0
    grapple_pairs: dict[str, int] = {}
    """Grapple rolls this round by ``"attribute+skill"`` pair (VDA-GRAP-10)."""
    drunk_this_round: int = 0
    """Blood drunk this round as a drinker (VDA-BITE-04)."""
    # this combat
    potence_tokens: int = 0
    """1s of damage rolls Potence removed so far (VDA-FORPOT-04, once per combat)."""
    fortitude_tokens: int = 0
    """1s of soak rolls Fortitude removed so far (VDA-FORPOT-02)."""
    fortitude_damage_tokens: int = 0
    """1s of this combatant's damage rolls its Fortitude removed so far (VDA-FORPOT-02,
    « jet dommage », once per combat)."""
    items: dict[str, Item] = {}
    """Items (weapon or armour ids) whose state changed: damaged, dropped, stuck, loose grip."""
    deafness: Deafness | None = None
    """VDA-GREN-09, VDA-GREN-10, VDA-GREN-11, until the scene ends."""
    staked: bool = False
    """VDA-STAKE-04: a stake through the heart."""
    circumstances: Circumstances = msgspec.field(default_factory=Circumstances)
    """The GM's rulings on this combatant's surroundings (terrain, cover, outnumbering, water)."""
    # movement, for a charge's run-up (VDA-CHARGE-01)
    rounds_moving: int = 0
    """Complete rounds, up to the last one, in which every physical action resolved was a move."""
    moved_this_round: bool = False
    stood_this_round: bool = False
    """A physical action other than a move was resolved (or lost) this round."""
    run_successes: int = 0
    """Successes of the moves resolved since the last other physical action: the straight
    run a charge may follow."""
    charging: str | None = None
    """This round's charge announced at initiative: at whom (VDA-CHARGE-03)..."""
    charging_with: str | None = None
    """...and with which weapon."""


class GrappleEffects(msgspec.Struct, frozen=True, kw_only=True):
    """What a hold of ``value`` over a target of Strength + Potence does right now."""

    bite: bool = False
    """VDA-GRAP-14: value > 0: either side may bite the other; moving drags the other."""
    forbidden_sizes: list[Size] = []
    """VDA-GRAP-15, VDA-GRAP-16, VDA-GRAP-17: weapon sizes the held character can no longer use."""
    bite_back_difficulty: int = 0
    """VDA-GRAP-16, VDA-GRAP-17: +1 from 4, +2 from 6 when the held character bites the grappler."""
    no_attack_on_grappler: bool = False
    """VDA-GRAP-18: from 8 the held character attacks the grappler by no means."""
    flight: bool = True
    """VDA-GRAP-19: below the target's Strength + Potence it may still flee."""
    dodge_malus: bool = False
    """VDA-GRAP-19: from Strength + Potence its dodges are at +2 per grappler."""
    takedown: bool = False
    """VDA-GRAP-20: from twice Strength + Potence it can be thrown to the ground."""
    immobilised: bool = False
    """VDA-GRAP-21: from three times Strength + Potence it is immobilised."""
    power_dice: int = 0
    """VDA-GRAP-22, VDA-GRAP-23: dice lost by a magic path or a gaze power (the control value)."""
    power_difficulty: int = 0
    """VDA-GRAP-22, VDA-GRAP-23: +1 from 4."""
    powers_impossible: bool = False
    """VDA-GRAP-22, VDA-GRAP-23: impossible from 8."""


class Grapple(Struct, frozen=True, kw_only=True):
    """A directional hold, keyed ``"grappler>target"`` in :attr:`VdaState.grapples`."""

    value: int
    cap: int
    strength_potence: int = 0
    """The held character's Strength + Potence, which the thresholds read (VDA-GRAP-19, VDA-GRAP-20,
    VDA-GRAP-21)."""
    effects: GrappleEffects = msgspec.field(default_factory=GrappleEffects)
    """``grapple_thresholds(value, strength_potence)``, recomputed at every change."""
    since_round: int = 0
    zero_round: int = 0
    zero_used: int = -1
    """VDA-GRAP-05: at value 0, the grappler's actions used (in ``zero_round``) when it
    fell to 0: only its very next action may tighten the hold."""
    grappler_kept: int | None = None
    """VDA-GRAP-09: the grappler's successes kept this round against escapes and flights."""
    target_kept: int | None = None
    """VDA-GRAP-13: the held character's successes kept this round against control."""


class Fangs(Struct, frozen=True, kw_only=True):
    """VDA-BITE-03: a bite landed; the next action of the biter may drink."""

    victim: str
    round: int
    used: int
    """The biter's physical actions used in ``round`` when the fangs went in."""


class Ecstasy(Struct, frozen=True, kw_only=True):
    """VDA-BITE-05, VDA-BITE-06: the Kiss's ecstasy on a victim."""

    drinker: str
    until_round: int | None = None
    """Last round of a vampire's (8 − Willpower) rounds; None: while the Kiss lasts (mortals)."""
    shortened_round: int = 0
    """The round Willpower last shortened it (once per round)."""


class Ruling(Struct, frozen=True, kw_only=True):
    round: int
    rule: str
    ruling: str
    combatant: str | None = None


class AmbushState(Struct, frozen=True, kw_only=True):
    ambusher: str
    target: str
    detected: bool = False
    awareness: int | None = None
    defence: int | None = None
    """The target's surprise defence successes once rolled (0: it let the attack come)."""
    defence_rear: int = 0
    """Of those, the ones that may meet an attack from behind (VDA-PHYS-05)."""
    attacked: bool = False
    """The surprise attack was made (VDA-AMB-01)."""


class TiedStart(Struct, frozen=True, kw_only=True):
    """VDA-INIT-04: tied fighters act simultaneously; their actions are judged against the
    fight as it stood when their group began, so that the first one resolved neither
    cancels nor changes the others'. Only what an action's effects can change is kept."""

    group: list[str]
    combatants: list[str]
    fighters: dict[str, Fighter]
    grapples: dict[str, Grapple]
    stuck: list[StuckWeapon] = []
    tactics: TacticsBoard = msgspec.field(default_factory=TacticsBoard)


class VdaState(Struct, frozen=True, kw_only=True, tag="vda"):
    options: VdaOptions = msgspec.field(default_factory=VdaOptions)
    round: int = 0
    phase: Phase = "setup"
    combatants: list[str] = []
    """Who fights this round."""
    fighters: dict[str, Fighter] = {}
    order: list[Rank] = []
    """This round's initiative order, best first."""
    previous_holders: list[str] = []
    """Who had the initiative last round (VDA-INIT-08)."""
    sequence: SequenceState | None = None
    grapples: dict[str, Grapple] = {}
    ambush: AmbushState | None = None
    rulings: list[Ruling] = []
    """The latest GM rulings (the log holds them all)."""
    fangs: dict[str, Fangs] = {}
    """Biter -> the bite it may drink from (VDA-BITE-03)."""
    ecstasy: dict[str, Ecstasy] = {}
    """Victim -> the Kiss holding it (VDA-BITE-05, VDA-BITE-06)."""
    stuck: list[StuckWeapon] = []
    """Weapons stuck in a vampire's body (VDA-STUCK)."""
    grenades: list[PendingGrenade] = []
    """Thrown grenades that have not exploded yet (VDA-GREN)."""
    tactics: TacticsBoard = msgspec.field(default_factory=TacticsBoard)
    """Gaze attacks, averted and closed eyes, two-weapon stances, stake rulings (``tactics.py``)."""
