"""The new-user check's figures (scripts/eval/intended.py): stored and precision."""
from scripts.eval.intended import score, summary


def test_an_intended_fact_counts_when_a_current_fact_of_its_predicate_contains_it():
    s = score("x", [["city", "Odense"], ["pet", "Bolt"]], [],
              [("city", "Odense, Denmark"), ("pet", "greyhound named Bolt")])
    assert (s.stored, s.intended, s.right, s.current) == (2, 2, 2, 2)


def test_a_stored_value_no_author_meant_is_wrong_and_a_missing_one_is_named():
    s = score("x", [["language_spoken", "Danish"], ["hobby", "running"]],
              [["full_name", "Henrik"]],
              [("language_spoken", "Danish"), ("language_spoken", "Dutch"),
               ("full_name", "Henrik"), ("city", "Copenhagen")])
    assert s.stored == 1 and s.missing == ["hobby=running"]
    assert s.right == 2 and s.current == 4
    assert s.wrong == ["language_spoken=Dutch", "city=Copenhagen"]


def test_the_same_value_under_another_predicate_is_not_the_intended_fact():
    s = score("x", [["city", "Kobe"]], [], [("country", "Kobe")])
    assert s.stored == 0 and s.right == 0
    assert "stored 0/1" in summary([s]) and "precision 0/1" in summary([s])
