"""`reverie_client.Reverie` against a running server."""
from __future__ import annotations

import pytest

from api.keys import create_key
from reverie_client import Reverie, ReverieError
from tests.integration.service import served


def test_the_python_client_over_http(runtime, ns):
    _, key = create_key(runtime.deps, ns)
    with served(runtime) as base, Reverie(base, key) as memory:
        memory.start_session("maria", "s1")
        turns = memory.add_turns("maria", "s1", [("user", "I live in Munich."),
                                                 ("assistant", "Noted.")])
        assert [t["index"] for t in turns] == [0, 1]
        memory.remember("maria", "s1", "allergy", "peanuts")
        assert memory.end_session("maria", "s1")["state"] == "ended"
        facts = {(f["predicate"], f["object"]) for f in memory.facts("maria")}
        assert {("city", "Munich"), ("allergy", "peanuts")} <= facts
        block = memory.context("maria", "where do I live?")
        assert "Munich" in block["text"] and not block["degraded"]
        assert memory.explain("maria", "city")[0]["object"] == "Munich"
        memory.correct("maria", "city", "Berlin")
        assert [f["object"] for f in memory.facts("maria", predicate="city")] == ["Berlin"]
        receipt = memory.forget("maria", text="peanuts")
        assert receipt["counts"]["facts"] >= 1
        assert "peanuts" not in str(memory.export("maria"))
        with pytest.raises(ReverieError) as refused:
            memory.add_turns("maria", "s1", [("user", "late")])
        assert refused.value.status == 409 and "start a new session" in str(refused.value)
    with served(runtime) as base, Reverie(base, "rv_bad_key", retries=0) as stranger:
        with pytest.raises(ReverieError) as denied:
            stranger.facts("maria")
        assert denied.value.status == 401
