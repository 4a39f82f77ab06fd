"""Progressive disclosure: a compact topic index first, the full items on request — live
ones only, the asking user's only."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from api.disclosure import PREVIEW_CHARS, expand, recall_index, topics_of
from pipeline.rank import Candidate

S1 = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
S2 = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)


def _play(rt, ns, user, sid, at, said):
    rt.deps.clock.set(at)
    rt.memory.start_session(ns, user, sid, at)
    for i, text in enumerate(said):
        rt.memory.append_turn(ns, user, sid, "user" if i % 2 == 0 else "assistant", text,
                              at + timedelta(seconds=30 * i))
    rt.memory.end_session(ns, user, sid, at + timedelta(minutes=5))


def _berlin(rt, ns, user="u1"):
    _play(rt, ns, user, "s1", S1, [
        "I live in Berlin and I work at Siemens.", "Nice.",
        "I am allergic to peanuts.", "Noted, no peanuts."])
    rt.deps.clock.set(S1 + timedelta(days=1))


def test_the_index_is_compact_and_expands_to_the_full_items(runtime, ns):
    _berlin(runtime, ns)
    index = recall_index(runtime.reader, ns, "u1", "Where do I live and where do I work?", k=10)
    assert index, "nothing indexed"
    by_topic = {e.topic: e for e in index}
    assert index[0].pinned and index[0].predicate == "allergy"  # constraints come first
    assert {"item:city", "item:employer"} <= set(by_topic)
    for e in index:
        assert e.count == len(e.refs) >= 1
        assert "\n" not in e.preview and len(e.preview) <= PREVIEW_CHARS
        assert e.tokens >= e.count
    city = by_topic["item:city"]
    assert city.label == "city" and "Berlin" in city.preview
    hits = expand(runtime.reader, ns, "u1", city.refs)
    assert [h.ref for h in hits] == list(city.refs)
    assert all(h.kind == "item" and h.predicate == "city" for h in hits)
    assert "Berlin" in hits[0].text and hits[0].sources
    if "fragments" in by_topic:
        frags = expand(runtime.reader, ns, "u1", by_topic["fragments"].refs)
        assert frags and all(h.kind == "fragment" and h.sources for h in frags)
    allergy = expand(runtime.reader, ns, "u1", by_topic["item:allergy"].refs)
    assert allergy[0].pinned


def test_expand_serves_live_items_only_and_only_to_their_owner(runtime, ns):
    _berlin(runtime, ns)
    city = {e.topic: e for e in recall_index(runtime.reader, ns, "u1", "where do I live",
                                             k=10)}["item:city"]
    berlin_ref = city.refs[0]
    assert expand(runtime.reader, ns, "u2", [berlin_ref]) == []          # another user
    assert expand(runtime.reader, ns + "x", "u1", [berlin_ref]) == []    # another namespace
    assert expand(runtime.reader, ns, "u1", ["no-such-ref", berlin_ref])[0].ref == berlin_ref
    _play(runtime, ns, "u1", "s2", S2, ["I've just moved from Berlin to Munich.", "Oh!"])
    runtime.deps.clock.set(S2 + timedelta(days=1))
    assert expand(runtime.reader, ns, "u1", [berlin_ref]) == []          # superseded: retired
    now_city = {e.topic: e for e in recall_index(runtime.reader, ns, "u1", "where do I live",
                                                 k=10)}["item:city"]
    assert berlin_ref not in now_city.refs and "Munich" in now_city.preview


def _cand(ref, kind="item", predicate=None, score=0.01, text="t", item_kind=None,
          pinned=False, conflict=False):
    return Candidate(kind=kind, ref=ref, text=text, at=None, predicate=predicate, score=score,
                     item_kind=item_kind, pinned=pinned, conflict=conflict)


def test_topics_group_by_predicate_order_by_best_score_and_truncate_previews():
    long = "word " * 60
    ranked = [
        _cand("a", predicate="city", score=0.02, text="User lives in Berlin.", conflict=True),
        _cand("b", predicate="city", score=0.03, text="User lives in Munich.", conflict=True),
        _cand("c", predicate="hobby", score=0.05, text=long),
        _cand("d", predicate="allergy", score=0.001, text="peanuts", pinned=True),
        _cand("e", kind="fragment", score=0.01, text="[2026-03-01] user: hi\nassistant: hello"),
        _cand("f", predicate="pet", score=0.0001),  # under the floor, not pinned: dropped
    ]
    topics = topics_of(ranked, k=10)
    assert [t.topic for t in topics] == ["item:allergy", "item:hobby", "item:city",
                                         "fragments"]
    city = topics[2]
    assert city.refs == ("b", "a") and city.count == 2 and city.conflict
    assert city.preview == "User lives in Munich."
    hobby = topics[1]
    assert len(hobby.preview) == PREVIEW_CHARS and hobby.preview.endswith("…")
    assert topics[3].preview == "[2026-03-01] user: hi assistant: hello"
    assert topics[3].label == "earlier conversations" and topics[3].predicate is None
    assert [t.topic for t in topics_of(ranked, k=2)] == ["item:allergy", "item:hobby"]


def test_the_index_leaves_its_pooled_connection_fit_for_everything_else(runtime, ns):
    """recall_index reads candidates on a unit of work's connection (vector adapters are
    registered on it); the ORM's reads and writes of vectors on that pool still work."""
    from api.export import export_user
    _berlin(runtime, ns)
    for _ in range(8):  # more than the pool holds: every connection has served an index
        assert recall_index(runtime.reader, ns, "u1", "where do I live?")
    doc = export_user(runtime.memory, ns, "u1")
    items = doc["memory_items"]
    assert items and all(i["has_vector"] for i in items)
    _play(runtime, ns, "u1", "s2", S2, ["I moved to Lisbon.", "Exciting!"])  # writes vectors
    runtime.deps.clock.set(S2 + timedelta(days=1))
    assert "Lisbon" in " ".join(h.text for h in runtime.reader.recall(ns, "u1", "Lisbon").hits)
