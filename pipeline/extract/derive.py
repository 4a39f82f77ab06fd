"""Claims that follow from other claims of the same turn, as a small table of derivations.

"My name is Katherine" also gives the preferred name unless the turn says "call me Kate";
"I love hiking" is also a hobby; "we broke up" closes the partner's name; "I lost my job"
closes the employer. A derived claim sits next to its source (same sentence, same time).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.kinds import bare_activity
from schemas.records import Claim

#: Words ending in -ing that are no activity.
_NOT_ACTIVITY = (r"working|living|being|having|getting|going|doing|spending|making|using|seeing"
                 r"|talking|meeting|waking|eating|sleeping|feeling|knowing|hearing|helping"
                 r"|thinking|nothing|something|everything|anything|morning|evening|clothing"
                 r"|building|wedding|thing|things|king|ring|rings|string|strings|spring|sing|wing"
                 r"|wings|swing|sibling|siblings|ceiling|pudding|dumpling|dumplings|icing"
                 r"|earring|darling|ding|ping|bling|seasoning|stuffing|frosting|filling|topping"
                 r"|dressing|setting|ending|beginning|saying|evening")
_GERUND = re.compile(rf"^(?!(?:{_NOT_ACTIVITY}|watching\s+you|learning\s+about)\b)[a-z]+ing\b",
                     re.IGNORECASE)
#: "trail running", "rock climbing": an activity with one or two modifiers before it.
_MODIFIED_GERUND = re.compile(
    r"^(?!(?:a|an|the|my|your|his|her|our|their|this|that|these|those|some|being|not)\s)"
    rf"(?:[a-z-]+\s+){{1,2}}(?!(?:{_NOT_ACTIVITY})$)[a-z]+ing$", re.IGNORECASE)
_ENDED = frozenset({"single", "divorced", "separated", "widowed"})


@dataclass(frozen=True)
class Derivation:
    """When `source` holds (per `when`), also claim `predicate` = `value` (None: same object)
    with `op`, unless the turn already asserts that value (or, with `unless_any`, any value
    of `predicate`)."""

    name: str
    source: str
    when: Callable[[Claim], bool]
    predicate: str
    op: str = "assert"
    value: str | None = None
    confidence: float = 0.8
    unless_any: bool = True


DERIVATIONS: tuple[Derivation, ...] = (
    Derivation("preferred-from-name", "full_name", lambda c: c.op == "assert",
               "preferred_name", confidence=0.9),
    Derivation("hobby-from-liked-activity", "likes",
               lambda c: c.op == "assert" and len(c.object.split()) <= 3
               and bool(_GERUND.match(c.object) or _MODIFIED_GERUND.match(c.object)),
               "hobby", unless_any=False),
    Derivation("relationship-ended", "relationship_status",
               lambda c: c.op == "assert" and c.object in _ENDED, "partner_name",
               op="retract", value=""),
    Derivation("job-lost", "job_title",
               lambda c: c.op == "assert" and c.object in ("unemployed", "retired"), "employer",
               op="retract", value=""),
    # "I'm done with pottery": a project, or a pastime; removing one not held changes nothing.
    Derivation("done-with", "current_project",
               lambda c: c.op == "retract" and bool(c.object), "hobby", op="retract",
               unless_any=False),
)


def derive(found: Sequence[SentenceClaims]) -> list[SentenceClaims]:
    """`found` with derived claims added next to their sources; inputs are not modified."""
    found = [_without_partner_left(s) for s in found]
    asserted = {c.predicate for s in found for c in s.claims if c.op == "assert"}
    pairs = {(c.predicate, c.object.lower()) for s in found for c in s.claims
             if c.op == "assert"}
    out = []
    for sentence in found:
        claims = list(sentence.claims)
        for claim in sentence.claims:
            for d in DERIVATIONS:
                if claim.predicate != d.source or not d.when(claim):
                    continue
                value = claim.object if d.value is None else d.value
                if d.predicate == "hobby":
                    value = bare_activity(value)  # "playing tennis" is the hobby tennis
                if (d.predicate in asserted if d.unless_any
                        else (d.predicate, value.lower()) in pairs):
                    continue
                claims.append(claim.model_copy(update={
                    "predicate": d.predicate, "object": value, "op": d.op,
                    "confidence": min(claim.confidence, d.confidence)}))
        out.append(SentenceClaims(sentence.turn, sentence.text, tuple(
            c for c in claims if not _given_name_only(c))))
    return out


def _given_name_only(claim: Claim) -> bool:
    """"I'm Priya", "Thomas here": one name is what to call the user (the preferred name
    derived above), not their full name; a full name has a family name too."""
    return (claim.predicate == "full_name" and claim.op == "assert"
            and len(claim.object.split()) == 1)


def _without_partner_left(sentence: SentenceClaims) -> SentenceClaims:
    """"My girlfriend Priya and I broke up": the partner named beside an ending is the one
    who left, not a partner now."""
    if not any(c.predicate == "relationship_status" and c.op == "assert" and c.object in _ENDED
               for c in sentence.claims):
        return sentence
    return SentenceClaims(sentence.turn, sentence.text, tuple(
        c for c in sentence.claims if not (c.predicate == "partner_name" and c.op == "assert")))
