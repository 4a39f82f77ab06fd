"""Short forms of two-word city names that people use for the city ("here in Addis" for
Addis Ababa, "back in Phnom" is rarer but the same), read off the gazetteer itself.

The first word of a two-word name stands for the city only where nothing else could be
meant, so all of these must hold: the city is big (a million people or more: a short form
is what a famous city gets); the first word is a word of its own (four letters or more,
capitalised, not a generic word such as "Cape", "Fort" or "New"); no other place in the
gazetteer is called by that word or starts with it ("Santa", "San", "Belo" name many
places); and the second word is the city's own name, not a generic one ("Sadr City",
"Luohu District", "Shivaji Nagar": the first word there is a person's or a part's name).
GeoNames' own alternate names already carry the short forms it knows ("Saigon", "Joburg"),
though the gazetteer takes only the longer ones (a four-letter variant is too often a first
name); where such a short alternate is the first word of the city's own name ("Cluj" for
Cluj-Napoca, "Efon" for Efon-Alaaye) the city itself says it goes by it, so it counts for
a city of 250,000 or more, even where other places start with the word (the second word must
still be the city's own: "Sadr" of Sadr City is a family name). The rest covers the short
forms GeoNames lacks.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_CITY_MIN_POPULATION = 1_000_000
#: ... and for a first word GeoNames itself lists among the city's alternate names.
_LISTED_MIN_POPULATION = 250_000
_MIN_LENGTH = 4
_WORD = re.compile(r"[A-Z][^\W\d_]+")
#: Words that make a place name generic rather than the city's own ("Cebu City").
_GENERIC = frozenset({
    "city", "town", "district", "nagar", "coast", "island", "islands", "north", "south",
    "east", "west", "new", "old", "upper", "lower", "central", "cantonment", "port", "fort",
    "cape", "saint", "sankt", "santa", "santo", "san", "bay", "beach", "heights", "park",
    "qu", "shi", "xian", "gun", "ku", "si", "do", "ri", "dong", "gold",
})


def short_forms(cities: Iterable[dict]) -> dict[str, dict]:
    """Short form -> the GeoNames city it stands for, for the cities that have a safe one."""
    cities = list(cities)
    starts = Counter(re.split(r"[ -]", c["name"])[0] for c in cities)
    whole = {c["name"] for c in cities}
    out: dict[str, dict] = {}
    for city in cities:
        words = re.split(r"[ -]", city["name"])
        first, last = words[0], words[-1]
        if (len(words) >= 2 and first in city.get("alternatenames", ()) and _safe_word(first)
                and last.lower() not in _GENERIC
                and int(city["population"]) >= _LISTED_MIN_POPULATION):
            if first not in out or int(out[first]["population"]) < int(city["population"]):
                out[first] = city
            continue
        if len(words) != 2 or int(city["population"]) < _CITY_MIN_POPULATION:
            continue
        if (not _safe_word(first) or starts[first] != 1 or first in whole
                or last.lower() in _GENERIC):
            continue
        out.setdefault(first, city)
    return out


def _safe_word(word: str) -> bool:
    """A word of its own that could be a city's short form: long enough, not generic."""
    return (len(word) >= _MIN_LENGTH and _WORD.fullmatch(word) is not None
            and word.lower() not in _GENERIC)
