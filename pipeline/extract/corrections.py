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
from functools import lru_cache
from datetime import datetime, timedelta

from pipeline.extract.clauses import strip_lead
from pipeline.extract.kinds import NORMALISERS, PREDICATE_KIND
from pipeline.extract.objects import ObjCtx
from pipeline.extract.timeexpr import TIME_RE, future_in
from pipeline.vocabulary import SHORT_LIVED_PREDICATES, Vocabulary
from schemas.records import Claim

_I = re.IGNORECASE
_VOCAB = Vocabulary()

_MARK = re.compile(
    r"\b(?:sorry|oops|whoops|correction|misspoke|mis-spoke|i\s+meant|i\s+mean|meant\s+to\s+say"
    r"|i\s+was\s+wrong|my\s+(?:bad|mistake)|scratch\s+that|let\s+me\s+correct|to\s+correct"
    r"|typo|actually|no\s+wait|should\s+(?:have|'ve)\s+said|make\s+that|wrong|wait,?\s+no"
    r"|(?:hang|hold)\s+on,?\s+no|err+,?\s+no|autocorrect(?:ed)?|did\s+i\s+say|ignore\s+that"
    r"|silly\s+me)\b", _I)
_STRONG = re.compile(r"\b(?:misspoke|mis-spoke|i\s+meant|i\s+mean|meant\s+to\s+say|correction"
                     r"|typo|should\s+(?:have|'ve)\s+said|make\s+that|scratch\s+that"
                     r"|no,?\s+wait|wait,?\s+no|(?:hang|hold)\s+on,?\s+no|err+,?\s+no"
                     r"|autocorrect(?:ed)?|wrong\s+(?:city|town|place|country"
                     r"|company|employer|job|name|title|role|pet|dog|cat|allergy|language))\b",
                     _I)
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
    re.compile(rf"^(?P<x>[^,.;!?]+?)\s+(?:is|was|should\s+(?:be|have\s+been))\s+actually\s+"
               rf"{_PREP}(?P<y>[^,.;!?]+?){_END}", _I),
)
#: "His name is Max": a correction of a name (a pet's, a child's, the user's).
_NAME_FORM = re.compile(rf"\b(?:his|her|its|their|my|the\s+\w+'s|(?:my|our)\s+\w+'s)\s+name(?:'s"
                        rf"|\s+is"
                        rf"|\s+was)\s+(?:actually\s+)?(?P<y>[^,.;!?]+?)(?:,?\s+not\s+"
                        rf"(?P<x>[^,.;!?]+?))?{{_END}}".replace("{_END}", _END), _I)
_NAME_PREDICATES = frozenset({"pet", "child_name", "partner_name", "preferred_name",
                              "full_name"})
#: "Sorry, wrong city - Lille": the noun says which predicate is corrected.
_WRONG_NOUN = re.compile(r"\bwrong\s+(city|town|place|country|company|employer|job|name|title"
                         r"|role|pet|dog|cat|allergy|language)\b", _I)
_NOUN_PREDICATES: dict[str, frozenset[str]] = {
    "city": frozenset({"city", "country"}), "town": frozenset({"city"}),
    "place": frozenset({"city", "country"}), "country": frozenset({"country", "city"}),
    "company": frozenset({"employer"}), "employer": frozenset({"employer"}),
    "job": frozenset({"job_title", "employer"}), "title": frozenset({"job_title"}),
    "role": frozenset({"job_title"}), "name": _NAME_PREDICATES, "pet": frozenset({"pet"}),
    "dog": frozenset({"pet"}), "cat": frozenset({"pet"}), "allergy": frozenset({"allergy"}),
    "language": frozenset({"language", "language_spoken"}),
}
#: Words around a correction that say nothing about its values.
_LEAD_FILLER = re.compile(
    r"^(?:(?:sorry|oops|whoops|correction|no|nope|wait|actually|my\s+(?:bad|mistake)|hang\s+on"
    r"|hold\s+on|err+|ugh+|argh|oh|hmm+|um+|typo|autocorrect(?:ed)?|scratch\s+that|silly\s+me"
    r"|ignore\s+that|(?:that's|that\s+was|i\s+was)\s+wrong|wrong\s+\w+)\b[,:!.;\s\u2013\u2014-]*)+",
    _I)
_MID_FILLER = re.compile(r",?\s*\b(?:sorry|oops|my\s+bad)\b\s*,", _I)
_BARE_Y = re.compile(r"^(?!(?:i|i'm|we|it|that|this|you|he|she|they|my|our|the)\b)"
                     r"[\w'-]+(?:\s+[\w'-]+){0,3}$", _I)
_LATER_NAME = re.compile(r"^(?:(?:his|her|its|their)\s+name(?:'s|\s+is)|(?:he|she|it)(?:'s|\s+is)"
                         r"\s+(?:called|named)|we\s+(?:named|called)\s+(?:him|her|it))\s+"
                         r"(?P<y>(?-i:[A-Z])[\w'-]*)", _I)
#: ... or a clause later in the same sentence: "we have a kitten, white with one black ear,
#: she named her Podi".
_NAMED_LATER = re.compile(r"[,;]\s*(?:and\s+)?(?:(?:his|her|its)\s+name(?:'s|\s+is)|(?:he|she|it)"
                          r"(?:'s|\s+is)\s+(?:called|named)|(?:we|i|she|he|they|the\s+kids)\s+"
                          r"(?:named|called|call)\s+(?:him|her|it))\s+(?P<y>(?-i:[A-Z])[\w'-]*)", _I)
_CONTENT = re.compile(r"[a-z][a-z'-]{2,}", _I)
_ITS_NOT = re.compile(r"\b(?:it's|it\s+is|that's)\s+not\s+\S+", _I)
_LEADING_NOT = re.compile(r"^(?:no,?\s+)?not\s+\S", _I)
_BAD_Y = re.compile(r"^(?:been|going|gonna|getting|so|just|fine|ok|okay|not|that|this|what"
                    r"|all|really|very|a\s+(?:bit|lot)|hard|true|right|wrong|late|too|thanks?"
                    r"|hi|hello|bye|sorry|please|nothing|never\s*mind|ignore|whatever|yes|no"
                    r"|haha|lol|tomorrow|today|yesterday|later|it|idea)\b", _I)
_MAX_Y_WORDS = 4


@dataclass(frozen=True)
class SentenceClaims:
    """The claims one sentence of one turn gave, in order (the unit corrections act on)."""

    turn: int
    text: str
    claims: tuple[Claim, ...]

    def adding(self, *claims: Claim) -> SentenceClaims:
        """The same sentence with `claims` read after its own."""
        return SentenceClaims(self.turn, self.text, (*self.claims, *claims))


@dataclass(frozen=True)
class Correction:
    """What a sentence corrects: the old value `x` and/or the new value `y`."""

    marked: bool
    strong: bool
    x: str | None
    y: str | None
    #: The predicates it can be about, when the sentence says ("wrong city", "his name is").
    about: frozenset[str] | None = None
    #: The new value is the whole sentence ("Correction: senior analyst"), no "I meant".
    bare: bool = False


#: "..., not me": a correction of whom a thing is about (the subject), never of its value.
_PERSONS = frozenset({"me", "i", "us", "we", "him", "her", "them", "you", "myself", "mine",
                      "ours"})


@lru_cache(maxsize=8192)  # pure, and asked of every sentence at every later one
def parse_correction(text: str) -> Correction | None:
    """The correction in a sentence, or None when it corrects nothing."""
    marked = bool(_MARK.search(text))
    not_x = _NOT_X.search(text)
    name = _NAME_FORM.search(text) if marked else None
    if (not marked and not_x is None and not _LEADING_NOT.match(text)
            and not _ITS_NOT.search(text)):
        return None
    x = not_x.group("x").strip() if not_x else None
    y = None
    strong = bool(_STRONG.search(text))
    noun = _WRONG_NOUN.search(text)
    about = _NOUN_PREDICATES[noun.group(1).lower()] if noun else None
    body = _MID_FILLER.sub(",", _LEAD_FILLER.sub("", strip_lead(text.strip())))
    body = _LEAD_FILLER.sub("", body).strip()
    matches = [m for form in _Y_FORMS for m in form.finditer(body)]
    if name is not None:
        matches.insert(0, name)
        about = _NAME_PREDICATES
    for m in matches:
        cand = m.group("y").strip()
        if len(cand.split()) <= _MAX_Y_WORDS and not _BAD_Y.match(cand):
            y = cand
            x = (m.group("x") or x or "").strip() or None
            break
    if x is not None and x.lower() in _PERSONS:
        return None  # "Vanadzor is Hovhannes, not me!": who it is about, not a value
    bare = body.rstrip(" .!?")
    if y is None and strong and _BARE_Y.match(bare) and not _BAD_Y.match(bare):
        y = bare  # "Correction: senior analyst.", "Sorry, wrong city - Lille."
    return Correction(marked=marked, strong=strong or name is not None, x=x, y=y, about=about,
                      bare=y is not None and y == bare)


def apply_corrections(found: Sequence[SentenceClaims]) -> list[Claim]:
    """The session's claims in order, corrected sentences applied, repeats dropped."""
    kept: list[Claim] = []
    carry: tuple[int, Correction] | None = None
    for sentence in found:
        fix = parse_correction(sentence.text)
        own = [c for c in sentence.claims if c.source == "stated" and c.op == "assert"]
        if fix is None and not sentence.claims:
            kept = _name_later(kept, sentence)  # "We got a puppy! His name is Pip."
        if fix is None and carry is not None and carry[0] == sentence.turn:
            fix = carry[1]  # "No wait, that's wrong. I live in Lille."
        carry = (sentence.turn, fix) if (fix is not None and fix.marked and not own
                                         and fix.y is None) else None
        if fix is not None and own:
            for claim in own:
                kept = _drop_corrected(kept, claim, fix)
                if fix.x and _VOCAB.cardinality(claim.predicate) == "multi" and not any(
                        c.predicate == claim.predicate and _same(c.object, fix.x)
                        for c in sentence.claims):
                    kept.append(claim.model_copy(update={"object": fix.x, "op": "retract"}))
        elif fix is not None and fix.y and (redated := _redated(kept, fix)) is not None:
            kept = redated  # "actually it's the 14th, not the 12th"
        elif fix is not None and fix.y and (fix.x or fix.strong):
            target = _target(kept, fix)
            value = _replace(target, fix.x, fix.y) if target is not None else None
            if target is not None and value:
                kept.remove(target)
                kept.append(target.model_copy(update={
                    "object": value, "turn": sentence.turn,
                    "evidence": sentence.text, "confidence": max(target.confidence, 0.9)}))
        kept.extend(_named_in_sentence(sentence))
    return _drop_repeats(kept)


def _named_in_sentence(sentence: SentenceClaims) -> tuple[Claim, ...]:
    """The sentence's claims, its one unnamed pet given the name a later clause gives it."""
    unnamed = [c for c in sentence.claims if c.predicate == "pet" and c.op == "assert"
               and " named " not in c.object]
    m = _NAMED_LATER.search(sentence.text) if len(unnamed) == 1 else None
    name = _normalise("full_name", m.group("y")) if m else ""
    if not name:
        return sentence.claims
    return tuple(c.model_copy(update={"object": f"{c.object} named {name}"}) if c is unnamed[0]
                 else c for c in sentence.claims)


_ORDINAL = re.compile(r"^[0-3]?\d(?:st|nd|rd|th)\b", _I)
_DAY = timedelta(days=1)


def _date_of(value: str) -> str | None:
    """`value` as a time expression when it is nothing else ("14th", "the 8th of June")."""
    text = value.strip()
    text = f"the {text}" if _ORDINAL.match(text) else text
    m = TIME_RE.match(text)
    return text if m is not None and m.end() == len(text) else None


def _redated(kept: list[Claim], fix: Correction) -> list[Claim] | None:
    """A correction that names only a date moves the session's latest dated claim to it:
    a plan's day (it expires after the new one) or a planned change's start. The new day is
    the next one after the day before the old date ("the 6th, not the 4th" of a 4 June
    move: 6 June). None when the correction is no date or nothing is dated."""
    said = _date_of(fix.y or "")
    if said is None:
        return None
    for i in range(len(kept) - 1, -1, -1):
        claim = kept[i]
        plan = claim.predicate in SHORT_LIVED_PREDICATES and claim.valid_to is not None
        old: datetime | None = (claim.valid_to - _DAY if plan and claim.valid_to
                                else claim.valid_from if claim.modality == "planned" else None)
        if old is None:
            continue
        new = future_in(said, old - _DAY)
        if new is None or new == old:
            return None
        moved = {"valid_to": new + _DAY} if plan else {"valid_from": new}
        return [*kept[:i], claim.model_copy(update=moved), *kept[i + 1:]]
    return None


def _name_later(kept: list[Claim], sentence: SentenceClaims) -> list[Claim]:
    """An unnamed pet of the same turn gets the name the next sentence gives it."""
    m = _LATER_NAME.match(strip_lead(sentence.text))
    if m is None:
        return kept
    for i in range(len(kept) - 1, -1, -1):
        claim = kept[i]
        if claim.turn != sentence.turn:
            break
        if claim.predicate == "pet" and claim.op == "assert" and " named " not in claim.object:
            name = _normalise("full_name", m.group("y"))
            if not name:
                return kept
            return [*kept[:i], claim.model_copy(update={
                "object": f"{claim.object} named {name}"}), *kept[i + 1:]]
    return kept


def _drop_corrected(kept: list[Claim], new: Claim, fix: Correction) -> list[Claim]:
    single = _VOCAB.cardinality(new.predicate) == "single"

    def corrected(old: Claim) -> bool:
        if old.predicate != new.predicate or old.op != "assert" or old.source != "stated":
            return False
        if fix.x:
            return _same(old.object, fix.x)
        return single and fix.marked and not _same(old.object, new.object)
    return [c for c in kept if not corrected(c)]


def _target(kept: list[Claim], fix: Correction) -> Claim | None:
    """The claim a bare correction replaces: the one naming the old value; else the latest
    sharing a word with the new value ("senior analyst" for "junior analyst"); else the
    latest (of the predicates the sentence names, if it names any)."""
    candidates = [c for c in reversed(kept) if c.source == "stated" and c.op == "assert"
                  and (fix.about is None or c.predicate in fix.about)]
    if fix.x:
        return next((c for c in candidates if _same(c.object, fix.x)), None)
    words = {w.lower() for w in _CONTENT.findall(fix.y or "")}
    sharing = next((c for c in candidates if words & {w.lower() for w in _CONTENT.findall(
        c.object)}), None)
    if sharing is not None:
        return sharing
    bare_lower = fix.about is None and bool(fix.y) and not fix.y[:1].isupper()
    # A lower-case bare value that shares nothing with any claim ("typo, ignore") is no
    # correction; a named value ("Lille") or a named predicate ("wrong city") is.
    return None if (bare_lower and fix.bare) else (candidates[0] if candidates else None)


def _replace(target: Claim, x: str | None, y: str) -> str:
    """The corrected object: "dog named Rex" with Rex -> Max is "dog named Max"."""
    obj = target.object
    if x is None and " named " in obj:  # "dog named Rex" -> "dog named Max"
        return obj[:obj.index(" named ") + 7] + _normalise("full_name", y)
    word = re.search(r"(?<!\w)" + re.escape(x) + r"(?!\w)", obj, _I) if x else None
    if x and word is not None and len(x) < len(obj):  # a word of it: "me" is not in "Armenian"
        start = word.start()
        rest = (obj[:start] + " " + obj[start + len(x):]).lower().split()
        if len(y.split()) > len(x.split()) and all(w in y.lower().split() for w in rest):
            return _normalise(target.predicate, y)  # "frontend developer" for "backend"
        new = " ".join(y.split()[-len(x.split()):])
        return obj[:start] + new + obj[start + len(x):]
    return _normalise(target.predicate, y)


def _normalise(predicate: str, y: str) -> str:
    """`y` as an object of `predicate`; empty when the predicate's normaliser rejects it."""
    kind = PREDICATE_KIND.get(predicate, "phrase")
    values = NORMALISERS[kind](y, ObjCtx(predicate=predicate))
    return values[0][1] if values else ""


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
