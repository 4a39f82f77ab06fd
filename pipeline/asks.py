"""What a question asks about: the predicates it names, and whether it asks about the past.
Pure (no clock: `now` is an argument).

- `predicates_named`: "what's my dog called" names `pet`, "where do I live" `city`,
  "who do I work for" `employer`. The words come from each predicate of the vocabulary (its
  own name's words) and the everyday words for it; recall ranks an item of a named
  predicate above loosely similar fragments.
- `past_request`: "where did I work before Shopify?", "what did I use to eat?", "where
  did I live in 2024?", "my previous job", "last year": the superseded facts are wanted,
  labelled with their valid time, never as current. A plain question is not one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Sequence
from datetime import UTC, datetime

from pipeline.normalize import norm
from pipeline.vocabulary import MULTI_VALUED, SINGLE_VALUED
from schemas.records import Fact

_I = re.IGNORECASE

#: Everyday words for each predicate, beyond the words of its own name. A word may name
#: several predicates ("work": employer and job title).
_WORDS: dict[str, tuple[str, ...]] = {
    "pet": ("dog", "dogs", "puppy", "pup", "cat", "cats", "kitten", "pets", "parrot",
            "hamster", "rabbit", "bunny", "goldfish", "fish", "bird", "tortoise", "turtle",
            "guinea", "ferret", "lizard", "snake", "horse"),
    "city": ("live", "living", "lives", "lived", "reside", "based", "town", "moved", "move",
             "home", "hometown", "where"),
    "district": ("neighbourhood", "neighborhood", "area", "borough", "quarter"),
    "country": ("nation", "live", "lived", "moved"),
    "employer": ("work", "works", "worked", "working", "job", "company", "employed",
                 "employer", "firm", "office", "boss"),
    "job_title": ("job", "role", "position", "occupation", "profession", "do", "title",
                  "work", "worked", "career"),
    "partner_name": ("wife", "husband", "girlfriend", "boyfriend", "spouse", "fiance",
                     "fiancee", "fiancé", "fiancée", "partner", "married"),
    "relationship_status": ("married", "single", "dating", "relationship", "divorced",
                            "engaged", "seeing"),
    "child_name": ("kid", "kids", "son", "daughter", "children", "child", "baby"),
    "allergy": ("allergic", "allergies", "allergy", "intolerant"),
    "dietary_restriction": ("diet", "eat", "eating", "ate", "vegetarian", "vegan", "food",
                            "meat", "halal", "kosher", "gluten"),
    "accessibility_need": ("wheelchair", "accessibility", "accessible", "hearing",
                           "vision", "mobility"),
    "hobby": ("hobby", "hobbies", "fun", "pastime", "free", "spare", "weekends"),
    "likes": ("like", "likes", "love", "loves", "favourite", "favorite", "enjoy", "into"),
    "dislikes": ("dislike", "hate", "hates", "cannot", "stand"),
    "language_spoken": ("speak", "speaks", "languages", "fluent"),
    "language": ("language",),
    "preferred_name": ("call", "nickname"),
    "full_name": ("name",),
    "pronouns": ("pronouns", "pronoun"),
    "timezone": ("timezone", "time zone"),
    "birthday": ("birthday", "born"),
    "age": ("old", "age"),
    "current_project": ("project", "building", "working on"),
    "current_goal": ("goal", "aim", "aiming", "trying"),
    "smoking_status": ("smoke", "smoking", "smoker", "cigarettes", "vape"),
    "health_condition": ("condition", "diagnosed", "health", "illness"),
    "plan": ("plan", "plans", "planning", "trip", "upcoming"),
}
#: Words too common to name a predicate on their own ("name" in "my dog's name").
_WEAK = frozenset({"name", "do", "where", "home", "free", "into", "fun", "call", "seeing",
                   "stand", "cannot", "trying", "old", "area", "title"})
_WORD = re.compile(r"[a-zA-Zéè']+")


def _index() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for predicate in SINGLE_VALUED | MULTI_VALUED:
        for word in predicate.split("_"):
            if len(word) > 3 and word not in ("name", "status", "need", "current", "spoken",
                                              "view", "full", "preferred"):
                out.setdefault(word, set()).add(predicate)
    for predicate, words in _WORDS.items():
        for word in words:
            out.setdefault(word, set()).add(predicate)
    return {w: frozenset(p) for w, p in out.items()}


_BY_WORD = _index()


def predicates_named(question: str) -> frozenset[str]:
    """The predicates whose words the question uses. A weak word ("name", "where") counts
    only when no strong one does: "what's my dog's name" names the pet, not a name."""
    words = [w.lower().strip("'").removesuffix("'s") for w in _WORD.findall(question)]
    strong = {p for w in words if w not in _WEAK for p in _BY_WORD.get(w, ())}
    if strong:
        return frozenset(strong)
    return frozenset(p for w in words for p in _BY_WORD.get(w, ()))


@dataclass(frozen=True)
class PastRequest:
    """A question about the past: the versions it wants (`predicates`, empty: any), those
    true before the version whose value matches `before`, or those that overlap the
    world-time window [since, until)."""

    predicates: frozenset[str]
    before: str | None = None
    since: datetime | None = None
    until: datetime | None = None


_PAST = re.compile(
    r"\b(?:before|used\s+to|use\s+to|previously|previous|formerly|former|earlier|prior"
    r"|ex|last\s+year|years?\s+ago|back\s+(?:in|then|when)|originally|at\s+first"
    r"|in\s+the\s+past|no\s+longer|anymore|any\s+more|old\s+(?:job|company|employer|place"
    r"|flat|apartment|house|city|town|address|boss|team|school|neighbou?rhood|diet))\b"
    r"|\b(?:in|during|back\s+in|throughout)\s+(?:19|20)\d\d\b", _I)
_BEFORE = re.compile(
    r"\bbefore\s+(?:i\s+(?:\w+\s+){0,2}?(?:to|at|in|for|with)\s+|(?:joining|moving\s+to"
    r"|starting\s+at|working\s+at|living\s+in)\s+)?(?P<x>[^?.!,;]+)", _I)
_YEAR = re.compile(r"\b(?:in|during|back\s+in|throughout)\s+(?P<y>(?:19|20)\d\d)\b", _I)
_LAST_YEAR = re.compile(r"\blast\s+year\b", _I)
#: "before" as a plain conjunction about now, not a question about the past.
_NOT_PAST = re.compile(r"\bbefore\s+(?:i\s+(?:go|leave|forget|sleep)|bed|tomorrow|the\s+"
                       r"(?:weekend|meeting|trip))\b", _I)


def past_request(question: str, *, now: datetime) -> PastRequest | None:
    """The past this question asks about, or None for a question about now."""
    if not _PAST.search(question) or _NOT_PAST.search(question):
        return None
    predicates = predicates_named(question)
    before = None
    if m := _BEFORE.search(question):
        before = " ".join(m.group("x").split()) or None
        if before and before.lower() in ("now", "that", "this", "then", "today"):
            before = None
    if m := _YEAR.search(question):
        year = int(m.group("y"))
        return PastRequest(predicates, before, datetime(year, 1, 1, tzinfo=UTC),
                           datetime(year + 1, 1, 1, tzinfo=UTC))
    if _LAST_YEAR.search(question):
        return PastRequest(predicates, before, datetime(now.year - 1, 1, 1, tzinfo=UTC),
                           datetime(now.year, 1, 1, tzinfo=UTC))
    return PastRequest(predicates, before)


#: Past versions one answer shows at most, the most recently ended first.
MAX_PAST = 5


def past_versions(request: PastRequest, history: Sequence[Fact], *, now: datetime
                  ) -> list[Fact]:
    """The fact versions that answer `request`: ended (valid_to at or before now), of the
    predicates it names (any when it names none), before the version matching `before`
    when one does, overlapping its window when it has one. Newest ended first."""
    closed = [f for f in history if f.valid_to is not None and f.valid_to <= now]
    if request.predicates:
        closed = [f for f in closed if f.predicate in request.predicates]
    if request.before:
        wanted = norm(request.before)
        anchors = [f for f in history if norm(f.object) and (
            norm(f.object) in wanted or wanted in norm(f.object))]
        if anchors:
            anchor = max(anchors, key=lambda f: f.valid_from)
            closed = [f for f in closed if f.predicate == anchor.predicate
                      and f.valid_from < anchor.valid_from and f.object != anchor.object]
    if request.since is not None and request.until is not None:
        closed = [f for f in closed if f.valid_from < request.until
                  and f.valid_to is not None and f.valid_to > request.since]
    seen, out = set(), []
    for f in sorted(closed, key=lambda f: (f.valid_to, f.valid_from), reverse=True):
        key = (f.predicate, norm(f.object), f.valid_to)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out[:MAX_PAST]


def past_label(fact: Fact) -> str:
    """"until June 2026: TD Bank (employer, from March 2024)": a past value with its
    valid time, never worded as current."""
    until = fact.valid_to.strftime("%B %Y") if fact.valid_to else "now"
    return (f"until {until}: {fact.object} ({fact.predicate.replace('_', ' ')}, from "
            f"{fact.valid_from.strftime('%B %Y')}; no longer true)")
