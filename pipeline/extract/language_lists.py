"""The other languages of a sentence that already tells one the user speaks.

People list the languages of their life in one breath, each in its own shape: "At home it's
Uzbek with my husband's family, Tajik with my own mum, and English with the tourists",
"Wolof with Modou at home, Serer with my mother, Pulaar with my father", "I speak Guaraní
with my grandmother and the foreign clients get my English". A reader that knows one shape
("it's X with my mum") finds one of them; once the sentence has given the user one language,
the others named in it are the user's too, unless their own clause says otherwise: someone
else speaks it ("my mother speaks Serer"), the user does not, not yet or only wishes to
("no Pulaar", "I'm learning Serer", "I'd love to speak Fula").

Names are the lexicon's (ISO 639-1 and the varieties people name), matched without their
accents ("Guaraní" is Guarani, kept as said), and here, where a sentence already talks of
languages, the living languages of ISO 639-3 (pycountry, pinned) with names of five letters
or more that are not a place, a name word or an English word people capitalise. Pure.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

import pycountry

from pipeline.extract import lexicon as lx
from pipeline.extract.gazetteer import lookup
from pipeline.extract.mentions import NOT_NAMES
from pipeline.extract.mood import mood_at

_WORD = re.compile(r"(?<![\w'-])(?-i:[A-Z])[\w'\u00c0-\u024f-]+(?![\w'-])")
#: In the clause before the language: the user not speaking it, learning it, wishing it.
_NOT_SPOKEN = re.compile(r"\b(?:no|not|n't|never|without|learn\w*|studying|study|want\w*"
                         r"|wish\w*|hop\w+|would|'d|like\s+to|love\s+to|trying|try|forgot"
                         r"|forgotten|lost|used\s+to|understand\s+a\s+bit|a\s+little|a\s+few"
                         r"\s+words)\b", re.I)
#: ... and after it: "Serer is beyond me", "Pulaar, not really".
_NOT_AFTER = re.compile(r"^\W{0,3}(?:not|no|never|is\s+beyond|i\s+don't|i\s+can't|i've\s+forgotten"
                        r"|lessons|classes|course)\b", re.I)
#: Words that may follow a language named as a tongue ("Serer with my mother", "English at
#: work"); any other lowercase word after it makes it an adjective.
_AFTER_A_LANGUAGE = frozenset({"with", "at", "and", "or", "is", "in", "on", "for", "too",
                               "mostly", "now", "from", "to", "which", "that", "as", "when",
                               "but", "so", "because", "every", "all", "fluently", "badly",
                               "well", "only", "also", "again", "pretty", "sometimes", "if",
                               "since", "there", "here", "most", "best", "really"})
_CLAUSE = re.compile(r"[,;:.!?()]|\s(?:and|but|while|whereas)\s", re.I)


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if unicodedata.category(c) != "Mn")


@lru_cache(maxsize=1)
def _folded() -> dict[str, str]:
    return {_fold(name): name for name in lx.LANGUAGES}


@lru_cache(maxsize=1)
def _living() -> frozenset[str]:
    """ISO 639-3 living individual languages named by one word of five letters or more."""
    names = set()
    for language in pycountry.languages:
        name = language.name
        if (getattr(language, "type", "") == "L" and getattr(language, "scope", "") == "I"
                and " " not in name and "(" not in name and len(name) >= 5):
            names.add(name)
    return frozenset(names)


def language_named(word: str) -> bool:
    """`word` names a language: the lexicon's, accents aside, or a living ISO 639-3 one
    that is not a place or a word capitalised for another reason."""
    if word in lx.LANGUAGES or _fold(word) in _folded():
        return True
    if word in NOT_NAMES or word.lower() in lx.CITY_BY_LOWER or lookup(word) is not None:
        return False
    return word in _living() or _fold(word) in _living()


def sibling_languages(text: str, have: set[str], *, question: bool) -> Iterator[tuple[str, int]]:
    """Languages of sentence `text` beside `have` (the user's languages it already gives,
    as said): each with its offset, when its own clause is the user's and speaks it."""
    if question or not have:
        return
    folded_have = {_fold(h).lower() for h in have}
    for m in _WORD.finditer(text):
        word = m.group(0)
        if _fold(word).lower() in folded_have or word in lx.LANGUAGES_ALSO_NAMES or not (
                language_named(word)):
            continue  # "I speak to Maya in Norwegian": Maya is a person where names go
        start = max((c.end() for c in _CLAUSE.finditer(text, 0, m.start())), default=0)
        if _NOT_SPOKEN.search(text[start:m.start()]) or _NOT_AFTER.match(text[m.end():]):
            continue
        after = re.match(r"\s+([a-z][\w'-]*)", text[m.end():])
        if after and after.group(1) not in _AFTER_A_LANGUAGE:
            continue  # "Norwegian engineers", "Zofia's Irish homework": a people's, not a tongue
        if text[max(0, m.start() - 5):m.start()].lower().endswith("with "):
            continue  # "Wolof with Modou": a person the language is spoken with
        mood = mood_at(text, m.start(), question=False)
        mine = text[max(0, m.start() - 3):m.start()].lower() == "my "  # "get my English"
        if mood.modality == "asserted" and (mood.subject == "user" or mine):
            folded_have.add(_fold(word).lower())
            yield word, m.start()
