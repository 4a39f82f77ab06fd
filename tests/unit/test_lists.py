"""The ranked lists of recall (`pipeline.lists`), from hand-made row features."""
from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from pipeline.lists import MAX_PINNED, RowFeatures, TableStats, bm25, build_candidates
from pipeline.rank import NEIGHBOUR_AFTER, NEIGHBOUR_BEFORE, TOPIC_DISTANCE

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def item(ref, *, dist=0.5, hits=(), length=5, kind="fact", updated=T0, predicate="city"):
    return RowFeatures(kind="item", ref=ref, text=f"text {ref}", at=updated, dist=dist,
                       length=length, hits=tuple(hits), item_kind=kind, predicate=predicate,
                       updated_at=updated)


def frag(ref, *, session="s1", turns=(0, 1), dist=0.5, hits=(), length=10, at=T0, vec=None):
    return RowFeatures(kind="fragment", ref=ref, text=f"text {ref}", at=at, dist=dist,
                       length=length, hits=tuple(hits), session_id=session,
                       turn_start=turns[0], turn_end=turns[1], embedding=vec)


def by_ref(cands):
    return {c.ref: c for c in cands}


def test_bm25_is_the_textbook_formula_with_idf_over_the_users_rows():
    rows = [item("a", hits=("dentist",), length=4), item("b", hits=("dentist", "berlin"),
                                                          length=8)]
    scores, idf = bm25(rows, TableStats(rows=10, avg_length=6.0))
    want_idf = math.log(1 + (10 - 2 + 0.5) / (2 + 0.5))
    assert idf["dentist"] == pytest.approx(want_idf)
    assert idf["berlin"] == pytest.approx(math.log(1 + (10 - 1 + 0.5) / 1.5))
    norm_a = 1 + 1.2 * (0.25 + 0.75 * 4 / 6.0)
    assert scores["a"] == pytest.approx(want_idf * 2.2 / norm_a)
    assert set(scores) == {"a", "b"}


def test_a_rare_word_outranks_a_common_one_in_the_full_text_list():
    common = [item(f"c{i}", hits=("coffee",), dist=0.9) for i in range(8)]
    rare = item("rare", hits=("dentist",), dist=0.9)
    cands = by_ref(build_candidates([*common, rare], {"item": TableStats(20, 5.0)}, pool=30))
    assert cands["rare"].fts_rank == 1
    assert all(cands[f"c{i}"].fts_rank > 1 for i in range(8))


def test_items_and_fragments_share_one_vector_order_cut_to_the_pool():
    rows = [item("i1", dist=0.30), frag("f1", dist=0.10), item("i2", dist=0.20),
            frag("f2", dist=None), item("i3", dist=0.40)]
    cands = by_ref(build_candidates(rows, {"item": TableStats(3, 5.0),
                                           "fragment": TableStats(2, 5.0)}, pool=2))
    assert cands["f1"].vec_rank == 1 and cands["i2"].vec_rank == 2
    assert "i1" not in cands and "i3" not in cands  # outside the pool, no words, not pinned
    assert "f2" not in cands  # no vector yet, no words


def test_a_fragment_gains_its_neighbours_shares_in_the_same_session_only():
    q = frag("q", turns=(0, 1), hits=("dentist",), dist=0.9)
    answer = frag("answer", turns=(2, 3), dist=0.9)        # after the question: no words
    before = frag("before", turns=(4, 5), dist=0.9)        # before `after`
    after = frag("after", turns=(6, 7), hits=("berlin",), dist=0.9)
    elsewhere = frag("elsewhere", session="s2", turns=(2, 3), dist=0.9)
    rows = [q, answer, before, after, elsewhere]
    stats = {"fragment": TableStats(5, 10.0)}
    own, _ = bm25(rows, stats["fragment"])
    cands = by_ref(build_candidates(rows, stats, pool=30))
    assert "elsewhere" in cands  # its vector rank keeps it, but not through the text list
    assert cands["elsewhere"].fts_rank is None
    assert cands["answer"].fts_rank is not None and cands["before"].fts_rank is not None
    # the scores the ranks follow: answer = 0.5 * q; before = 0.2 * after
    answer_score = NEIGHBOUR_BEFORE * own["q"]
    before_score = NEIGHBOUR_AFTER * own["after"]
    assert (cands["answer"].fts_rank < cands["before"].fts_rank) == (answer_score > before_score)


def test_constraints_are_pinned_the_most_recent_first_at_most_twenty():
    rows = [item(f"k{i:02d}", kind="constraint", dist=0.99, updated=T0 + timedelta(days=i))
            for i in range(MAX_PINNED + 5)]
    cands = build_candidates(rows, {"item": TableStats(len(rows), 5.0)}, pool=0)
    assert {c.ref for c in cands} == {f"k{i:02d}" for i in range(5, MAX_PINNED + 5)}


def test_topic_versions_name_later_sessions_close_by_vector_or_by_shared_words():
    v = np.ones(4)
    far = np.array([1.0, -1.0, 1.0, -1.0])
    old = frag("old", session="s1", at=T0, dist=0.1, vec=v, hits=("dentist", "munich"))
    same_session = frag("same", session="s1", turns=(4, 5), at=T0 + timedelta(hours=1),
                        dist=0.2, vec=v)
    new_by_vec = frag("newv", session="s2", at=T0 + timedelta(days=7), dist=0.3, vec=v * 2)
    new_by_words = frag("neww", session="s3", at=T0 + timedelta(days=9), dist=0.4, vec=far,
                        hits=("dentist", "munich"))
    unrelated = frag("other", session="s4", at=T0 + timedelta(days=8), dist=0.5, vec=far)
    assert 1 - float(far @ v) / (np.linalg.norm(far) * np.linalg.norm(v)) > TOPIC_DISTANCE
    rows = [old, same_session, new_by_vec, new_by_words, unrelated]
    cands = by_ref(build_candidates(rows, {"fragment": TableStats(5, 10.0)}, pool=30))
    assert cands["old"].newer == ("neww", "newv")  # newest first
    assert cands["newv"].newer == ()  # the later one of the vector pair names nothing older
    assert "same" not in cands["old"].newer and "other" not in cands["old"].newer


def test_without_fragments_only_items_rank():
    rows = [item("i1", dist=0.3, hits=("x",)), frag("f1", dist=0.1, hits=("x",))]
    cands = build_candidates(rows, {"item": TableStats(1, 5.0),
                                    "fragment": TableStats(1, 5.0)}, pool=30,
                             fragments=False)
    assert [(c.ref, c.vec_rank, c.fts_rank) for c in cands] == [("i1", 1, 1)]


def test_ties_break_by_ref_so_a_query_ranks_the_same_way_every_time():
    rows = [item(r, dist=0.5, hits=("x",)) for r in ("b", "c", "a")]
    first = build_candidates(rows, {"item": TableStats(3, 5.0)}, pool=30)
    again = build_candidates(list(reversed(rows)), {"item": TableStats(3, 5.0)}, pool=30)
    assert [(c.ref, c.vec_rank, c.fts_rank) for c in sorted(first, key=lambda c: c.ref)] == \
        [("a", 1, 1), ("b", 2, 2), ("c", 3, 3)]
    assert sorted(first, key=lambda c: c.ref) == sorted(again, key=lambda c: c.ref)


def test_the_fast_candidate_constructor_equals_the_dataclass_and_checks_its_fields():
    from pipeline.rank import Candidate, candidate
    fast = candidate(kind="item", ref="x", text="t", at=T0, vec_rank=2, newer=("y",))
    assert fast == Candidate(kind="item", ref="x", text="t", at=T0, vec_rank=2, newer=("y",))
    with pytest.raises(TypeError):
        candidate(kind="item", ref="x", text="t")  # `at` missing
    with pytest.raises(TypeError):
        candidate(kind="item", ref="x", text="t", at=T0, vec_rnak=2)  # a typo is not a field
