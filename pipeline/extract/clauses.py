"""Cutting a turn into sentences and clauses, the units the rule tables match against.

A clause is a stretch with one statement in it: "I'm vegetarian and I live in Madrid" is two.
An elliptic second verb gets its subject back ("I work at Google and live in Zurich" gives
"I live in Zurich"), but only when the first clause was the user's own.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pipeline.extract import lexicon as lx
from pipeline.extract.trust import starts_question

_I = re.IGNORECASE

_ABBREVIATIONS = frozenset({
    "mr", "mrs", "ms", "dr", "st", "prof", "jr", "sr", "inc", "ltd", "co", "corp", "vs", "etc",
    "e.g", "i.e", "eg", "ie", "approx", "no", "mt", "ft", "dept", "univ", "gen", "col", "lt",
    "sgt", "capt", "rev", "hon", "messrs", "u.s", "u.k", "a.m", "p.m", "ave", "blvd", "rd",
})
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*(?=\s|$)|\n+")
_LAST_WORD = re.compile(r"([\w.']+)\.$")

#: Verbs (base form) and adjectives that may follow "and" without a repeated subject.
_ELLIPTIC_VERBS = (
    r"live|work|have|speak|love|like|hate|enjoy|use|moved|started|joined|quit|got|own|play"
    r"|go|prefer|eat|keep|smoke|need|left"
    r"|relocated|prefer|take|practi[cs]e|do|don't|can't|dislike|adore|run|teach|study"
    r"|finished|became|stopped|gave|adopted|rescued|speak|volunteer|identify|go by|call|start"
    r"|starting|begin|moved")
_ELLIPTIC_ADJECTIVES = (
    r"allergic|vegetarian|vegan|pescatarian|married|single|divorced|engaged|based|fluent"
    r"|gluten-free|lactose|a (?:vegetarian|vegan|smoker|non-smoker)|not|no longer|deaf|blind"
    r"|an? (?:(?:keen|avid|big|huge|passionate|amateur|casual|serious|lifelong) )*(?:"
    + "|".join(sorted(lx.AGENT_HOBBIES, key=len, reverse=True)) + r")")
_FIRST_PERSON = re.compile(
    r"^(?:i|i'm|im|i am|i've|i'd|we|we're|we've|we are|my \w+ and i|me and my \w+)\b", _I)
_SPLIT = re.compile(
    r"\s*;\s*|\s*:\s+|\s+[-\u2013\u2014]+\s+|\s*\(\s*|\s*\)\s*"
    r"|,?\s+(?:but|whereas|although|though|because|cause|cos|except)\s+"
    r"|,\s*so\s+|\s+so\s+(?=(?:i|i'm|i've|we|we're|my|our)\b)"
    r"|,?\s+(?:since|while|as|when|and then|then)\s+(?=(?:i|i'm|i've|we|we're|my|our)\b)"
    # "my last shift is the 24th, and then from Monday 2 November I'm head chef at Olivar":
    # the next state, dated at its own start.
    r"|,?\s+(?:and\s+)?then\s+(?=(?:from|on|as\s+of|starting|after\s+that)\b[^,.;]{0,40}?\b"
    r"(?:i|i'm|i'll|we|we're|we'll|my|our)\b)"
    # "my last day is the 2nd, and on Monday 13 April I start at Tessera": a fronted time or
    # place before a new subject opens a clause with its own date.
    r"|,?\s+(?:and|but|plus)\s+(?=(?:on|from|in|at|by|after|before|as\s+of|starting|since"
    r"|until|till|this|next|last|every)\s[^,.;]{0,40}?,?\s(?:i|i'm|i'll|i've|we|we're|we'll"
    r"|we've)\s)"
    # "... and honestly I'm hooked": a sentence adverb before the new subject.
    r"|,?\s+(?:and|&|plus)\s+(?=(?:(?:also|now|then|so|honestly|frankly|actually|luckily"
    r"|sadly|thankfully|obviously|basically|weirdly|annoyingly|happily),?\s+)?"
    r"(?:i|i'm|i've|i'd|i'll|we|we're"
    r"|we've|my|our|it|it's|she|he|they|that|this|there|btw|by the way|since)\b)"
    r"|(?P<do>,?\s+(?:and|&|plus)\s+(?=(?:(?:also|just|now|currently|still|recently|then)\s+)?"
    r"(?:" + _ELLIPTIC_VERBS + r")\b))"
    r"|(?P<be>,?\s+(?:and|&|plus)\s+(?=(?:also |now |still )?(?:" + _ELLIPTIC_ADJECTIVES
    + r")\b))"
    # "I went back to meat, gave up being vegan in May": a comma before a change verb
    # drops a repeated subject.
    r"|(?P<do2>,\s+(?=(?:(?:just|finally|then|also|recently)\s+)?(?:gave\s+up|stopped|quit"
    r"|moved|relocated|started|joined|left|switched|went\s+back|took\s+up|dropped)\b))"
    r"|,?\s+or\s+(?=(?:i|we|my)\b)"
    r"|,\s+(?=(?:i|i'm|i've|i'd|i'll|im|we|we're|we've|my|our|but|so|which|who|because"
    r"|though(?!\s*,)|although|also|oh|btw|anyway|actually|sorry|not|it|it's|that's|please|then"
    r"|still\s+(?:in|living|based|at|with|smoking)"
    # ", as a nurse" names the role of the clause before it; ", as I said" starts a clause.
    r"|now|just|since|as(?!\s+(?:an?|the)\s)|right|thanks|thank|hope|any|can|could|what|how"
    r"|is|are|do|does"
    r"|should|would|where|when|why|nice|good|great|haha|lol|and\s+where|whereas)\b)", _I)

_LEAD = re.compile(
    r"^(?:(?:and|but|so|also|oh|ah|well|ok|okay|yeah|yes|yep|no(?=[,!.:-])|nope|um|uh|hmm|anyway"
    r"|anyways"
    r"|btw|by the way|fyi|plus|then|now|hey|hi|hello|just so you know|for the record"
    r"|for context|for your information|as i (?:said|mentioned|told you)(?: before| earlier"
    r"| already)?|like i said|as you know|as mentioned|as i've said|remember|(?:can|could|would|"
    r"will) you (?:please )?remember|please (?:remember|note)|(?:please )?note|make a note"
    r"|keep in mind|quick update|update|good news|great news|big news|bad news|news|fun fact"
    r"|(?:it )?turns out|guess what|honestly|frankly|to be honest|tbh|actually|sorry|oops"
    r"|whoops|correction|in fact|of course|basically|so yeah|anyhow|funny enough"
    r"|interestingly|sadly|unfortunately|fortunately|luckily|happily|finally|officially"
    r"|just|also|that's right|right|exactly|true|nope|yes indeed|indeed|wait|um+|currently"
    r"|these days|nowadays|lately|recently)"
    r"(?: that)?[,:!.-]*\s+)+", _I)
#: A companion before "and I" ("Sam and I", "my wife and I"): one compound subject.
_COMPANION = re.compile(r"^(?:(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?|(?:my|our)\s+"
                        r"(?:[\w-]+\s+)?"
                        r"[\w-]+(?:\s*,\s*(?-i:[A-Z])[\w'-]*\s*,?)?)$", _I)
_AND_I = re.compile(r",?\s+(?:and|&)\s+(?:i|me)\b(?!')", _I)
_BULLET = re.compile(r"(?m)^[ \t]*(?:[-*\u2022]|\d{1,2}[.)])[ \t]+")
_EMPHASIS = re.compile(r"\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])")
_ASIDE = re.compile(r"\s*\((?:[^()\s]+\s?){1,3}\)")
#: A longer aside in brackets, a clause of its own inside another: "I'm allergic to
#: penicillin (a rash when I was a kid) and to walnuts".
_LONG_ASIDE = re.compile(r"\s*\((?P<aside>[^()]{1,160})\)")
_NON_FIRST_I = re.compile(r"\bI(?:'m|'ve|'d|'ll)?\b|\bOK\b")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a turn and its clauses."""

    text: str
    clauses: tuple[str, ...]
    question: bool
    lowercase: bool


@lru_cache(maxsize=8192)
def normalise_text(text: str) -> str:
    """Plain quotes and apostrophes, single spaces; newlines kept (they end sentences)."""
    text = (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
            .replace("\u201d", '"').replace("\u00a0", " "))
    text = _EMPHASIS.sub("", _BULLET.sub("", text))
    return re.sub(r"[ \t]+", " ", text).strip()


def split_sentences(text: str) -> list[str]:
    """Sentences, cut at . ! ? and newlines, but not after "Dr." or "St."."""
    out: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group(0).startswith(".") and len(m.group(0).rstrip("\"')]")) == 1:
            word = _LAST_WORD.search(text[start:m.start() + 1])
            if word and (word.group(1).lower() in _ABBREVIATIONS or len(word.group(1)) == 1):
                continue
        piece = text[start:m.end()].strip()
        if piece:
            out.append(piece)
        start = m.end()
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return out


def split_clauses(sentence: str) -> list[str]:
    """Clauses of one sentence, each stripped of end punctuation. A longer aside in brackets
    is read as clauses of its own, after the clause it stands in, and the clause around it
    is read whole (its list goes on after the aside)."""
    body = _ASIDE.sub("", sentence).rstrip(" .!?\"')]")  # "(severe)" is an aside
    asides = [m.group("aside") for m in _LONG_ASIDE.finditer(body)]
    if not asides:
        return _split_body(body)
    out = _split_body(_LONG_ASIDE.sub("", body))
    for aside in asides:
        out.extend(_split_body(aside))
    return out


def _split_body(body: str) -> list[str]:
    out: list[str] = []
    start = 0
    prefix = ""
    for m in _SPLIT.finditer(body):
        clause = body[start:m.start()]
        do = m.group("do") is not None or m.group("do2") is not None
        elliptic = do or m.group("be") is not None
        if elliptic and not _FIRST_PERSON.match(strip_lead(prefix + clause) or ""):
            continue  # "my sister is vegan and allergic to ..." stays one clause
        if _COMPANION.match(strip_lead(clause)) and _AND_I.match(body, m.start()):
            continue  # "Sam and I got married": one subject, one clause
        _append(out, prefix + clause)
        prefix = "I " if do else "I'm " if m.group("be") else ""
        start = m.end()
    _append(out, prefix + body[start:])
    return out


def _append(out: list[str], clause: str) -> None:
    clause = clause.strip(" ,.!?\"'")
    if clause:
        out.append(clause)


def strip_lead(clause: str) -> str:
    """The clause without discourse lead-ins ("By the way,", "As I said,", "Remember that")."""
    return _LEAD.sub("", clause, count=1)


def is_lowercase(sentence: str) -> bool:
    """True when the sentence was typed without capitals (so casing says nothing)."""
    return not any(c.isupper() for c in sentence)


def sentences(text: str) -> list[Sentence]:
    """The turn's text as sentences with their clauses."""
    return list(_sentences(text))


@lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[Sentence, ...]:
    # Pure, and asked again of the same text (a turn read by the online pass and again with
    # its session, a clause put in the present, the short replies people repeat): cut once.
    out = []
    for s in split_sentences(normalise_text(text)):
        clauses = tuple(split_clauses(s))
        out.append(Sentence(text=s, clauses=clauses,
                            question=s.rstrip(" \"')]").endswith("?")
                            and not _emphatic(s, clauses),
                            lowercase=is_lowercase(s)))
    return tuple(out)


#: A doubled mark after a statement is emphasis, not asking: "two weeks into the job and I
#: love it??", "we got the flat?!".
_DOUBLED_MARK = re.compile(r"(?:\?\?|\?!|!\?)[?!]*[\"')\]]*\s*$")


def _emphatic(sentence: str, clauses: tuple[str, ...]) -> bool:
    """True when `sentence` ends in "??" or "?!" but no clause of it opens like a question
    ("why is it always me??" still asks)."""
    if not _DOUBLED_MARK.search(sentence):
        return False
    return not any(starts_question(strip_lead(c)) or _ASKING.search(c) for c in clauses)


#: Words that ask wherever they stand in a clause: "so it's fine, right??".
_ASKING = re.compile(r"\b(?:right|really|seriously|isn't it|aren't they|no|huh|or what|or not"
                     r"|anyone|any ideas?|what|why|how|who|where|when|which)\s*$"
                     r"|\b(?:what|why|how|who|where|which)\b", _I)


_SUBJECTLESS_DO = re.compile(
    r"^(?:(?:just|recently|finally|also|now|still|currently|really|actually) )*"
    r"(?:moved|relocated|started|joined|quit|left|adopted|became|finished|switched|gave up"
    r"|stopped|took up|got (?:married|engaged|divorced|promoted|a job|hired|an?\s|two\s|three\s)"
    r"|work|live|speak"
    r"|used to|haven't|have not|never|kicked|accepted)\b", _I)
_SUBJECTLESS_BE = re.compile(
    r"^(?:(?:also|now|still|currently|really|actually) )*(?:allergic|based (?:in|out of)|living in"
    r"|(?<=still )in\b|(?<=now )in\b"
    r"|working (?:at|for|as|on)|married|engaged|divorced|vegetarian|vegan)\b", _I)


def restore_subject(clause: str) -> str:
    """A chat-style clause without its subject ("Just moved to Berlin") gets "I" back."""
    if _SUBJECTLESS_DO.match(clause):
        return "I " + clause
    if _SUBJECTLESS_BE.match(clause):
        return "I'm " + clause
    return clause
