"""`pipeline.top.recall_top` gives the answer of the candidate pipeline
(`build_candidates` -> `fuse` -> `mark_conflicts` -> `select`) on any rows."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.lists import RowFeatures, TableStats, build_candidates, sources_of
from pipeline.rank import fuse, mark_conflicts, select
from pipeline.top import recall_top

T0 = datetime(2026, 6, 1, tzinfo=UTC)
WORDS = ("dentist", "berlin", "munich", "coffee", "chess")
PREDICATES = ("city", "employer", "hobby", "allergy", None)
ITEM_KINDS = ("fact", "preference", "constraint", "event")


@st.composite
def recall_rows(draw):
    """Items and fragments as the store reads them: shared vectors close or far, hits from
    a small vocabulary, fragments in adjacent exchanges of a few sessions, ties in
    distance and time."""
    basis = np.eye(4)
    rows = []
    for i in range(draw(st.integers(0, 14))):
        at = T0 - timedelta(days=draw(st.sampled_from([0, 3, 40, 400])))
        rows.append(RowFeatures(
            kind="item", ref=f"i{i:02d}", text="x" * draw(st.integers(1, 400)), at=at,
            dist=draw(st.one_of(st.none(), st.sampled_from([0.1, 0.3, 0.3, 0.7, 0.9]))),
            length=draw(st.integers(1, 12)),
            hits=tuple(draw(st.sets(st.sampled_from(WORDS), max_size=3))),
            confidence=draw(st.sampled_from([0.5, 0.8, 1.0])),
            predicate=draw(st.sampled_from(PREDICATES)),
            sources=draw(st.sampled_from([(), ("s1#0",), json.dumps(["s2#3", "s2#4"])])),
            item_kind=draw(st.sampled_from(ITEM_KINDS)),
            accessed_at=draw(st.sampled_from([None, T0 - timedelta(days=1)])), updated_at=at))
    for j in range(draw(st.integers(0, 14))):
        session = draw(st.sampled_from(["s1", "s2", "s3"]))
        turn = 2 * draw(st.integers(0, 4))
        vec = draw(st.one_of(st.none(), st.sampled_from(list(range(4)))))
        rows.append(RowFeatures(
            kind="fragment", ref=f"f{j:02d}", text="y" * draw(st.integers(1, 400)),
            at=T0 - timedelta(days=draw(st.sampled_from([0, 5, 9, 30]))),
            dist=draw(st.one_of(st.none(), st.sampled_from([0.1, 0.2, 0.3, 0.8]))),
            length=draw(st.integers(1, 30)),
            hits=tuple(draw(st.sets(st.sampled_from(WORDS), max_size=3))),
            session_id=session, turn_start=turn, turn_end=turn + 1,
            embedding=None if vec is None else basis[vec] + 0.1 * basis[(vec + 1) % 4]))
    n_items = sum(r.kind == "item" for r in rows)
    stats = {"item": TableStats(n_items + draw(st.integers(0, 50)), 6.0),
             "fragment": TableStats(len(rows) - n_items + draw(st.integers(0, 50)), 12.0)}
    return rows, stats


def _view(c, kept_refs):
    return (c.kind, c.ref, c.text, round(c.score, 12), c.pinned, c.conflict, c.at,
            c.predicate, c.sources, c.fts_rank, c.vec_rank,
            tuple(r for r in c.newer if r in kept_refs))


@settings(max_examples=400, deadline=None)
@given(recall_rows(), st.integers(1, 8), st.sampled_from([40, 200, 2000]),
       st.sampled_from([3, 30]), st.booleans(),
       st.sampled_from([frozenset(), frozenset({"city"}), frozenset({"employer", "hobby"})]))
def test_recall_top_answers_like_the_candidate_pipeline(data, k, budget, pool, fragments,
                                                        named):
    rows, stats = data
    now = T0 + timedelta(days=2)
    want, want_cut = select(mark_conflicts(fuse(
        build_candidates(rows, stats, pool=pool, fragments=fragments, named=named), now=now,
        half_life_days=90.0, named=named)), k=k, token_budget=budget)
    got, got_cut = recall_top(rows, stats, pool=pool, now=now, half_life_days=90.0, k=k,
                              token_budget=budget, fragments=fragments, named=named)
    refs = {c.ref for c in want}
    assert [_view(c, refs) for c in got] == [_view(c, refs) for c in want]
    assert got_cut == want_cut


def test_sources_given_as_json_text_are_parsed_as_a_tuple():
    row = RowFeatures(kind="item", ref="i", text="t", at=T0, dist=0.1, length=1,
                      sources='["s1#0", "s1#1"]')
    assert sources_of(row) == ("s1#0", "s1#1")
    assert sources_of(RowFeatures(kind="item", ref="i", text="t", at=T0, dist=0.1, length=1,
                                  sources="null")) == ()
