"""Corrections later in a session: the end-of-session view keeps the correction and drops
what it corrects.

Two shapes. A corrected restatement carries its own claim ("Sorry, I misspoke: I work at
Initrode, not Initech"): earlier claims of that predicate naming the old value (or, for a
single-valued predicate, any other value) are dropped. A bare correction names only the
new value ("sorry, I meant Lille", "it's Kate, not Katherine"): it replaces the earlier
claim naming the old value, or the latest claim when no old value is named.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pipeline.extract.clauses import strip_lead
from pipeline.extract.kinds import NORMALISERS, PREDICATE_KIND
from pipeline.extract.objects import ObjCtx
from pipeline.vocabulary import Vocabulary
from schemas.records import Claim

_I = re.IGNORECASE
_VOCAB = Vocabulary()

_MARK = re.compile(
    r"\b(?:sorry|oops|whoops|correction|misspoke|mis-spoke|i\s+meant|i\s+mean|meant\s+to\s+say"
    r"|i\s+was\s+wrong|my\s+(?:bad|mistake)|scratch\s+that|let\s+me\s+correct|to\s+correct"
    r"|typo|actually|no\s+wait|should\s+(?:have|'ve)\s+said|make\s+that|wrong|wait,?\s+no"
    r"|(?:hang|hold)\s+on,?\s+no|err+,?\s+no)\b", _I)
_STRONG = re.compile(r"\b(?:misspoke|mis-spoke|i\s+meant|i\s+mean|meant\s+to\s+say|correction"
                     r"|typo|should\s+(?:have|'ve)\s+said|make\s+that|scratch\s+that"
                     r"|no,?\s+wait|wait,?\s+no|(?:hang|hold)\s+on,?\s+no|err+,?\s+no)\b", _I)
_PREP = r"(?:(?:in|at|to|for|with|from)\s+)?(?:(?:an?|the)\s+)?"
_END = r"\s*(?:[,.;!?]|$)"
_NOT_X = re.compile(rf"(?:,\s*(?:and\s+)?not|\s+(?:instead\s+of|rather\s+than))\s+{_PREP}"
                    rf"(?P<x>[^,.;!?]+?){_END}", _I)
_Y_FORMS = (
    re.compile(rf"\b(?:it's|it\s+is|that's)\s+not\s+{_PREP}(?P<x>[^,.;!?]+?)\s*[,;]?\s+"
               rf"(?:it's|it\s+is|but|that's)\s+{_PREP}(?P<y>[^,.;!?]+?){_END}", _I),
    re.compile(rf"\b(?P<form>i\s+meant(?:\s+to\s+say)?|i\s+mean|meant\s+to\s+say|it's|it\s+is"
               rf"|it\s+was|that\s+should\s+(?:be|have\s+been)|should\s+(?:have|'ve)\s+said"
               rf"|make\s+that)\s+{_PREP}(?P<y>[^,.;!?]+?)(?:,?\s+(?:and\s+)?not\s+{_PREP}"
               rf"(?P<x>[^,.;!?]+?))?{_END}", _I),
    re.compile(rf"\bnot\s+{_PREP}(?P<x>[^,.;!?]+?),?\s+but\s+{_PREP}(?P<y>[^,.;!?]+?){_END}", _I),
    re.compile(rf"^{_PREP}(?P<y>[^,]+?),?\s+not\s+{_PREP}(?P<x>[^,.;!?]+?)\s*[.!]?$", _I),
    re.compile(rf"^(?:no,?\s+)?not\s+{_PREP}(?P<x>[^,.;!?\u2013\u2014-]+?)\s*(?:[-\u2013\u2014,:;]+"
               rf"|\s+but)\s*{_PREP}(?P<y>[^,.;!?]+?)\s*[.!]?$", _I),
)
_ITS_NOT = re.compile(r"\b(?:it's|it\s+is|that's)\s+not\s+\S+", _I)
_LEADING_NOT = re.compile(r"^(?:no,?\s+)?not\s+\S", _I)
_BAD_Y = re.compile(r"^(?:been|going|gonna|getting|so|just|fine|ok|okay|not|that|this|what"
                    r"|all|really|very|a\s+(?:bit|lot)|hard|true|right|wrong|late|too)\b", _I)
_MAX_Y_WORDS = 4


@dataclass(frozen=True)
class SentenceClaims:
    """The claims one sentence of one turn gave, in order (the unit corrections act on)."""

    turn: int
    text: str
    claims: tuple[Claim, ...]


@dataclass(frozen=True)
class Correction:
    """What a sentence corrects: the old value `x` and/or the new value `y`."""

    marked: bool
    strong: bool
    x: str | None
    y: str | None


def parse_correction(text: str) -> Correction | None:
    """The correction in a sentence, or None when it corrects nothing."""
    marked = bool(_MARK.search(text))
    not_x = _NOT_X.search(text)
    if (not marked and not_x is None and not _LEADING_NOT.match(text)
            and not _ITS_NOT.search(text)):
        return None
    x = not_x.group("x").strip() if not_x else None
    y = None
    body = re.sub(r"^(?:(?:sorry|oops|whoops|correction|no|wait|actually|my\s+bad|hang\s+on"
                  r"|hold\s+on|err+)\b[,:!.\s-]*)+", "", strip_lead(text.strip()), flags=_I)
    for m in (m for form in _Y_FORMS for m in form.finditer(body)):
        cand = m.group("y").strip()
        if len(cand.split()) <= _MAX_Y_WORDS and not _BAD_Y.match(cand):
            y = cand
            x = (m.group("x") or x or "").strip() or None
            break
    return Correction(marked=marked, strong=bool(_STRONG.search(text)), x=x, y=y)


def apply_corrections(found: Sequence[SentenceClaims]) -> list[Claim]:
    """The session's claims in order, corrected sentences applied, repeats dropped."""
    kept: list[Claim] = []
    for sentence in found:
        fix = parse_correction(sentence.text)
        own = [c for c in sentence.claims if c.source == "stated" and c.op == "assert"]
        if fix is not None and own:
            for claim in own:
                kept = _drop_corrected(kept, claim, fix)
                if fix.x and _VOCAB.cardinality(claim.predicate) == "multi" and not any(
                        c.predicate == claim.predicate and _same(c.object, fix.x)
                        for c in sentence.claims):
                    kept.append(claim.model_copy(update={"object": fix.x, "op": "retract"}))
        elif fix is not None and fix.y and (fix.x or fix.strong):
            target = _target(kept, fix.x)
            if target is not None:
                kept.remove(target)
                kept.append(target.model_copy(update={
                    "object": _replace(target, fix.x, fix.y), "turn": sentence.turn,
                    "evidence": sentence.text, "confidence": max(target.confidence, 0.9)}))
        kept.extend(sentence.claims)
    return _drop_repeats(kept)


def _drop_corrected(kept: list[Claim], new: Claim, fix: Correction) -> list[Claim]:
    single = _VOCAB.cardinality(new.predicate) == "single"

    def corrected(old: Claim) -> bool:
        if old.predicate != new.predicate or old.op != "assert" or old.source != "stated":
            return False
        if fix.x:
            return _same(old.object, fix.x)
        return single and fix.marked and not _same(old.object, new.object)
    return [c for c in kept if not corrected(c)]


def _target(kept: list[Claim], x: str | None) -> Claim | None:
    for claim in reversed(kept):
        if claim.source != "stated" or claim.op != "assert":
            continue
        if x is None or _same(claim.object, x):
            return claim
    return None


def _replace(target: Claim, x: str | None, y: str) -> str:
    """The corrected object: "dog named Rex" with Rex -> Max is "dog named Max"."""
    obj = target.object
    if x and x.lower() in obj.lower() and len(x) < len(obj):
        start = obj.lower().index(x.lower())
        rest = (obj[:start] + " " + obj[start + len(x):]).lower().split()
        if len(y.split()) > len(x.split()) and all(w in y.lower().split() for w in rest):
            return _normalise(target.predicate, y)  # "frontend developer" for "backend"
        new = " ".join(y.split()[-len(x.split()):])
        return obj[:start] + new + obj[start + len(x):]
    return _normalise(target.predicate, y)


def _normalise(predicate: str, y: str) -> str:
    kind = PREDICATE_KIND.get(predicate, "phrase")
    values = NORMALISERS[kind](y, ObjCtx(predicate=predicate))
    return values[0][1] if values else y.strip()


def _same(a: str, b: str) -> bool:
    a, b = a.lower().strip(), b.lower().strip()
    return bool(a) and bool(b) and (a == b or a in b or b in a)


def _drop_repeats(claims: list[Claim]) -> list[Claim]:
    """A value said twice in a session is one claim (the first), unless another value of
    the same predicate came in between."""
    out: list[Claim] = []
    last: dict[str, Claim] = {}
    for claim in claims:
        prev = last.get(claim.predicate)
        if (prev is not None and prev.op == claim.op
                and prev.object.lower() == claim.object.lower()):
            continue
        out.append(claim)
        last[claim.predicate] = claim
    return out
