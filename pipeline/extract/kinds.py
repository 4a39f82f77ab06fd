"""Object kinds: which normaliser each predicate's objects go through, and the normalisers
for kinds with their own vocabulary (allergens, diets, conditions, relationship states).
"""
from __future__ import annotations

import re

from pipeline.extract import lexicon as lx
from pipeline.extract.objects import (
    STOP_WORDS,
    Normaliser,
    ObjCtx,
    Result,
    items,
    language,
    languages,
    likes,
    lower,
    mapped,
    name,
    names,
    org,
    pet,
    phrase,
    place,
    strip_article,
    title,
    to_gerund,
    trim,
)

_I = re.IGNORECASE

_PRONOUNS = re.compile(
    r"\b(she|he|they|xe|ze|ey|fae|it)\s*(?:/|\s+and\s+|\s+)\s*(her|him|them|they|she|he|hers"
    r"|his|theirs|xem|zir|hir|em|faer|it)(?:\s*/\s*(hers|his|theirs|herself|himself|themself"
    r"|themselves|xyr|zirs))?\b", _I)
_TZ = re.compile(
    r"\b(?:(?P<abbr>" + "|".join(sorted(lx.TIMEZONE_ABBREVIATIONS, key=len, reverse=True))
    + r")(?P<off>\s*[+-]\s*\d{1,2}(?::?\d\d)?)?|(?P<iana>[A-Z][a-z]+/[A-Z][A-Za-z_]+)"
    r"|(?P<named>(?:" + lx.alt(lx.TIMEZONE_NAMES) + r")(?: standard| daylight)? time)"
    r"|(?P<gmt>(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d\d)?))", _I)


def tz(text: str, ctx: ObjCtx) -> Result:
    """'CET', 'UTC+2', 'Europe/Berlin', 'Pacific time'."""
    m = _TZ.search(text)
    if m is None:
        return []
    if m.group("abbr"):
        return [(None, (m.group("abbr") + (m.group("off") or "").replace(" ", "")).upper())]
    if m.group("gmt"):
        return [(None, re.sub(r"\s+", "", m.group("gmt")).upper())]
    return [(None, m.group(0))]


def pronouns(text: str, ctx: ObjCtx) -> Result:
    """'they/them', 'she/her'; "she and her" is written 'she/her'."""
    m = _PRONOUNS.search(text)
    if m is None:
        return []
    return [(None, "/".join(g.lower() for g in m.groups() if g))]


_ALLERGEN_STOP = frozenset({"seasonal", "food", "bad", "severe", "mild", "some", "many",
                            "several", "multiple", "environmental", "skin", "terrible", "few",
                            "known", "serious", "slight", "other", "weird", "strange", "no"})
_ACRONYMS = frozenset({"adhd", "add", "ptsd", "ocd", "ibs", "copd", "hiv", "pcos", "ms", "gerd",
                       "cfs", "me/cfs", "pots", "aids"})
_RELATIONSHIP = {
    "a widow": "widowed", "a widower": "widowed", "widow": "widowed", "widower": "widowed",
    "taken": "in a relationship", "spoken for": "in a relationship", "newlywed": "married",
    "newlyweds": "married", "unmarried": "single", "dating someone": "dating",
    "seeing someone": "dating", "hitched": "married", "tied the knot": "married",
    "got wed": "married", "wed": "married", "broke up": "single", "split up": "single",
    "split": "single", "called it quits": "single", "parted ways": "single",
    "got divorced": "divorced", "getting married": "engaged",
    "getting a divorce": "getting divorced", "splitting up": "breaking up",
}


def allergen(text: str, ctx: ObjCtx) -> Result:
    """Allergens as said ("peanuts", "bee stings"); "seasonal" or "food" alone is no allergen."""
    out = []
    for p, v in items(text, ctx):
        v = re.sub(r"^(?:also\s+)?to\s+", "", v, flags=_I)
        if v and v.lower() not in _ALLERGEN_STOP and not v.lower().startswith("allerg"):
            out.append((p, v))
    return out


#: What not eating something amounts to; anything else is "no <food>".
_AVOIDED = {"meat": "vegetarian", "any meat": "vegetarian", "animal products": "vegan",
            "any animal products": "vegan", "dairy": "dairy-free", "any dairy": "dairy-free",
            "gluten": "gluten-free", "any gluten": "gluten-free", "milk": "dairy-free",
            "drinking": "no alcohol", "booze": "no alcohol", "meat or fish": "vegetarian",
            "meat and fish": "vegetarian"}


def avoided(text: str, ctx: ObjCtx) -> Result:
    """'meat' -> 'vegetarian', 'dairy' -> 'dairy-free', 'pork' -> 'no pork'."""
    value = re.sub(r"\s+", " ", trim(text)).lower()
    if not value:
        return []
    return [(None, _AVOIDED.get(value, "no " + value.removeprefix("any ")))]


def diet_any(text: str, ctx: ObjCtx) -> Result:
    value = strip_article(trim(text)).lower()
    if not value or value in STOP_WORDS or len(value.split()) > 3:
        return []
    return [(None, lx.DIETS.get(value, value))]


def access_any(text: str, ctx: ObjCtx) -> Result:
    value = re.sub(r"\s+", " ", trim(text)).lower()
    return [(None, lx.ACCESSIBILITY_STATES.get(value, strip_article(value)))] if value else []


def activity_verb(text: str, ctx: ObjCtx) -> Result:
    """'paint' -> 'painting', 'go hiking' -> 'hiking', 'play chess' -> 'chess'."""
    value = trim(text)
    value = re.sub(r"^(?:go|do|play|practi[cs]e)\s+", "", value, flags=_I)
    words = value.split()
    if words and not words[0].lower().endswith("ing") and len(words) <= 4 and not re.match(
            r"(?:a|an|the|my|some)$", words[0], _I) and value.lower() not in lx.ACTIVITIES:
        value = " ".join([to_gerund(words[0])] + words[1:])
    return likes(value, ctx)


def plan(text: str, ctx: ObjCtx) -> Result:
    """A plan; "going to Japan" becomes "trip to Japan"."""
    if ctx.groups.get("x_trip") is not None:
        found = place(text, ObjCtx("plan", ctx.lowercase))
        return [(None, f"trip to {v}") for _, v in found[:1]]
    return phrase(text, ctx)


def health(text: str, ctx: ObjCtx) -> Result:
    out: Result = []
    for p, v in items(text, ctx):
        words = [w.upper() if w.lower() in _ACRONYMS else w if w[:1].isupper() and w.lower()
                 in ("crohn's", "parkinson's", "alzheimer's") else w.lower() for w in v.split()]
        out.append((p, " ".join(words)))
    return out


def voting(text: str, ctx: ObjCtx) -> Result:
    value = trim(text)
    if value.lower() in ("left", "right"):
        return [(None, f"{value.lower()}-leaning")]
    return org(value, ObjCtx("political_view", ctx.lowercase, proper=True))


def relationship(text: str, ctx: ObjCtx) -> Result:
    value = re.sub(r"\s+", " ", trim(text)).lower()
    value = re.sub(r"^going through (?:my|the) ", "going through a ", value)
    return [(None, _RELATIONSHIP.get(value, value))] if value else []




NORMALISERS: dict[str, Normaliser] = {
    "place": place, "org": org, "title": title, "name": name, "names": names,
    "items": items, "lower": lower, "phrase": phrase, "likes": likes,
    "languages": languages, "language": language, "pet": pet, "tz": tz,
    "pronouns": pronouns, "diet": mapped(lx.DIETS), "religion": mapped(lx.RELIGIONS),
    "politics": mapped(lx.POLITICS), "orientation": mapped(lx.ORIENTATIONS),
    "health_adj": mapped(lx.HEALTH_ADJECTIVES), "access": mapped(lx.ACCESSIBILITY_STATES),
    "allergen": allergen, "diet_any": diet_any, "access_any": access_any,
    "activity": likes, "activity_verb": activity_verb, "plan": plan, "health": health,
    "voting": voting, "relationship": relationship, "avoided": avoided,
}

#: The normaliser for a predicate when a rule does not name one.
PREDICATE_KIND: dict[str, str] = {
    "city": "place", "country": "place", "district": "place", "employer": "org",
    "job_title": "title", "partner_name": "name", "preferred_name": "name",
    "full_name": "name", "child_name": "names", "allergy": "allergen", "health_condition": "health",
    "dietary_restriction": "diet", "accessibility_need": "access_any", "pet": "pet",
    "hobby": "activity", "likes": "likes", "dislikes": "likes", "language": "language",
    "language_spoken": "languages", "timezone": "tz", "pronouns": "pronouns",
    "relationship_status": "relationship", "current_project": "phrase", "current_goal": "phrase",
    "plan": "phrase", "religion": "religion", "political_view": "politics",
    "sexual_orientation": "orientation",
}
