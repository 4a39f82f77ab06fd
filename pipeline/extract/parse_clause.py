"""Whose clause a parsed token stands in, and whether that clause asserts a current fact.

Read from the dependency tree (spaCy's labels: nsubj, neg, aux, mark, xcomp, conj, advcl):
the verb that governs a mention, that verb's subject (its own or, for "and walk it", "since
joining", "to live", the one it shares), and the clause's standing: negated ("I don't live
in Oslo"), modal or conditional ("if we lived in Oslo", "we might live in Oslo"), wished or
planned ("I want to live in Oslo", "thinking about living in Oslo"), or past ("I lived in
Oslo", "I used to live in Oslo"); a perfect ("I've lived in Oslo for years") holds now.
Part of parse.py's pass; pure.
"""
from __future__ import annotations

import re
from typing import Any

from pipeline.extract.mood import RELATIONS

Token = Any  # a spaCy Token

#: Dependencies that lead from a noun phrase up to the word it modifies inside one clause.
_PHRASE = frozenset({"pobj", "prep", "compound", "appos", "amod", "npadvmod", "nmod", "dobj",
                     "attr", "conj", "poss", "pcomp", "nummod", "quantmod", "dative", "oprd",
                     "advmod"})
_VERBS = frozenset({"VERB", "AUX"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
#: Dependencies whose verb shares its head's subject ("I live here and walk it daily").
_SHARED = frozenset({"conj", "xcomp", "advcl", "pcomp", "acl"})
_PERSON = re.compile(r"(?:" + RELATIONS + r")s?")
_USER = frozenset({"i", "we", "me", "us"})
_MODALS = frozenset({"would", "might", "could", "should", "may", "must", "will", "shall",
                     "'d", "'ll", "wo", "ca", "can"})
#: Verbs whose future presupposes the present: "I'll keep my job at Nordhav".
_CONTINUE = frozenset({"keep", "stay", "remain"})
_CONDITIONS = frozenset({"if", "unless", "whether", "once", "before", "until", "till", "when",
                         "whenever", "as", "than", "though", "although"})
#: Verbs over a clause that make it a wish, a plan, a thought or someone's report.
_UNREAL_HEADS = frozenset({
    "want", "wish", "hope", "plan", "consider", "think", "imagine", "dream", "intend", "mean",
    "try", "decide", "suppose", "expect", "like", "love", "hate", "prefer", "need", "used",
    "say", "tell", "claim", "ask", "wonder", "doubt", "pretend", "fantasize", "fantasise",
    "propose", "suggest", "offer", "agree", "refuse", "threaten", "go", "aim", "debate"})
#: Words that make a clause not the user's current state wherever they stand in it.
_UNREAL_WORDS = frozenset({"maybe", "perhaps", "someday", "hypothetically", "ago", "anymore",
                           "formerly", "previously", "originally", "once"})


def governor(token: Token) -> Token | None:
    """The verb (or, in a verbless fragment, the root) a noun phrase token belongs to."""
    for _ in range(12):
        if token.dep_ in _SUBJECTS and token.head.pos_ in _VERBS:
            return token.head  # "My job at X ended", "Smudge, our cat, went missing"
        if token.dep_ not in _PHRASE or token.head.i == token.i:
            break
        token = token.head
        if token.pos_ in _VERBS:
            return token
    return token if token.pos_ in _VERBS or token.dep_ == "ROOT" else None


def subject_of(verb: Token) -> Token | None:
    """The verb's subject, or the one it shares with the verb it hangs from."""
    for _ in range(6):
        subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        if subject is not None:
            return subject
        if verb.dep_ not in _SHARED or verb.head.i == verb.i:
            return None
        verb = verb.head
    return None


def is_user(subject: Token | None) -> bool:
    """"I", "we", or a conjunction with the user in it ("my husband and I")."""
    if subject is None:
        return False
    words = [subject, *(c for c in subject.children if c.dep_ == "conj")]
    return any(w.lower_ in _USER for w in words)


def _chain(verb: Token) -> list[Token]:
    """The verb and the verbs above it in its sentence, nearest first."""
    out = [verb]
    while out[-1].head.i != out[-1].i and len(out) < 8:
        out.append(out[-1].head)
    return out


def asserted_now(verb: Token, *, tense: bool = True) -> bool:
    """True when the clause of `verb` states a current fact: not negated, modal, conditional,
    wished, reported or (with `tense`) past; a perfect holds now."""
    for n, word in enumerate(_chain(verb)):
        kids = list(word.children)
        if any(c.dep_ == "neg" or c.lower_ in ("never", "no") for c in kids):
            return False
        if any(c.dep_ == "aux" and c.lower_ in _MODALS
               and not (n == 0 and c.lower_ in ("will", "'ll") and word.lemma_ in _CONTINUE)
               for c in kids):
            return False  # ... but "I'll keep my job at X" has it now
        if any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in kids):
            return False
        if any(c.lower_ in _UNREAL_WORDS for c in kids):
            return False
        if n > 0 and word.lemma_.lower() in _UNREAL_HEADS:
            return False
        if n == 0 and tense and not _present(word, kids):
            return False
    return True


def _present(verb: Token, kids: list[Token]) -> bool:
    """Present or perfect: "live", "lives", "am living", "have lived"; not "lived"."""
    auxes = [c for c in kids if c.dep_ in ("aux", "auxpass")]
    if any(a.lower_ in ("have", "has", "'ve", "'s") and verb.tag_ == "VBN" for a in auxes):
        return True
    if any(a.tag_ == "VBD" for a in auxes):
        return False  # "I was living", "we did live", "I had lived"
    return verb.tag_ in ("VBP", "VBZ", "VBG", "VB", "VBN", "NN", "NNS", "NNP", "JJ") or (
        verb.dep_ == "ROOT" and verb.pos_ not in _VERBS)


def mine(noun: Token) -> bool | None:
    """Whose a noun is by its determiner: True for "my"/"our", False for someone else's
    ("his", "my sister's"), None when it does not say ("the", "a")."""
    for c in noun.children:
        if c.dep_ == "poss":
            if c.lower_ in ("my", "our"):
                return True
            if c.pos_ in ("PRON", "PROPN") or _PERSON.fullmatch(c.lower_):
                return False  # "his flat", "Ana's flat", "my sister's flat"
    return None
