"""Languages the user speaks, named in passing: "I work from French and English", "Polish
with my mum", "Twi at home", "which is how we talk at home"; someone else's ("his Malayalam
texts") and a wish ("I want to learn Dutch") are not. Part of passing.py's pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract import lexicon as lx
from pipeline.extract.mentions import Found, cue, own, scan
from pipeline.extract.mood import mood_at
from pipeline.extract.objects import LANGUAGE_DENIED

_I = re.IGNORECASE

_LANG = r"(?P<lang>" + lx.alt(lx.LANGUAGES) + r")"
_SPEAKS = re.compile(
    r"\bi (?:(?:can\s+|also\s+)?(?:speak|get by in|manage in|hold (?:a|my own in a) conversation in"
    r"|switch between|juggle|go back and forth between|flip between)"
    r"|work (?:from|in|into)|translate (?:from|into)?|write in|interpret|read and "
    r"speak|am fluent in|'m fluent in|did (?:a|the) (?:whole )?[\w ]{0,20}? in|teach)\s+", _I)
#: Where a list of languages after "I speak" ends: a new clause, its own subject or a wish
#: ("I speak Danish and Swedish, and I want to learn Dutch" speaks no Dutch).
_LIST_END = re.compile(r"[.;:!?]|\b(?:but|because|so|which|though|although|while|except"
                       r"|(?:and\s+)?(?:i|we|he|she|they|my|our|his|her)\b(?!\s+(?:native|mother))"
                       r"|want\w*|wish\w*|hope\w*|learn\w*|stud(?:y|ying)|trying|would like)\b", _I)
#: Languages by how they are used, in the order they are read (the names are capitalised:
#: the two "is my ..." rows match case-sensitively, "my french is rusty" names no language).
_LANG_CUES = (
    *(cue("language_spoken", p, group="lang", confidence=0.8) for p in (
        r"\b" + _LANG + r" at home\b",
        r"\b(?:first|native|mother|home) (?:language|tongue) is " + _LANG + r"\b")),
    cue("language_spoken", r"\b" + _LANG + r" is my (?:first|native|mother|home|main|second)\s+"
                           r"(?:language|tongue)\b", group="lang", flags=0),
    *(cue("language_spoken", p, group="lang", confidence=0.8) for p in (
        r"\b(?:i|we)\s+(?:\w+\s+)?(?:talk|chat|speak|write|text|reply|answer|pray|dream|think"
        r"|count|swear|argue|sing|read)\w*\s+(?:[\w']+\s+){0,4}?in\s+" + _LANG + r"\b",
        r"\bnative\s+" + _LANG + r"\s+speaker\b",
        r"\b(?:fluent|conversational|bilingual)\s+in\s+" + _LANG + r"\b",
        r"\b(?:we|i)\s+speak\s+" + _LANG + r"\b",
        # "I've been speaking more Twi than English all week": both are spoken.
        r"\b(?:i|we)(?:'ve| have)?\s+(?:been\s+)?(?:speaking|using|talking)\s+(?:more|mostly"
        r"|a lot of|some|lots of|only)\s+" + _LANG + r"\b",
        r"\b(?:speaking|using|talking)\s+(?:more|mostly|a lot of|some|lots of|only)\s+[\w-]+\s+"
        r"than\s+" + _LANG + r"\b")),
    cue("language_spoken", r"\bmy " + _LANG + r" is (?:(?:still|very|really|pretty|quite)\s+)?"
                           r"(?:fine|good|ok|okay|decent|fluent|solid|rusty|passable|not bad"
                           r"|good enough|perfect|native|excellent|great|strong|better)\b",
        group="lang",
        flags=0),
)
#: The user talking, writing or messaging: the languages said after it with who they are
#: for are the user's.
_TALKS = re.compile(r"\b(?:i|we)(?:'ll|'m|'ve|'d|\s+will|\s+am|\s+have)?\s+(?:\w+\s+){0,2}?(?:messag"
                    r"|text|talk|speak|spoke|writ|wrote|email|call|chat|repl|answer|translat"
                    r"|switch|send|sent|post)\w*\b", _I)
#: A language and who it is for: "English for the caterer", "Polish with my mum"; not
#: someone else's ("his Malayalam texts") nor a course ("Spanish for beginners").
_LANG_FOR = re.compile(r"(?<!\bhis )(?<!\bher )(?<!\btheir )(?<!\bmy )(?<!\byour )\b" + _LANG
                       + r"\s+(?:for|with|to)\s+(?:the|my|our|everyone|everybody|anyone|all|most"
                       r"|clients|customers|patients|colleagues|friends|family|the\s+kids)\b")
_LANG_WORD = re.compile(r"\b" + _LANG + r"\b")
#: A person spoken to, right before a word that names a language or a person.
_TO_SOMEONE = re.compile(r"\b(?:to|with|for)\s+$", _I)


#: A list of languages told as the household's after it: "she told her class in French,
#: Arabic and English, which is how we talk at home" (all three are the user's); "which is
#: how they talk" is theirs.
_HOME_LIST = re.compile(
    r"(?P<list>" + _LANG + r"(?:\s*,\s*" + _LANG.replace("<lang>", "<l2>") + r")*(?:,?\s+(?:and|&)\s+"
    + _LANG.replace("<lang>", "<l3>") + r")?)\s*,?\s+(?:which|that)(?:'s|\s+is|\s+are)\s+(?:how"
    r"|what)\s+(?P<who>we|i)\s+(?:\w+\s+)?(?:talk|speak|use|chat|communicate)\b")


def languages(text: str, question: bool) -> Iterator[Found]:
    for m in _HOME_LIST.finditer(text):
        if not question and mood_at(text, m.start("who"), question=False).modality == "asserted":
            for lang in _LANG_WORD.finditer(m.group("list")):
                yield "language_spoken", lang.group("lang"), "assert", 0.8, m.start("who")
    for m in _SPEAKS.finditer(text):
        if not own(text, m.start(), question):
            continue
        tail = _LIST_END.split(text[m.end():], maxsplit=1)[0]
        for lang in _LANG_WORD.finditer(tail):
            if _TO_SOMEONE.search(tail, 0, lang.start()) and (
                    lang.group("lang") in lx.LANGUAGES_ALSO_NAMES):
                continue  # "I speak to Maya in English": Maya is who is spoken to
            if LANGUAGE_DENIED.search(tail, 0, lang.start()):
                continue  # "I speak French and no German"
            yield "language_spoken", lang.group("lang"), "assert", 0.85, m.start()
    yield from scan(_LANG_CUES, text, question)
    talk = _TALKS.search(text)
    if talk is not None and own(text, talk.start(), question):
        # "I'll be messaging the caterer and my aunts: Malayalam for the aunts, English for
        # the caterer"; "I talk to my mum in Polish and English with everyone else".
        for m in _LANG_FOR.finditer(text, talk.end()):
            yield "language_spoken", m.group("lang"), "assert", 0.8, talk.start()
