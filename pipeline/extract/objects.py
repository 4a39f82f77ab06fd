"""Object normalisers: the captured words after a trigger become a clean object value.

A trigger captures greedily to the end of its clause ("Leipzig in August", "Globex now");
a normaliser cuts that at the first time expression or connective, strips articles and
punctuation, applies casing (proper nouns as said, common nouns and job titles in lower
case) and splits lists. Each returns (predicate override or None, object) pairs, so a place
normaliser can turn a "city" into a "country", and may return nothing to reject a capture.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from pipeline.extract import lexicon as lx
from pipeline.extract.gazetteer import lookup
from pipeline.extract.timeexpr import TIME_RE

_I = re.IGNORECASE

_CUT = re.compile(
    r"\s*(?:[;:!?()\[\]\"]|\s[-\u2013\u2014]+\s)|,?\s+(?:because|cause|cos|since|so that|so"
    r"|which|who|whom|whose|where|when|while|but|though|although|until|unless|if|whereas"
    r"|btw|lol|haha|now|nowadays|currently|these days|right now|at the moment|for now"
    r"|at present|anymore|any more|any longer|again|as well|too|either|already|yet"
    r"|by the way|lately|recently|full[- ]time|part[- ]time|and (?:it|that|i|we|she|he|they"
    r"|my|so|then|stuff|all that|so on)|etc|or something|or so|i think|i guess|i believe"
    r"|i suppose|apparently|thankfully|sadly|from home|remotely|you know|actually|okay|ok"
    r"|please|thanks|thank you|myself|no more|these past|this time|not|instead|really|after all"
    r"|before|after|until|till|ever since|which is|that is"
    r"|as it turns out|it turns out|for sure|at all|whatsoever|in the end|anyway|for good)\b", _I)
_COMMA = re.compile(r"\s*,")
_EXTRA_CUT: dict[str, re.Pattern[str]] = {
    "place": re.compile(r"\s+(?:with|near|outside|close to|for|because|where|to (?:be|work|study"
                        r"|live|start)|after|before|at|from|on|and)\b", _I),
    "title": re.compile(r"\s+(?:at|for|with|in|on|since|from|and i|and we|while|by trade"
                        r"|by profession|working|who|doing|based)\b|\s+and\s+(?-i:[a-z])", _I),
    # "at Sankofa Audit Group here in Accra": the name ends before the filler.
    "org": re.compile(r"\s+(?:as|in|on|for|with|where|here|there|doing|and i|and we|while|from"
                      r"|near|based|located|headquartered|that|which|who|whose|called|named|to|into)\b"
                      r"|\s+and\s+(?-i:[a-z])"
                      # "Work at Tidewater has been mad": the name ends where its verb starts.
                      r"|\s+(?-i:(?:has|have|had|is|was|were|are|went|keeps|kept|seems|feels"
                      r"|will|would|can|could|did|does|gets|got)\b)", _I),
    "name": re.compile(r"\s+(?:and|but|or|for|because|from|as|to|if|so|though|by|is|in|at"
                       r"|instead|not|rather)\b", _I),
}
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", _I)
_POSSESSIVE = re.compile(r"^(?:my|our)\s+", _I)
_QUANTIFIER = re.compile(r"^(?:(?:some|certain|all|most|any|both|many|a few|various|all kinds of"
                         r"|all types of|a lot of|lots of|also|even|especially|mainly|mostly"
                         r"|severely|very|really|extremely|mildly|slightly|just)\s+)+", _I)
_LIST_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+|as well as\s+)?|\s+and\s+|\s+or\s+|\s*&\s*"
                         r"|\s+as well as\s+|\s+plus\s+|\s*/\s*", _I)
_NAME_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*", _I)
_PRONOUN_START = re.compile(
    r"^(?:it|that|this|these|those|them|you|him|her|his|their|your|us|me|how|what|when|where"
    r"|why|who|the idea|the way|the fact|one|ones|something|anything|everything|nothing|doing"
    r"|going|being|having|getting|to (?:be|have|know|go|do|get|see|hear|ask|say|tell)"
    r"|my|our|a lot|lots|so much|very much"
    # Words that point back to something said before: "I can't stand the stuff".
    r"|(?:the\s+)?(?:stuff|things?|lot|same|rest|whole\s+thing))\b", _I)
_CONNECTORS = frozenset({"de", "da", "del", "do", "dos", "das", "am", "an", "upon", "on", "sur",
                         "en", "la", "le", "les", "of", "y", "im", "op", "aan", "den", "der",
                         "di", "du", "el", "al", "and", "&", "van", "von", "bin", "st", "st."})
STOP_WORDS = frozenset("""
a an the my our your his her their this that these those it here there home town city area
back later tomorrow crazy anything whatever when if anytime now please maybe out up on over
again old by what something sometime soon lol haha instead whenever anyway so you me him them
one nothing everything everyone someone somewhere anywhere everywhere nowhere mine yours
""".split())
_NAME_STOP = frozenset("""
I I'm I've The A An My Your He She They We It This That Mr Mrs Please Thanks Thank Hi Hello
Hey Yes No Not Just Back Later Tomorrow Whatever Anything Anytime Crazy Monday Tuesday
Wednesday Thursday Friday Saturday Sunday January February March April May June July August
September October November December Sir Madam Maybe Soon Then Now Whenever Anyway Mum Mom
Dad Daddy Mummy Mommy Boss Buddy Dude Babe Baby Honey
""".split())
_LANGUAGE = re.compile(r"\b(" + lx.alt(lx.LANGUAGES) + r")\b", _I)
_WORD = re.compile(r"[\w'-]+|[&.]")
_TIME_ZONE = re.compile(r"^(?:the\s+)?[\w/+-]+(?:\s+[\w/+-]+){0,2}\s+(?:time\s*zone|tz)\b", _I)
_NAMED_ORG = re.compile(
    r"^(?:an?|the|this|one)\s+(?:[\w&'-]+\s+){0,4}?(?:called|named|by\s+the\s+name\s+of)\s+"
    r"(?P<name>.+)$"
    # "at the municipality, Akureyrarbær": a common noun, then the name it stands for.
    r"|^(?:an?|the)\s+(?:(?-i:[a-z])[\w&'-]*\s+){0,3}?(?-i:[a-z])[\w&'-]*,\s+"
    r"(?P<apposed>(?-i:[A-Z])[^,]*)$", _I)
_CALENDAR_WORD = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march"
                            r"|april|may|june|july|august|september|october|november|december"
                            r"|christmas|easter|weekends?|nights?|days?\b", _I)
_FILLER = re.compile(r"^(?:fyi|btw|lol|haha|thanks|thank you|please|too|as well|also|just so you"
                     r"know|by the way|for the record|for what it's worth|i think|apparently"
                     r"|unfortunately|sadly|though|obviously|ugh|yikes|oh well"
                     # an adverb said after the list: "allergic to bee stings, properly, ..."
                     r"|properly|badly|really|seriously|severely|mildly|truly|genuinely|honestly"
                     r"|actually|definitely|literally|basically|only|even|always|very|big\s+time"
                     r"|[a-z]{3,}(?:ally|ously|ively|ently|antly|fully|lessly|edly|ingly))$", _I)
_CVC = re.compile(r"^[^aeiou]*[aeiou][bcdfgklmnprstvz]$")


@dataclass(frozen=True)
class ObjCtx:
    """What a normaliser may know besides the captured words."""

    predicate: str
    lowercase: bool = False
    proper: bool = False
    groups: Mapping[str, str | None] = field(default_factory=dict)
    #: The clause the object was found in (context for readings such as a job change).
    text: str = ""


Result = list[tuple[str | None, str]]
Normaliser = Callable[[str, ObjCtx], Result]


@lru_cache(maxsize=8192)  # pure; the same phrases come back
def trim(text: str, kind: str = "", *, keep_commas: bool = False) -> str:
    """`text` cut at the first time expression, connective or (unless a list) comma."""
    text = text.strip().strip("\"'`*_")
    ends = [len(text)]
    for rx in (TIME_RE, _CUT, _EXTRA_CUT.get(kind)):
        if rx is not None and (m := rx.search(text)):
            ends.append(m.start())
    if not keep_commas and (m := _COMMA.search(text)):
        ends.append(m.start())
    text = text[:min(ends)]
    return re.sub(r"(?:\s+(?:and|or|&))+$", "", text).strip(" \t,.;:!?\"'`*_-")


def strip_article(text: str) -> str:
    return _ARTICLE.sub("", text, count=1)


def to_gerund(verb: str) -> str:
    """'cook' -> 'cooking', 'run' -> 'running', 'dance' -> 'dancing' (for "I love to cook")."""
    v = verb.lower()
    if v.endswith("ing"):
        return v
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")) and len(v) > 2:
        return v[:-1] + "ing"
    if len(v) <= 4 and _CVC.match(v):
        return v + v[-1] + "ing"
    return v + "ing"


def _proper_run(text: str, lowercase: bool, limit: int = 5) -> str | None:
    words = _WORD.findall(text)
    if not words:
        return None
    if lowercase:
        if words[0].lower() in STOP_WORDS:
            return None
        out = []
        for w in words[:limit]:
            if w.lower() in STOP_WORDS and w.lower() not in _CONNECTORS:
                break
            out.append(w if w.lower() in _CONNECTORS else w[:1].upper() + w[1:])
        return " ".join(out).strip(" &.") or None
    if not (words[0][0].isupper() or words[0][0].isdigit()):
        return None
    out = []
    for i, w in enumerate(words):
        if w[0].isupper() or w[0].isdigit():
            out.append(w)
        elif (w.lower() in _CONNECTORS and i + 1 < len(words)
              and (words[i + 1][0].isupper() or words[i + 1][0].isdigit())):
            out.append(w)
        else:
            break
        if len(out) >= limit:
            break
    result = " ".join(out).replace(" .", ".").strip(" &")
    return result or None


def place(text: str, ctx: ObjCtx) -> Result:
    """A city or country; "Berlin, Germany" also gives the country."""
    raw = text.strip()
    if _TIME_ZONE.search(raw):
        return []  # "the Central time zone" is no place
    m = re.search(r"\b(?:district|neighbou?rhood|quarter|borough|part|suburb|area|outskirts)"
                  r" of (.+)$", raw, _I)
    if m:
        raw = m.group(1)
    head, _, tail = trim(raw, "place", keep_commas=True).partition(",")
    head = head.strip()
    if ctx.lowercase and re.match(r"(?:a|an|some|my|our|this|that)\s", head, _I):
        return []  # "a small flat": with no casing to go by, a determiner means a common noun
    head = strip_article(head)
    known = known_place(head)
    if ctx.proper and ctx.lowercase and not known:
        return []  # a weak trigger in a lower-case message needs a known place
    value = known or _proper_run(head, ctx.lowercase)
    if not value or value.lower() in STOP_WORDS:
        return []
    if not known and (value.split()[0].lower() in lx.LANGUAGE_BY_LOWER
                      or value.split()[0].lower() in lx.SWITCHED_PRODUCTS):
        return []  # "still in Python 2", "in English": no place
    if (ctx.lowercase and len(value.split()) > 1 and value.lower() not in lx.CITY_BY_LOWER
            and value.lower() not in lx.COUNTRY_BY_LOWER):
        value = value.split()[0]
    out: Result = []
    country = lx.COUNTRY_BY_LOWER.get(value.lower())
    if country and ctx.predicate == "city":
        out.append(("country", country))
    else:
        out.append((None, lx.CITY_BY_LOWER.get(value.lower(), value)
                    if ctx.lowercase else value))
        tail_country = lx.COUNTRY_BY_LOWER.get(strip_article(tail.strip()).lower())
        if tail_country and ctx.predicate == "city":
            out.append(("country", tail_country))
    return out


def known_place(text: str) -> str | None:
    """A gazetteer city or country at the start of `text`, in its usual case."""
    words = text.lower().split()
    for n in (3, 2, 1):
        key = " ".join(words[:n])
        if len(words) >= n and (key in lx.CITY_BY_LOWER or key in lx.COUNTRY_BY_LOWER):
            return lx.CITY_BY_LOWER.get(key) or lx.COUNTRY_BY_LOWER[key]
    return None


_ORG_PART = re.compile(r"^(?P<org>(?:[A-Z0-9][\w&.-]*\s+){0,4}[A-Z0-9][\w&.-]*)['\u2019]s"
                       r"\s+(?:[a-z][\w-]*\s+){0,2}(?:team|office|division|department|unit"
                       r"|branch|group|lab|desk|hq|headquarters|arm|side)$")
#: A title runs to the clause after it: "as a revenue analyst I've been eating lunch".
_TITLE_RUN_ON = re.compile(r"\s+(?:i|i'm|i've|i'd|i'll|we|we're|we've|my|and\s+i)\b.*$", _I)


def org(text: str, ctx: ObjCtx) -> Result:
    """An employer: proper-noun case as said, articles dropped."""
    named = _NAMED_ORG.match(text.strip())
    if named:  # "a startup called Foo Labs" is Foo Labs
        text = named.group("name") or named.group("apposed")
        if named.group("apposed") and _CALENDAR_WORD.match(text):
            return []  # "the office, Monday to Friday" names a time, not the office
    value = trim(text, "org")
    if _POSSESSIVE.match(value) or _PRONOUN_START.match(value):
        return []
    indefinite = bool(re.match(r"(?:a|an)\s", value, _I))
    if indefinite and ctx.predicate == "employer":
        return []  # "a company based in Zurich", "a bakery": no employer named
    if ctx.predicate == "employer" and _a_branch(strip_article(value)):
        return []  # "I'm at the Koforidua factory": which site, of an employer named before
    if ctx.predicate == "employer" and re.match(r"the\s", value, _I):
        # "a welder with the Kestrel Yards crew": the name, not the common noun it modifies.
        words = value.split()[1:]
        named = len(words)
        while named > 1 and words[named - 1].islower():
            named -= 1
        if words and words[0][:1].isupper() and named < len(words):
            while named > 1 and words[named - 1] in ("of", "de", "del", "da", "do", "la", "le"):
                named -= 1
            value = "the " + " ".join(words[:named])
    value = strip_article(value)
    # "joined Lotus Air's cargo team": the organisation, not the part of it one works in.
    value = _ORG_PART.sub(r"\g<org>", value)
    if not value or value.lower() in STOP_WORDS or len(value.split()) > 6:
        return []
    if value.lower() in ("night", "nights", "weekends", "home", "the moment", "remote",
                         "myself", "a desk", "the same place", "the office", "an office"):
        return []
    if ctx.predicate == "employer" and all(w in lx.ORG_HEADS for w in value.split()):
        return []  # "the education officer at the Trust" points back to a name said before
    proper = value[0].isupper() or value[0].isdigit()
    if (ctx.predicate == "employer" and not proper and not ctx.lowercase
            and re.match(r"the\s", trim(text, "org"), _I)):
        # "Work at the studio is mad": "the studio" points back at a workplace named before
        # (or never), it names no employer, and must not replace the one named.
        return []
    if ctx.proper and (indefinite or (not proper and not ctx.lowercase)
                       or (ctx.lowercase and re.match(r"the\s", trim(text, "org"), _I))):
        return []
    if ctx.predicate == "employer" and ctx.proper:
        if value.lower() in lx.CITY_BY_LOWER:
            return [("city", lx.CITY_BY_LOWER[value.lower()])]
        if value.lower() in lx.COUNTRY_BY_LOWER:
            return [("country", lx.COUNTRY_BY_LOWER[value.lower()])]
        place = lookup(value)
        if (place is not None and place.kind == "city" and place.population >= _CITY_NOT_ORG
                and place.name.casefold() == value.casefold()):  # not an alternate ("Google")
            return [("city", place.name)]  # "we leave Daugavpils this summer": a move
    return [(None, value)]


#: A gazetteer city this big, said alone where an employer goes, is the city ("we left
#: Daugavpils"); a smaller one may share a firm's name (Pinecrest).
_CITY_NOT_ORG = 50_000


def _a_branch(value: str) -> bool:
    """A city's name and then only common nouns: "Koforidua factory", "Leeds office"."""
    words = value.split()
    for n in range(len(words) - 1, 0, -1):
        if all(w.islower() for w in words[n:]):
            place = lookup(" ".join(words[:n]))
            if place is not None and place.kind == "city":
                return True
    return False


def title(text: str, ctx: ObjCtx) -> Result:
    """A job title in lower case ("senior analyst"); acronyms kept ("CTO", "VP of sales")."""
    value = _TITLE_RUN_ON.sub("", strip_article(_POSSESSIVE.sub("", trim(text, "title"))))
    value = re.sub(r"\s+(?:role|position|job|post)$", "", value, flags=_I)
    # "as their only data engineer", "as the new head of data": the title, not its count.
    value = re.sub(r"^(?:only|sole|lone|one\s+and\s+only|brand[- ]new|new)\s+(?=\w+\s+\w)", "",
                   value, flags=_I)
    if (not value or len(value.split()) > 6 or _PRONOUN_START.match(value)
            or re.match(r"to\s", value, _I)):
        return []
    words = [w if sum(c.isupper() for c in w) >= 2 else w.lower() for w in value.split()]
    value = " ".join(words)
    if value in ("bit", "lot", "fan", "little", "big fan", "huge fan", "good", "fine", "one"):
        return []
    return [(None, value)]


def name(text: str, ctx: ObjCtx) -> Result:
    """A person's name: the capitalised words (lower-case messages: the first word)."""
    value = trim(text.strip("\"' "), "name")
    if ctx.lowercase:
        first = value.split()[0] if value.split() else ""
        if not first.isalpha() or first.lower() in STOP_WORDS:
            return []
        return [(None, first.capitalize())]
    words = []
    for w in value.split():
        w = w.strip("\"'.,!?")
        if not w or not w[0].isupper() or w in _NAME_STOP:
            break
        if re.search(r"['\u2019]s$", w) and len(w) > 3:
            words.append(w[:-2])  # "my partner Lachie's birthday": Lachie, and the name ends
            break
        words.append(w)
        if len(words) == 3:
            break
    if not words or not any(c.islower() for c in words[0]) and len(words[0]) > 3:
        return []
    return [(None, " ".join(words))]


#: What may stand between the names of a list: an age ("Ade, 7, and Femi, 4").
_LIST_AGE = re.compile(r"^(?:aged\s+)?(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine"
                       r"|ten|eleven|twelve)(?:\s+(?:years?|months?)(?:\s+old)?)?$", _I)


def names(text: str, ctx: ObjCtx) -> Result:
    """One or more names ("Mia and Leo"). The list ends where a part is more than a name:
    in "Ezra has a proper peanut allergy, EpiPen and everything" or "Lina loves Lego,
    Minecraft and Paw Patrol" the capitalised words after the clause are things, not
    children (an age between two names does not end it)."""
    out: Result = []
    for part in _NAME_SPLIT.split(trim(text, keep_commas=True)):
        part = part.strip(" .!?;:\"'")
        found = name(part, ctx)
        if not found:
            if _LIST_AGE.match(part):
                continue
            break
        out.extend(found)
        if len(found[0][1].split()) < len(part.split()):
            break  # the clause goes on after the name: the list is over
    return out


def items(text: str, ctx: ObjCtx) -> Result:
    """A list of common nouns as said ("penicillin and bee stings" -> two objects)."""
    out: Result = []
    for part in _LIST_SPLIT.split(trim(text, keep_commas=True)):
        part = _QUANTIFIER.sub("", strip_article(_QUANTIFIER.sub("", part.strip())))
        part = strip_article(part).strip(" .,")
        if not part or _PRONOUN_START.match(part) or len(part.split()) > 5:
            continue
        if part.lower() in ("food", "foods", "stuff", "things", "certain things", "everything"):
            continue
        if _FILLER.match(part):
            continue  # "allergic to peanuts, FYI"
        out.append((None, part))
    return out


def lower(text: str, ctx: ObjCtx) -> Result:
    value = strip_article(trim(text)).lower()
    return [(None, value)] if value and not _PRONOUN_START.match(value) else []


_TRIVIAL = re.compile(
    r"^(?:\w+ing\s+)?(?:(?:an?|my|the|some|this|our)\s+)?(?:quick\s+|short\s+|new\s+)?(?:e-?mails?"
    r"|messages?|texts?|letters?|notes?|lists?|repl(?:y|ies)|comments?|posts?|cards?|dinner"
    r"|lunch|breakfast|coffee|tea|sandwich(?:es)?|cake|bed|shopping\s+list|to-do\s+list"
    r"|homework|laundry|dishes|chores|groceries)\b", _I)


def phrase(text: str, ctx: ObjCtx) -> Result:
    """A free phrase (a project, a goal): articles and "my" dropped, case as said."""
    value = strip_article(_POSSESSIVE.sub("", trim(text)))
    if (not value or _PRONOUN_START.match(value) or len(value.split()) > 14
            or _TRIVIAL.match(value)):
        return []
    if value.lower() in ("stuff", "things", "a lot", "something", "work", "it", "dinner",
                         "lunch", "breakfast", "an email", "email", "a message", "homework"):
        return []
    if _BARE_ASPECT.match(value):
        return []  # "I want to stop, I need a plan": stop what is not said
    return [(None, value)]


#: Verbs that need what they act on: alone they name no goal, plan or project.
_BARE_ASPECT = re.compile(r"^(?:stop|quit|start|begin|finish|continue|keep\s+going|try|give\s+up"
                          r"|cut\s+down|cut\s+back|carry\s+on|change|do\s+it|do\s+this|do\s+that"
                          r"|get\s+started)(?:\s+(?:now|soon|properly|again|already))?[.!]*$", _I)


_QUALIFIER = re.compile(r"^(?:mostly|mainly|especially|particularly|usually|largely|generally"
                        r"|above all)\s+", _I)
_EXCEPTION = re.compile(r"^(?:except|but not|apart from|not|never|other than)\b", _I)


#: Ways of passing a moment said as a figure of speech, not a pastime or a taste: "I'm not
#: going anywhere, I just like daydreaming", "I just like thinking about it".
_IDLE = re.compile(r"^(?:day-?dreaming|dreaming|overthinking|worrying|procrastinating|imagining"
                   r"|pretending|fantasi[sz]ing|wondering|thinking|winding\s+(?:you|people|him|her)"
                   r"\s+up|complaining|moaning|ranting|venting)\b", _I)


_CLAUSE_PART = re.compile(r"\b(?:is|are|was|were|isn't|aren't|wasn't|'s|'re)\b", _I)


def likes(text: str, ctx: ObjCtx) -> Result:
    """Things liked or disliked; "to cook" becomes "cooking"; short lists are split."""
    value = trim(text, keep_commas=True)
    if not value or _PRONOUN_START.match(value):
        return []
    if ctx.predicate == "likes" and _IDLE.match(value):
        return []
    value = re.sub(r"^to (\w+)", lambda m: to_gerund(m.group(1)), value, flags=_I)
    # "cooking, mostly Thai food": a qualifier's word goes, an exception is no like.
    parts = [_QUALIFIER.sub("", p) for p in _LIST_SPLIT.split(value)
             if p and not _EXCEPTION.match(p)]
    # "I hate glasses of milk, cheese is fine": a clause after the list is no item of it.
    cut = next((k for k, p in enumerate(parts) if k and _CLAUSE_PART.search(p)), None)
    if cut is not None:
        parts = parts[:cut]
        if len(parts) == 1:
            value = parts[0]
    if len(parts) > 1 and all(len(p.split()) <= 3 for p in parts):
        return [(None, strip_article(p)) for p in parts if not _PRONOUN_START.match(p)]
    value = strip_article(trim(value))
    return [(None, value)] if value and len(value.split()) <= 8 else []


def languages(text: str, ctx: ObjCtx) -> Result:
    tail = trim(text, keep_commas=True)
    found = [lx.LANGUAGE_BY_LOWER.get(m.group(1).lower(), m.group(1).title())
             for m in _LANGUAGE.finditer(tail)
             if not _spoken_to(tail, m) and not LANGUAGE_DENIED.search(tail, 0, m.start())]
    return [(None, f) for f in dict.fromkeys(found)]


_TO_SOMEONE = re.compile(r"\b(?:to|with|for)\s+$", _I)
#: A language of the list denied by its own words: "French and no German", "Dutch, not Frisian".
LANGUAGE_DENIED = re.compile(r"\b(?:no|not|never|without|zero|hardly\s+any|not\s+a\s+word\s+of)\s+"
                             r"(?:(?:real|proper|actual|much|any)\s+)?$", _I)


def _spoken_to(text: str, m: re.Match[str]) -> bool:
    """"speak to Maya in English": a language that is also a given name, right after "to",
    "with" or "for", is the person spoken to."""
    return (lx.LANGUAGE_BY_LOWER.get(m.group(1).lower()) in lx.LANGUAGES_ALSO_NAMES
            and _TO_SOMEONE.search(text, 0, m.start()) is not None)


def language(text: str, ctx: ObjCtx) -> Result:
    return languages(text, ctx)[:1]








def mapped(table: Mapping[str, str]) -> Normaliser:
    """A normaliser that accepts only the keys of `table` and returns their values."""
    def normalise(text: str, ctx: ObjCtx) -> Result:
        key = re.sub(r"\s+", " ", trim(text)).lower()
        key = re.sub(r"^(?:an?|the|practicing|practising|devout|strict|strictly|full|fully"
                     r"|mostly|lifelong|staunch|committed|registered|proud) ", "", key)
        value = table.get(key) or table.get(strip_article(key))
        return [(None, value)] if value else []
    return normalise
