"""The name the user goes by when they also give the official one: "Officially I'm
Alexandra, but it's Sasha to everyone", "my passport says Jonathan, everyone calls me Jon",
"legally Margarethe - Grete to my friends", "I'm Robert on paper, Bobby at home".

The official name must be the user's own (their "I'm", their passport, a sentence that opens
with "legally"), so "my boss is officially Dr. Kaur but it's Jas to everyone" names no one's
name for the user; and the used name must look like a name ("everyone calls me lazy"). Pure.
"""
from __future__ import annotations

import re

from pipeline.extract.mentions import NAME, is_name

_I = re.IGNORECASE
_PAPER = (r"(?:officially|legally|technically|formally|on\s+paper|on\s+(?:my\s+)?(?:passport"
          r"|birth\s+certificate|id|forms))")
_MINE = r"(?:i'm|i\s+am|my\s+name\s+is|my\s+name's|it's)"
_DOCUMENT = (r"my\s+(?:passport|birth\s+certificate|driver'?s\s+licen[cs]e|id|legal\s+name"
             r"|full\s+name|real\s+name|given\s+name|official\s+name|proper\s+name)")
#: Where the official name is the user's own.
_OFFICIAL = re.compile(
    r"\b" + _PAPER + r",?\s+" + _MINE + r"\s+(?P<o>" + NAME + r")"
    r"|\b" + _MINE + r"\s+(?:officially\s+|legally\s+|technically\s+)?(?P<o2>" + NAME + r")\s+"
    + _PAPER
    + r"|\b" + _DOCUMENT + r"\s+(?:says|is|reads|'s)\s+(?P<o3>" + NAME + r")"
    r"|^\W*(?:officially|legally|on\s+paper)\W+(?P<o4>" + NAME + r")\s*(?=[,;:\u2014\u2013-])", _I)
_PEOPLE = (r"(?:everyone|everybody|my\s+friends|friends|family|my\s+family|most\s+people|people"
           r"|home|work|everyone\s+else|all\s+my\s+friends|my\s+mates|mates|the\s+team)")
#: The used name, said right after the official one (matched at its end, so no "^").
_USED = re.compile(
    r"[\s,;:.!\u2014\u2013-]*(?:but\s+|though\s+|and\s+)?(?:(?:it's|i'm|just|mostly|always)\s+)?"
    r"(?P<u>" + NAME + r")\s+(?:to|for|with|among|at|around)\s+" + _PEOPLE + r"\b"
    r"|[\s,;:.!\u2014\u2013-]*(?:but\s+|though\s+|and\s+)?(?:everyone|everybody|people|friends"
    r"|my\s+friends|most\s+people)\s+(?:\w+\s+){0,3}?(?:calls?\s+me|knows?\s+me\s+as)\s+(?P<u2>"
    + NAME + r")"
    r"|[\s,;:.!\u2014\u2013-]*(?:but\s+|though\s+|and\s+)?(?:i\s+(?:go\s+by|answer\s+to|use)"
    r"|(?:please\s+)?call\s+me)\s+(?P<u3>" + NAME + r")", _I)


def used_name(text: str, question: bool) -> str | None:
    """The name the user goes by in `text` when it also gives their official one, else None."""
    if question:
        return None
    for m in _OFFICIAL.finditer(text):
        official = m.group("o") or m.group("o2") or m.group("o3") or m.group("o4")
        if not is_name(official):
            continue
        used = _USED.match(text, m.end())
        if used is None:
            continue
        name = used.group("u") or used.group("u2") or used.group("u3")
        if is_name(name) and name != official:
            return name
    return None
