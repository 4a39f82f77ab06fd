"""`reverie bench retrieval` on tiny hand-made LoCoMo- and LongMemEval-shaped files: the real
pipeline (hash embedder), the report's structure, and figures that can be checked by hand."""
from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from scripts.bench.data import load, normalise_evidence, parse_locomo_time, parse_lme_time
from scripts.bench.retrieval import Options, run
from scripts.bench.retrieval_metrics import METHODS, Hit, evidence_recall, update_order

LOCOMO = [{
    "sample_id": "tiny-1",
    "conversation": {
        "speaker_a": "Alice", "speaker_b": "Bob",
        "session_1_date_time": "1:00 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Alice", "dia_id": "D1:1",
             "text": "I adopted a golden retriever puppy called Biscuit."},
            {"speaker": "Bob", "dia_id": "D1:2", "text": "Congratulations, what a lovely dog!"},
            {"speaker": "Alice", "dia_id": "D1:3",
             "text": "My sister bakes croissants for a living in Lyon."},
            {"speaker": "Bob", "dia_id": "D1:4", "text": "That sounds delicious."},
        ],
        "session_2_date_time": "9:30 am on 20 June, 2023",
        "session_2": [
            {"speaker": "Bob", "dia_id": "D2:1",
             "text": "Last weekend I went kayaking on Lake Annecy."},
            {"speaker": "Alice", "dia_id": "D2:2", "text": "Wow, was the water cold?",
             "blip_caption": "a photo of a red kayak on a lake"},
            {"speaker": "Bob", "dia_id": "D2:3", "text": "Freezing, but worth it."},
        ],
    },
    "qa": [
        # Each question's rare words are only in its evidence: BM25 finds it (recall 1.0).
        {"question": "What is the puppy called?", "evidence": ["D1:1"], "category": 4},
        {"question": "Where did Bob go kayaking?", "evidence": ["D2:1"], "category": 4},
        # Two evidence turns, the words of only one: BM25 lists matching turns only -> 0.5.
        {"question": "Who bakes croissants?", "evidence": ["D1:3", "D:1:4"], "category": 1},
        {"question": "Adversarial, left out", "evidence": ["D1:1"], "category": 5},
        {"question": "No usable evidence, left out", "evidence": ["D9:9"], "category": 2},
    ],
}]


def _lme_turns(*texts, answer: int | None = None) -> list[dict]:
    return [{"role": "user" if i % 2 == 0 else "assistant", "content": t,
             "has_answer": i == answer} for i, t in enumerate(texts)]


LONGMEMEVAL = [{
    "question_id": "q-sneakers", "question_type": "knowledge-update",
    # The OLD answer turn shares more words with the question than the new one: a ranker
    # without any notion of "later" puts the stale value first.
    "question": "Where do I keep my sneakers?", "answer": "on the closet shelf",
    "question_date": "2023/06/01 (Thu) 10:00",
    "haystack_session_ids": ["noise_1", "answer_old", "answer_new"],
    "haystack_dates": ["2023/01/02 (Mon) 09:00", "2023/01/10 (Tue) 18:00",
                       "2023/05/10 (Wed) 18:00"],
    "answer_session_ids": ["answer_old", "answer_new"],
    "haystack_sessions": [
        _lme_turns("Can you suggest a quick pasta recipe?", "Try aglio e olio."),
        _lme_turns("I keep my sneakers under my bed, where do I keep boots?",
                   "Boots can go in a rack.", answer=0),
        _lme_turns("I moved the sneakers to the closet shelf.", "Good idea.", answer=0),
    ],
}]


# ---- pure pieces -------------------------------------------------------------------------
def test_loaders_detect_shape_and_clean_labels(tmp_path) -> None:
    a, b = tmp_path / "x.json", tmp_path / "y.json"
    a.write_text(json.dumps(LOCOMO)), b.write_text(json.dumps(LONGMEMEVAL))
    kind, convs = load(a)
    assert kind == "locomo" and [q.gold for q in convs[0].questions] == [
        {"D1:1"}, {"D2:1"}, {"D1:3", "D1:4"}]
    assert convs[0].sessions[1].turns[1].text.endswith("[shares a photo of a red kayak on a lake]")
    assert [t.role for t in convs[0].sessions[1].turns] == ["assistant", "user", "assistant"]
    kind, qs = load(b)
    assert kind == "longmemeval"
    assert (qs[0].older, qs[0].newer) == ("answer_old", "answer_new")
    assert qs[0].answer_turns == {"answer_old#0", "answer_new#0"}
    (tmp_path / "z.json").write_text(json.dumps([{"foo": 1}]))
    with pytest.raises(ValueError):
        load(tmp_path / "z.json")
    assert normalise_evidence(["D8:6; D9:17", "D", "D:11:26"]) == {"D8:6", "D9:17", "D11:26"}
    assert parse_locomo_time("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_lme_time("2023/08/11 (Fri) 15:58") == datetime(2023, 8, 11, 15, 58, tzinfo=UTC)


@pytest.mark.parametrize(("ranked", "k", "expected"), [
    ([{"a"}, {"b"}, {"c"}], 1, 0.5),
    ([{"x"}, {"a", "b"}], 1, 0.0),
    ([{"x"}, {"a", "b"}], 2, 1.0),
    ({2: [{"x"}, {"b"}, {"pinned"}]}, 2, 0.5),  # all the system returned for k counts
])
def test_evidence_recall(ranked, k, expected) -> None:
    assert evidence_recall({"a", "b"}, ranked, k) == expected


def test_update_order_cases(tmp_path) -> None:
    (tmp_path / "y.json").write_text(json.dumps(LONGMEMEVAL))
    q = load(tmp_path / "y.json")[1][0]
    old = Hit(frozenset({"answer_old#0"}), frozenset({"answer_old"}))
    new = Hit(frozenset({"answer_new#0"}), frozenset({"answer_new"}))
    noise = Hit(frozenset({"noise_1#0"}), frozenset({"noise_1"}))
    stale_fact = Hit(frozenset({"answer_old#0"}), frozenset({"answer_old"}), current=True)
    assert update_order(q, [noise, new, old]) == (True, False)
    assert update_order(q, [old, new]) == (False, True)
    assert update_order(q, [old, noise]) == (False, True)         # the newer is missing
    assert update_order(q, [noise]) == (False, False)             # nothing found: not stale
    assert update_order(q, [new, stale_fact]) == (True, True)     # old value still current


# ---- the whole command -------------------------------------------------------------------
def test_bench_locomo_report(settings, tmp_path) -> None:
    data = tmp_path / "locomo-tiny.json"
    data.write_text(json.dumps(LOCOMO))
    report = run(Options(data=data, embedder="hash"), settings=settings)
    assert report["dataset"] == "locomo" and report["embedder"] == "hash-384"
    assert report["extractor"].startswith("rules/")
    assert report["questions"] == {"total": 3, "multi-hop": 1, "temporal": 0,
                                   "open-domain": 0, "single-hop": 2}
    for method in METHODS:
        figures = report[method]
        for key in ("recall@5", "recall@10", "recall@25", "recall@10/multi-hop",
                    "recall@10/single-hop", "recall@10/temporal", "recall@10/open-domain"):
            assert key in figures
        assert figures["recall@10/temporal"] is None  # no temporal question
        assert 0.0 <= figures["recall@10"] <= 1.0
    bm25 = report["bm25"]
    assert bm25["recall@5"] == pytest.approx((1 + 1 + 0.5) / 3, abs=1e-4)
    assert bm25["recall@10/single-hop"] == 1.0 and bm25["recall@10/multi-hop"] == 0.5
    # Seven turns in all: the dense ranking lists every one, so at 25 all evidence is in.
    assert report["dense"]["recall@25"] == 1.0
    # The system finds the one-turn answers through the same words.
    assert report["system"]["recall@10/single-hop"] == 1.0


def test_bench_longmemeval_report_and_cli(settings, tmp_path, monkeypatch) -> None:
    data = tmp_path / "lme-tiny.json"
    data.write_text(json.dumps(LONGMEMEVAL))
    report = run(Options(data=data, embedder="hash"), settings=settings)
    assert report["dataset"] == "longmemeval"
    assert report["questions"] == {"total": 1, "with_two_answer_sessions": 1,
                                   "other_types_skipped": 0}
    # BM25 ranks the old turn (keep + sneakers) above the new one (sneakers): stale.
    assert report["bm25"]["current_first"] == 0.0 and report["bm25"]["stale_rate"] == 1.0
    missed = report["system"]["current_first"] == 0.0 or report["system"]["stale_rate"] == 1.0
    assert [m["qid"] for m in report["system_misses"]] == (["q-sneakers"] if missed else [])
    for method in METHODS:
        assert set(report[method]) >= {"current_first", "stale_rate"}
        assert report[method]["current_first"] in (0.0, 1.0)  # one question
        assert report[method]["stale_rate"] in (0.0, 1.0)

    # The command: same figures, written as JSON, with a temporary data dir of its own.
    from typer.testing import CliRunner

    from scripts.cli import app
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("DATABASE_ADMIN_URL", settings.database_admin_url)
    out = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["bench", "retrieval", "--data", str(data), "--embedder",
                                      "hash", "--report", str(out), "--limit", "1"])
    assert result.exit_code == 0, result.output
    written = json.loads(out.read_text())
    assert written["bm25"] == report["bm25"] and written["embedder"] == "hash-384"
    assert "current_first" in result.output


def test_a_whole_longmemeval_file_runs_its_knowledge_update_questions_only(
        settings, tmp_path) -> None:
    other = {**LONGMEMEVAL[0], "question_id": "q-multi", "question_type": "multi-session",
             "question": "What pasta did I cook?"}
    data = tmp_path / "lme-mixed.json"
    data.write_text(json.dumps([other, LONGMEMEVAL[0], {**other, "question_id": "q-temp",
                                                        "question_type": "temporal-reasoning"}]))
    report = run(Options(data=data, embedder="hash"), settings=settings)
    assert report["questions"]["total"] == 1
    assert report["questions"]["other_types_skipped"] == 2


def test_bench_retrieval_refuses_files_it_cannot_run_with_a_clear_error(
        settings, tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from scripts.cli import app
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    monkeypatch.setenv("DATABASE_ADMIN_URL", settings.database_admin_url)
    not_json = tmp_path / "broken.json"
    not_json.write_text('{"conversation": [')
    no_updates = tmp_path / "lme-no-updates.json"
    no_updates.write_text(json.dumps([{**LONGMEMEVAL[0], "question_type": "single-session-user"}]))
    for path, says in ((not_json, "not JSON"), (no_updates, "no knowledge-update questions")):
        result = CliRunner().invoke(app, ["bench", "retrieval", "--data", str(path),
                                          "--embedder", "hash"])
        assert result.exit_code == 2, result.output
        assert says in " ".join(result.output.split())
