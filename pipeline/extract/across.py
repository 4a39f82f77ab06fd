"""What one sentence of a turn says about the one before it.

Chat splits a statement over sentences: "I live in Leipzig now. Moved there in August." dates
the first sentence's claims; "We moved! Leipzig, since August." names where to. Both are
read here, after each sentence has been matched on its own; inputs are not modified.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from pipeline.extract import lexicon as lx
from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.kinds import NORMALISERS, PREDICATE_KIND
from pipeline.extract.mentions import NAME_WORD, is_name
from pipeline.extract.objects import ObjCtx, known_place
from pipeline.extract.planned import plan_date_for
from pipeline.extract.timeexpr import resolve_in
from schemas.records import Claim

_I = re.IGNORECASE
_AGES = (r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
         r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty")

#: A sentence that points back at the one before: "That was in August", "Moved there in May".
_BACKREF = re.compile(
    r"^(?:[\w']+[,!]?\s+){0,2}?(?:that|this|it)(?:'s|\s+was|\s+is|\s+happened|\s+started"
    r"|\s+began)\b|\b(?:moved|relocated|started|joined|quit|stopped|began|switched|settled"
    r"|went)\s+(?:there|then|here)\b|\b(?:there|here)\s+since\b", _I)
#: A home or a job taken, whose start the next sentence may date: "We signed the lease on a
#: flat in Bergen", "I accepted the offer from Lumen" (not "I live in Bergen").
_TAKEN = re.compile(r"\b(?:signed|bought|rented|found|got|took|accepted|landed|picked)\b"
                    r"(?=.*\b(?:lease|flat|apartment|house|place|home|tenancy|job|offer|role"
                    r"|position|contract)\b)", _I)
#: A move told without its destination: "We moved!", "Guess what, I finally relocated."
_MOVED = re.compile(r"(?:^|[\s,:-])(?:i|we)(?:'ve|\s+have)?\s+(?:(?:just|finally|actually"
                    r"|officially|recently)\s+)*(?:moved|relocated)(?:\s+(?:house|again|cities"
                    r"|countries))?\s*[.!]*$", _I)
#: ... and the next sentence naming the place: "Leipzig, since August." / "To Leipzig!"
_PLACE_FIRST = re.compile(r"^(?:to\s+|now\s+in\s+|in\s+)?(?P<place>(?-i:[A-Z])[\w'-]*"
                          r"(?:\s+(?-i:[A-Z])[\w'-]*){0,2})\s*(?:[,.!]|$|\s+(?:since|now|as\s+of"
                          r"|from)\b)", _I)
#: A follow-up naming one more value: "Oh, and bee stings too.", "Plus cats."
_ONE_MORE = re.compile(r"^(?:(?:oh|ah|also|plus|and|oh\s+and)[,:]?\s+)+(?P<obj>[\w' -]{2,40}?)"
                       r"(?:,?\s+(?:too|as\s+well|also))?\s*[.!]*$", _I)
_NOT_A_VALUE = re.compile(r"^(?:thanks?(?:\s+you)?|please|bye|ok(?:ay)?|lol|haha|cheers|sorry"
                          r"|that'?s(?:\s+(?:all|it))?|me|you|it|this|that|so\s+on|more|stuff"
                          r"|things|yes|no|good\s+(?:night|morning)|hi|hello|hey|anyway|etc)$", _I)
#: The household's animals, in the plural and unnamed: "the cats are stuck inside" (not "my
#: sister's cats": a possessor before them).
_HOUSE_ANIMALS = re.compile(r"(?<!'s )(?<!s' )\b(?:the|our|my)\s+(?:two\s+|three\s+)?(?P<animals>"
                            + lx.alt(tuple(p for p in lx.ANIMAL_PLURALS if p.endswith("s")))
                            + r")\b(?!\s+(?:next\s+door|at|of|from|across|down|upstairs"
                            r"|downstairs|on\s+the|in\s+the)\b)", _I)
#: A name told by its age, opening the sentence and each clause after: "Kuih is fifteen and
#: mostly sleeps; Sambal is two and does laps of the flat".
_NAME_AGE = re.compile(r"(?:^|[;,]\s+(?:and\s+)?|\band\s+)(?P<name>" + NAME_WORD + r")"
                       r"\s+(?:is|'s)\s+(?:(?:only|just|nearly|almost|now)\s+)?(?:" + _AGES
                       + r")(?:\s+(?:years?|months?)(?:\s+old)?)?(?=[\s,;.!]|$)(?!\s+(?:minutes"
                       r"|hours|days|km|kilometres|miles|metres|percent|times)\b)")
#: A sentence opening on a name told of by a pronoun: "Freja, she does fish genetics".
_NAME_THEN_PRONOUN = re.compile(r"^(?P<name>" + NAME_WORD + r"),\s+(?:he|she|they)"
                                r"(?:'s|'re|\s)", _I)
#: Predicates a bare follow-up can add to (multi-valued lists people extend this way).
_EXTENDABLE = frozenset({"allergy", "dietary_restriction", "likes", "dislikes", "hobby",
                         "language_spoken", "accessibility_need"})


def link_sentences(found: Sequence[SentenceClaims], at: datetime, *,
                   session_id: str) -> list[SentenceClaims]:
    """`found` (one turn, in order) with back-references applied."""
    out = list(found)
    for i in range(1, len(out)):
        prev, this = out[i - 1], out[i]
        if this.claims:
            continue
        seen = _seeing_named(this, prev)
        if seen is not None:
            out[i] = seen
            continue
        aged = (_pets_by_age(this, prev, at, session_id)
                or _child_by_age(this, prev, at, session_id))
        if aged is not None:
            out[i] = aged
            continue
        if not prev.claims and _MOVED.search(prev.text.rstrip()):
            out[i] = _place_named(this, prev, at, session_id)
            continue
        more = _ONE_MORE.match(this.text)
        if more is not None and prev.claims and not _NOT_A_VALUE.match(more.group("obj")):
            out[i] = _one_more(this, prev, more.group("obj"))
            continue
        ahead = plan_date_for(this.text, at) if prev.claims and _TAKEN.search(prev.text) else None
        if ahead is not None:
            # "We signed the lease on a flat in Bergen today. It starts on 1 April, so that's
            # when we move": the home (or job) taken now is where one lives (works) from then.
            out[i - 1] = SentenceClaims(prev.turn, prev.text, tuple(
                c.model_copy(update={"valid_from": ahead[1], "modality": "planned"})
                if c.predicate in ahead[0] and c.op == "assert" and _told_today(c, at) else c
                for c in prev.claims))
            continue
        if prev.claims and _BACKREF.search(this.text):
            when = resolve_in(this.text, at)
            if when is not None:
                out[i - 1] = SentenceClaims(prev.turn, prev.text, tuple(
                    c.model_copy(update={"valid_from": when}) if _undated(c, at) else c
                    for c in prev.claims))
    return out


def _one_more(this: SentenceClaims, prev: SentenceClaims, raw: str) -> SentenceClaims:
    """The previous sentence's last extendable claim, again, naming `raw` instead."""
    last = next((c for c in reversed(prev.claims) if c.op == "assert"
                 and c.source == "stated" and c.predicate in _EXTENDABLE), None)
    if last is None:
        return this
    kind = PREDICATE_KIND.get(last.predicate, "phrase")
    values = NORMALISERS[kind](raw, ObjCtx(last.predicate))
    return SentenceClaims(this.turn, this.text, tuple(
        last.model_copy(update={"object": v, "predicate": p or last.predicate,
                                "evidence": f"{prev.text} {this.text}"})
        for p, v in values))


def _undated(claim: Claim, at: datetime) -> bool:
    return claim.source == "stated" and claim.valid_from == at


def _told_today(claim: Claim, at: datetime) -> bool:
    """Undated, or dated today ("we signed the lease today"): no start of its own."""
    return (claim.source == "stated" and claim.valid_from is not None
            and claim.valid_from.date() == at.date() and claim.modality == "asserted")


def _place_named(this: SentenceClaims, prev: SentenceClaims, at: datetime,
                 session_id: str) -> SentenceClaims:
    m = _PLACE_FIRST.match(this.text)
    if m is None:
        return this
    dated = resolve_in(this.text, at)
    if known_place(m.group("place")) is None and (dated is None or m.group("place").lower()
                                                   .endswith("ly")):
        return this  # "We moved! Finally." names no place; "Leipzig, since May" does
    found = NORMALISERS["place"](m.group("place"), ObjCtx("city", proper=True))
    when = dated or at
    claims = tuple(Claim(predicate=p or "city", object=v, valid_from=when, source="stated",
                         confidence=0.85, session_id=session_id, turn=this.turn,
                         evidence=f"{prev.text} {this.text}")
                   for p, v in found)
    return SentenceClaims(this.turn, this.text, claims)


def _pets_by_age(this: SentenceClaims, prev: SentenceClaims, at: datetime,
                 session_id: str) -> SentenceClaims | None:
    """Pets named by their ages right after the household's animals: "The cats are stuck
    inside. Kuih is fifteen and mostly sleeps; Sambal is two." (one pet per name); None when
    the sentence is not that."""
    animals = _HOUSE_ANIMALS.search(prev.text)
    first = _NAME_AGE.match(this.text)
    if animals is None or first is None or prev.turn != this.turn:
        return None
    kind = lx.ANIMAL_PLURALS[animals.group("animals").lower()]
    names = [m.group("name") for m in _NAME_AGE.finditer(this.text) if is_name(m.group("name"))]
    if not names:
        return None
    return SentenceClaims(this.turn, this.text, tuple(
        Claim(predicate="pet", object=f"{kind} named {name}", valid_from=at, source="stated",
              confidence=0.7, session_id=session_id, turn=this.turn,
              evidence=f"{prev.text} {this.text}")
        for name in dict.fromkeys(names)))


#: A child of the user's, not named where it is said: "that's what I tell my son" (a name
#: after it, "my son Ergi", is read where it stands).
_UNNAMED_CHILD = re.compile(r"\b(?:my|our)\s+(?:little\s+|eldest\s+|youngest\s+|only\s+)?"
                            r"(?P<kin>son|daughter|boy|girl)\b(?!\s*,?\s*(?-i:[A-Z]))", _I)


def _child_by_age(this: SentenceClaims, prev: SentenceClaims, at: datetime,
                  session_id: str) -> SentenceClaims | None:
    """The one child the sentence before spoke of, named by its age: "I make smiles, that's
    what I tell my son. Ergi is nine and he thinks my job is gross." None when the sentence
    is not that (two children, or none, or a name in the sentence before)."""
    child = [m for m in _UNNAMED_CHILD.finditer(prev.text)]
    first = _NAME_AGE.match(this.text)
    if len(child) != 1 or first is None or prev.turn != this.turn:
        return None
    names = {m.group("name") for m in _NAME_AGE.finditer(this.text) if is_name(m.group("name"))}
    if len(names) != 1 or any(c.predicate == "child_name" for c in prev.claims):
        return None
    return SentenceClaims(this.turn, this.text, (Claim(
        predicate="child_name", object=names.pop(), valid_from=at, source="stated",
        confidence=0.7, session_id=session_id, turn=this.turn,
        evidence=f"{prev.text} {this.text}"),))


def _seeing_named(this: SentenceClaims, prev: SentenceClaims) -> SentenceClaims | None:
    """The person the user just said they are seeing, named by the next sentence: "I'm
    seeing someone. Freja, she does fish genetics." None when the sentence is not that."""
    dating = next((c for c in prev.claims if c.predicate == "relationship_status"
                   and c.object == "dating" and c.op == "assert"), None)
    m = _NAME_THEN_PRONOUN.match(this.text)
    if (dating is None or m is None or prev.turn != this.turn or not is_name(m.group("name"))
            or any(c.predicate == "partner_name" for c in prev.claims)):
        return None
    return SentenceClaims(this.turn, this.text, tuple(this.claims) + (dating.model_copy(
        update={"predicate": "partner_name", "object": m.group("name"),
                "evidence": f"{prev.text} {this.text}"}),))
