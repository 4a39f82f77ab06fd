"""The other languages of a sentence that already gives the user one
(pipeline/extract/language_lists.py): each in its own shape, accents aside, ISO 639-3 names
where the sentence talks of languages; not someone else's, not learnt, wished or denied."""
from __future__ import annotations

import pytest

from pipeline.extract.language_lists import language_named
from tests.unit.test_rules_support import claims_of


def _spoken(text: str) -> set[str]:
    return {c.object for c in claims_of(text) if c.predicate == "language_spoken"
            and c.op == "assert" and c.subject == "user"}


@pytest.mark.parametrize(("text", "languages"), [
    ("Short, please, I talk all day already: Wolof with Modou at home, Serer with my mother, "
     "Pulaar with my father.", {"Wolof", "Serer", "Pulaar"}),
    ("At home it's Uzbek with my husband's family, Tajik with my own mum, and English with the "
     "tourists in the shop.", {"Uzbek", "Tajik", "English"}),
    ("I speak Guaraní with my grandmother, and the foreign clients get my English.",
     {"Guaraní", "English"}),
])
def test_every_language_of_the_list_is_the_users(text, languages):
    assert _spoken(text) == languages


@pytest.mark.parametrize(("text", "languages"), [
    ("I speak Wolof, but I'm learning Pulaar.", {"Wolof"}),
    ("I speak Greek, my husband speaks Serer.", {"Greek"}),
    ("I speak Spanish with Ana and with Lucas at work.", {"Spanish"}),
    ("I speak Wolof and I'd love to speak Serer one day.", {"Wolof"}),
])
def test_not_someone_elses_a_learnt_or_wished_language_or_a_person(text, languages):
    assert _spoken(text) == languages


def test_no_list_without_a_language_of_the_users():
    assert _spoken("My mother speaks Serer and Pulaar.") == set()


@pytest.mark.parametrize(("word", "named"), [
    ("Guaraní", True), ("Pulaar", True), ("Kinyarwanda", True), ("Lisbon", False),
    ("Modou", False), ("Monday", False),
])
def test_language_names(word, named):
    assert language_named(word) is named


@pytest.mark.parametrize(("text", "languages"), [
    ("We have Norwegian engineers on the project and everything is in English, my Polish is "
     "perfect.", {"English", "Polish"}),
    ("At the clinic I switch between Kazakh and Russian all day, and English with our two "
     "Turkish interns.", {"Kazakh", "Russian", "English"}),
    ("I talk to my mum in Polish every night and English with everyone else, and Zofia's Irish "
     "homework is beyond me.", {"Polish", "English"}),
])
def test_a_language_word_before_a_noun_is_a_people_not_a_tongue(text, languages):
    assert _spoken(text) <= languages
    assert not _spoken(text) & {"Norwegian", "Turkish", "Irish"}
