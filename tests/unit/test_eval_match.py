"""The pure parts of the evaluation: matching, the working-set timeline, totals."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scripts.eval.match import (
    Entry, as_of, believed_as_of, compare_rows, current_of, history_of, match_sequence,
    match_set, text_problems, totals, totals_line, working_set_facts,
)


def t(day: int) -> datetime:
    return datetime(2026, 1, day, tzinfo=UTC)


@pytest.mark.parametrize("objects, expected, exact, ok", [
    (["Berlin, Germany"], ["berlin"], True, True),
    ([" Berlin "], ["  BERLIN"], True, True),
    (["Berlin", "Munich"], ["Berlin"], True, False),      # another current value
    (["Berlin", "Munich"], ["Berlin"], False, True),
    (["peanuts", "shellfish"], ["peanut", "shellfish"], True, True),
    (["peanuts"], ["peanut", "peanut"], True, False),     # one object per expected value
    (["peanut butter", "peanuts"], ["peanut", "peanut butter"], True, True),  # needs matching
    ([], [], True, True),
    ([], ["Oslo"], True, False),
])
def test_match_set(objects, expected, exact, ok):
    assert match_set(objects, expected, exact=exact) is ok


def test_match_sequence_is_ordered_and_complete():
    assert match_sequence(["Acme Ltd", "Globex"], ["Acme", "Globex"])
    assert not match_sequence(["Globex", "Acme Ltd"], ["Acme", "Globex"])
    assert not match_sequence(["Prague", "Prague"], ["Prague"])


def test_text_problems_reports_missing_and_forbidden():
    assert text_problems("Location: city: Berlin", ["berlin"], ["Munich"]) == ([], [])
    assert text_problems("Location: city: Munich", ["Berlin"], ["munich"]) == (
        ["Berlin"], ["munich"])


def _ws(*rows):
    return working_set_facts([Entry(*r) for r in rows], namespace="n", user_id="u")


def test_working_set_single_valued_supersedes_and_keeps_the_old_version():
    facts = _ws(("city", "Munich", "assert", t(1), "s1", 0),
                ("city", "Berlin", "assert", t(5), "s2", 0))
    assert [f.object for f in current_of(facts, "city")] == ["Berlin"]
    assert [f.object for f in history_of(facts, "city")] == ["Munich", "Berlin"]
    assert [f.object for f in as_of(facts, t(3), "city")] == ["Munich"]
    assert [f.object for f in believed_as_of(facts, t(3), "city")] == ["Munich"]
    assert believed_as_of(facts, datetime(2025, 12, 1, tzinfo=UTC), "city") == []


def test_working_set_multi_valued_accumulates_and_repeats_change_nothing():
    facts = _ws(("allergy", "peanuts", "assert", t(1), "s1", 0),
                ("allergy", "shellfish", "assert", t(2), "s2", 0),
                ("allergy", "Peanuts", "assert", t(3), "s3", 0))
    assert sorted(f.object for f in current_of(facts, "allergy")) == ["peanuts", "shellfish"]
    assert len(history_of(facts, "allergy")) == 2


def test_working_set_retraction_closes_the_value():
    facts = _ws(("smoking_status", "smoker", "assert", t(1), "s1", 0),
                ("smoking_status", "smoker", "retract", t(4), "s2", 0))
    assert current_of(facts, "smoking_status") == []
    assert [f.valid_to for f in history_of(facts)] == [t(4)]


def test_totals_per_kind_and_overall_add_up():
    scenarios = [{"checks": [{"kind": "current", "passed": True},
                             {"kind": "current", "passed": False},
                             {"kind": "gone", "passed": False}]},
                 {"checks": [{"kind": "profile", "passed": True}]}]
    got = totals(scenarios)
    assert got["by_kind"]["current"] == {"passed": 1, "failed": 1, "total": 2}
    assert (got["passed"], got["failed"], got["total"]) == (2, 2, 4)
    assert sum(k["total"] for k in got["by_kind"].values()) == got["total"]
    assert totals_line(2, 2) == "2 passed, 2 failed"


def test_compare_rows_put_kinds_in_format_order_with_a_total_row():
    def rep(passed):
        return {"totals": {"by_kind": {"gone": {"passed": 0, "total": 1},
                                       "current": {"passed": passed, "total": 2}},
                           "passed": passed, "total": 3}}
    rows = compare_rows({"none": rep(0), "full": rep(2)})
    assert rows == [["current", "0/2", "2/2"], ["gone", "0/1", "0/1"], ["all", "0/3", "2/3"]]
