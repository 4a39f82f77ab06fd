"""Allergies told with the word "allergic" or "allergy": "I have a nut allergy: peanuts",
"the GP says I'm allergic", "I'm not allergic to it after all" (a removal), and the
allergens listed in answer to a form's question. Those told by what they do to the body or
by a test are allergy_told.py's. Part of passing.py's pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract.mentions import Found, cue, own, scan
from pipeline.extract.mood import mood_at

_I = re.IGNORECASE

#: Things people are allergic to, for "not allergic to it" to find what "it" is.
_ALLERGENS = (r"penicillin|amoxicillin|antibiotics?|aspirin|ibuprofen|codeine|morphine|latex"
              r"|sulfa|peanuts?|tree nuts|nuts|shellfish|prawns|shrimp|fish|gluten|wheat|dairy"
              r"|milk|lactose|eggs?|sesame|soy|soya|mustard|celery|lupin|kiwi|strawberr(?:y|ies)"
              r"|cats?|dogs?|pollen|hay fever|dust mites?|dust|bee stings|bees?|wasps?|mould"
              r"|mold|horses?|nickel|iodine|mango|avocado|banana|tomato(?:es)?|garlic")
_ALLERGEN_WORD = re.compile(r"\b(?P<a>" + _ALLERGENS + r")\b", _I)
_ALLERGY_CUES = tuple(cue("allergy", p, lower=True, expert_ok=True) for p in (
    r"\b(?:have|got|with)\s+(?:a|an)\s+(?:\w+\s+)?allerg(?:y|ies)\s*(?::|-|,|to)\s*"
    r"(?P<m>" + _ALLERGENS + r")\b",
    r"\b(?:proper|real|confirmed|genuine|true|actual|serious|full-blown|definite)\s+"
    r"allergy\b[^.]*?\b(?:stay away from|avoid|keep away from|allergic to|steer clear"
    r" of)\s+(?P<m>" + _ALLERGENS + r")\b"))
_NOT_ALLERGIC_TO_IT = re.compile(
    r"\b(?:i'm|i am)\s+(?:actually\s+|really\s+)?not\s+(?:actually\s+|really\s+)?allergic\s+to\s+"
    r"(?:it|that|them|this)\b", _I)


#: "... so I'm not allergic (after all)": the allergen named before it is no allergy.
_NOT_ALLERGIC = re.compile(r"\b(?:i'm|i am)\s+(?:actually\s+|really\s+)?not\s+(?:actually\s+"
                           r"|really\s+)?allergic(?=\s*(?:[,.;!?]|$|after\s+all\b|at\s+all\b))", _I)
_ALLERGIC_TO_IT = re.compile(
    r"\b(?:i'm|i am)\s+(?:actually\s+|definitely\s+|properly\s+)?allergic(?:\s+to\s+(?:it|that|them"
    r"|this))?(?=\s*(?:[,.;!?]|$|and\b|so\b|after all\b))", _I)


#: A form that asks for allergies ("it asks for allergies", "the allergies box"), and the
#: user's answer to it in the same turn: "I always put penicillin, ... and cats".
_ALLERGY_FORM = re.compile(r"\b(?:asks?|asking|asked|wants?|question)\s+(?:for|about)\s+(?:any\s+|my\s+)?"
                           r"allerg(?:y|ies)\b|\ballerg(?:y|ies)\s+(?:section|box|field|question"
                           r"|part|bit)\b", _I)
_FORM_ANSWER = re.compile(r"\bi\s+(?:always\s+|usually\s+|just\s+|normally\s+|only\s+)?(?:put"
                          r"|write|list|tick|fill\s+in|say)(?:\s+down)?\b", _I)
#: The answer is someone else's form: "I put eggs on Nico's form", "for my son".
_OTHER_FORM = re.compile(r"\b(?:on|for|in)\s+(?:his|her|their|(?-i:[A-Z])[a-z]+'s|my\s+\w+'s)\s+"
                         r"(?:form|one|sheet)\b|\bfor\s+(?:my|our)\s+(?:son|daughter|kid|child|wife"
                         r"|husband|partner|mum|mom|dad)\b", _I)


def _form_answers(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    """The allergens a user lists in answer to a form's question, in the answer's sentence
    (up to where someone else's allergy starts)."""
    answer = _FORM_ANSWER.search(text)
    if answer is None or question or not _ALLERGY_FORM.search(turn_text):
        return
    if not own(text, answer.start(), question) or _OTHER_FORM.search(text, answer.end()):
        return
    tail = text[answer.end():]
    other = _OTHER_ALLERGY.search(tail)
    seen: set[str] = set()
    for m in _ALLERGEN_WORD.finditer(tail, 0, other.start() if other else len(tail)):
        value = m.group("a").lower()
        if value not in seen:
            seen.add(value)
            yield "allergy", value, "assert", 0.8, answer.start()


#: Where someone else's allergy starts in a list: "... and my son is allergic to eggs".
_OTHER_ALLERGY = re.compile(r"\b(?:my|our|his|her|their)\s+\w+(?:\s+\w+)?\s+(?:is|are|has|have)\s+"
                            r"(?:also\s+)?(?:allergic|an?\s+allergy)\b", _I)


def allergies(text: str, question: bool, turn_text: str = "") -> Iterator[Found]:
    yield from _form_answers(text, question, turn_text or text)
    for m in _ALLERGIC_TO_IT.finditer(text):
        named = list(_ALLERGEN_WORD.finditer(text, 0, m.start()))
        if named and own(text, m.start(), question, expert_ok=True):
            # "I took ibuprofen, came out in hives, the GP says I'm allergic": to it.
            yield "allergy", named[-1].group("a").lower(), "assert", 0.8, m.start()
    yield from scan(_ALLERGY_CUES, text, question)
    for m in (*_NOT_ALLERGIC_TO_IT.finditer(text), *_NOT_ALLERGIC.finditer(text)):
        named = list(_ALLERGEN_WORD.finditer(text, 0, m.start()))
        if named and mood_at(text, m.start(), question=question).subject == "user":
            # "they did a penicillin challenge and I'm not allergic to it at all": the
            # allergy ends (a removal), it was never a negated assertion.
            yield "allergy", named[-1].group("a").lower(), "retract", 0.85, m.start()
