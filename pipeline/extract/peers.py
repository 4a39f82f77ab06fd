"""A job told by the user's peers: "One of the other nurses, Fiona, is moving to Aberdeen",
"the other teachers at my school", "my fellow paramedics", "as a fellow engineer".

Speaking of "the other nurses" (or "my fellow nurses") counts oneself among them. The title
is inferred, not stated: it is kept when nothing better is known and never overrides a
title the user said (reconcile's source precedence). The group must be an occupation
(lexicon.OCCUPATIONS: "the other parents", "my fellow passengers" are no job), and the
group the user's own: "one of the other nurses on her ward", "my sister says one of the
other teachers ..." name someone else's colleagues.
"""
from __future__ import annotations

import re

from pipeline.extract.lexicon import OCCUPATIONS

#: Confidence of a title inferred from the user's peers (above the quarantine floor: the
#: source, not the confidence, keeps it from overriding what the user said).
PEER_CONFIDENCE = 0.7

_GROUP = r"(?P<group>(?:[a-z]+[ -])?[a-z]+s)"
_PEERS = re.compile(
    r"\b(?:one|some|two|three|a\s+few|most|all|many|none)\s+of\s+the\s+other\s+" + _GROUP + r"\b"
    r"|\b(?:the|my)\s+other\s+" + _GROUP.replace("group", "group2")
    + r"\s+(?:on|in|at)\s+(?:my|our)\s+(?:ward|shift|team|unit|school|practice|floor|crew"
      r"|department|office|rota|station|clinic|surgery|site|kitchen)\b"
    r"|\b(?:my|our)\s+fellow\s+" + _GROUP.replace("group", "group3") + r"\b"
    r"|\bas\s+a\s+fellow\s+(?P<one>(?:[a-z]+[ -])?[a-z]+)\b",
    re.IGNORECASE)
#: Someone else's colleagues: a third person or a relative named before, or "on her ward".
_SOMEONE_ELSE = re.compile(
    r"\b(?:she|he|they|her|his|their|hers|theirs)\b|\b(?:my|our)\s+(?:\w+\s+)?(?:sister|brother"
    r"|mum|mom|mother|dad|father|wife|husband|partner|boyfriend|girlfriend|friend|son|daughter"
    r"|cousin|aunt|uncle|niece|nephew|neighbou?r|flatmate|roommate)s?\b", re.IGNORECASE)
#: Occupations too vague to be a title on their own ("the other heads", "my fellow leads").
_TOO_VAGUE = frozenset({"head", "lead", "associate", "servant", "assistant", "representative",
                        "member", "agent"})


def _singular(word: str) -> str:
    w = word.lower()
    if w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    return w[:-1] if w.endswith("s") else w


def _title(group: str, plural: bool) -> str | None:
    words = group.lower().replace("-", " ").split()
    # "the other night nurses" or, when the second word is no noun, "the other nurses was".
    for kept in (words, words[:1]) if len(words) > 1 else (words,):
        head = _singular(kept[-1]) if plural else kept[-1]
        if head in _TOO_VAGUE:
            continue
        whole = " ".join([*kept[:-1], head])
        if whole in OCCUPATIONS:
            return whole
        if head in OCCUPATIONS and len(kept) > 1 and kept[0].isalpha():
            return whole
        if head in OCCUPATIONS:
            return head
    return None


def peer_title(text: str) -> str | None:
    """The job title `text` implies by the user's peers, or None."""
    for match in _PEERS.finditer(text):
        if _SOMEONE_ELSE.search(text[:match.start()]):
            continue
        after = text[match.end():match.end() + 30]
        if re.match(r"\s+(?:on|in|at|from)\s+(?:her|his|their)\b", after, re.IGNORECASE):
            continue
        group = match.group("group") or match.group("group2") or match.group("group3")
        title = _title(group, True) if group else _title(match.group("one"), False)
        if title:
            return title
    return None
