"""Every check of ``arbiter check``, in the order they run: one literal list per kind.

A new diagnostic kind is one function in a module of this package and one line here.
"""

from __future__ import annotations

from arbiter.solver.check import (
    combat,
    foundation,
    imported,
    interactions,
    prevent_replacement,
    replacement,
    rulebooks,
    rulings,
)
from arbiter.solver.check.base import Planned, SetCheck, TupleCheck

SET_CHECKS: tuple[SetCheck, ...] = (
    SetCheck(
        "references",
        (
            "unknown-card",
            "unknown-zone",
            "unknown-characteristic",
            "unknown-feature",
        ),
        foundation.unknown_references,
    ),
    SetCheck("absent-characteristic", ("absent-characteristic",), foundation.absent_characteristic),
    SetCheck("useless-named-gain", ("useless-named-gain",), foundation.useless_named_gain),
    SetCheck("imported", ("not-modelled",), imported.not_modelled),
    SetCheck(
        "loops",
        (
            "loop-mandatory",
            "loop-capped",
        ),
        interactions.loops,
    ),
    SetCheck("ruling-E-DIV", ("ruling-E-DIV",), rulings.division_rounding),
    SetCheck(
        "combat-keywords",
        ("combat-exclusive-demands", "combat-exempt-tank"),
        combat.combat_keywords,
    ),
)

TUPLE_CHECKS: tuple[TupleCheck, ...] = (
    TupleCheck(
        "dependency-cycle",
        ("dependency-cycle",),
        (
            interactions.writes_keys,
            interactions.reads_keys,
        ),
        interactions.dependency_cycle,
    ),
    TupleCheck(
        "ruling-D-PREV-3",
        ("ruling-D-PREV-3",),
        (
            interactions.dealer_keys,
            interactions.bonus_keys,
            interactions.shielded_keys,
        ),
        interactions.bonus_against_prevention,
    ),
    TupleCheck(
        "replacement-competition",
        ("replacement-competition",),
        (
            replacement.waits_or_makes,
            replacement.waits,
        ),
        replacement.replacement_competition,
    ),
    TupleCheck(
        "ruling-E-IMM-1b/self",
        ("ruling-E-IMM-1b",),
        (
            rulings.divider_keys,
            rulings.protector_keys,
        ),
        rulings.divide_vs_own_protection,
    ),
    TupleCheck(
        "ruling-E-IMM-1b/granted",
        ("ruling-E-IMM-1b",),
        (
            rulings.divider_keys,
            rulings.granter_keys,
            rulings.subject_keys,
        ),
        rulings.divide_vs_granted_protection,
    ),
    TupleCheck(
        "ruling-rulebook-gigantic",
        (rulebooks.CODE,),
        (rulebooks.switcher_keys, rulebooks.giant_keys),
        rulebooks.gigantic_switch,
    ),
    TupleCheck(
        "ruling-rulebook-tough",
        (rulebooks.CODE,),
        (rulebooks.targeter_keys, rulebooks.tough_keys),
        rulebooks.tough_for_free,
    ),
    TupleCheck(
        "ruling-rulebook-prevent",
        (rulebooks.CODE,),
        (prevent_replacement.redirect_keys, prevent_replacement.shielded_keys),
        prevent_replacement.redirect_against_prevention,
    ),
)

# Kinds listed (``arbiter check --list-checks``) before their check exists; never faked.
PLANNED: tuple[Planned, ...] = ()
