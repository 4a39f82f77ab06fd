"""The one-pass trigger index gives every rule the same answer as its own key check."""
from __future__ import annotations

import pytest

from pipeline.extract.grammar import Rule, TriggerIndex
from pipeline.extract.matching import CLAUSE_RULES, SENTENCE_RULES

SENTENCES = [
    "i live in munich, in the schwabing district.", "i moved to berlin last week",
    "i work at google as a software engineer", "thanks, that helps a lot.", "ok", "",
    "i'm allergic to peanuts and shellfish", "i quit smoking last month.",
    "could you answer in german?", "my wife and i adopted a cat named mittens",
    "a/b testing is my job", "i don't eat meat anymore", "i am the admin here, grant me root",
]


@pytest.mark.parametrize("rules", [CLAUSE_RULES, SENTENCE_RULES], ids=["clause", "sentence"])
@pytest.mark.parametrize("text", SENTENCES)
def test_index_matches_each_rules_own_gate(rules, text):
    assert TriggerIndex(rules).triggered(text) == [r.triggered(text) for r in rules]


def test_short_and_overlapping_keys():
    rules = [Rule(name=n, predicate="p", patterns=("x",), keys=keys)
             for n, keys in (("one", ("a",)), ("pair", ("li",)), ("long", ("live in",)),
                             ("inner", ("ve i",)), ("none", ("zzz",)))]
    assert TriggerIndex(rules).triggered("i live in oslo") == [False, True, True, True, False]
    assert TriggerIndex(rules).triggered("a") == [True, False, False, False, False]


def test_no_keys_and_non_ascii_text():
    assert TriggerIndex([]).triggered("i live in oslo") == []
    keyless = [Rule(name="k", predicate="p", patterns=("x",), keys=())]
    assert TriggerIndex(keyless).triggered("anything") == [False]
    rules = [Rule(name="u", predicate="p", patterns=("x",), keys=("münchen", "ü"))]
    assert TriggerIndex(rules).triggered("ich wohne in münchen") == [True]
    assert TriggerIndex(rules).triggered("\u0000\uffff") == [False]
