"""Work read off the dependency tree: an employer doing something for "us", a title said
as who one is.

- an organisation as the subject of what it does for its staff, the user among them:
  "Tayside Sports Physio has finally got us a second treatment room", "Northwind Bank moved
  our whole team", "Greystone Labs is sending us to a training course". The subject is a
  capitalised name ending in an organisation's word (lexicon.ORG_HEADS: a person's name
  ends in none), "us" or "our" is the verb's object or its object's owner, and what the
  verb is about is a thing of work (lexicon.WORK_THINGS: a customer's "lost our bags" or
  "got us an appointment" is not one);
- a title said as identity: "I'm a dentist's receptionist", "I'm the hospital's only
  paediatric pharmacist": the user's "be" with an occupation's head noun (lexicon
  .OCCUPATIONS) as its attribute, its modifiers kept as said ("a dentist's", "paediatric"),
  the organisation's own ("the hospital's") and filler ("only", "glorified") left out.
Both need a clause that is not negated, modal, conditional or wished; a title also the
present tense ("my mum was a nurse", "I used to be a teacher" are no title of the user's).
Then, as for every fact in passing, the clause's mood (mentions.own) must agree. Part of
parse.py's pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pipeline.extract import lexicon as lx
from pipeline.extract.mentions import Found, own
from pipeline.extract.parse_clause import asserted_now, is_user, subject_of
from pipeline.extract.passing_work import org_at

Token = Any  # a spaCy Token
Doc = Any

#: Confidence of an employer read from what it does for "us".
FOR_US_CONFIDENCE = 0.75
#: ... and of a title said as identity (the phrase rules' "I'm a ..." is 0.92).
IDENTITY_CONFIDENCE = 0.85

_US = re.compile(r"\b(?:us|our|me|my)\b", re.I)
_I_AM = re.compile(r"\b(?:i'm|i\s+am|im)\b", re.I)
_ORG_END = re.compile(r"(?-i:[A-Z])[\w&'-]*\s+(?:" + "|".join(
    re.escape(w) for w in sorted(lx.ORG_HEADS, key=len, reverse=True)) + r")\b")
_MODALS = frozenset({"would", "might", "could", "should", "may", "must", "'d", "ca", "can",
                     "wo"})
_CONDITIONS = frozenset({"if", "unless", "whether", "once", "before", "until", "when"})
_WISHING = frozenset({"want", "wish", "hope", "plan", "imagine", "dream", "expect", "need",
                      "ask", "wonder", "doubt", "pretend", "suppose", "think"})
_AGENT_AFTER_ARTICLE = re.compile(r"\b(?:a|an|the)\s+(?:[\w'-]+\s+){0,3}?[a-z]{2,}"
                                  + lx.AGENT_ENDING + r"\b")
_FOR_ORG = re.compile(r"\b(?:i|i'm)\b.*\bfor\s+(?-i:[A-Z])", re.I)
_JOB_AT = re.compile(r"\b(?:job|role|position|post)\s+(?:at|with)\s+(?-i:[A-Z])", re.I)
#: Verbs of doing a job for an employer ("I drive buses for Clydeline", "I'm doing the books
#: for Tui Creek Orchards as their accounts assistant"): lemmas.
_JOB_VERBS = frozenset({"drive", "do", "teach", "nurse", "cook", "clean", "code", "design",
                        "deliver", "dispatch", "edit", "translate", "illustrate", "program",
                        "develop", "keep", "handle", "manage", "answer", "run"})
#: What such a verb works on when it is a job: "the books", "buses", "the payroll".
_JOB_OBJECTS = frozenset({"book", "account", "accounts", "payroll", "bus", "taxi", "cab",
                          "lorry", "truck", "tram", "train", "ambulance", "forklift", "van",
                          "delivery", "deliveries", "shift", "rota", "phone", "phones",
                          "reception", "admin", "tax", "taxes", "invoice", "invoicing"})
#: Verbs with "a job at <Org>" that tell the user has it: "moved here for a job at X",
#: "I took a job at X" (applying, interviewing, turning down, losing do not).
_JOB_AT_VERBS = frozenset({"move", "come", "relocate", "take", "get", "start", "accept",
                           "land", "begin", "have", "love", "like", "enjoy"})
_NOT_NOW = frozenset({"old", "former", "previous", "last", "first", "dream", "next", "future",
                      "ideal", "summer", "weekend", "side", "temporary", "holiday"})
_AS_TITLE = re.compile(r"\bas\s+(?:an?|the|their|its|our)\s+(?P<t>(?:[a-z][\w-]*\s+){0,3}?"
                       r"(?:" + lx.alt(lx.OCCUPATIONS) + r"))\b")
#: Modifiers of a title that are no part of it ("the only paediatric pharmacist").
_FILLER = frozenset({"only", "sole", "main", "new", "current", "glorified", "basically",
                     "actual", "real", "proper", "official", "resident", "other", "just",
                     "full-time", "part-time", "now", "very", "little", "humble", "lowly",
                     "overworked", "underpaid", "tired", "exhausted", "happy", "proud"})
#: Owners that make a title a part the user plays among people they belong to, not a post
#: anyone hires for: "I'm the unit's translator now" (a nurse who speaks Maya), "the
#: team's unofficial DJ", "the family's chef"; an organisation's title stays ("the
#: hospital's only paediatric pharmacist").
_GROUPS = frozenset({"unit", "team", "ward", "crew", "squad", "family", "group", "class",
                     "band", "gang", "household", "house", "street", "floor", "shift"})
#: ... and those that make it no job at all: "an avid photographer", "a former nurse".
_NO_JOB = frozenset({"former", "ex", "old", "future", "aspiring", "wannabe", "would-be",
                     "amateur", "keen", "avid", "terrible", "bad", "good", "great", "decent",
                     "hobby", "weekend", "enthusiastic", "passionate", "casual", "big", "huge",
                     "total", "complete", "occasional", "lifelong", "retired", "trainee-ish"})


def wanted(text: str) -> bool:
    """Cheap gate: a sentence that could tell the user's work one of these ways."""
    if _US.search(text) and _ORG_END.search(text):
        return True
    if _FOR_ORG.search(text) or _JOB_AT.search(text):
        return True
    if _I_AM.search(text):
        lowered = text.lower()
        return bool(_AGENT_AFTER_ARTICLE.search(lowered)) or any(
            word in lowered for word in lx.OCCUPATIONS if len(word) > 3)
    return False


def facts(doc: Doc, text: str) -> Iterator[Found]:
    yield from _for_us(doc, text)
    yield from _identity(doc, text)
    yield from _job_for(doc, text)
    yield from _job_at(doc, text)


def clause_holds(verb: Token) -> bool:
    """The verb's own clause is not negated, modal, conditional or wished (its tense does not
    matter: what an employer did is still told of the user's work now)."""
    kids = list(verb.children)
    if any(c.dep_ == "neg" or c.lower_ in ("never", "no") for c in kids):
        return False
    if any(c.dep_ == "aux" and c.lower_ in _MODALS for c in kids):
        return False
    if any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in kids):
        return False
    head = verb.head
    return not (verb.dep_ in ("xcomp", "ccomp") and head.lemma_.lower() in _WISHING)


def name_start(token: Token) -> Token:
    """The first word of the capitalised name `token` ends ("Tui Creek Orchards")."""
    first = token
    while first.i > 0 and first.doc[first.i - 1].dep_ == "compound" and first.doc[
            first.i - 1].text[:1].isupper() and first.doc[first.i - 1].head.i <= token.i:
        first = first.doc[first.i - 1]
    return first


def own_sentence(token: Token, text: str) -> bool:
    """The mood of `token` read from the start of its own sentence (mentions.own)."""
    start = token.sent.start_char
    return own(text[start:], token.idx - start, False)


# --- an organisation doing something for us ---------------------------------------------------
def _for_us(doc: Doc, text: str) -> Iterator[Found]:
    for token in doc:
        verb = token.head
        if token.dep_ != "nsubj" or token.pos_ not in ("PROPN", "NOUN") or verb.pos_ not in (
                "VERB", "AUX") or token.text not in lx.ORG_HEADS:
            continue
        first = name_start(token)
        if first.i == token.i:
            continue  # one word ("Vets") is no name
        org = org_at(text, first.idx)
        if org is None or not org.endswith(token.text):
            continue
        if not (_for_staff(verb) and clause_holds(verb) and own_sentence(first, text)):
            continue
        yield "employer", org, "assert", FOR_US_CONFIDENCE, first.idx


def _for_staff(verb: Token) -> bool:
    """"us"/"our" is what the verb acts on, and what it is about is a thing of work."""
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative", "iobj")]
    objects += [o for p in verb.children if p.dep_ == "prep" for o in p.children
                if o.dep_ == "pobj"]
    us = any(o.lower_ in ("us", "me") for o in objects) or any(
        c.dep_ == "poss" and c.lower_ in ("our", "my") for o in objects for c in o.children)
    if not us:
        return False
    for noun in objects:
        lemma = noun.lemma_.lower()
        if lemma in lx.WORK_THINGS:
            return True
        if lemma in ("room", "space") and any(c.dep_ == "compound" and c.lower_ in lx.WORK_ROOMS
                                              for c in noun.children):
            return True
        if any(c.dep_ == "compound" and c.lemma_.lower() in lx.WORK_THINGS
               for c in noun.children):
            return True  # "a training course", "a pay rise"
    return False


# --- a title said as identity -----------------------------------------------------------------
def _identity(doc: Doc, text: str) -> Iterator[Found]:
    for token in doc:
        be = token.head
        if token.dep_ != "attr" or token.pos_ != "NOUN" or be.lemma_ != "be":
            continue
        head = token.lower_
        if not lx.occupation_shaped(head):
            continue
        subject = next((c for c in be.children if c.dep_ == "nsubj"), None) or subject_of(be)
        if subject is None or subject.lower_ != "i" or not is_user(subject):
            continue
        if be.tag_ not in ("VBP", "VBZ") or not asserted_now(be, tense=False) or not (
                clause_holds(be)):
            continue
        title = _title(token)
        # The mood is read from the user's own "I" on: the tree has put the clause under
        # its verbs already ("which is annoying because I'm a ..." is no one else's).
        if title and own(text[subject.idx:], token.idx - subject.idx, False):
            yield "job_title", title, "assert", IDENTITY_CONFIDENCE, token.idx


def _title(noun: Token) -> str | None:
    """The title as said: the noun with its own modifiers, an owner kept when it is a kind
    ("a dentist's receptionist"), not when it is the workplace ("the hospital's")."""
    words: list[str] = []
    for c in sorted(noun.children, key=lambda t: t.i):
        if c.i > noun.i or c.dep_ not in ("compound", "amod", "poss", "nmod"):
            continue
        if c.dep_ == "poss":
            if c.lower_ in _GROUPS:
                return None  # "the unit's translator": a part one plays in a group, no post
            if c.pos_ != "NOUN" or any(d.dep_ == "det" and d.lower_ in ("the", "this", "that")
                                       for d in c.children):
                words = []
                continue
            words.append(c.text + "".join(d.text for d in c.children if d.dep_ == "case"))
            continue
        if c.lower_ in _NO_JOB:
            return None
        if c.lower_ in _FILLER:
            words = []  # "only paediatric": what follows a filler word is the title
            continue
        words.append(" ".join(t.text for t in c.subtree))
    value = " ".join([*words, noun.text]).lower()
    return value if len(value) > 2 else None


# --- a job done for an employer ---------------------------------------------------------------
def _job_for(doc: Doc, text: str) -> Iterator[Found]:
    """"I drive buses for Clydeline", "I'm doing the books for Tui Creek Orchards as their
    accounts assistant": the user's present job verb, on a job's object, for an employer."""
    for verb in doc:
        if verb.pos_ != "VERB" or verb.lemma_.lower() not in _JOB_VERBS:
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subject is None or subject.lower_ != "i" or verb.tag_ not in ("VBP", "VBG"):
            continue
        if verb.tag_ == "VBG" and not any(c.dep_ == "aux" and c.lower_ in ("'m", "am")
                                          for c in verb.children):
            continue
        worked = [c for c in verb.children if c.dep_ == "dobj"]
        title = _AS_TITLE.search(text, verb.idx)
        if not (any(o.lemma_.lower() in _JOB_OBJECTS for o in worked) or title):
            continue
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "for"):
            obj = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "PROPN"),
                       None)
            if obj is None:
                continue
            first = name_start(obj)
            org = org_at(text, first.idx)
            # The mood from the user's "I" on ("what I actually wanted: I'm doing ..."): the
            # tree has the clause's standing already.
            if org is None or not clause_holds(verb) or not asserted_now(verb) or not own(
                    text[subject.idx:], verb.idx - subject.idx, False):
                continue
            yield "employer", org, "assert", FOR_US_CONFIDENCE, first.idx
            if title is not None:
                yield "job_title", title.group("t").lower(), "assert", FOR_US_CONFIDENCE, first.idx
            break


def _job_at(doc: Doc, text: str) -> Iterator[Found]:
    """"I moved to Curitiba in February for a job at Araucária Games as a sound designer":
    a job at an organisation the user's verb says they have, and the title it is "as"."""
    for noun in doc:
        if noun.lemma_.lower() not in ("job", "role", "position", "post") or noun.pos_ != "NOUN":
            continue
        if any(c.lower_ in _NOT_NOW or (c.dep_ == "poss" and c.lower_ != "my")
               for c in noun.children):
            continue
        verb = noun.head if noun.dep_ in ("dobj",) else (
            noun.head.head if noun.dep_ == "pobj" else None)
        if verb is None or verb.pos_ != "VERB" or verb.lemma_.lower() not in _JOB_AT_VERBS:
            continue
        if not is_user(subject_of(verb)) or not clause_holds(verb) or not asserted_now(
                verb, tense=False) or not own_sentence(noun, text):
            continue
        org = None
        for prep in (c for c in noun.children if c.dep_ == "prep" and c.lower_ in ("at", "with")):
            obj = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "PROPN"),
                       None)
            if obj is not None:
                first = name_start(obj)
                org = org_at(text, first.idx)
        if org is None:
            continue
        yield "employer", org, "assert", FOR_US_CONFIDENCE, noun.idx
        title = None
        for prep in (c for c in noun.children if c.dep_ == "prep" and c.lower_ == "as"):
            m = _AS_TITLE.match(text, prep.idx)
            if m is not None:
                title = m
        if title is not None:
            yield "job_title", title.group("t").lower(), "assert", FOR_US_CONFIDENCE, noun.idx
