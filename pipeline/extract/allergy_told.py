"""Allergies told by what they do to the user and by what a test found, not by the word
"allergic": "latex brings me out in hives", "penicillin gives me a rash", "I come out in
hives whenever I touch nickel"; "the shellfish came back completely clear" (an allergy that
turns out not to be one), "latex is real though, they confirmed that one"; and the user's
long-held belief, "I've always assumed I'm allergic to shellfish".

Read as a small grammar over two lexicons, the allergens (ALLERGENS) and the body's
reactions (hives, a rash, swelling, wheezing): a reaction is the user's when "me" or "my
<body part>" takes it or "I" has it, in a clause that is the user's own statement (mood.py:
no question, wish, hypothesis or negation; "brings my son out in a rash" is his). A test
result counts only in a turn about testing or allergies, and only when the clause is not
about someone else's test ("my daughter's egg test came back clear"). Part of passing.py's
pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract.mentions import Found, own
from pipeline.extract.mood import clause_span, mood_at

_I = re.IGNORECASE

#: Things people are allergic to, as they name them.
ALLERGENS = (r"penicillin|amoxicillin|antibiotics?|aspirin|ibuprofen|codeine|morphine|latex"
             r"|sulfa|sulpha|peanuts?|tree nuts|nuts|walnuts?|hazelnuts?|almonds?|cashews?"
             r"|pistachios?|shellfish|prawns?|shrimp|crab|lobster|fish|gluten|wheat|dairy|milk"
             r"|lactose|eggs?|sesame|soy|soya|mustard|celery|lupin|kiwi|strawberr(?:y|ies)"
             r"|cats?|dogs?|pollen|grass pollen|hay fever|dust mites?|dust|bee stings|bees?"
             r"|wasps?|mould|mold|horses?|nickel|iodine|mango|avocado|banana|tomato(?:es)?"
             r"|garlic|plasters|sticking plasters|chlorhexidine|feathers|wool|perfume")
_A = r"(?P<a>" + ALLERGENS + r")"
#: What an allergy does to a body, as a noun ("hives", "a rash") and as a verb ("swell up").
_REACTION_NOUN = (r"hives|(?:an?\s+)?(?:\w+\s+)?rash(?:es)?|welts|blotches|eczema|a\s+reaction"
                  r"|anaphylaxis|(?:an?\s+)?(?:\w+\s+)?(?:allergic\s+)?reaction")
_REACTION_VERB = (r"swell(?:s|ed)?(?:\s+up)?|itch(?:es|y)?|wheez(?:e|y)|sneez(?:e|ing)|break\s+out"
                  r"|puff(?:s)?\s+up|come\s+up\s+in\s+(?:hives|welts|a\s+rash)|close\s+up"
                  r"|stream|water|tingle|blotchy")
_BODY = r"(?:me|my\s+(?:throat|eyes|lips|skin|face|mouth|tongue|hands|arms?|whole\s+\w+))"
#: Nothing that negates or wishes may stand between the allergen and its verb.
_BETWEEN = r"(?:(?!not\b|never\b|no\b)[\w-]+\s+){0,2}?"

#: The allergen does something to the user.
_DOES = re.compile(
    r"\b" + _A + r"\s+" + _BETWEEN + r"(?:(?:always|usually|just|instantly|immediately|still"
    r"|really)\s+)?(?:"
    r"(?:brings?|brought)\s+" + _BODY + r"\s+out\s+in\b"
    r"|(?:gives?|gave)\s+me\s+(?:\w+\s+){0,2}?(?:" + _REACTION_NOUN + r")\b"
    r"|(?:makes?|made)\s+" + _BODY + r"\s+(?:\w+\s+)?(?:" + _REACTION_VERB + r")\b)", _I)
#: The user reacts, the allergen after: "I come out in hives whenever I touch nickel",
#: "I react badly to penicillin", "I break out in a rash from sticking plasters".
_REACTS = re.compile(
    r"\bi\s+(?:(?:always|still|just|instantly|immediately)\s+)?(?:(?:come|came|break|broke"
    r"|go|went)\s+out\s+in\s+(?:" + _REACTION_NOUN + r")|react(?:s|ed)?\s+(?:(?:really\s+)?"
    r"(?:badly|horribly|terribly|strongly)\s+)?to)\b(?P<tail>[^.;!?]{0,60})", _I)
_TAIL_ALLERGEN = re.compile(r"\b(?:from|after|with|to|whenever|when|if|every\s+time)\s+"
                            r"(?:[\w'-]+\s+){0,4}?" + _A + r"\b|^\s+" + _A.replace("<a>", "<b>") + r"\b", _I)
#: The user's long-held belief, in the present: "I've always assumed I'm allergic to X".
_BELIEVED = re.compile(r"\bi(?:'ve|\s+have)?\s+(?:always\s+|long\s+)?(?:assumed|believed"
                       r"|figured)\s+(?:that\s+)?i(?:'m|\s+am)\s+allergic\s+to\s+" + _A + r"\b",
                       _I)
#: A second allergen joined after a relative clause: "I'm allergic to penicillin, which
#: doesn't matter for dinner, and to shellfish, which very much does".
_AND_TO = re.compile(r"\ballergic\s+to\s+(?:" + ALLERGENS + r")\b[^.;!?]{0,80}?,\s+and\s+(?:also\s+)?"
                     r"to\s+" + _A + r"\b", _I)
#: A turn about being tested: a result in it is an allergy test's.
_TESTING = re.compile(r"\b(?:allerg\w*|skin[- ]prick|patch\s+test|food\s+challenge|challenge"
                      r"\s+test|tested|immunolog\w*|test\s+results?)\b", _I)
_RESULT_SUBJECT = (r"\b(?:the\s+)?" + _A + r"(?:\s+(?:allergy|test|one|patch\s+test|challenge"
                   r"|result|bit))?\s+")
#: A result that clears the allergen, and one that confirms it.
_CLEAR = re.compile(
    _RESULT_SUBJECT + r"(?:(?:test|results?)\s+)?(?:came\s+back|was|were|is|turned\s+out|showed"
    r"\s+up|proved)\s+(?:(?:completely|totally|all|100%|perfectly)\s+)?(?:clear|negative"
    r"|fine|normal)\b|\btested\s+negative\s+(?:for|to)\s+(?:the\s+)?" + _A.replace("<a>", "<b>")
    + r"\b", _I)
_CONFIRMED = re.compile(
    _RESULT_SUBJECT + r"(?:(?:is|was|were|are)\s+(?:(?:definitely|very|100%|totally)\s+)?(?:real"
    r"|confirmed|genuine|positive|legit)|(?:came|come)\s+(?:back|up)\s+positive|showed\s+up"
    r"\s+positive)\b"
    r"|\btested\s+positive\s+(?:for|to)\s+(?:the\s+)?" + _A.replace("<a>", "<b>") + r"\b"
    r"|\b(?:they|the\s+(?:allergist|doctor|clinic|test|nurse|consultant))\s+(?:\w+\s+)?"
    r"confirmed\s+(?:the\s+|my\s+)?" + _A.replace("<a>", "<c>") + r"\b"
    # Still held after the test, in other words: "Walnuts, though, are definitely still a no".
    r"|\b" + _A.replace("<a>", "<d>") + r"(?:\s+(?:allergy|one))?\s*(?:,\s*(?:though|however|sadly"
    r"|unfortunately|on\s+the\s+other\s+hand)\s*,)?\s+(?:is|are|'s|was|were)\s+(?:(?:definitely"
    r"|very\s+much|sadly|unfortunately|absolutely|100%|totally|confirmed)\s+)*still\s+(?:(?:very"
    r"\s+much|definitely)\s+)?(?:a\s+(?:hard\s+)?(?:no|no-go|problem)|an\s+issue|off\s+the\s+(?:menu"
    r"|table)|off-limits|positive|real)\b(?!\s+for\s+(?:my|our|his|her|their)\b)"
    # The test names what it found: "the allergy test came back yesterday and it's dust
    # mites, not the dog", "my skin-prick test showed cats" (someone's, "Ana's test", is hers).
    r"|\b(?:the|my)\s+(?:allergy\s+|skin[- ]prick\s+|blood\s+|patch\s+)?test(?:\s+results?)?\s+"
    r"(?:[\w'-]+\s+){0,4}?(?:and\s+)?(?:it's|it\s+is|it\s+was|it\s+turned\s+out\s+to\s+be"
    r"|showed|shows|says|said|found|confirmed)\s+(?:an?\s+)?(?:allergy\s+to\s+)?(?:it's\s+)?"
    + _A.replace("<a>", "<e>") + r"\b", _I)


def told_allergies(text: str, question: bool, turn_text: str = "") -> Iterator[Found]:
    """Allergies the user's sentence `text` tells without "allergic" (the module doc):
    (predicate, value, op, confidence, offset), a removal for a clear result."""
    for m in _DOES.finditer(text):
        if _own_clause(text, m.start(), question) and not _negated_between(m):
            yield "allergy", _value(m), "assert", 0.8, m.start()
    for m in _REACTS.finditer(text):
        found = _TAIL_ALLERGEN.search(m.group("tail"))
        if found is not None and _own_clause(text, m.start(), question):
            yield "allergy", _value(found), "assert", 0.8, m.start()
    for m in _AND_TO.finditer(text):
        if own(text, m.start(), question, expert_ok=True):
            yield "allergy", _value(m), "assert", 0.8, m.start()
    for m in _BELIEVED.finditer(text):
        if not question and mood_at(text, m.start(), question=False).modality == "asserted":
            yield "allergy", _value(m), "assert", 0.6, m.start()
    if question or not _TESTING.search(turn_text or text):
        return
    for rx, op in ((_CLEAR, "retract"), (_CONFIRMED, "assert")):
        for m in rx.finditer(text):
            mood = mood_at(text, m.start(), question=False)
            if mood.subject == "user" and mood.modality == "asserted" and not _theirs(text, m):
                yield "allergy", _value(m), op, 0.8, m.start()


def _own_clause(text: str, pos: int, question: bool) -> bool:
    """The user's own statement, judged on its clause: a reaction told after another
    clause ("I've always assumed I'm allergic to shellfish ..., and latex brings me out in
    hives") is not reported by that clause's verb; a report or a condition in its own clause
    ("my husband says pollen brings me out in hives", "if latex brought me ...") still is."""
    start, _ = clause_span(text, pos)
    return own(text[start:], pos - start, question)


def _value(m: re.Match[str]) -> str:
    return next(v for k in ("a", "b", "c", "d", "e") if (v := m.groupdict().get(k))).lower()


def _negated_between(m: re.Match[str]) -> bool:
    return bool(re.search(r"\b(?:not|never|no)\b|n't\b", m.group(0), _I))


#: A result in someone else's name: "my daughter's egg test", "Ezra's peanut one".
_THEIRS = re.compile(r"(?:\b(?:his|her|their|your)\s+|'s\s+)(?:[\w-]+\s+)?$", _I)


def _theirs(text: str, m: re.Match[str]) -> bool:
    start = max(text.rfind(c, 0, m.start()) for c in ",;:.!?")
    return bool(_THEIRS.search(text[start + 1:m.start()]))
