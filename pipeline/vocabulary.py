"""The predicate registry: cardinality, profile sections, dependencies and sensitivity.

The canonical vocabulary comes from the evaluation format; deployments extend it through
settings (`extra_single_valued`, `extra_multi_valued`), which reach this module as arguments,
never as globals read at import.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

SINGLE_VALUED: frozenset[str] = frozenset({
    "preferred_name", "pronouns", "language", "timezone", "city", "country", "employer",
    "job_title", "relationship_status", "current_project", "current_goal", "partner_name",
    "smoking_status",
    # beyond the canonical list
    "district", "full_name", "age", "birthday",
})

MULTI_VALUED: frozenset[str] = frozenset({
    "allergy", "dietary_restriction", "accessibility_need", "pet", "child_name", "hobby",
    "language_spoken", "likes", "dislikes",
    # beyond the canonical list
    "health_condition", "religion", "political_view", "sexual_orientation", "plan",
    "access_role",
})

#: Claims about privileges, roles or access are never accepted as facts: always quarantined.
PRIVILEGE_PREDICATES: frozenset[str] = frozenset({"access_role"})

#: Sensitive categories: kept only from the user's direct statements, flagged, and kept out of
#: the profile unless the user consented.
SENSITIVE_PREDICATES: dict[str, str] = {
    "health_condition": "health",
    "sexual_orientation": "sexuality",
    "political_view": "politics",
    "religion": "religion",
}

#: A parent's supersession closes its dependents (a district when the city changes).
DEPENDENTS: dict[str, tuple[str, ...]] = {
    "country": ("city", "district"),
    "city": ("district",),
    "employer": ("job_title",),
}

#: Deterministic profile layout: (heading, predicates).
PROFILE_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Identity", ("preferred_name", "full_name", "pronouns", "language", "timezone",
                  "language_spoken")),
    ("Location", ("city", "district", "country")),
    ("Work", ("employer", "job_title")),
    # The people and animals a user lives with, and what they do for fun: said in passing
    # more than any other fact, and what an assistant needs to get right ("her name is").
    ("Household", ("relationship_status", "partner_name", "child_name", "pet")),
    ("Interests", ("hobby",)),
    ("Constraints", ("allergy", "dietary_restriction", "accessibility_need",
                     "smoking_status")),
    ("Active", ("current_project", "current_goal", "plan")),
    # Sensitive categories: rendered only for users who consented (see pipeline.profile).
    ("Personal", ("health_condition", "religion", "political_view", "sexual_orientation")),
)

#: Memory-item kind per predicate; kinds drive recall boosts and TTLs.
CONSTRAINT_PREDICATES: frozenset[str] = frozenset({
    "allergy", "dietary_restriction", "accessibility_need"})
PREFERENCE_PREDICATES: frozenset[str] = frozenset({"likes", "dislikes", "hobby"})
SHORT_LIVED_PREDICATES: frozenset[str] = frozenset({"plan"})


@dataclass(frozen=True)
class Vocabulary:
    """Cardinality lookup with configured extensions."""

    single: frozenset[str] = SINGLE_VALUED
    multi: frozenset[str] = MULTI_VALUED
    dependents: dict[str, tuple[str, ...]] = field(default_factory=lambda: dict(DEPENDENTS))

    @classmethod
    def with_extensions(cls, extra_single: Iterable[str] = (),
                        extra_multi: Iterable[str] = ()) -> Vocabulary:
        return cls(single=SINGLE_VALUED | frozenset(extra_single),
                   multi=MULTI_VALUED | frozenset(extra_multi))

    def cardinality(self, predicate: str) -> str:
        """'single' or 'multi'; unknown predicates are multi-valued (never destructive)."""
        return "single" if predicate in self.single else "multi"

    def is_known(self, predicate: str) -> bool:
        return predicate in self.single or predicate in self.multi


def item_kind(predicate: str) -> str:
    """The memory-item kind for a predicate."""
    if predicate in CONSTRAINT_PREDICATES:
        return "constraint"
    if predicate in PREFERENCE_PREDICATES:
        return "preference"
    return "fact"
