"""The name the user goes by when they also give the official one: "Officially I'm
Alexandra, but it's Sasha to everyone", "my passport says Jonathan, everyone calls me Jon",
"legally Margarethe - Grete to my friends", "I'm Robert on paper, Bobby at home".

The official name must be the user's own (their "I'm", their passport, a sentence that opens
with "legally"), so "my boss is officially Dr. Kaur but it's Jas to everyone" names no one's
name for the user; and the used name must look like a name ("everyone calls me lazy"). The
two may stand apart: later in the sentence ("Officially I'm Alasdair on every form, but
nobody has called me that in years, it's Ally to everyone") or in another sentence of the
turn ("Sign it Kobby. My passport says Kwabena but nobody calls me that"): `name_in_turn`
reads the turn for that. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime

from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.mentions import NAME, is_name
from schemas.records import Claim

_I = re.IGNORECASE
_PAPER = (r"(?:officially|legally|technically|formally|on\s+paper|on\s+(?:my\s+|every\s+|all\s+"
          r"(?:the\s+|my\s+)?|the\s+|any\s+)?(?:passport|birth\s+certificate|id|forms?"
          r"|documents?|paperwork|papers|licen[cs]e|driver'?s\s+licen[cs]e|id\s+card))")
_MINE = r"(?:i'm|i\s+am|my\s+name\s+is|my\s+name's|it's)"
_DOCUMENT = (r"my\s+(?:passport(?:\s+name)?|birth\s+certificate|driver'?s\s+licen[cs]e|id"
             r"|documents|papers|id\s+card|identity\s+card"
             r"|legal\s+name|full\s+name|real\s+name|given\s+name|official\s+name|proper\s+name"
             # the form's own words for it: "my 'name as on passport'", "my name on my ID"
             r"|['\"\u2018\u201c]?name\s+(?:as\s+(?:it\s+(?:appears|is\s+written)\s+)?)?on\s+(?:my\s+"
             r"|the\s+)?(?:passport|id|birth\s+certificate|papers|paper|documents?|licen[cs]e)['\"\u2019\u201d]?)")
#: Where the official name is the user's own.
_OFFICIAL = re.compile(
    r"\b" + _PAPER + r",?\s+" + _MINE + r"\s+(?P<o>" + NAME + r")"
    r"|\b" + _MINE + r"\s+(?:officially\s+|legally\s+|technically\s+)?(?P<o2>" + NAME + r")\s+"
    + _PAPER
    + r"|\b" + _DOCUMENT + r"(?:\s+(?:says|say|is|are|reads|read|'s)|,?\s+(?:which\s+is|that's|i\.e\.))\s+(?P<o3>"
    + NAME + r")"
    r"|^\W*(?:officially|legally|on\s+paper)\W+(?P<o4>" + NAME + r")\s*(?=[,;:\u2014\u2013-])", _I)
_PEOPLE = (r"(?:everyone|everybody|my\s+friends|friends|family|my\s+family|most\s+people|people"
           r"|home|work|everyone\s+else|all\s+my\s+friends|my\s+mates|mates|the\s+team)")
_LEAD = r"[\s,;:.!\u2014\u2013-]*(?:but\s+|though\s+|and\s+)?"
#: The used name, said right after the official one (matched at its end, so no "^").
_USED = re.compile(
    _LEAD + r"(?:(?:it's|i'm|just|mostly|always)\s+)?"
    r"(?P<u>" + NAME + r")\s+(?:to|for|with|among|at|around)\s+" + _PEOPLE + r"\b"
    r"|" + _LEAD + r"(?:everyone|everybody|people|friends"
    r"|my\s+friends|most\s+people)\s+(?:\w+\s+){0,3}?(?:calls?\s+me|knows?\s+me\s+as)\s+(?P<u2>"
    + NAME + r")"
    r"|" + _LEAD + r"(?:i\s+(?:go\s+by|answer\s+to|use)"
    r"|(?:please\s+)?call\s+me)\s+(?P<u3>" + NAME + r")", _I)
#: A used name said anywhere in the turn: the forms above, wherever they stand, and the name
#: the user signs with ("sign it Kobby", "sign off as Meg").
_USED_ANYWHERE = re.compile(
    r"\b(?:it's|i'm)\s+(?P<u>" + NAME + r")\s+(?:to|for|with|among|around)\s+" + _PEOPLE
    + r"\b|\b(?:everyone|everybody|people|friends|most\s+people)\s+(?:\w+\s+){0,3}?"
    r"(?:calls?\s+me|knows?\s+me\s+as)\s+(?P<u2>" + NAME + r")"
    r"|\b(?:i\s+(?:go\s+by|answer\s+to)|(?:please\s+|just\s+)?call\s+me)\s+(?P<u3>" + NAME + r")"
    r"|\bsign\s+(?:it|off|the\s+(?:card|email|e-mail|message|note|letter))(?:\s+(?:as|with))?"
    r"\s+(?P<u4>" + NAME + r")\b"
    # A bare name asked for after the official one: "so Teo, please", "but please just
    # Grete", "Jon is fine".
    r"|(?:^|[,;:.]\s*|\b(?:so|but|just)\s+)(?:just\s+)?(?P<u5>" + NAME + r")(?:,?\s+please\b"
    r"|\s+(?:is|'s)\s+(?:fine|ok|okay|good|great|better)\b|\s+(?:works|will\s+do)\b)"
    r"|\bplease\s+(?:just\s+)?(?P<u6>" + NAME + r")\s*(?=[.!,;]|$)", _I)
#: After the official name and a turn against it ("but", "nobody says that"), the name the
#: user is: "My ID says Fatbardha, but nobody says that, it's Fati, just Fati", "my documents
#: say María Eugenia, but I've been Maru since kindergarten".
_AGAINST = re.compile(r"\b(?:but|though|however|although)\b|\b(?:nobody|no\s+one|no-one)\b", _I)
_USED_AFTER = re.compile(
    r"\b(?:it's|it\s+is|i'm|i\s+am|i've\s+been|i\s+have\s+been|just|always|only|everyone\s+says"
    r"|everybody\s+says|people\s+say|they\s+say|everyone\s+uses|so)\s+(?P<u>" + NAME + r")"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:since|to|for|at|with|among)\b)", _I)
#: The user disowns the official name: "nobody has called me that since school".
_DISOWNED = re.compile(r"\b(?:nobody|no\s+one|no-one)\s+(?:\w+\s+){0,2}?(?:calls?|called|uses?"
                       r"|used)\s+(?:me\s+)?(?:that|it)\b|\bonly\s+my\s+\w+\s+calls?\s+me\s+that\b"
                       # "Bartholomew, a name nobody has used since school", "which nobody uses"
                       r"|\b(?:a\s+name|which|that)\s+(?:nobody|no\s+one|no-one)\s+(?:\w+\s+){0,2}?"
                       r"(?:calls?\s+me|called\s+me|uses?|used)\b", _I)
#: A sentence about someone else's name is theirs ("my son's passport says ...").
_THEIRS = re.compile(r"\b(?:his|her|their|your)\s+(?:passport|name|birth\s+certificate|id)\b"
                     r"|\b(?:he|she|they)\s+(?:goes|go)\s+by\b|\b\w+'s\s+(?:passport|name)\b", _I)


def used_name(text: str, question: bool) -> str | None:
    """The name the user goes by in `text` when it also gives their official one, else None."""
    if question:
        return None
    for m in _OFFICIAL.finditer(text):
        official = _official(m)
        if not is_name(official):
            continue
        used = _USED.match(text, m.end()) or _USED_ANYWHERE.search(text, m.end())
        if used is None and (against := _AGAINST.search(text, m.end())) is not None:
            used = _USED_AFTER.search(text, against.end())
        if used is None:
            continue
        name = next(g for g in used.groups() if g)
        if is_name(name) and name != official:
            return name
    return None


def name_in_turn(found: Sequence[SentenceClaims], asked: Mapping[str, bool], at: datetime, *,
                 session_id: str) -> list[SentenceClaims]:
    """`found` with the name the user goes by when one sentence of the turn gives the
    official name and another the used one ("Sign it Kobby, by the way. My passport says
    Kwabena but nobody has called me that since primary school"). `asked` maps each of the
    user's own sentences to whether it is a question (pasted text is not in it); a turn that
    already names another preferred name is left as it is; the official name taken for the
    preferred one ("Officially I'm Rafael" read as "I'm Rafael") gives way to the used one."""
    own = [(i, s.text) for i, s in enumerate(found)
           if s.text in asked and not asked[s.text] and not _THEIRS.search(s.text)]
    officials = [(i, _official(m)) for i, text in own for m in _OFFICIAL.finditer(text)]
    officials = [(i, o) for i, o in officials if is_name(o)]
    names = {o for _, o in officials}
    if any(c.predicate == "preferred_name" and c.object not in names
           for s in found for c in s.claims):
        return list(found)
    for i, text in own if officials else ():
        used = _USED_ANYWHERE.search(text)
        name = next(g for g in used.groups() if g) if used else None
        if name is None or not is_name(name) or name in names:
            continue
        # Beside an official name the user disowns, or in the very sentence that gives one.
        if not any(j == i or _DISOWNED.search(found[j].text) for j, _ in officials):
            continue
        claim = Claim(predicate="preferred_name", object=name, confidence=0.85, valid_from=at,
                      session_id=session_id, turn=found[i].turn, evidence=text)
        out = [SentenceClaims(x.turn, x.text, tuple(
            c for c in x.claims if c.predicate != "preferred_name")) for x in found]
        out[i] = SentenceClaims(found[i].turn, text, (*out[i].claims, claim))
        return out
    return list(found)


def _official(m: re.Match[str]) -> str:
    return m.group("o") or m.group("o2") or m.group("o3") or m.group("o4")
