"""Clean object values: the one normaliser every path that writes an object goes through.

Extracted claims (rules and LLM, via `pipeline.replay`), the online working set, inline
`remember` claims and user corrections all store `clean_value(predicate, raw)`: control,
bidi and zero-width characters and ANSI escapes removed (an employer carrying U+202E or a
colour code is a spoofing vector, not a name), filler around the value dropped ("Berlin
now", "here in Lisbon", "Acme, which I love"), and the vocabulary's canonical form where it
has one ("Non smoker" -> "non-smoker", "They / Them" -> "they/them", "german" -> "German");
a city that the gazetteer knows as a section of a bigger one is that city ("Ba Dinh" ->
"Hanoi": the city is where one lives, the district a detail), and a city's short form its
name ("Addis" -> "Addis Ababa").
`check_value` is what the API calls to refuse, with a one-line reason, what cannot be one.
"""
from __future__ import annotations

import re
import unicodedata

from pipeline.extract import lexicon
from pipeline.extract.gazetteer import lookup

#: Longest object worth storing; longer is a pasted paragraph, not a value.
MAX_VALUE_CHARS = 300

_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?")
_PREDICATE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_LEAD = re.compile(r"^(?:(?:just|currently|now|still|actually|basically|here\s+in|over\s+in"
                   r"|out\s+in|up\s+in|down\s+in|based\s+in)\s+)+", re.IGNORECASE)
_TAIL = re.compile(r"(?:[\s,]+(?:here|there|now|right\s+now|at\s+the\s+moment|currently"
                   r"|these\s+days|nowadays|too|as\s+well|already|any\s*more|for\s+now|lol"
                   r"|haha|though|actually|btw|anyway|full\s+stop|for\s+good|again))+$",
                   re.IGNORECASE)
#: A trailing clause after the value: "Acme, which I love", "Porto and I love it".
_CLAUSE = re.compile(r"(?:\s*[,;(]|\s+[-–—]+)\s*(?:which|where|who|that's|it's|its|and\s+i"
                     r"|but|so|because|since|though|although|i\b|we\b|lol|haha).*$"
                     r"|\s+(?:because|since|although|though|which\s+is|where\s+i|and\s+i"
                     r"|but\s+i)\b.*$", re.IGNORECASE)
_SMOKING = {"smoker": "smoker", "smoking": "smoker", "a smoker": "smoker",
            "non-smoker": "non-smoker", "non smoker": "non-smoker", "nonsmoker": "non-smoker",
            "non-smoking": "non-smoker", "ex-smoker": "non-smoker", "quit": "non-smoker"}
_CANONICAL = {"language": lexicon.LANGUAGE_BY_LOWER, "language_spoken": lexicon.LANGUAGE_BY_LOWER,
              "country": lexicon.COUNTRY_BY_LOWER, "city": lexicon.CITY_BY_LOWER,
              "smoking_status": _SMOKING}


def strip_controls(text: str) -> str:
    """`text` without ANSI escapes and control, format (bidi, zero-width) or unassigned
    characters; line breaks and tabs become spaces, runs of white space one space."""
    text = _ANSI.sub("", text)
    kept = [" " if ch in "\t\n\r\v\f" else ch for ch in text
            if ch in "\t\n\r\v\f" or unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs",
                                                                        "Cn")]
    return " ".join("".join(kept).split())


def clean_value(predicate: str, raw: str) -> str:
    """The object as it is stored: controls removed, filler and trailing clauses trimmed,
    the canonical form where the vocabulary has one. May be empty (nothing was a value)."""
    value = strip_controls(raw)
    previous = None
    while value != previous:
        previous = value
        value = _CLAUSE.sub("", value) if len(value) > 3 else value
        value = _TAIL.sub("", _LEAD.sub("", value)).strip(" \t,.;:!?\"'`*_-")
    if predicate == "pronouns":
        value = re.sub(r"\s*(?:/|\band\b)\s*", "/", value.lower())
    table = _CANONICAL.get(predicate)
    if table is not None:
        value = table.get(value.lower(), value)
    if predicate == "city":
        value = _city_itself(value)
    return value


def _city_itself(value: str) -> str:
    """The city a section or a short form stands for; any other value as it is."""
    place = lookup(value)
    if place is None or place.kind != "city" or place.city == value:
        return value
    if place.within or place.name.startswith(value + " ") or place.name.startswith(value + "-"):
        return place.city
    return value  # an alternate name ("Ghent" for Gent) is kept as the user spelled it


def check_value(predicate: str, obj: str, *, allow_empty: bool = False) -> str:
    """The cleaned object of an API write, or ValueError with a one-line reason."""
    if not isinstance(predicate, str) or not _PREDICATE.match(predicate):
        raise ValueError(f"invalid predicate {predicate!r}: use lower-case letters, digits "
                         "and underscores (e.g. 'employer')")
    if not isinstance(obj, str):
        raise ValueError("the value must be a string")
    value = clean_value(predicate, obj)
    if not value and not allow_empty:
        raise ValueError(f"empty value for {predicate!r} once control characters and filler "
                         "are removed; give the value itself")
    if len(value) > MAX_VALUE_CHARS:
        raise ValueError(f"value of {len(value)} characters is over {MAX_VALUE_CHARS}; store "
                         "the fact, not a paragraph")
    return value
