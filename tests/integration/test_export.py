"""Export: everything held for a user as JSON, consistent with what erasure removes; and
transcripts encrypted at rest (the stored bytes never hold the plaintext)."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest

from api.admin import correct
from api.erasure import forget
from api.export import export_user
from api.runtime import start
from tests.integration.test_erasure import T0, churn, everywhere, object_hits, objects_of, play
from tests.integration.test_isolation import cli  # noqa: F401  (fixture)


def munich_to_berlin(rt, clock, ns, user="u"):
    play(rt, clock, ns, user, "s1", T0, [
        ("user", "I live in Munich and I'm allergic to peanuts."),
        ("assistant", "Noted."),
    ])
    play(rt, clock, ns, user, "s2", T0 + timedelta(days=40), [
        ("user", "I've just moved from Munich to Berlin."),
        ("assistant", "Congratulations on the move!"),
    ])
    clock.set(T0 + timedelta(days=41))


def test_export_holds_everything_with_history_and_provenance(runtime, clock, ns):
    rt = runtime
    munich_to_berlin(rt, clock, ns)
    correct(rt.memory, ns, "u", "employer", "Globex", clock.now())
    rt.reader.recall(ns, "u", "where do I live?")
    doc = export_user(rt.memory, ns, "u")
    assert json.loads(json.dumps(doc)) == doc  # JSON-able as it is
    assert (doc["namespace"], doc["user_id"]) == (ns, "u")

    cities = [f for f in doc["facts"] if f["predicate"] == "city"]
    by_status = {}
    for f in cities:
        by_status.setdefault(f["status"], []).append(f["object"])
        assert {"valid_from", "valid_to", "asserted_at", "retracted_at", "source",
                "confidence", "session_id", "turn", "evidence"} <= set(f)
    assert by_status["current"] == ["Berlin"]
    assert "Munich" in by_status["closed"]     # what was true then, kept
    assert "Munich" in by_status["retracted"]  # the version we stopped believing, kept too
    closed = next(f for f in cities if f["status"] == "closed")
    assert closed["valid_to"] is not None and closed["evidence"]
    assert any(f["source"] == "user_edit" and f["object"] == "Globex" for f in doc["facts"])

    items = {i["statement"]: i for i in doc["memory_items"]}
    munich = next(i for s, i in items.items() if "Munich" in s)
    assert munich["retired"] and munich["versions"] and munich["sources"] == ["s1#0"]
    assert all("embedding" not in i for i in doc["memory_items"])
    assert {f["session_id"] for f in doc["fragments"]} == {"s1", "s2"}
    assert [s["session_id"] for s in doc["sessions"]] == ["s1", "s2"]
    turns = [t["text"] for tr in doc["transcripts"] for t in tr["transcript"]["turns"]]
    assert "I've just moved from Munich to Berlin." in turns
    assert doc["decisions"] and doc["checkpoints"]
    assert "Berlin" in doc["profile"]["text"]
    actions = {(a["actor"], a["action"]) for a in doc["audit_log"]}
    assert {("api", "write"), ("api", "read"), ("api", "revise"), ("api", "export"),
            ("worker", "write")} <= actions
    assert not any("Munich" in a["target"] or "Berlin" in a["target"]
                   for a in doc["audit_log"])


def test_export_is_consistent_with_erasure(runtime, clock, ns):
    rt = runtime
    munich_to_berlin(rt, clock, ns)
    assert "peanuts" in json.dumps(export_user(rt.memory, ns, "u"))
    forget(rt.memory, ns, "u", predicate="allergy", at=clock.now())
    doc = export_user(rt.memory, ns, "u")
    assert "peanuts" not in json.dumps(doc).lower()
    assert [d["kind"] for d in doc["decisions"]].count("erased") == 1
    assert [t["kind"] for t in doc["tombstones"]] == ["fact"]
    assert ("api", "erase") in {(a["actor"], a["action"]) for a in doc["audit_log"]}
    assert objects_of(rt, ns, "u", "city") == ["Berlin"]


@pytest.fixture
def encrypted(settings, clock):
    rt = start(settings.model_copy(update={"encrypt_transcripts": True}), clock=clock)
    yield rt
    rt.deps.dispose()


def test_transcripts_are_encrypted_at_rest_and_the_pipeline_works(encrypted, clock, ns):
    rt = encrypted
    munich_to_berlin(rt, clock, ns)
    store = rt.deps.transcripts.objects
    keys = store.list("")
    assert len(keys) == 2
    for key in keys:
        raw = store.get(key)
        assert b"reverie-envelope-v1" in raw
        for plain in (b"Munich", b"Berlin", b"peanuts", b"allergic", b"Congratulations"):
            assert plain not in raw and plain.lower() not in raw.lower()
    assert objects_of(rt, ns, "u", "city") == ["Berlin"]
    assert "peanuts" in objects_of(rt, ns, "u", "allergy")
    doc = export_user(rt.memory, ns, "u")
    assert any("Munich" in t["text"] for tr in doc["transcripts"]
               for t in tr["transcript"]["turns"])
    # Erasure writes an encrypted redacted revision; reprocessing reads it back.
    forget(rt.memory, ns, "u", text="peanuts", at=clock.now())
    for key in store.list(""):
        assert key.endswith("r1.json") or key.endswith("r0.json")
        assert b"reverie-envelope-v1" in store.get(key)
    assert object_hits(rt.deps, "peanuts") == []
    churn(rt, clock, ns, "u", days=1)
    assert objects_of(rt, ns, "u", "city") == ["Berlin"]
    assert everywhere(rt, ns, "u", "peanuts") == []


def test_cli_export_and_forget_with_confirmation(runtime, clock, ns, cli):
    munich_to_berlin(runtime, clock, ns)
    out = cli("export", ns, "u")
    assert out.exit_code == 0, out.output
    doc = json.loads(out.stdout)
    assert any(f["object"] == "Berlin" for f in doc["facts"])
    assert ("cli", "export") in {(a["actor"], a["action"]) for a in doc["audit_log"]}

    out = cli("forget", ns, "u", "--text", "peanuts", input="n\n")
    assert out.exit_code == 1 and "nothing erased" in out.output
    assert "facts" in out.output  # the summary of what would go was shown
    assert "peanuts" in objects_of(runtime, ns, "u", "allergy")

    out = cli("forget", ns, "u", "--text", "peanuts", input="y\n")
    assert out.exit_code == 0, out.output
    assert objects_of(runtime, ns, "u", "allergy") == []
    assert everywhere(runtime, ns, "u", "peanuts") == []

    out = cli("forget", ns, "u", "--predicate", "city", "--object", "Berlin", "--yes", "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["counts"]["facts"] >= 1
    assert objects_of(runtime, ns, "u", "city") == []
    out = cli("forget", ns, "u", "--yes")
    assert out.exit_code == 2 and "exactly one" in out.output
