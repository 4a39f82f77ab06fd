"""Short forms of two-word city names that people use for the city ("here in Addis" for
Addis Ababa, "back in Phnom" is rarer but the same), read off the gazetteer itself.

The first word of a two-word name stands for the city only where nothing else could be
meant, so all of these must hold: the city is big (a million people or more: a short form
is what a famous city gets); the first word is a word of its own (four letters or more,
capitalised, not a generic word such as "Cape", "Fort" or "New"); no other place in the
gazetteer is called by that word or starts with it ("Santa", "San", "Belo" name many
places); and the second word is the city's own name, not a generic one ("Sadr City",
"Luohu District", "Shivaji Nagar": the first word there is a person's or a part's name).
GeoNames' own alternate names already carry the short forms it knows ("Saigon", "Joburg");
this covers the ones it lacks.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
_CITY_MIN_POPULATION = 1_000_000
_MIN_LENGTH = 4
_WORD = re.compile(r"[A-Z][^\W\d_]+")
#: Words that make a place name generic rather than the city's own ("Cebu City").
_GENERIC = frozenset({
    "city", "town", "district", "nagar", "coast", "island", "islands", "north", "south",
    "east", "west", "new", "old", "upper", "lower", "central", "cantonment", "port", "fort",
    "cape", "saint", "sankt", "santa", "santo", "san", "bay", "beach", "heights", "park",
    "qu", "shi", "xian", "gun", "ku", "si", "do", "ri", "dong",
})


def short_forms(cities: Iterable[dict]) -> dict[str, dict]:
    """Short form -> the GeoNames city it stands for, for the cities that have a safe one."""
    cities = list(cities)
    starts = Counter(re.split(r"[ -]", c["name"])[0] for c in cities)
    whole = {c["name"] for c in cities}
    out: dict[str, dict] = {}
    for city in cities:
        words = re.split(r"[ -]", city["name"])
        if len(words) != 2 or int(city["population"]) < _CITY_MIN_POPULATION:
            continue
        first, second = words
        if (len(first) < _MIN_LENGTH or not _WORD.fullmatch(first) or starts[first] != 1
                or first in whole or first.lower() in _GENERIC
                or second.lower() in _GENERIC):
            continue
        out[first] = city
    return out
