"""Tastes told with the thing named elsewhere: "the whole lab loves salty liquorice and I
can't stand it", "... food without coriander? I can't stand the stuff", "Liquorice I can't
stand", "Sushi I love".

The phrase rules (patterns_life.py) read a taste with its object after the verb. People
often name the thing first and come back to it with "it", "them" or "the stuff", or front
it ("Coriander, I can't stand it"). Two readings, both grammatical:

- an anaphoric object of a dislike verb is resolved to the nearest noun before it in the
  dependency parse (the sentence, else the sentence before in the turn): a noun that is an
  object (of a verb or a preposition), not a subject or a predicate noun ("the noise from
  the bar is constant and I hate it" names the noise, a subject: nothing), and not a
  person, animal, place, time, job or a word for food in general. Only dislikes: "I got a
  new bike and I love it" is no taste.
- a fronted object: a short noun phrase opening the clause, then "I" and the taste verb
  with no object of its own, or only "it" ("Olives I've always hated" is the past).

The clause of the verb must be the user's own statement (mentions.own). Part of passing.py's
pass; pure (the parse is a read-only model, as in parse.py).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from pipeline.extract import lexicon as lx
from pipeline.extract.clauses import split_sentences
from pipeline.extract.gazetteer import lookup
from pipeline.extract.mentions import Found, own
from pipeline.extract.mood import RELATIONS

_I = re.IGNORECASE
_ADVERBS = (r"(?:(?:really|just|honestly|absolutely|totally|simply|still|genuinely|truly"
            r"|seriously|properly|actually|kind\s+of|kinda|sort\s+of)\s+)*")
_DISLIKE = (r"(?:(?:can't|cannot|can\s+not|couldn't)\s+(?:stand|bear|stomach|abide)"
            r"|hate|detest|loathe|despise|abhor)")
_LIKE = r"(?:love|adore|like|enjoy)"
#: "it"/"them"/"the stuff" after a dislike verb; "I hate it when ..." is a situation.
_ANAPHORIC = re.compile(
    r"\b(?P<s>i|we)\s+" + _ADVERBS + _DISLIKE + r"\s+(?P<pro>it|them|that\s+stuff|this\s+stuff"
    r"|the\s+stuff|the\s+taste|the\s+smell|those)\b(?!\s+(?:when|whenever|if|that|how|because"
    r"|to|of|in\s+(?:my|our)\s+life)\b)(?!')", _I)
#: A fronted object: "Liquorice I can't stand", "Coriander, I can't stand it", "Sushi I
#: love"; the verb has no object of its own after it.
_FRONTED = re.compile(
    r"(?:^|[.;:!?]\s+|,\s+(?:and|but)\s+|\s(?:and|but)\s+)(?P<obj>[A-Za-z][\w'-]*"
    r"(?:\s+[a-z][\w'-]*){0,2}?),?\s+(?P<s>i|we)\s+" + _ADVERBS + r"(?P<v>" + _DISLIKE + r"|"
    + _LIKE + r")(?:\s+(?:it|them))?(?:\s+(?:so\s+much|a\s+lot|more\s+than\s+anything))?"
    r"\s*(?=[,.;!?]|$|\s(?:and|but|so)\b)", _I)
#: No taste: words that open a clause without being its object, and words for kinds of
#: things too general to be one (food, the thing, everything).
_NOT_THINGS = frozenset("""
honestly really seriously sometimes today tonight now also and but so yes no well oh ok okay
anyway actually frankly personally obviously though still just then this that these those it
them him her me us you everything anything something nothing everyone anyone someone food
foods stuff thing things lot bit kind sort meal meals dish dishes dinner lunch breakfast
drink drinks taste smell idea ideas phrase phrases question questions way part place time
day days week weeks month months year years morning mornings evening evenings night nights
weekend weekends moment while life weather heat cold rain wind snow summer winter spring
autumn job work shift shifts office lab team company project role position boss thesis
meeting meetings commute city town country flat house room home area street trip holiday
""".split())
_RELATION_WORDS = frozenset(re.split(r"\|", RELATIONS.replace("?", "").replace("s?", "")))
_DETERMINERS = re.compile(r"^(?:the|a|an|my|our|your|his|her|their|some|any|this|that|these"
                          r"|those)\s+", _I)
#: A noun that may be a taste's antecedent: the object of a verb or of a preposition.
_OBJECT_DEPS = frozenset({"dobj", "pobj", "conj", "appos", "dative", "oprd"})
#: Where the search stops: the clause's subject or predicate noun is what "it" then means.
_STOP_DEPS = frozenset({"nsubj", "nsubjpass", "attr", "expl", "csubj"})
_MODIFIERS = frozenset({"amod", "compound", "nmod"})


def tastes(text: str, question: bool, turn_text: str = "") -> Iterator[Found]:
    """Dislikes (and fronted likes) of sentence `text` whose object is named elsewhere."""
    fronted = set()
    for m in _FRONTED.finditer(text):
        value = _fronted_value(m.group("obj"))
        if value:
            fronted.add(m.start("s"))
        if value and own(text, m.start("s"), question):
            predicate = "dislikes" if re.match(_DISLIKE, m.group("v"), _I) else "likes"
            yield predicate, value, "assert", 0.85, m.start("obj")
    for m in _ANAPHORIC.finditer(text):
        if m.start("s") in fronted or not own(text, m.start("s"), question):
            continue
        value = _antecedent(text, m.start("s")) or (
            None if _clause_has_noun(text[:m.start("s")]) else _antecedent(
                before := _sentence_before(text, turn_text), len(before)))
        if value:
            yield "dislikes", value, "assert", 0.8, m.start("pro")


def _fronted_value(phrase: str) -> str | None:
    words = _DETERMINERS.sub("", phrase.strip()).split()
    if not words or any(w.lower() in _NOT_THINGS or w.lower() in _RELATION_WORDS
                        or w.lower() in lx.PERSON_WORDS or w.lower().endswith("ly")
                        for w in words):
        return None
    if phrase[:1].isupper() and lookup(phrase.strip()) is not None:
        return None  # "Porto I love": a place, not a taste
    if len(words) == 1 and words[0][:1].isupper() and words[0].lower() in lx.ANIMALS:
        return None
    head = words[-1].lower()
    if head in lx.ANIMALS or head in lx.ANIMAL_PLURALS or head.endswith("ing"):
        return None  # a pet or a pastime ("Running I love" is the hobby rules' business)
    return " ".join([words[0].lower() if words[0] not in lx.LANGUAGES else words[0],
                     *words[1:]])


def _antecedent(sentence: str, upto: int) -> str | None:
    """The nearest noun of `sentence` before offset `upto` (the clause of the anaphor) that
    can be a taste (module doc), or None."""
    if not sentence[:upto].strip():
        return None
    doc = _parse(sentence)
    fragment = not any(t.pos_ in ("VERB", "AUX") for t in doc)  # "Durian? I can't stand it."
    for token in reversed([t for t in doc if t.idx < upto]):
        if token.pos_ not in ("NOUN", "PROPN") or token.dep_ in _MODIFIERS:
            continue
        if not fragment and _in_subject(token):
            return None
        if token.dep_ not in _OBJECT_DEPS and not (fragment and token.dep_ == "ROOT"):
            continue
        word = token.text.lower()
        if (word in _NOT_THINGS or token.lemma_.lower() in _NOT_THINGS
                or word in _RELATION_WORDS or token.lemma_.lower() in _RELATION_WORDS
                or word in lx.PERSON_WORDS or word in lx.ANIMALS or word in lx.ANIMAL_PLURALS
                or (token.text[:1].isupper() and token.i > 0)):
            continue  # a person, a pet, a name or a place: no taste
        mods = [t for t in token.lefts if t.dep_ in ("amod", "compound") and t.i == token.i - 1
                or t.dep_ in ("amod", "compound") and all(
                    d.dep_ in ("amod", "compound") for d in doc[t.i + 1:token.i])]
        start = min([t.i for t in mods], default=token.i)
        return doc[start:token.i + 1].text.lower()
    return None


@lru_cache(maxsize=1024)
def _parse(sentence: str):  # type: ignore[no-untyped-def]
    from pipeline.extract.parse import parse  # the model loads only when a taste needs it

    return parse(sentence)


def _in_subject(token) -> bool:  # type: ignore[no-untyped-def]
    """True when `token` is a subject or predicate noun, or stands inside one."""
    node = token
    while node.head.i != node.i:
        if node.dep_ in _STOP_DEPS:
            return True
        if node.pos_ in ("VERB", "AUX"):
            return False
        node = node.head
    return node.dep_ in _STOP_DEPS


_NOUNISH = re.compile(r"[a-z]{3,}", _I)


def _clause_has_noun(before: str) -> bool:
    """True when the sentence names something before the anaphor (then "it" is that, or
    nothing, never a noun of the sentence before)."""
    words = [w.lower() for w in _NOUNISH.findall(before)]
    return any(w not in _NOT_THINGS and w not in lx.PERSON_WORDS for w in words
               if w not in ("and", "but", "the", "can't", "just", "really"))


def _sentence_before(text: str, turn_text: str) -> str:
    """The sentence before `text` in its turn ("" when it is the first)."""
    at = turn_text.find(text) if turn_text else -1
    if at <= 0:
        return ""
    earlier = split_sentences(turn_text[:at])
    return earlier[-1] if earlier else ""
