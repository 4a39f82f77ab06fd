"""People and pets named in passing, and the life events told of them ("my husband Duarte",
"Maya, our youngest, has started nursery", "Miisu needs her booster", "we tied the knot a
week ago", "we lost Rolo"), each attached to the user by its clause (mood.py). Languages
(passing_languages.py), allergies (passing_allergies.py) and the user's names and pronouns
(passing_names.py) are read beside it. Part of passing.py's pass; pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract import lexicon as lx
from pipeline.extract.mentions import Found, NAME, NAME_WORD, cue, is_name, own, scan
from pipeline.extract.mood import mood_at, sentence_before

_I = re.IGNORECASE

# --- people and pets ---------------------------------------------------------------------------
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
                               r"(?:'s|\s+is|\s+are)\s+called)\s+(?P<m>" + NAME + r")\b", name=True),
           # ... or set off after it: "I've been seeing someone since August: Kári, he's a
           # geologist", "I'm seeing someone, Tomasz, and it's going well".
           cue("partner_name", r"\b(?:i'm|i\s+am|i've\s+been)\s+(?:\w+\s+)?(?:seeing|dating)\s+"
                               r"(?:someone|somebody)(?:\s+new)?\b[^.;!?:,]{0,40}?[:,]\s*(?P<m>"
                               + NAME + r")(?=\s*(?:[,.;!(]|$|\s+(?:and|who)\b))", name=True))
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
)
#: A birth told with the baby's name and what births are told with (a weight, "early", a
#: "newborn"): "Amparo was born on the 9th, 3.2 kilos" (a decimal point ends no sentence).
_BORN = re.compile(r"\b(?P<m>" + NAME + r") (?:was born|arrived)\b(?=(?:[^.]|\.(?=\d))*?(?:\b|(?<=\d))"
                   r"(?:early|late|weeks?|healthy|baby|newborn|kgs?|kilos?|kilograms?|grams|lbs?"
                   r"|pounds|ounces|oz|born)\b)", _I)
#: Someone else's baby, told before the name: "my sister had her baby: Leo was born ...".
_THEIR_BABY = re.compile(r"\b(?:(?:my|our)\s+(?:best\s+)?(?:sister|brother|friend|cousin|colleague"
                         r"|neighbou?r|niece|nephew|boss|daughter|son|[\w-]+-in-law)s?\b|(?:his|her"
                         r"|their)\s+(?:(?:new|first|second|little)\s+)?(?:baby|son|daughter|little\s+one)"
                         r"|(?-i:[A-Z])[a-z]+'s\s+(?:baby|son|daughter)|\b(?:she|he|they)\s+(?:had|gave\s+birth"
                         r"|welcomed))\b", _I)
_KIDS_LIST = re.compile(r"\b(?:the|my|our) (?:kids|children|boys|girls|twins)\b[^.:;]*:\s*", _I)
#: Children named as a list after how many: "we have twins, Oskar and Lena", "I've got two
#: boys, Ade and Femi" (the user's or the couple's: "my sister has twins" is hers).
_KIDS_NAMED = re.compile(
    r"\b(?:we|i)\s+(?:have|'ve\s+got|have\s+got|got)\s+(?:(?:two|three|four|\d+)\s+(?:kids|children"
    r"|boys|girls|sons|daughters)|twins|triplets)\s*[,:(\u2013\u2014-]\s*(?P<list>" + NAME
    + r"(?:,\s*" + NAME + r")*,?\s+(?:and|&)\s+" + NAME + r")\b", _I)
#: Children named as a list after the user's word for them: "my kids Minh and An", "our
#: children, Oskar and Lena, start school" (not "my sister's kids Tom and Jess").
_KIDS_APPOSED = re.compile(
    r"(?<!'s\s)\b(?P<det>my|our|the)\s+(?:(?:two|three|four|little|lovely|wonderful)\s+)?(?:kids"
    r"|children|sons|daughters|boys|girls|twins|little\s+ones)\s*,?\s+(?P<list>" + NAME
    + r"(?:,\s*" + NAME + r")*,?\s+(?:and|&)\s+" + NAME + r")\b", _I)
#: The user's children named in the turn: "the kids are finishing the term", "my two boys"
#: (not "my sister's kids", "her kids").
_OWN_KIDS = re.compile(r"(?<!'s\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)\b(?:my|our|the)\s+(?:(?:two"
                       r"|three|four|little|eldest|youngest|oldest|older|younger)\s+)?(?:kids|children"
                       r"|boys|girls|twins|sons|daughters|little\s+ones)\b", _I)
_AGE = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
        r"|fifteen|sixteen|seventeen|1[0-7]|[1-9])")
#: A name with a child's age, as a clause of its own: "Minh is nine and An is six", "Ade just
#: turned ten", "Lucía (4)", "Tomás, who's seven," ("Leo is six weeks away" tells no age).
_AGED = re.compile(
    r"(?:^|[,;:(]\s*|\b(?:and|while|whereas|but|plus|are)\s+)(?P<m>" + NAME_WORD + r")"
    r"(?:\s+(?:is|'s|turned|turns|has\s+just\s+turned|just\s+turned)\s+(?:only\s+|just\s+|nearly\s+"
    r"|almost\s+)?" + _AGE + r"(?:\s+(?:years?|months?)(?:\s+old)?)?(?=\s*(?:[,.;!?)]|$|and\b|but\b"
    r"|now\b|next\b|this\b|in\b|on\b|already\b))|\s*\(\s*(?:age\s+|aged\s+)?" + _AGE + r"\s*\)"
    r"|,\s+(?:who's|who\s+is)\s+" + _AGE + r"\b(?:\s+(?:years?|months?)(?:\s+old)?)?)", _I)
#: Words that are names where a name is the subject ("An is six") but open no name elsewhere.
_ALSO_NAMES = frozenset({"An", "May", "June", "April"})
#: Who someone is when they are not a child of the user's: "my niece Lila", "Lila, my niece".
_NOT_CHILD = (r"(?:friend|neighbou?r|niece|nephew|sister|brother|cousin|colleague|boss|student"
              r"|pupil|client|patient|husband|wife|partner|boyfriend|girlfriend|mum|mom|dad|mother"
              r"|father|aunt|uncle|gran|grandma|grandpa|granddaughter|grandson|godson|goddaughter"
              r"|[\w-]+-in-law|ex)")
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
#: Animals a person is not also called ("he's a real snake", "she's a boxer", "a lab").
_NOT_ONLY_ANIMALS = frozenset({"pig", "rat", "snake", "boxer", "shepherd", "chicken", "hen", "duck",
                               "mouse", "lab", "husky", "fish", "bird", "frog", "goat", "pug"})
_COMPANION = lx.alt(tuple(a for a in lx.ANIMALS if a not in _NOT_ONLY_ANIMALS))
#: A name the sentence then says is an animal: "Biscuit still wants his walk - he's a
#: thirteen-year-old beagle", "Mochi is a rescue greyhound" (the kind is the pet's; "Sam is a
#: dog person" and "Tom's a bit of a cat" are no pets). No other name stands between the
#: name and "he's": the pronoun is the nearest name's.
_SAID_TO_BE = re.compile(
    r"(?:^|[,;:]\s*|\b(?:and|but|so|while)\s+)(?P<m>" + NAME + r")\b(?:(?:(?!\b(?-i:[A-Z]))[^.;!?]){0,80}?(?:\s[-\u2013"
    r"\u2014]+\s*|[,;]\s*|\band\s+)(?:he|she|it)(?:'s|\s+is)|(?:'s|\s+is))\s+(?:an?\s+)(?!bit\b)"
    r"(?:[\w-]+\s+){0,3}?(?P<kind>" + _COMPANION + r")\b(?![\s-]*(?:person|people|lover|owner|fan"
    r"|breeder|walker|sitter|whisperer|mum|mom|dad|lady|man|guy|girl|woman|nap|burglar|groomer"
    r"|trainer|behaviou?rist|food|video|meme|show|at\s+heart))", _I)
#: A name given to someone else in the turn: "my neighbour's Rolo", "her dog Rolo".
_OTHERS_NAMED = (r"(?:'s|\b(?:his|her|their|your))\s+(?:(?:[\w-]+\s+){0,2}?(?:" + _PETS
                 + r")\s+)?")
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


#: What only a couple shares: "Anselmo opened the wine we were keeping for our anniversary",
#: "Rui and I celebrated our tenth wedding anniversary".
_COUPLES_OWN = re.compile(r"\b(?:our|my)\s+(?:(?:first|second|third|fifth|tenth|\w+th|\d+(?:st|nd|rd|th)"
                          r"|wedding|engagement|dating|big)\s+){0,2}(?:anniversary|honeymoon)\b(?!\s+(?:party|dinner"
                          r"|celebration|do|drinks|bash|lunch|barbecue|bbq))", _I)
#: ... or what a couple is, or becomes: "we've been together since the 5th of September",
#: "Bjarki asked me to marry him, and I said yes".
_TOGETHER = re.compile(r"\bwe(?:'ve|\s+have)?\s+been\s+(?:together|dating|seeing\s+each\s+other"
                       r"|a\s+couple)\b|\bwe\s+(?:got\s+together|started\s+dating|got\s+engaged)\b", _I)
_SAID_YES = re.compile(r"\basked\s+me\s+to\s+marry\s+(?:him|her|them)\b.*\bi\s+said\s+yes\b"
                       r"|\bproposed\s+to\s+me\b.*\bi\s+said\s+yes\b", _I)
#: Who asked: "At the lantern festival Sindri asked me to marry him".
_ASKER = re.compile(r"(?P<m>" + NAME + r")\s+(?:(?:finally|actually|just)\s+)?(?:asked\s+me\s+to"
                    r"\s+marry|proposed\s+to\s+me)\b")
#: The name as the clause's subject, the user beside it or not: "Anselmo opened ...",
#: "Rui and I ...", "Jerome, he brings his beagle ...".
_SUBJECT_NAME = re.compile(r"(?:^|[,;:]\s*|\b(?i:and|but|so|then)\s+)(?P<m>" + NAME + r")(?=\s+(?:and\s+"
                           r"(?:i|me)\b|(?:just\s+|finally\s+|even\s+|also\s+)?[a-z]+(?:ed|s)?\b)"
                           r"|,\s+(?:he|she|they)\s+[a-z]+(?:ed|s)?\b)")
#: Someone named with who they are: "my brother Rui", "Rui, my neighbour" (no partner then).
_WHO_BEFORE = re.compile(r"\b(?:my|our|his|her|their|your)\s+(?:\w+\s+)?(?:" + _NOT_CHILD
                         + r"|son|daughter|kids?|dad|mum)\s*,?\s*$", _I)


def couple(text: str, question: bool) -> Iterator[Found]:
    """A partner named without the word for them, beside what only a couple shares ("our
    anniversary"): the one name that is the subject of the sentence's clauses, who is not
    named as someone else (a brother, a friend) and with no one else's anniversary."""
    if question or not (_COUPLES_OWN.search(text) or _TOGETHER.search(text)
                                    or _SAID_YES.search(text)) or re.search(
            r"\b(?:his|her|their|your)\s+(?:\w+\s+){0,2}anniversary\b", text, _I):
        return
    asker = _ASKER.search(text) if _SAID_YES.search(text) else None
    names = [m for m in ((asker,) if asker else _SUBJECT_NAME.finditer(text))
             if is_name(m.group("m"))
             and m.group("m") not in _ALSO_NAMES and not _WHO_BEFORE.search(text[:m.start("m")])
             and not re.match(r",\s+(?:my|our|his|her|the)\b", text[m.end("m"):])]
    if len({m.group("m") for m in names}) != 1:
        return
    m = names[0]
    mood = mood_at(text, m.start("m"), question=False)
    if mood.modality in ("asserted", "backstory") and _USERISH.search(text):
        yield "partner_name", m.group("m"), "assert", 0.75, m.start("m")
        if _SAID_YES.search(text):
            yield "relationship_status", "engaged", "assert", 0.75, m.start("m")


_USERISH = re.compile(r"\b(?:we|we're|we've|we'd|us|our|i|me|my)\b", _I)


#: A relationship told, and whom with told next: "I'm in a relationship! Since the festival,
#: Saturday the 2nd of May, with Tuhafeni, he's a diver".
_TOLD_TOGETHER = re.compile(r"\b(?:i'm|i\s+am)\s+(?:now\s+|finally\s+|officially\s+)?(?:in\s+a"
                            r"\s+relationship|seeing\s+someone|dating\s+someone|taken)\b"
                            r"|\bi(?:'ve|\s+have)\s+met\s+someone\b", _I)
_WITH_NAME = re.compile(r"^[^.!?]{0,80}?(?:^|,\s*)with\s+(?P<m>" + NAME + r")\b(?!\s*(?:'s|and\b))")


def _partner_told_next(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    m = _WITH_NAME.match(text)
    if question or m is None or not is_name(m.group("m")):
        return
    if _TOLD_TOGETHER.search(sentence_before(turn_text, text)) and mood_at(
            text, m.start("m"), question=False).modality == "asserted":
        yield "partner_name", m.group("m"), "assert", 0.7, m.start("m")


def people(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    yield from scan(_SEEING, text, question)
    yield from couple(text, question)
    yield from _partner_told_next(text, question, turn_text)
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
                if is_name(name) or name in _ALSO_NAMES:
                    yield "child_name", name, "assert", 0.8, m.start()
    for m in _KIDS_APPOSED.finditer(text):
        # "my kids" presupposes them whatever the clause does; "the kids" is the user's
        # only in the user's own statement, with no one else's family beside it.
        the = m.group("det").lower() == "the"
        if the and (question or not own(text, m.start(), question) or _THEIR_BABY.search(
                text[:m.start()]) or re.match(r"the\s+(?:\w+\s+)?(?:boys|girls)\b", m.group(0), _I)):
            continue  # "me and the girls, Ana and Bea" are friends
        for name in re.split(r",\s*|\s+(?:and|&)\s+", m.group("list")):
            if is_name(name) or name in _ALSO_NAMES:
                yield "child_name", name, "assert", 0.8, m.start()
    yield from _kids_by_age(text, question, turn_text)
    yield from _births(text, turn_text)
    kids = _KIDS_LIST.search(text)
    if kids and not question and mood_at(text, kids.start(), question=False).modality in (
            "asserted", "backstory"):
        for m in _CLAUSE_NAME.finditer(text, kids.end()):
            if is_name(m.group("m")):
                yield "child_name", m.group("m"), "assert", 0.8, m.start()
    yield from scan(_PET, text, question)
    for m in _PRESUPPOSED_PET.finditer(text):
        # "I'm thinking of a weekend trip with my cat Pipoca staying at a friend's": a wish
        # around it does not make the pet one, nor someone else's doing ("our son Ole wants to
        # know why our dog Kalle eats grass"); a question, a denial or the past does.
        if (is_name(m.group("m")) and not question and not own(text, m.start(), question)
                and mood_at(text, m.start(), question=False).modality in ("hypothetical",
                                                                          "asserted")):
            yield ("pet", f"{m.group('kind').lower()} named {m.group('m')}", "assert", 0.75,
                   m.start())
    yield from _said_to_be_pets(text, question, turn_text)
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


def _said_to_be_pets(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    """A name then said to be an animal, in the present, is the user's pet unless the turn
    gives it to someone else ("Biscuit ... he's a thirteen-year-old beagle")."""
    if question:
        return
    for m in _SAID_TO_BE.finditer(text):
        name = m.group("m")
        if not is_name(name) or mood_at(text, m.start("m"), question=False).modality != "asserted":
            continue
        if re.search(_OTHERS_NAMED + re.escape(name) + r"\b|\b(?:my|our)\s+(?:[\w-]+\s+)?"
                     + _NOT_CHILD + r"\s+" + re.escape(name) + r"\b", turn_text, _I):
            continue
        yield "pet", f"{m.group('kind').lower()} named {name}", "assert", 0.75, m.start("m")


def _kids_by_age(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    """Names told with a child's age in a turn about the user's children ("the kids are
    finishing the term here. Minh is nine and An is six"): the user's children. A name the
    turn gives to someone else ("my niece Lila is six") is theirs."""
    if question:
        return
    kids = [k for k in _OWN_KIDS.finditer(turn_text)
            if not re.search(r"\b" + _NOT_CHILD + r"(?:'s)?\s+(?:and|&|with)\s+(?:\w+\s+)?$",
                             turn_text[max(0, k.start() - 40):k.start()], _I)]
    if not kids:
        return
    for m in _AGED.finditer(text):
        name = m.group("m")
        # The child is the clause's subject, not the user: its mood, not its owner, counts.
        if not (is_name(name) or name in _ALSO_NAMES) or mood_at(
                text, m.start("m"), question=False).modality != "asserted":
            continue
        if re.search(r"(?:\b" + _NOT_CHILD + r"|'s)\s+(?:[\w-]+\s+)?" + re.escape(name) + r"\b"
                     r"|\b" + re.escape(name) + r",\s+(?:my|our|his|her|their)\s+(?:[\w-]+\s+)?"
                     + _NOT_CHILD + r"\b", turn_text, _I):
            continue
        yield "child_name", name, "assert", 0.75, m.start("m")


def _births(text: str, turn_text: str) -> Iterator[Found]:
    """A baby named at its birth, unless the sentence or the one before it makes the baby
    someone else's ("My sister had her baby! Leo was born on Monday, 3 kilos")."""
    at = turn_text.find(text)
    before = turn_text[:at] if at >= 0 else ""
    before = re.split(r"(?<=[.!?])\s+", before.rstrip())[-1] if before.strip() else ""
    for m in _BORN.finditer(text):
        if not is_name(m.group("m")) or _THEIR_BABY.search(before + " " + text[:m.start()]):
            continue
        yield "child_name", m.group("m"), "assert", 0.85, m.start()


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
