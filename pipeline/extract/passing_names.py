"""The user's own name to use and pronouns, told in passing: "everyone calls me Shiru",
"Thomas here, but Tom is fine", "Farah, or Fa, I don't mind", "Priya (she/her) here", "mine
say they/them now"; someone else's are theirs. Part of passing.py's pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract.mentions import NAME, Found, cue, is_name, own, scan
from pipeline.extract.mood import mood_at
from pipeline.extract.used_name import used_name

_I = re.IGNORECASE

_CALLED = re.compile(
    r"\b(?:everyone|everybody|people|friends|most people|colleagues|they all|all my friends)\s+"
    r"(?:\w+\s+){0,4}?calls? me (?P<m>" + NAME + r")\b"
    r"|\b(?:i go by|just call me|please call me|you can call me) "
    r"(?P<m2>" + NAME + r")\b"
    r"|\b(?-i:[A-Z][a-z'-]+(?: [A-Z][a-z'-]+)?) here,? but (?P<m3>(?-i:[A-Z][a-z'-]+)) is "
    r"(?:fine|ok|okay|good|great)\b", _I)
#: "I'm Deirdre, but only my gran calls me that, Dee is fine": after the user's own name,
#: the short form they accept is the name to use.
_ACCEPTED = re.compile(r"\b(?:but|though|although|,)\s+(?:[^.;!?]{0,60}?[,;]\s*)?(?:just\s+)?"
                       r"(?P<m>" + NAME + r") (?:is|'s) (?:fine|ok|okay|good"
                       r"|great|better|easier|what (?:everyone|people|most people|friends) use)"
                       r"|\b(?P<m2>" + NAME + r") (?:works|will do|for short)\b"
                       # "I'm Nombali, but it's Mbali to everyone except my gran"
                       r"|\bit's\s+(?P<m3>" + NAME + r")\s+(?:to|for|with)\s+(?:everyone|everybody"
                       r"|friends|my\s+friends|most\s+people|people|all\s+my\s+friends)\b", _I)
_OWN_NAME = re.compile(r"\b(?:i'm|i am|my name is|my name's|it's)\s+(?-i:[A-Z])|^(?-i:[A-Z])[a-z'-]+"
                       r"(?: (?-i:[A-Z])[a-z'-]+)? here\b", _I)
#: The user's name offered with a short form, either being fine: "Farah, or Fa, I don't
#: mind" (the name to use is the short one offered).
_EITHER = re.compile(r"^\W*(?:(?:hello|hi|hey|hiya)\W+)*(?:i'm\s+|it's\s+)?(?P<o>" + NAME + r"),?\s+or\s+"
                     r"(?:just\s+)?(?P<m>" + NAME + r")\s*[,;.]?\s*(?:i\s+don't\s+mind|either(?:\s+(?:is|works"
                     r"|one))?|whichever|both\s+(?:work|are\s+fine)|(?:is|'s)\s+fine)\b", _I)
_IM_NAME = re.compile(r"^(?:(?:hi|hello|hey|no|yes)\W+)*(?:i'm|i am|my name is|my name's)\s+"
                      r"(?P<m>" + NAME + r")(?=\s*(?:,|\.|and\b|$|here\b))",
                      _I)
_PRONOUN_FIX = re.compile(r"\b(?P<p>she|he|they)(?:/\w+)?,?\s+not\s+(?:he|she|they|him|her)\b",
                          _I)
_PRONOUN_USE = re.compile(r"\b(?:use|go by|prefer)\s+['\"]?(?P<p>they|she|he)(?:/\w+)?['\"]?"
                          r"(?=\s+(?:for me|pronouns|when|please|,|\.|$|and|if))", _I)
#: Someone else's pronouns are theirs: "Sam's pronouns are", "her pronouns are".
_NOT_THEIRS = r"(?<!'s\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\byour\s)"
_PRONOUN_SET = cue(
    "pronouns", r"\b(?:i use|i go by|i'm|i am|use|" + _NOT_THEIRS + r"pronouns(?: are|:)?|it's|call me)\s+(?P<set>"
    r"(?:she|he|they|xe|ze)/(?:her|him|them|hers|his|theirs|xem|zir)(?:/\w+)?)\b", group="set",
    lower=True)
#: Pronouns told as "mine" after the word: "the portal lets you set pronouns, so mine say
#: they/them now", "Sam's pronouns are she/her and mine are he/him".
_MINE_SAY = re.compile(r"\bpronouns\b[^.;!?]{0,80}?\bmine\s+(?:now\s+)?(?:say|says|are|read|reads"
                       r"|show|shows|is|=|:)\s*(?:now\s+)?(?P<set>(?:she|he|they|xe|ze)/(?:her|him"
                       r"|them|hers|his|theirs|xem|zir)(?:/\w+)?)\b", _I)
#: Pronouns written on a form that asks for them: "the form has a pronouns box, I put
#: she/her" (not "... I put he/him for my son").
_FORM_PRONOUNS = re.compile(r"\bpronouns?\b[^.;!?]{0,60}?\b(?P<i>i)\s+(?:just\s+)?(?:put|wrote|ticked"
                            r"|entered|chose|picked|went\s+with|filled\s+in|selected)\s+(?:down\s+)?"
                            r"(?P<set>(?:she|he|they|xe|ze)/(?:her|him|them|hers|his|theirs|xem"
                            r"|zir))\b(?!\s+(?:for|on)\s+(?:my|our|his|her|their|(?-i:[A-Z])))", _I)
_BARE_PRONOUNS = re.compile(r"(?<![\w/])(?P<set>(?:she|he|they|xe|ze)/(?:her|him|them|hers|his"
                            r"|theirs|xem|zir))(?![\w/])", _I)
_THIRD_PARTY = re.compile(r"\b(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:friend|sister|brother|kid"
                          r"|child|son|daughter|partner|wife|husband|boss|colleague|student"
                          r"|client|teen|cousin|parent|sibling)s?\b", _I)
_DEMONYM = re.compile(r"(?:an|ish|ese|ian|ch|i|ic)$")


def names(text: str, question: bool) -> Iterator[Found]:
    preferred = False
    used = used_name(text, question)  # "officially Alexandra, but it's Sasha to everyone"
    if used is not None:
        preferred = True
        yield "preferred_name", used, "assert", 0.9, 0
    for m in _CALLED.finditer(text):
        name = m.group("m") or m.group("m2") or m.group("m3")
        if name and is_name(name):
            preferred = True
            yield "preferred_name", name, "assert", 0.9, m.start()
    either = None if question or preferred else _EITHER.search(text)
    if either and is_name(either.group("o")) and is_name(either.group("m")):
        preferred = True
        yield "preferred_name", either.group("m"), "assert", 0.85, either.start("m")
    own_name = _OWN_NAME.search(text)
    if own_name and not question:
        for m in _ACCEPTED.finditer(text, own_name.end()):
            name = m.group("m") or m.group("m2") or m.group("m3")
            if is_name(name) and not preferred:
                preferred = True
                yield "preferred_name", name, "assert", 0.9, m.start()
    m = _IM_NAME.search(text)
    if m and m.group("m").lower().endswith(("-based", "-born", "-ish")):
        m = None  # "I'm Leeds-based"
    if (m and not preferred and is_name(m.group("m")) and not _DEMONYM.search(m.group("m"))
            and not question):
        yield "preferred_name", m.group("m"), "assert", 0.85, m.start()
    yield from scan((_PRONOUN_SET,), text, question)
    for m in _MINE_SAY.finditer(text):
        # Judged where "pronouns" is said: "mine say" is no one reporting.
        if own(text, m.start(), question) and mood_at(text, m.start("set"),
                                                      question=question).subject == "user":
            yield "pronouns", m.group("set").lower(), "assert", 0.85, m.start("set")
    # A bare set beside the user's own name or at the start ("Sam, she/her, nurse in
    # Leeds", "Priya (she/her) here"); after someone else's name or word, it is theirs.
    for m in _BARE_PRONOUNS.finditer(text):
        before = text[:m.start()]
        if (not _PRONOUN_SET.rx.search(text) and not question and not _THIRD_PARTY.search(before)
                and (not before.strip(" (,:-") or _OWN_NAME.search(before)
                     or re.fullmatch(r"[^,.;!?]{0,40}?[A-Z][a-z'-]+\s*[(,]\s*", before))):
            yield "pronouns", m.group("set").lower(), "assert", 0.8, m.start()
    for m in _FORM_PRONOUNS.finditer(text):
        # Judged at the writer: "I wrote" is the user writing, not someone's report.
        if own(text, m.start("i"), question) and mood_at(
                text, m.start("set"), question=question).modality == "asserted":
            yield "pronouns", m.group("set").lower(), "assert", 0.85, m.start("set")
    for m in _PRONOUN_USE.finditer(text):
        if own(text, m.start(), question) and "/" not in m.group(0):
            value = {"she": "she/her", "he": "he/him", "they": "they/them"}[m.group("p").lower()]
            yield "pronouns", value, "assert", 0.8, m.start()
    for m in _PRONOUN_FIX.finditer(text):
        pronoun = m.group("p").lower()
        value = {"she": "she/her", "he": "he/him", "they": "they/them"}[pronoun]
        yield "pronouns", value, "assert", 0.85, m.start()
