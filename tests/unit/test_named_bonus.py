"""The question's named predicate lifts the one fact it is about, not every item of it."""
from __future__ import annotations

from pipeline.rank import PREDICATE_BONUS, named_bonuses


def test_only_the_best_item_of_each_named_predicate_gains():
    rows = [("i1", "hobby", 1.0, 0.010), ("i2", "hobby", 1.0, 0.030), ("i3", "hobby", 1.0, 0.020),
            ("i4", "pet", 1.0, 0.0), ("i5", "city", 1.0, 0.050), ("f1", None, 1.0, 0.090)]
    bonus = named_bonuses(rows, frozenset({"hobby", "pet"}))
    assert bonus == {"i2": PREDICATE_BONUS, "i4": PREDICATE_BONUS}


def test_ties_go_to_the_smaller_ref_and_confidence_scales_the_bonus():
    rows = [("b", "pet", 0.0, 0.02), ("a", "pet", 0.0, 0.02)]
    assert named_bonuses(rows, frozenset({"pet"})) == {"a": PREDICATE_BONUS * 0.75}
    assert named_bonuses(rows, frozenset()) == {}
