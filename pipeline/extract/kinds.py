"""Object kinds: which normaliser each predicate's objects go through, and the normalisers
for kinds with their own vocabulary (allergens, diets, conditions, relationship states).
"""
from __future__ import annotations

import re

from pipeline.extract import lexicon as lx
from pipeline.extract.gazetteer import lookup
from pipeline.extract.objects import (
    STOP_WORDS,
    Normaliser,
    ObjCtx,
    Result,
    items,
    known_place,
    language,
    languages,
    likes,
    lower,
    mapped,
    name,
    names,
    org,
    phrase,
    place,
    strip_article,
    title,
    to_gerund,
    trim,
)
from pipeline.extract.pets import pet

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
_TZ_NAME = re.compile(r"^(?:the\s+)?(" + lx.alt(lx.TIMEZONE_NAMES) + r")(?:\s+standard)?$", _I)


def tz(text: str, ctx: ObjCtx) -> Result:
    """'CET', 'UTC+2', 'Europe/Berlin', 'Pacific time'."""
    m = _TZ.search(text)
    if m is None:
        # "the Pacific timezone": a zone's name without "time".
        bare = _TZ_NAME.match(trim(text))
        return [(None, f"{bare.group(1)[:1].upper()}{bare.group(1)[1:]} time")] if bare else []
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
    "got divorced": "divorced", "getting married": "engaged", "passed away": "widowed",
    "died": "widowed", "divorcing": "getting divorced", "in the middle of divorcing":
    "getting divorced", "in the process of divorcing": "getting divorced",
    "in the middle of separating from": "separating", "a newlywed": "married",
    "getting a divorce": "getting divorced", "splitting up": "breaking up",
}


#: Verbs that make a would-be allergen a clause: "my file said allergy" names no allergen.
_CLAUSE_VERB = re.compile(r"\b(?:is|was|were|are|be|been|said|says|say|told|tells|shows?|showed"
                          r"|listed|lists|mentions?|mentioned|notes|noted|has|had|have|does|did"
                          r"|thinks?|thought|claims?|claimed)\b", _I)


#: A list item that is a verb and its object: "bee stings and carry an EpiPen".
_VERB_ITEM = re.compile(r"^[a-z]+\s+(?:an?|the|my|our|some|two|both)\b")


def allergen(text: str, ctx: ObjCtx) -> Result:
    """Allergens as said ("peanuts", "bee stings"); "seasonal" or "food" alone is no allergen,
    nor words that are a clause ("my file said allergy")."""
    out = []
    for p, v in items(text, ctx):
        v = re.sub(r"^(?:also\s+)?to\s+", "", v, flags=_I)
        if (v and v.lower() not in _ALLERGEN_STOP and not v.lower().startswith("allerg")
                and not _CLAUSE_VERB.search(v) and not _VERB_ITEM.match(v)):
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




#: Words that make "moved from X to Y" a job change ("for a new job" is a reason to move).
_JOB_CONTEXT = re.compile(
    r"\b(?:jobs?|employers?|compan(?:y|ies)|roles?|positions?|careers?|startups?|firms?"
    r"|agenc(?:y|ies)|hired|salary|offer|promotion|promoted|teams?|colleagues?|boss|employ\w*"
    r"|work(?:ing)?|consultancy|fintech|corporate|industry|sector|gig)\b", _I)
_MOVE_REASON = re.compile(
    r"\b(?:for|with|because\s+of|due\s+to)\s+(?:a\s+|my\s+|the\s+|his\s+|her\s+|our\s+)?"
    r"(?:new\s+)?(?:job|role|position|work|career|company)\b", _I)
_ORG_SUFFIX = re.compile(
    r"\b(?-i:Inc|Ltd|LLC|GmbH|AG|SA|Corp|Corporation|Co|Labs?|Group|Technologies|Tech|Systems"
    r"|Solutions|Software|Bank|Partners|Consulting|Studios?|Media|Analytics|Capital|Ventures"
    r"|Industries|Holdings|Games|Networks|Robotics|AI|Insurance|Pharma|Foods|Motors|Airlines"
    r"|Energy|Logistics|Digital|Agency|Health|Dynamics|Enterprises|Associates)\b\.?")


_FIRST_SINGULAR = re.compile(r"^\W*(?:i|i've|i\s+have|i'd|i\s+had)\b", _I)


def job_change(ctx: ObjCtx) -> bool:
    """True when the clause speaks of work ("switched jobs", "at the new company")."""
    return bool(_JOB_CONTEXT.search(_MOVE_REASON.sub(" ", ctx.text)))


def move(text: str, ctx: ObjCtx) -> Result:
    """'moved from Munich to Berlin' is a city; 'moved from Acme to Globex' at work is an
    employer: a known place decides, else an organisation's suffix or talk of work."""
    old = ctx.groups.get("x_from") or ""
    if not (known_place(strip_article(trim(text, "place")))
            or known_place(strip_article(trim(old, "place")))):
        if _ORG_SUFFIX.search(trim(text, "org")) or _ORG_SUFFIX.search(old) or job_change(ctx):
            return [("employer", v) for p, v in org(text, ObjCtx(
                "employer", ctx.lowercase, proper=True, text=ctx.text)) if p is None]
    return place(text, ctx)


def switch(text: str, ctx: ObjCtx) -> Result:
    """'switched from Acme to Globex' is a new employer: when it is about work, or when both
    sides are names that are neither places, languages nor products people switch between
    ("from iPhone to Android")."""
    old = trim(ctx.groups.get("x_old") or "", "org")
    new = trim(text, "org")
    if known_place(strip_article(new)) or known_place(strip_article(old)):
        # "We swapped Munich for Berlin": a move between known places.
        return [(p or "city", v) for p, v in place(text, ObjCtx(
            "city", ctx.lowercase, proper=True))] if known_place(strip_article(new)) else []
    about_work = bool(_ORG_SUFFIX.search(new) or _ORG_SUFFIX.search(old) or job_change(ctx))
    if not about_work:
        words = [w.lower() for w in (old, new)]
        if ((ctx.groups.get("x_verb") or "").lower() in ("moved", "went")
                or not _FIRST_SINGULAR.match(ctx.text) or ctx.lowercase
                or not all(w[:1].isupper() for w in (old, new))
                or any(w in lx.LANGUAGE_BY_LOWER or w in lx.SWITCHED_PRODUCTS for w in words)):
            return []
    return [(p, v) for p, v in org(text, ObjCtx("employer", ctx.lowercase, proper=True,
                                                text=ctx.text)) if p is None]


_ANIMAL_WORD = re.compile(r"\b(?:pet|" + lx.alt(tuple(lx.ANIMAL_PLURALS) + tuple(lx.ANIMALS))
                          + r")\b", _I)


def pet_name(text: str, ctx: ObjCtx) -> Result:
    """The name of a being that died or was rehomed, unless it is a person ("Grandma")."""
    what = ctx.groups.get("x_what")
    if what and not _ANIMAL_WORD.search(what):
        return []  # "Rose, my grandmother, passed away"
    found = name(text, ctx)
    return [(p, v) for p, v in found if v.split()[0].lower() not in lx.PERSON_WORDS]


#: Language names no one is called ("Maya" is both, so it stays a possible name).
_ONLY_LANGUAGES = frozenset(lx.LANGUAGE_BY_LOWER.keys() - {w.lower() for w in lx.LANGUAGES_ALSO_NAMES})


def given_name(text: str, ctx: ObjCtx) -> Result:
    """A name said with weak grammar ("I prefer Kate"): never a place, language or product."""
    return [(p, v) for p, v in name(text, ctx) if not any(
        w in lx.CITY_BY_LOWER or w in lx.COUNTRY_BY_LOWER or w in _ONLY_LANGUAGES
        or w in lx.SWITCHED_PRODUCTS or w in lx.NOT_NAMES or w in lx.RELIGIONS
        or w in lx.POLITICS or w in lx.DIETS or w in lx.ORIENTATIONS
        for w in (v.lower(), v.split()[0].lower()))]


#: What eating something again ends: "back to eating meat" ends a vegetarian diet.
_RESUMED: dict[str, tuple[str, ...]] = {
    "meat": ("vegetarian", "vegan", "pescatarian", "plant-based"),
    "fish": ("vegetarian", "vegan", "plant-based"), "seafood": ("vegetarian", "vegan"),
    "dairy": ("vegan", "dairy-free", "plant-based"), "milk": ("vegan", "dairy-free"),
    "cheese": ("vegan", "dairy-free"), "eggs": ("vegan",), "animal products": ("vegan",),
    "gluten": ("gluten-free",), "wheat": ("gluten-free",), "alcohol": ("no alcohol",
                                                                          "teetotal"),
    "booze": ("no alcohol", "teetotal"), "sugar": ("sugar-free",), "carbs": ("keto",
                                                                             "low-carb"),
    # "I eat everything again": every diet of choice ends (a medical one is not chosen).
    "everything": ("vegetarian", "vegan", "pescatarian", "plant-based", "flexitarian", "keto",
                   "paleo", "low-carb", "raw vegan", "fruitarian"),
}
_RESUMED["anything"] = _RESUMED["everything"]
_MEATS = frozenset({"pork", "beef", "red meat", "chicken", "lamb"})


def resumed(text: str, ctx: ObjCtx) -> Result:
    """The diets that eating `text` again ends ("chicken" ends vegetarian and pescatarian)."""
    food = re.sub(r"^any\s+", "", re.sub(r"\s+", " ", trim(text)).lower())
    diets = _RESUMED.get(food) or (_RESUMED["meat"] + (f"no {food}",) if food in _MEATS
                                   else (f"no {food}",))
    return [(None, d) for d in diets]


def done(text: str, ctx: ObjCtx) -> Result:
    """What was finished: a project, or a goal when it says so ("the marathon goal")."""
    found = phrase(text, ctx)
    out: Result = []
    for p, v in found:
        m = re.match(r"(.+?)\s+(?:goal|resolution|target|dream|ambition|challenge)$", v, _I)
        out.append(("current_goal", strip_article(m.group(1))) if m else (p, v))
    return out


_PLAYING = re.compile(r"^(?:playing|doing|practi[cs]ing|going)\s+(?:the\s+)?(?P<act>.+)$", _I)


def bare_activity(value: str) -> str:
    """'playing tennis' -> 'tennis', 'going hiking' -> 'hiking'; anything else unchanged."""
    m = _PLAYING.match(value)
    if m and (m.group("act").lower() in lx.ACTIVITIES or m.group("act").lower().endswith("ing")):
        return m.group("act")
    return value


#: Where and with whom one does it is no part of the pastime: "running with a club on
#: Sundays" is running.
#: "roasting coffee out of his shed" is roasting coffee (one object word may follow the verb).
_HOBBY_SETTING = re.compile(r"^(?P<act>(?:[a-z-]+\s+)?[a-z]+ing(?:\s+(?!(?:with|on|at|in|out|from"
                            r"|every|near|around|my|his|her|their|our|the|a|an)\b)[a-z-]+"
                            r"(?=\s+(?:out\s+of|from|in|at)\s+(?:my|his|her|their|our|the|a)\b))?)"
                            r"\s+(?:with|on|at|in|out\s+of|from|every|near"
                            r"|around|before|after|for|twice|once|three|most|each|again|here"
                            r"|now|these|this|lately|recently)\b.*$", _I)


def hobby_any(text: str, ctx: ObjCtx) -> Result:
    """A pastime: "a keen cyclist" is cycling, "marathons" is running marathons, else as said."""
    key = re.sub(r"\s+", " ", trim(text)).lower()
    setting = _HOBBY_SETTING.match(key)
    if setting:
        key = text = setting.group("act")
    if key in lx.AGENT_HOBBIES or key in lx.PASTIME_DONE:
        return [(None, lx.AGENT_HOBBIES.get(key) or lx.PASTIME_DONE[key])]
    bare = bare_activity(key)
    if bare != key:
        return [(None, bare)]
    if re.fullmatch(r"(?:half[- ])?marathons|ultras|ultramarathons|5ks|10ks", key):
        return [(None, f"running {key}")]
    return likes(text, ctx)


#: A town this big is taken for a place after a weak cue ("Before Dundee I lived in ...").
_SIZEABLE = 50_000


def known_city(text: str, ctx: ObjCtx) -> Result:
    """A place the gazetteer knows: for weak cues ("Before Leeds I lived in York") where a
    capitalised word may be a time or an event ("Before Christmas", "Before COVID"). Beside
    the lexicon's cities, any gazetteer city of some size ("Before Dundee")."""
    head = strip_article(trim(text, "place"))
    found = lookup(head)
    sizeable = found is not None and (found.kind != "city" or found.population >= _SIZEABLE)
    return place(text, ctx) if known_place(head) or sizeable else []


NORMALISERS: dict[str, Normaliser] = {
    "known_place": known_city, "place": place, "org": org, "title": title, "name": name, "names": names,
    "items": items, "lower": lower, "phrase": phrase, "likes": likes,
    "languages": languages, "language": language, "pet": pet, "tz": tz,
    "pronouns": pronouns, "diet": mapped(lx.DIETS), "religion": mapped(lx.RELIGIONS),
    "politics": mapped(lx.POLITICS), "orientation": mapped(lx.ORIENTATIONS),
    "health_adj": mapped(lx.HEALTH_ADJECTIVES), "access": mapped(lx.ACCESSIBILITY_STATES),
    "allergen": allergen, "diet_any": diet_any, "access_any": access_any,
    "activity": likes, "activity_verb": activity_verb, "plan": plan, "health": health,
    "voting": voting, "relationship": relationship, "avoided": avoided, "move": move,
    "switch": switch, "pet_name": pet_name, "given_name": given_name,
    "hobby_any": hobby_any, "done": done,
    "resumed": resumed,
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
