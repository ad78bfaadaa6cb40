"""The encounter step in a Magic Realm character's plays form (docs/encounter.md), from the choices the battle
app's encounter form offers (`encounter_options.py`), each kept only where the engine accepts it:

- the denizens he lures onto his sheet (8.3.4), one field each, written as that denizen's entry of
  `encounter.lures` (a denizen is lured once);
- his hirelings' deployments (8.3), also in a round without an encounter step: a hireling's target for the round
  is written as its deployment, which gives the round an encounter step (the engine treats a hireling's melee-step
  target as a deployment, docs/encounter.md "The melee step's targets");
- one encounter play: charge another character (8.3), or the encounter action, run away, alert a weapon or cast
  a spell, in every round (one played gives a round without an encounter step its section, as the app's own
  form does). A side whose charge or action the round input already holds is not asked again (a form only writes).
- the encounter step's choice that is his player's to make (which hireling takes a denizen, 8.3.5a.3, or the
  Expanded Meeting Table's "2" result).

The effort limit (two asterisks a round) counts the encounter step's chits with the melee's attack and
maneuver chits, and a chit is played once a round: each encounter play, and each chit of it, is offered exactly
beside the melee chits (and a charge's chit) the limit holds with, as alternatives (`effort_conditions.py`). A
charge may go together with an alert or a cast, as the engine allows (not with a run: a charger cannot run away)."""

from __future__ import annotations

from typing import Any

from systems.interface import Choice, Field
from systems.magic_realm.battle_state import in_battle
from systems.magic_realm.checks import CheckedInput, checked, engine_file, trial_errors
from systems.magic_realm.effort_conditions import MeleeChits, exact_condition
from systems.magic_realm.encounter_options import EncounterOptions, encounter_options
from systems.magic_realm.engine.dice import DiceExhausted
from systems.magic_realm.engine.encounter import (EncounterInvalid, RunOutlook, encounter_from_round,
                                                   resolve_encounter, run_before_the_step)
from systems.magic_realm.engine.encounter_log import STUMBLE
from systems.magic_realm.engine.round_format import RoundFormatError, read_round
from systems.magic_realm.engine.tables import STUMBLE_LIMIT, stumble_table

HORSE_SIDES = ("walking", "galloping")


def encounter_step_fields(round_input: dict[str, Any], side: str, battle: dict[str, Any], spells: list[str],
                          melee: MeleeChits) -> list[Field]:
    """Every field of the encounter step this side plays, in the step's order (docs/encounter.md)."""
    options = encounter_options(battle, side, spells)
    fields = hireling_fields(round_input, side, options.hirelings)
    if "encounter" not in round_input:
        # Every round of combat opens with the encounter step (8.3): a charge or an encounter action is open in
        # a round whose input has no section yet, as on the app's own form, and the one played writes it. Lures
        # are not: a denizen to lure is an unassigned one, and those give the round its section already.
        return fields + play_fields(_with_section(round_input), side, options, {}, melee)
    section = round_input["encounter"] or {}
    return fields + lure_fields(round_input, side, options, section) + play_fields(round_input, side, options,
                                                                                   section, melee)


def _with_section(round_input: dict[str, Any]) -> dict[str, Any]:
    """The input with an empty encounter section, checked once for the trials of the encounter step's plays."""
    if isinstance(round_input, CheckedInput):
        return round_input.replaced("encounter", {})
    return checked({**round_input, "encounter": {}})


def _accepts(round_input: dict[str, Any], key: str, entry: dict[str, Any], mine) -> bool:
    """Whether the engine finds nothing wrong in `encounter.<key>` with `entry` in place of this side's own."""
    section = dict(round_input.get("encounter") or {})
    section[key] = [*(e for e in section.get(key, []) if not mine(e)), entry]
    return not [error for error in trial_errors(round_input, {**round_input, "encounter": section}, "encounter")
                if error.path.startswith(f"encounter.{key}")]


def _nobody(entry: dict[str, Any]) -> bool:
    return False


def hireling_fields(round_input: dict[str, Any], side: str, hirelings: list[str]) -> list[Field]:
    """Each of the side's hirelings that no denizen attacks may be deployed (8.3, docs/encounter.md
    "Deployment"): against an unhired denizen, another character or another character's hireling, whichever the
    engine accepts. Written as that hireling's own entry of `encounter.deployments`."""
    state = round_input["state"]
    attacked = {d.get("target") for d in state.get("denizens", []) if in_battle(d)}
    candidates = [d["id"] for d in state.get("denizens", []) if d.get("hired_by") != side and in_battle(d)]
    candidates += [c["id"] for c in state["characters"] if c["id"] != side and in_battle(c)]
    fields = []
    for index, hireling in enumerate(h for h in hirelings if h not in attacked):
        path = f"encounter.deployments[hireling={hireling}]"
        targets = tuple(Choice(target, target) for target in candidates if _accepts(
            round_input, "deployments", {"hireling": hireling, "target": target},
            lambda entry, hireling=hireling: entry.get("hireling") == hireling))
        if targets:
            fields.append(Field(f"hireling_{index}", "choice", f"{hireling} (your hireling) attacks", f"{path}.target",
                                "8.3: deployed in the encounter step; left empty, it keeps to its own",
                                targets, required=False))
    return fields


def lure_fields(round_input: dict[str, Any], side: str, options: EncounterOptions,
                section: dict[str, Any]) -> list[Field]:
    """Each unassigned denizen nobody lures yet (8.3.4: not a red-side-up Tremendous monster, not one that
    already attacks someone), that the engine lets this side lure."""
    lured = {entry.get("denizen") for entry in section.get("lures", [])}
    fields = []
    for index, denizen in enumerate(d for d in options.lurable if d not in lured):
        if _accepts(round_input, "lures", {"lurer": side, "denizen": denizen}, _nobody):
            fields.append(Field(f"lure_{index}", "choice", f"Lure {denizen}",
                                f"encounter.lures[denizen={denizen}].lurer",
                                "8.3.4: onto your own sheet; you become unhidden",
                                (Choice(side, "onto your sheet"),), required=False))
    return fields


def play_fields(round_input: dict[str, Any], side: str, options: EncounterOptions, section: dict[str, Any],
                melee: MeleeChits) -> list[Field]:
    """One encounter play (a charge, or the action: run, alert or cast), each with what it needs, offered where
    the engine accepts it and the effort limit holds with the melee chits beside it."""
    if any(entry.get("character") == side for key in ("charges", "actions") for entry in section.get(key, [])):
        return []
    mine = _nobody  # the side has no entry yet: the trial adds one beside the others'
    movers = [*({"chit": chit} for chit in options.move_chits),
              *({"horse": horse_side} for horse_side in (HORSE_SIDES if options.horse else ()))]
    charges = [(target, mover) for target in options.charge_targets for mover in movers
               if _accepts(round_input, "charges", {"character": side, "target": target, **mover}, mine)]
    outlooks = run_outlooks(round_input, side, movers)
    refused = [(mover, refusal(outlook)) for mover, outlook in zip(movers, outlooks) if refusal(outlook)]
    runs = [mover for mover, outlook in zip(movers, outlooks) if not refusal(outlook)
            and _accepts(round_input, "actions", {"character": side, "run": mover}, mine)]
    alerts = [(weapon, chit) for weapon in options.weapons_to_alert for chit in options.fight_chits
              if _accepts(round_input, "actions", {"character": side, "alert": weapon, "chit": chit}, mine)]
    casts = [(spell, chit) for spell in options.spells for chit in options.magic_chits
             if _accepts(round_input, "actions", {"character": side, "cast": spell, "chit": chit}, mine)]
    targets, charge_with = _with_every([(target, _key(mover)) for target, mover in charges])
    weapons, alert_chits = _with_every(alerts)
    spells, cast_chits = _with_every(casts)
    played = _Played(melee, [dict([key]) for key in charge_with], [dict([_key(m)]) for m in runs],
                     {"alert": alert_chits, "cast": cast_chits})
    plays = [Choice("none", "No charge and no encounter action")]
    for value, label in PLAYS:
        if value == "run" and not runs and refused:  # no way to run: shown, with why the rules refuse it
            plays.append(Choice(value, label, disabled=_why_not(refused)))
        elif played.combinations(value) and (condition := melee.beside(played.open_beside(value))) is not False:
            plays.append(Choice(value, label, condition))
    if len(plays) == 1:
        return []
    offered = [choice.value for choice in plays if not choice.disabled]
    action = f"encounter.actions[character={side}]"
    fields = [Field("encounter_play", "choice", "In the encounter step", None,
                    "8.3: charge, or one encounter action (run away, alert a weapon or cast a spell), or a charge "
                    "and an alert or a cast; left empty, neither", tuple(plays),
                    # Not required: a side that plays nothing (a missed turn under "plays nothing") neither
                    # charges nor acts, as "none" says, rather than wait for its GM.
                    required=False)]
    charging = tuple(play for play in offered if play.startswith("charge"))
    if charging:
        when = ("encounter_play", charging)
        fields += [Field("charge_target", "choice", "Charge", f"encounter.charges[character={side}].target",
                         "a charge puts the chit's move time on his sheet; you cannot run away this round",
                         tuple(Choice(t, t) for t in targets), shown_when=when),
                   Field("charge_with", "choice", "Charge with", f"encounter.charges[character={side}]", "",
                         played.charge_choices(charging), shown_when=when)]
    if "run" in offered:
        outlook = dict(zip(map(_key, movers), outlooks))
        fields.append(Field("run_with", "choice", "Run away with", f"{action}.run",
                            "5.1: a MOVE chit or your horse, against the attackers on your sheet"
                            + stumble_note([(mover, outlook[_key(mover)]) for mover in runs]),
                            played.run_choices() + tuple(Choice(mover, _mover_label(mover), disabled=why)
                                                         for mover, why in refused),
                            shown_when=("encounter_play", ("run",))))
    for play, names in (("alert", weapons), ("cast", spells)):
        when = ("encounter_play", tuple(value for value in offered if value.endswith(play)))
        if when[1]:
            fields += _action_with_chit(play, action, names, played.action_choices(play), when)
    return fields


# the encounter plays: a charge (8.3), one encounter action, or a charge and an alert or a cast (the engine
# refuses a charge and a run together: a charger cannot run away this round)
PLAYS = (("charge", "Charge"), ("run", "Run away"), ("alert", "Alert a weapon"), ("cast", "Cast a spell"),
         ("charge_alert", "Charge, and alert a weapon"), ("charge_cast", "Charge, and cast a spell"))
ACTION_FIELDS = {"alert": ("alert_weapon", "Alert the weapon", "alert_chit", "Alert it with", "a FIGHT chit"),
                 "cast": ("cast_spell", "Cast the spell", "cast_chit", "Cast it with", "a MAGIC chit")}


class _Played:
    """What each encounter play puts in the encounter step (a charge's mover, an action's chit, or both), and
    the conditions that keep it within the effort limit beside the melee chits, exactly (`effort_conditions`).
    The fields come in order: the play, then the charge's mover, then the action's chit, so each condition
    names only answers before it."""

    def __init__(self, melee: MeleeChits, charge_movers: list[dict], run_movers: list[dict],
                 action_chits: dict[str, list[str]]):
        self.melee, self.charge_movers, self.run_movers, self.action_chits = melee, charge_movers, run_movers, action_chits

    def combinations(self, play: str) -> list[tuple[dict | None, str | None]]:
        """(the charge's mover or None, the action's chit or None) for each way of making the play."""
        if play == "charge":
            return [(mover, None) for mover in self.charge_movers]
        if play == "run":
            return [(None, mover.get("chit")) for mover in self.run_movers]
        if play in self.action_chits:
            return [(None, chit) for chit in self.action_chits[play]]
        action = play.removeprefix("charge_")
        return [(mover, chit) for mover in self.charge_movers for chit in self.action_chits[action]]

    def _fits(self, pair, mover: dict | None, chit: str | None) -> bool:
        return self.melee.fits(*pair, (mover or {}).get("chit"), chit)

    def open_beside(self, play: str) -> list:
        """The melee pairs beside which some way of making the play keeps the limit."""
        return [pair for pair in self.melee.pairs()
                if any(self._fits(pair, mover, chit) for mover, chit in self.combinations(play))]

    def charge_choices(self, charging: tuple[str, ...]) -> tuple[Choice, ...]:
        """Each mover, beside the play and the melee chits with which it keeps the limit (with a chit for the
        action, when the play has one)."""
        melee = self.melee
        standing = [(play, *pair) for play in charging for pair in melee.pairs()]
        domains = (charging, (None, *melee.attack), (None, *melee.maneuver))
        choices = []
        for mover in self.charge_movers:
            accepted = [(play, *pair) for play, *pair in standing
                        if any(self._fits(pair, mover, chit) for m, chit in self.combinations(play) if m == mover)]
            condition = exact_condition(("encounter_play", "attack_chit", "maneuver_chit"), accepted, standing, domains)
            if condition is not False:
                label = f"your horse, {mover['horse']}" if "horse" in mover else mover["chit"]
                choices.append(Choice(mover, label, condition))
        return tuple(choices)

    def run_choices(self) -> tuple[Choice, ...]:
        """A MOVE chit beside the melee chits it keeps the limit with (a horse needs no chit)."""
        return tuple(Choice(mover, _mover_label(mover), condition)
                     for mover in self.run_movers
                     if (condition := self.melee.beside(p for p in self.melee.pairs()
                                                        if self._fits(p, None, mover.get("chit")))) is not False)

    def action_choices(self, play: str) -> tuple[Choice, ...]:
        """A FIGHT or MAGIC chit beside the melee chits and the charge's mover (none without a charge) it keeps
        the limit with."""
        melee = self.melee
        movers = (None, *self.charge_movers)
        standing = [(*pair, mover) for pair in melee.pairs() for mover in movers if self._fits(pair, mover, None)]
        domains = ((None, *melee.attack), (None, *melee.maneuver), movers)
        choices = []
        for chit in self.action_chits[play]:
            accepted = [(a, m, mover) for a, m, mover in standing if self._fits((a, m), mover, chit)]
            condition = exact_condition(("attack_chit", "maneuver_chit", "charge_with"), accepted, standing, domains)
            if condition is not False:
                choices.append(Choice(chit, chit, condition))
        return tuple(choices)


def _with_every(pairs: list[tuple[Any, Any]]) -> tuple[list, list]:
    """The firsts of the accepted pairs (the targets, weapons or spells) and the seconds (the chits or horse
    sides) accepted with every one of them: the two are separate answers, so any two picked must go together."""
    firsts = list(dict.fromkeys(first for first, _ in pairs))
    seconds = [second for second in dict.fromkeys(second for _, second in pairs)
               if all((first, second) in pairs for first in firsts)]
    return firsts, seconds


def _action_with_chit(play: str, action: str, names: list[str], chits: tuple[Choice, ...], when) -> list[Field]:
    """The weapon to alert (or the spell to cast) and the chit it is played with, asked when that is the play."""
    name_field, label, chit_field, chit_label, chit_help = ACTION_FIELDS[play]
    return [Field(name_field, "choice", label, f"{action}.{play}", "", tuple(Choice(n, n) for n in names),
                  shown_when=when),
            Field(chit_field, "choice", chit_label, f"{action}.chit", chit_help, chits, shown_when=when)]


def _key(mover: dict[str, str]) -> tuple[str, str]:
    return next(iter(mover.items()))


def _mover_label(mover: dict[str, str]) -> str:
    return f"your horse, {mover['horse']}" if "horse" in mover else mover["chit"]


def run_outlooks(round_input: dict[str, Any], side: str, movers: list[dict[str, str]]) -> list[RunOutlook | None]:
    """What the engine makes of each way of running away (a chit or a horse side) from what the round input
    already holds (`run_before_the_step`: the denizens already on his sheet, the rules), before the step's dice;
    None where the input cannot say (validate names what is wrong)."""
    if not movers:
        return []
    try:
        round_file = read_round(engine_file({key: value for key, value in round_input.items() if key != "plays"}))
    except RoundFormatError:
        return [None] * len(movers)
    section = {key: value for key, value in (round_input.get("encounter") or {}).items()
               if key not in ("charges", "actions", "meetings")}
    found: list[RunOutlook | None] = []
    for mover in movers:
        try:
            encounter = encounter_from_round(round_file.round_input,
                                             {**section, "actions": [{"character": side, "run": mover}]})
        except EncounterInvalid:
            found.append(None)
            continue
        found.append(run_before_the_step(encounter, encounter.actions[0]))  # type: ignore[arg-type]
    return found


def refusal(outlook: RunOutlook | None) -> str:
    """Why the rules will refuse the run, with the rule they cite ("" when they will not, or cannot say yet)."""
    return f"rule {outlook.rule[0]}: {outlook.refusal}" if outlook is not None and outlook.refusal else ""


def _why_not(refused: list[tuple[dict[str, str], str]]) -> str:
    """Why no way of running is open: the one reason, or each reason with the ways it refuses."""
    grouped = _grouped(refused)
    return next(iter(grouped)) if len(grouped) == 1 else "; ".join(f"{', '.join(ways)}: {why}"
                                                                   for why, ways in grouped.items())


def _grouped(pairs) -> dict:
    """(mover, what) pairs as {what: [the movers' labels]}, in order."""
    grouped: dict = {}
    for mover, what in pairs:
        grouped.setdefault(what, []).append(_mover_label(mover))
    return grouped


def stumble_note(runs: list[tuple[dict[str, str], RunOutlook | None]]) -> str:
    """With Stumble (5.1), what each open way of running must roll, from the engine's own modifier and table
    (`RunOutlook.modifier`, `stumble_table`) against the attackers on his sheet now that it counts (a FLY chit
    only the flying ones, 5.1/3), each line naming that set; a way with none of them rolls nothing. "" without
    Stumble."""
    stumbling = [(mover, outlook) for mover, outlook in runs if outlook is not None and outlook.rule == STUMBLE]
    if not stumbling:
        return ""
    rolling = [(mover, outlook) for mover, outlook in stumbling if outlook.rolls]
    still = [(mover, outlook) for mover, outlook in stumbling if not outlook.rolls]
    if not rolling:
        return f". Stumble (5.1): {_no_attacker(still)}, so no roll unless one joins it"
    lines = []
    by_attackers: dict = {}
    for mover, outlook in rolling:
        by_attackers.setdefault(outlook.attackers, []).append((mover, outlook))
    for attackers, pairs in by_attackers.items():
        ways = []
        for modifier, labels in _grouped((mover, outlook.modifier) for mover, outlook in pairs).items():
            highs = [high for high in range(1, 7) if stumble_table(high + modifier).completed]
            needs = f"a high die of {highs[-1]} or less" if highs else "no die completes it"
            ways.append(f"{modifier:+d} with {', '.join(labels)} ({needs})")
        fastest = min(attackers, key=lambda pair: pair[1])
        kind = "flying attacker" if all(outlook.flying for _, outlook in pairs) else "attacker"
        lines.append(f"your modifier {'; '.join(ways)}; {len(attackers)} {kind}{'s' if len(attackers) != 1 else ''}"
                     f" on your sheet now, the fastest {fastest[0]} (move time {fastest[1]})")
    if still:
        lines.append(f"with {', '.join(_mover_label(mover) for mover, _ in still)}: {_no_attacker(still)}: "
                     "no roll unless one joins it")
    return (f". Stumble (5.1): rolls to run, the high of 2 dice + your modifier: {STUMBLE_LIMIT} or less completes it;"
            f" {'; '.join(lines)}; more may join before you run")


def _no_attacker(still: list[tuple[dict[str, str], RunOutlook]]) -> str:
    """What ways that roll nothing have on his sheet: no flying attacker when each of them is a FLY chit (a
    walking way that rolls nothing has no attacker at all, so neither has a FLY chit)."""
    return "no flying attacker on your sheet now" if all(o.flying for _, o in still) else "no attacker on your sheet now"


def encounter_choice_fields(round_input: dict[str, Any], side: str) -> list[Field]:
    """The encounter step's choice that is this side's player's to make, where the step stops for it with the
    round's own dice (docs/encounter.md, "The player's choices"): which of his unhidden hirelings takes a
    denizen (8.3.5a.3, Watchful Natives 1.3), written at `encounter.choices.<denizen>`, or whether to take the
    "2" result of an Expanded Meeting Table opportunity, at `encounter.meetings.<i>.take_row_two`. The step
    replays identically up to the choice, so the choice asked is the one the resolution will wait for."""
    if "encounter" not in round_input:
        return []
    try:
        round_file = read_round(engine_file({key: value for key, value in round_input.items() if key != "plays"}))
        encounter = encounter_from_round(round_file.round_input, round_file.encounter or {})
        needed = resolve_encounter(encounter, round_file.make_dice()).choice_needed
    except (RoundFormatError, EncounterInvalid, DiceExhausted):
        return []  # a broken input: validate names what is wrong
    if needed is None or needed.character != side:
        return []
    if needed.path.startswith("meetings["):
        index = needed.path.removeprefix("meetings[").split("]")[0]
        return [Field("take_row_two", "choice", f"Opportunity against the {needed.denizen}",
                      f"encounter.meetings.{index}.take_row_two", f"{needed.rule}: {needed.message}",
                      (Choice(True, 'Take the "2" result of the same column'), Choice(False, "Keep the roll")))]
    return [Field("encounter_choice", "choice", f"Which hireling takes {needed.denizen}",
                  f"encounter.{needed.path}", f"rule {needed.rule}: {side} is hidden or absent",
                  tuple(Choice(hireling, hireling) for hireling in needed.options))]


def spells_in_input(round_input: dict[str, Any], side: str) -> list[str]:
    """The spells the round input names for `side`: cast in its encounter step, or his plays' attack spell."""
    encounter = round_input.get("encounter") or {}
    named = [action["cast"] for action in encounter.get("actions", [])
             if action.get("character") == side and action.get("cast")]
    attack = ((round_input.get("plays") or {}).get(side) or {}).get("attack") or {}
    return list(dict.fromkeys(named + ([attack["spell"]] if attack.get("spell") else [])))
