"""Which GeoNames "cities" are sections of a bigger city (Ba Dinh in Hanoi, Barranco in Lima,
Kreuzberg in Berlin, Brooklyn in New York City), from coordinates and population alone.

The gazetteer package keeps no feature code (GeoNames marks sections PPLX), so the reading
is geometric: a place is part of a city when the city is big (a million people or more), at
least three times the place, in the same country and first-level division, and the place
lies within the city's core, a radius that grows with the city (5 km per square root of a
million people: 14 km for Lima, 9 km for Berlin, 5 km for Copenhagen). Separate towns of a
metropolitan area mostly lie further out or beside a smaller centre (Salford by Manchester,
Berkeley by Oakland, Espoo by Helsinki), and another division is another city (Jersey City
across from Manhattan, Giza across from Cairo). A capital that is a first-level division of
its own (Lima, Caracas, Montevideo) has its districts filed in the division around it, so
for it the division is not asked. A country's capital is never taken as a section
(New Delhi beside Delhi). A section of a section goes to the outer city (Bushwick,
Brooklyn, New York City).
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable

#: Only a city this big has sections worth resolving.
_CITY_MIN_POPULATION = 1_000_000
#: The city is at least this many times the place it contains.
_RATIO = 3
#: Core radius in km per square root of a million people.
_KM_PER_ROOT_MILLION = 5.0
_EARTH_KM = 6371.0


def _km(a: dict, b: dict) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (a["latitude"], a["longitude"],
                                            b["latitude"], b["longitude"]))
    h = (math.sin((la2 - la1) / 2) ** 2
         + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2)
    return 2 * _EARTH_KM * math.asin(math.sqrt(h))


def _core_km(city: dict) -> float:
    return _KM_PER_ROOT_MILLION * math.sqrt(int(city["population"]) / 1_000_000)


def containing_cities(cities: Iterable[dict], capitals: set[tuple[str, str]], *,
                      min_population: int = _CITY_MIN_POPULATION,
                      places: Iterable[dict] | None = None) -> dict[int, str]:
    """geonameid -> the name of the city the place is a section of, for sections only: of
    `places` (default: all `cities`), in cities of `min_population` or more."""
    cities = list(cities)
    per_division = Counter((c["countrycode"], c["admin1code"]) for c in cities)
    # The cities a place may lie in: those of its division, and a capital that is a division
    # of its own (its districts are filed in the division around it).
    in_division: dict[tuple[str, str], list[dict]] = defaultdict(list)
    capital_divisions: dict[str, list[dict]] = defaultdict(list)
    for c in cities:
        if int(c["population"]) >= min_population:
            in_division[(c["countrycode"], c["admin1code"])].append(c)
            if (per_division[(c["countrycode"], c["admin1code"])] == 1
                    and (c["name"], c["countrycode"]) in capitals):
                capital_divisions[c["countrycode"]].append(c)
    parent: dict[int, dict] = {}
    for place in (cities if places is None else places):
        if (place["name"], place["countrycode"]) in capitals:
            continue
        best: tuple[float, dict] | None = None
        near = in_division.get((place["countrycode"], place["admin1code"]), [])
        for city in (*near, *capital_divisions.get(place["countrycode"], ())):
            if city is place or int(city["population"]) < _RATIO * int(place["population"]):
                continue
            if abs(place["latitude"] - city["latitude"]) * 111.0 > _core_km(city):
                continue  # cheaper than the distance, and most cities are far
            km = _km(place, city)
            if km <= _core_km(city) and (best is None or km < best[0]):
                best = (km, city)
        if best is not None:
            parent[place["geonameid"]] = best[1]
    out: dict[int, str] = {}
    for gid, city in parent.items():
        seen = {gid}
        while city["geonameid"] in parent and city["geonameid"] not in seen:
            seen.add(city["geonameid"])
            city = parent[city["geonameid"]]
        out[gid] = city["name"]
    return out
