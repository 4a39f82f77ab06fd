"""People, pets, languages, names, allergies and life events named in passing ("my husband
Duarte", "Miisu needs her booster", "I work from French and English", "everyone calls me
Shiru", "we tied the knot a week ago"), each attached to the user by its clause (mood.py).
Part of passing.py's pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract import lexicon as lx
from pipeline.extract.mentions import NAME, Found, cue, is_name, own, scan
from pipeline.extract.mood import mood_at
from pipeline.extract.used_name import used_name

_I = re.IGNORECASE

# --- people, pets, languages ------------------------------------------------------------------
_REL = r"(?P<rel>husband|wife|partner|boyfriend|girlfriend|fianc[eé]e?|spouse)"
_PARTNER = re.compile(
    r"\bmy " + _REL + r"(?:\s+of\s+(?:\w+\s+){0,2}?(?:years?|months?|decades?))?\s*,?\s+"
    r"(?P<m>" + NAME + r")\b"
    # "Diego, my husband, thinks...": the name before, in apposition.
    r"|(?:^|[,;:]\s*|\band\s+)(?P<m2>" + NAME + r"),?\s+(?:\(\s*)?my "
    + _REL.replace("rel", "rel2") + r"\b(?=\s*[,)])", _I)
#: A person named after the user's word for them ("my girlfriend Amélie", "my wife Nadia"):
#: the possessive presupposes them now, whatever the clause does ("I'm going to Paris with
#: my girlfriend Amélie next week"); a partner-to-be or a new one starting is a change.
_PRESUPPOSED = re.compile(r"(?:my|our)\s+(?:husband|wife|partner|boyfriend|girlfriend|spouse"
                          r"|son|daughter|kids?|children)\b(?!-to-be)\s*,?\s+" + NAME, _I)


def presupposed(text: str, pos: int) -> bool:
    """True when the mention at `pos` of `text` is a person named after "my <relation>"."""
    return bool(_PRESUPPOSED.match(text, pos))


#: Someone the user is seeing, named after: "I'm seeing someone new, his name is Arjun".
_SEEING = (cue("partner_name", r"\b(?:i'm|i\s+am|i've\s+been)\s+(?:\w+\s+)?(?:seeing|dating)\s+"
                               r"(?:someone|somebody|a\s+(?:guy|girl|man|woman|lovely\s+\w+))(?:\s+new)?"
                               r"\b[^.;!?]{0,40}?\b(?:(?:his|her|their)\s+name(?:'s|\s+is)|(?:he|she|they)"
                               r"(?:'s|\s+is|\s+are)\s+called)\s+(?P<m>" + NAME + r")\b", name=True),)
#: A child after the word for who they are, or a birth told with the baby's name; "my" makes
#: the child the user's whatever the clause (no mood check: "my son Ade is off to ...").
_CHILDREN = (
    cue("child_name", r"\bmy (?:(?!(?:friend|neighbou?r|sister|brother|cousin|colleague|boss"
                      r"|best)\b)[a-z-]+\s+)?(?:son"
                      r"|daughter|boy|girl|kid|child|baby|toddler|stepson|stepdaughter"
                      r"|(?:[\w]+-)+(?:year|month)-old)\s*,?\s+(?P<m>" + NAME + r")\b",
        name=True, mine=False),
    # The name first, who they are in apposition: "Antek, my son, he is nine, says ...",
    # "Maya, our youngest, has started nursery" (not "Jonas, my sister's son").
    cue("child_name", r"(?:^|[,;:]\s*|\band\s+)(?P<m>" + NAME + r"),\s+(?:my|our)\s+(?:(?:little"
                      r"|baby|eldest|oldest|youngest|middle|new)\s+)?(?:son|daughter|boy|girl|kid"
                      r"|child|baby|toddler|stepson|stepdaughter|eldest|oldest|youngest|firstborn"
                      r"|middle\s+one)\b(?=\s*[,)])", name=True, mine=False),
    cue("child_name", r"\b(?P<m>" + NAME + r") (?:was born|arrived)\b(?=[^.]*\b(?:early|late"
                      r"|weeks?|healthy|baby|newborn|kg|lbs?|pounds|born)\b)", name=True,
        mine=False),
)
_KIDS_LIST = re.compile(r"\b(?:the|my|our) (?:kids|children|boys|girls|twins)\b[^.:;]*:\s*", _I)
#: Children named as a list after how many: "we have twins, Oskar and Lena", "I've got two
#: boys, Ade and Femi" (the user's or the couple's: "my sister has twins" is hers).
_KIDS_NAMED = re.compile(
    r"\b(?:we|i)\s+(?:have|'ve\s+got|have\s+got|got)\s+(?:(?:two|three|four|\d+)\s+(?:kids|children"
    r"|boys|girls|sons|daughters)|twins|triplets)\s*[,:(\u2013\u2014-]\s*(?P<list>" + NAME
    + r"(?:,\s*" + NAME + r")*,?\s+(?:and|&)\s+" + NAME + r")\b", _I)
_CLAUSE_NAME = re.compile(r"(?:(?<=:\s)|(?<=:)|\band\s+|,\s+|;\s+)(?P<m>" + NAME + r")\s+"
                          r"(?:is|was|has|had|claimed|wants|got|loves|hates|keeps|thinks|says"
                          r"|said|started|made|took|went|cried|laughed|sulk\w*|[a-z]+ed|[a-z]+s)\b")
_PETS = (r"dog|cat|puppy|kitten|pup|rabbit|bunny|hamster|parrot|budgie|tortoise|turtle"
         r"|guinea pig|ferret|horse|pony|lizard|gecko|snake|goldfish|terrier|labrador|lab"
         r"|spaniel|collie|retriever|greyhound|poodle|beagle|dachshund|tabby")
_PET = (cue("pet", r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?P<kind>" + _PETS + r")s?\s*,?\s+"
                  r"(?:(?:an?\s+)?(?:[\w-]+\s+){0,2}?(?:called|named)\s+)?(?P<m>" + NAME + r")\b",
            name=True, value=lambda m: f"{m.group('kind').lower()} named {m.group('m')}"),
        # The name first, the kind in apposition: "Biscuit, our greyhound, will eat anything".
        # ... or with "the": "Tofu, the little mutt, and ..." (not "Paco, the neighbour's parrot").
        cue("pet", r"(?:^|[,;:]\s*|\band\s+)(?P<m>" + NAME + r"),\s+(?:our|my|the)\s+(?:\w+\s+){0,2}?(?P<kind>"
                   + lx.alt(tuple(lx.ANIMALS)) + r")\s*,", name=True,
            value=lambda m: f"{m.group('kind').lower()} named {m.group('m')}"))
#: A pet named after the user's word for it: "my cat Pipoca" presupposes the pet.
_PRESUPPOSED_PET = re.compile(r"\b(?:my|our)\s+(?:(?:little|old|big|new|sweet|lovely|rescue)\s+)?"
                              r"(?P<kind>" + _PETS + r")\s*,?\s+(?P<m>" + NAME + r")\b", _I)
_PET_CARE = re.compile(r"\b(?P<m>" + NAME + r")(?:'s)?\s+(?:needs (?:his|her)"
                       r" |has (?:his|her) |is due (?:for )?(?:his|her) )?(?:booster|jabs|shots"
                       r"|vaccinations?|vet (?:visit|appointment|check)|flea treatment|worming"
                       r"|neutering|spaying)\b", _I)
_PET_VERBS = re.compile(r"\b(?P<m>" + NAME + r") (?:barks|meows|miaows|purrs"
                        r"|wags|growls|howls|sheds|fetches)\b", _I)
_PET_IN_TURN = re.compile(r"\b(?:we (?:have|got|adopted|rescued)|i (?:have|got|adopted|rescued)"
                          r"|(?:my|our|the)) (?:an? )?(?:\w+ )?(?P<kind>" + _PETS + r")s?\b", _I)

#: Pets named as a list: "we have two, Pickle and Noodle", "two cats called Miso and Tofu",
#: "they're called Pip and Squeak" (the kind from the cue or from the turn).
_PET_LIST = re.compile(
    r"\b(?:(?:we|i)\s+(?:have|'ve\s+got|have\s+got|got|adopted|rescued|own)\s+"
    r"(?:two|three|four|five|a\s+couple|a\s+pair|\d+)(?:\s+(?:of\s+them|(?:\w+\s+)?(?P<kind>"
    + _PETS + r")s?))?|(?:they're|they\s+are)\s+(?=called|named))\s*[,:(\u2013\u2014-]?\s*"
    r"(?:called\s+|named\s+)?(?P<list>" + NAME + r"(?:,\s*" + NAME + r")*,?\s+(?:and|&)\s+"
    + NAME + r")\b", _I)
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

# --- status events --------------------------------------------------------------------------
_EVENTS = (
    cue("relationship_status", r"\b(?:we|i)\s+(?:(?:just|finally|officially|actually)\s+)?"
                                r"(?:tied the knot|got married|got hitched|eloped)\b", value="married"),
    cue("relationship_status", r"\b(?:we|i)\s+(?:(?:just|finally|officially)\s+)?got engaged\b",
        value="engaged"),
    # "I proposed to Valentina on Saturday and she said yes!!"
    cue("relationship_status", r"\bi\s+(?:(?:finally|just)\s+)?(?:proposed|popped the question)\b"
                                r"[^.?]{0,60}?\b(?:she|he|they)\s+said\s+yes\b", value="engaged"),
    # "I asked Noor to marry me on Friday and she said yes"
    cue("relationship_status", r"\bi\s+(?:(?:finally|just)\s+)?asked\s+(?:her|him|them|" + NAME
                                + r")\s+to\s+marry\s+me\b[^.?]{0,60}?\b(?:she|he|they)\s+said\s+yes\b",
        value="engaged"),
    # A pet lost removes only a pet of that name the user has: a person lost is no pet fact.
    cue("pet", r"\b(?:we|i)\s+(?:(?:sadly|just|finally)\s+)?(?:lost|had to put down"
               r"|said goodbye to|buried)\s+(?:(?:our|my)\s+(?:\w+\s+)?)?(?P<m>" + NAME + r")\b",
        op="retract", name=True),
    # A pet that went with someone else: "she kept Biscuit", "my ex took the dog, Rolo"
    # (a removal of the user's pet of that name; about another's doing, so no mood check).
    cue("pet", r"\b(?:she|he|they|my\s+ex(?:-\w+)?|" + NAME + r")\s+(?:kept|took|has\s+kept"
               r"|got\s+custody\s+of|rehomed)\s+(?:(?:the|our|my)\s+(?:\w+\s+)?(?:" + _PETS
               + r")\s*,?\s+)?(?P<m>" + NAME + r")(?![\w'])(?<!'s)", op="retract", name=True, mine=False),
)


#: The user's proposal, and the "yes" told in the sentence next to it: "She said yes! I
#: proposed last night on the pier", "I popped the question at the lake. He said yes!!".
#: The proposal sentence carries the fact (and its day); a "yes" to a job offer is not next
#: to one, and a brother's proposal is not the user's.
_PROPOSED = re.compile(r"^\W*i\s+(?:(?:finally|just|actually)\s+)?(?:proposed|popped the question"
                       r"|asked\s+(?:her|him|them|" + NAME + r")\s+to\s+marry\s+me)\b", _I)
_YES_BEFORE = re.compile(r"\b(?:she|he|they)\s+said\s+yes\s*[!.]+\W*$", _I)
_YES_AFTER = re.compile(r"^\W*(?:and\s+)?(?:she|he|they)\s+said\s+yes\b(?!\s+to\b)", _I)


def events(text: str, question: bool, turn_text: str = "") -> Iterator[Found]:
    yield from scan(_EVENTS, text, question)
    at = turn_text.find(text) if turn_text else -1
    if at < 0 or question or not _PROPOSED.search(text) or not own(text, 0, question):
        return
    if (_YES_BEFORE.search(turn_text[:at]) or _YES_AFTER.match(turn_text[at + len(text):])
            and not _YES_AFTER.search(text)):
        yield "relationship_status", "engaged", "assert", 0.85, 0


# --- allergies ------------------------------------------------------------------------------
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


# --- names and pronouns -----------------------------------------------------------------------
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
_FORM_PRONOUNS = re.compile(r"\bpronouns?\b[^.;!?]{0,60}?\bi\s+(?:just\s+)?(?:put|wrote|ticked"
                            r"|entered|chose|picked|went\s+with|filled\s+in|selected)\s+(?:down\s+)?"
                            r"(?P<set>(?:she|he|they|xe|ze)/(?:her|him|them|hers|his|theirs|xem"
                            r"|zir))\b(?!\s+(?:for|on)\s+(?:my|our|his|her|their|(?-i:[A-Z])))", _I)
_BARE_PRONOUNS = re.compile(r"(?<![\w/])(?P<set>(?:she|he|they|xe|ze)/(?:her|him|them|hers|his"
                            r"|theirs|xem|zir))(?![\w/])", _I)
_THIRD_PARTY = re.compile(r"\b(?:my|our|his|her|their)\s+(?:\w+\s+)?(?:friend|sister|brother|kid"
                          r"|child|son|daughter|partner|wife|husband|boss|colleague|student"
                          r"|client|teen|cousin|parent|sibling)s?\b", _I)
_DEMONYM = re.compile(r"(?:an|ish|ese|ian|ch|i|ic)$")


def people(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    yield from scan(_SEEING, text, question)
    for m in _PARTNER.finditer(text):
        name = m.group("m") or m.group("m2")
        if not is_name(name) or text[max(0, m.start() - 3):m.start()].lower().endswith("ex-"):
            continue
        if mood_at(text, m.start(), question=question).modality == "backstory":
            continue
        yield "partner_name", name, "assert", 0.85, m.start()
        rel = (m.group("rel") or m.group("rel2")).lower()
        status = ("married" if rel in ("husband", "wife", "spouse")
                  else "engaged" if rel.startswith("fianc") else None)
        if status:
            yield "relationship_status", status, "assert", 0.8, m.start()
    yield from scan(_CHILDREN, text, question)
    for m in _KIDS_NAMED.finditer(text):
        if own(text, m.start(), question):
            for name in re.split(r",\s*|\s+(?:and|&)\s+", m.group("list")):
                if is_name(name):
                    yield "child_name", name, "assert", 0.8, m.start()
    kids = _KIDS_LIST.search(text)
    if kids and not question and mood_at(text, kids.start(), question=False).modality in (
            "asserted", "backstory"):
        for m in _CLAUSE_NAME.finditer(text, kids.end()):
            if is_name(m.group("m")):
                yield "child_name", m.group("m"), "assert", 0.8, m.start()
    yield from scan(_PET, text, question)
    for m in _PRESUPPOSED_PET.finditer(text):
        # "I'm thinking of a weekend trip with my cat Pipoca staying at a friend's": a wish
        # around it does not make the pet one; a question, a denial or the past does.
        if (is_name(m.group("m")) and not question and not own(text, m.start(), question)
                and mood_at(text, m.start(), question=False).modality == "hypothetical"):
            yield ("pet", f"{m.group('kind').lower()} named {m.group('m')}", "assert", 0.75,
                   m.start())
    kept = _PET_IN_TURN.search(turn_text)
    for m in _PET_LIST.finditer(text):
        kind = (m.group("kind") or (kept.group("kind") if kept else "")).lower()
        if not kind or not own(text, m.start(), question):
            continue
        for name in re.split(r",\s*|\s+(?:and|&)\s+", m.group("list")):
            if is_name(name):
                yield "pet", f"{kind} named {name}", "assert", 0.8, m.start()
    if kept:
        for rx in (_PET_CARE, _PET_VERBS):
            for m in rx.finditer(text):
                if is_name(m.group("m")) and not question:
                    yield ("pet", f"{kept.group('kind').lower()} named {m.group('m')}", "assert",
                           0.8, m.start())
        yield from _beside_pet(text, question, kept.group("kind").lower())
    elif _VET_WORDS.search(turn_text):
        # No kind said, but a vet's care for a name is a pet's: "put the vet on Thursday:
        # Miisu needs her booster" (a child's booster has no vet or carrier beside it).
        for m in _PET_CARE.finditer(text):
            if is_name(m.group("m")) and own(text, m.start(), question):
                yield "pet", m.group("m"), "assert", 0.75, m.start()


#: Words of a pet's care that no person's has.
_VET_WORDS = re.compile(r"\b(?:vets?|vet's|veterinar\w+|cat\s+carrier|the\s+carrier|kennels?"
                        r"|cattery|groomers?|litter\s+tray|flea)\b", _I)
#: A name beside a pet's, doing what pets do: "Tjokkie barks at every bin, while Marmalade just
#: lies in the sun" (the second is a pet too; the kind is not said).
_BESIDE = re.compile(r"(?:,?\s+(?:while|whereas|and|but)\s+|;\s*)(?P<m>" + NAME + r")\s+(?:(?:just"
                     r"|mostly|only|simply|still|happily)\s+)?(?:lies|lazes|lounges|basks|sunbathes"
                     r"|naps|snoozes|sleeps|purrs|hisses|hides|snores|curls\s+up|meows|barks"
                     r"|wags)\b", _I)


def _beside_pet(text: str, question: bool, kind: str) -> Iterator[Found]:
    named = [m for rx in (_PET_VERBS, _PET_CARE) for m in rx.finditer(text)
             if is_name(m.group("m"))]
    if not named or question:
        return
    for m in _BESIDE.finditer(text, min(n.end() for n in named)):
        if is_name(m.group("m")) and own(text, m.start("m"), question) and m.group("m") not in {
                n.group("m") for n in named}:
            yield "pet", m.group("m"), "assert", 0.7, m.start("m")


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
            yield "language_spoken", lang.group("lang"), "assert", 0.85, m.start()
    yield from scan(_LANG_CUES, text, question)
    talk = _TALKS.search(text)
    if talk is not None and own(text, talk.start(), question):
        # "I'll be messaging the caterer and my aunts: Malayalam for the aunts, English for
        # the caterer"; "I talk to my mum in Polish and English with everyone else".
        for m in _LANG_FOR.finditer(text, talk.end()):
            yield "language_spoken", m.group("lang"), "assert", 0.8, talk.start()


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
        if own(text, m.start("set"), question):
            yield "pronouns", m.group("set").lower(), "assert", 0.85, m.start("set")
    for m in _PRONOUN_USE.finditer(text):
        if own(text, m.start(), question) and "/" not in m.group(0):
            value = {"she": "she/her", "he": "he/him", "they": "they/them"}[m.group("p").lower()]
            yield "pronouns", value, "assert", 0.8, m.start()
    for m in _PRONOUN_FIX.finditer(text):
        pronoun = m.group("p").lower()
        value = {"she": "she/her", "he": "he/him", "they": "they/them"}[pronoun]
        yield "pronouns", value, "assert", 0.85, m.start()
