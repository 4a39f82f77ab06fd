"""Facts named in passing: where the user lives, works, who they live with, what they speak.

People rarely say "I live in Porto"; they say "sitting in traffic here in Porto", "the move
to Tallinn wiped me out", "as a QA lead at Lumenfold I get pulled into calls", "my husband
Duarte wants...". This pass finds the things named — places from the gazetteer
(gazetteer.py), organisations as capitalised names that are not places, people and pets as
names after the word for who they are — and attaches each to the user only by the clause it
stands in (mood.py: the user's own, asserted, not a question, wish, negation, backstory or
someone else's news). The cues are grammatical families (a home noun before "in <place>",
a work noun before "at <org>", a role before "at"), not sentences.

Pure: text in, (predicate, value, op, confidence, offset) out; the caller dates them.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from pipeline.extract import lexicon as lx
from pipeline.extract.gazetteer import lookup
from pipeline.extract.mood import clause_span, mood_at, users_own
from pipeline.extract.trust import blocked

_I = re.IGNORECASE

#: A capitalised run: a name of one to five words ("Marlowe Seguros", "Kiln & Kettle").
_CAP = (r"(?-i:(?!I\b|I')[A-Z][\w'.-]*(?:\s+(?:&\s+)?(?:(?!I\b|I')[A-Z][\w'.-]*|de|da|do|del|la"
        r"|le|van|von|of)){0,4})")
_CAP_RUN = re.compile(_CAP)
_FIRST_NAME = re.compile(r"(?-i:[A-Z][a-z\u00e0-\u017f'-]+)")
#: Capitalised words that start no name (sentence openers, pronouns, days, months).
_NOT_NAMES = frozenset("""
I I'm I've I'd I'll The A An My Our His Her Their This That These Those It It's He She They We
You Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May
June July August September October November December Christmas Easter Thanksgiving Ramadan
Diwali God Mum Mom Dad Anyway Also And But So Oh Yes No Ok Okay Sorry Thanks Hi Hello Dr Mr Mrs
Ms Sir Madam Then Now Just Still Well Because If When Everyone Nobody Somebody Someone Team
Office University School Hospital Church Home Work Covid Zoom Slack Google Teams LinkedIn
WhatsApp Instagram Facebook Netflix Spotify Uber Airbnb Amazon Apple Christmas Xmas New Year
""".split())

Found = tuple[str, str, str, float, int]
#: "The doctor says it's a proper allergy": the finding, not the saying, follows "says".
_IT_IS = re.compile(r"(?:that\s+)?(?:it's|it is|it was|this is)\s+(?:an?\s+)?$", _I)


@dataclass(frozen=True)
class _Cue:
    predicate: str
    rx: re.Pattern[str]
    op: str = "assert"
    confidence: float = 0.85


def _cue(predicate: str, pattern: str, *, op: str = "assert", confidence: float = 0.85) -> _Cue:
    return _Cue(predicate, re.compile(pattern, _I), op, confidence)


# --- places --------------------------------------------------------------------------------
_HOME_NOUNS = (r"flat|apartment|house|home|place|neighbou?rhood|building|street|balcony|garden"
               r"|condo|studio flat|new place|new flat|new house|new apartment|commute|local")
_RESIDENCE = (
    _cue("city", r"\bhere in (?P<m>" + _CAP + ")"),
    _cue("city", r"(?:\b(?:i|we)(?:'m|'re|'ve been| am| are| have been)?\s+(?:\w+\s+)?"
                 r"|\b(?:about|love|enjoy|of|still|now|currently) )"
                 r"(?:live|living|based|settled|reside|residing)\s+(?:\w+\s+){0,2}?"
                 r"in (?P<m>" + _CAP + ")"),
    _cue("city", r"\b(?:my|our|this|the) (?:\w+ ){0,2}?(?:" + _HOME_NOUNS + r")\s+"
                 r"(?:\w+\s+){0,2}?in (?P<m>" + _CAP + ")"),
    _cue("city", r"\b(?:move|moved|moving|relocat\w*|emigrat\w*)\s+(?:\w+\s+){0,2}?"
                 r"(?:to|into) (?P<m>" + _CAP + ")"),
    _cue("city", r"\b(?:been|are|'re|am|'m|is|'s)\s+(?:\w+\s+)?in (?P<m>" + _CAP
                 + r")\s+(?:since|for (?:\w+ ){0,2}(?:years?|months?))"),
    _cue("city", r"\b(?:hello|greetings|hi|love) from (?P<m>" + _CAP + ")"),
    _cue("city", r"\bback (?:home )?in (?P<m>" + _CAP + r")(?!\s+(?:for|on)\b)"),
    _cue("city", r"\bhome (?:is|in) (?P<m>" + _CAP + ")"),
    _cue("city", r"\bnew (?:to|in) (?P<m>" + _CAP + ")"),
    _cue("city", r"\b(?:i'm|we're|i am|we are)\s+(?:still\s+|stuck\s+|back\s+|now\s+|currently\s+"
                 r"|finally\s+|here\s+)*in (?P<m>" + _CAP + r")\b(?!'?\s+(?:for|this|next|until|till"
                 r"|over|on|during|visiting|again)\b)"),
    # Local weather is told from where one is ("it's snowing in Brno and I'm avoiding my tax
    # return", "rude even by Minneapolis standards"): weaker evidence, lower confidence.
    _cue("city", r"\b(?:snowing|raining|pouring|freezing|boiling|sweltering|scorching|howling"
                 r"|minus [\w-]+|\d+ degrees)\b[^.;:]{0,40}?\b(?:in|across|over) (?P<m>" + _CAP
                 + ")", confidence=0.6),
    _cue("city", r"\beven by (?P<m>" + _CAP + r") standards\b", confidence=0.6),
    _cue("city", r"\b(?:got|bought|rented|found|renting|share|sharing)\s+(?:a|an|our|my)\s+"
                 r"(?:\w+\s+){0,2}?(?:" + _HOME_NOUNS + r")\s+in (?P<m>" + _CAP + ")"),
    _cue("city", r"\b(?:my|our) (?P<m>" + _CAP + r")\s+(?:flat|apartment|house|home|place"
                 r"|neighbou?rs|landlord|landlady|commute)\b"),
    _cue("city", r"\b(?:call|calling|made) (?P<m>" + _CAP + r") (?:home|our home|my home)\b"),
    _cue("city", r"\b(?:my|our) (?:new )?life (?:here )?in (?P<m>" + _CAP + ")"),
    _cue("city", r"\b(?:settling|settled) (?:in(?:to)?|down in) (?P<m>" + _CAP + ")"),
    _cue("city", r"\bbased (?:out of|in) (?P<m>" + _CAP + r")(?=[^.]*\b(?:i|we)\b)|^(?:i'm|we're|"
                 r"i am|we are)\s+(?:\w+\s+)?based (?:out of|in) (?P<m2>" + _CAP + ")"),
)
#: Words between a cue and a place that make it a visit, not a home.
_VISIT = re.compile(r"\b(?:trip|weekend|holiday|vacation|visit|visiting|flight|conference"
                    r"|wedding|honeymoon|tour|day out|layover|stopover|hotel|festival|second|summer|holiday"
                    r"|parents'?|mum's|mom's|dad's|family|grandparents'?|friend's|airbnb|airport|station"
                    r"|layover|transit|passing through|business|rent(?:ed)? (?:it )?out|let out"
                    r"|investment|buy-to-let|tenants)\b", _I)

# --- work ----------------------------------------------------------------------------------
_ROLE_WORD = (
    r"(?:\w+(?:er|or|ist|ian|ant|ent|eer|ee)|lead|nurse|manager|chef|coach|partner|clerk"
    r"|officer|analyst|architect|designer|editor|supervisor|coordinator|researcher|developer"
    r"|teacher|consultant|specialist|director|head|vet|doctor|dentist|pharmacist|accountant"
    r"|broker|planner|translator|librarian|technician|surgeon|paramedic|pilot|driver|intern"
    r"|lawyer|barista|cook|baker|founder|owner|advisor|adviser|associate|secretary|assistant"
    r"|engineer|scientist|professor|lecturer|tutor|therapist|physio|midwife|carer|caregiver"
    r"|cashier|receptionist|underwriter|actuary|auditor|strategist|producer|writer|artist)")
_NOT_ROLES = re.compile(
    r"\b(?:member|number|user|customer|fan|beginner|newcomer|winner|loser|lover|mother|father"
    r"|sister|brother|daughter|son|partner in crime|wreck|mess|person|bit|lot|one|other"
    r"|former|latter|owner of a|leader of the pack|easter|water|weather|dinner|paper|letter"
    r"|order|matter|monster|remainder|reminder|answer|danger|border|corner|silver|summer"
    r"|winter|ever|never|center|centre|event|moment|parent|student|resident|patient"
    r"|president|agent of chaos|client|tenant|giant|elephant|talent|accident|comment|smoker"
    r"|non-smoker|vegetarian|vegan|pescatarian|flexitarian|foreigner|expat|immigrant"
    r"|introvert|extrovert|optimist|pessimist|perfectionist|carnivore|teetotaller|drinker"
    r"|runner|swimmer|climber|cyclist|hiker|reader|gamer|baker at heart|survivor|speaker"
    r"|learner|native|listener|sleeper|eater|talker|worrier|overthinker)s?$", _I)
_HOBBYIST = frozenset({"avid", "keen", "amateur", "big", "huge", "passionate", "casual", "hobby",
                       "aspiring", "wannabe", "weekend", "lifelong", "enthusiastic", "terrible",
                       "bad", "good", "great", "decent", "occasional", "total", "complete"})
_TITLE = r"(?P<t>(?:(?:[A-Z]{2,4}|[a-z][a-z-]+)\s+){0,3}?" + _ROLE_WORD + r")"
_ORG_AFTER = r"(?P<m>" + _CAP + ")"
_EMPLOYMENT = (
    _cue("employer", r"\b(?:i'm|i am|i've been|i was|as|been|work as|working as)\s+(?:a|an|the)?"
                     r"\s*" + _TITLE + r"\s+(?:at|for|with|in) " + _ORG_AFTER),
    _cue("employer", r"\b(?:work|works|working)\s+(?:\w+\s+){0,2}?(?:at|for) " + _ORG_AFTER),
    _cue("employer", r"\b(?:work|works|working)\s+(?:\w+\s+){0,2}?(?:at|for) (?:a|an|the)\s+"
                     r"(?:[\w-]+\s+){0,4}?[\w-]+,\s+" + _ORG_AFTER),
    _cue("employer", r"\bmy (?:new\s+)?(?:job|role|position|team|office|desk|boss|manager"
                     r"|colleagues?|contract|internship|shift|probation|department|employer)"
                     r"\s+(?:at|with) " + _ORG_AFTER),
    _cue("employer", r"\b(?:first|second|third|one|two|three|four|five|six|\d+|a few|few)\s+"
                     r"(?:days?|weeks?|months?)\s+(?:in(?:to)?|at) " + _ORG_AFTER),
    _cue("employer", r"\b(?:i|i've|we)\s+(?:just\s+|recently\s+|finally\s+)?(?:joined|started at"
                     r"|started working at|began at|got (?:a|the) job at|got hired at"
                     r"|was hired (?:at|by)) " + _ORG_AFTER),
    _cue("employer", r"\bthe " + _ORG_AFTER + r" (?:office|offices|headquarters|hq|canteen"
                     r"|staff)\b"),
    _cue("employer", r"\b(?:everyone|everybody|people|colleagues|staff|coworkers) at "
                     + _ORG_AFTER),
    _cue("employer", r"\bstaff (?:\w+\s+)?(?:at|of) " + _ORG_AFTER),
    _cue("employer", r"\bresignation(?: letter)? (?:for|to|at) " + _ORG_AFTER),
    _cue("employer", r"\b(?:my|our) " + _ORG_AFTER + r" (?:colleagues|coworkers|co-workers|team"
                     r"|teammates|manager|boss|office|badge|email|laptop|payslip|contract)\b"),
    _cue("employer", r"\b(?:i|we)\s+(?:\w+\s+)?(?:founded|co-founded|set up|started|launched"
                     r"|opened|run|own)\s+(?:my own |our own |a |an )?(?:little |small |new )?"
                     r"(?:\w+\s+)?(?:company|firm|studio|practice|business|agency|startup|shop"
                     r"|consultancy|bakery|cafe|restaurant)(?:,| called| named)\s+" + _ORG_AFTER),
    _cue("employer", r"\b(?:i|i've)\s+(?:just\s+)?(?:started|begun|began)\s+(?:a\s+)?(?:new\s+)?"
                     r"(?:job|work|role|position|contract)\s+(?:at|with)\s+" + _ORG_AFTER),
    _cue("employer", r"\bi'm (?:now |still )?at (?-i:(?!The\b))" + _ORG_AFTER
                     + r"(?=\s*(?:[,.;!?]|$|now|these|as|and|in|where|doing))"),
)
_TITLES = (
    _cue("job_title", r"\b(?:i|i've|i was|i got|i've been|i just got)\s+(?:just\s+)?(?:been\s+)?"
                      r"(?:promoted|made|moved up|bumped up) to\s+(?:a |an |the )?" + _TITLE
                      + r"\b"),
    _cue("job_title", r"\bas (?:a|an|the)?\s*" + _TITLE + r"(?:\s+(?:at|for|with) "
                      + _CAP + r")?,?\s+i\b"),
    _cue("job_title", r"\b(?:i'm|i am|i've been|i work as|i'm working as)\s+(?:a|an)\s+" + _TITLE
                      + r"\b(?=\s+(?:at|for|with|in|on|and|so|because|,|\.|$)|[,.;!?]|$)"),
)

# --- people, pets, languages ------------------------------------------------------------------
_PARTNER = re.compile(
    r"\bmy (?P<rel>husband|wife|partner|boyfriend|girlfriend|fianc[eé]e?|spouse)\s*,?\s+"
    r"(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))\b", _I)
_CHILD = re.compile(
    r"\bmy (?:(?:little|baby|eldest|oldest|youngest|middle|new)\s+)?(?:son|daughter|boy|girl|kid"
    r"|child|baby|toddler|stepson|stepdaughter|(?:[\w]+-)+(?:year|month)-old)\s*,?\s+"
    r"(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))\b", _I)
_KIDS_LIST = re.compile(r"\b(?:the|my|our) (?:kids|children|boys|girls|twins)\b[^.:;]*:\s*", _I)
_CLAUSE_NAME = re.compile(r"(?:(?<=:\s)|(?<=:)|\band\s+|,\s+|;\s+)(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))\s+"
                          r"(?:is|was|has|had|claimed|wants|got|loves|hates|keeps|thinks|says"
                          r"|said|started|made|took|went|cried|laughed|sulk\w*|[a-z]+ed|[a-z]+s)\b")
_BIRTH = re.compile(r"\b(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+)) (?:was born|arrived)\b"
                    r"(?=[^.]*\b(?:early|late|weeks?|healthy|baby|newborn|kg|lbs?|pounds|born)\b)",
                    _I)
_PETS = (r"dog|cat|puppy|kitten|pup|rabbit|bunny|hamster|parrot|budgie|tortoise|turtle"
         r"|guinea pig|ferret|horse|pony|lizard|gecko|snake|goldfish|terrier|labrador|lab"
         r"|spaniel|collie|retriever|greyhound|poodle|beagle|dachshund|tabby")
_PET = re.compile(r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?P<kind>" + _PETS + r")s?\s*,?\s+"
                  r"(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))\b", _I)
_PET_CARE = re.compile(r"\b(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))(?:'s)?\s+(?:needs (?:his|her)"
                       r" |has (?:his|her) |is due (?:for )?(?:his|her) )?(?:booster|jabs|shots"
                       r"|vaccinations?|vet (?:visit|appointment|check)|flea treatment|worming"
                       r"|neutering|spaying)\b", _I)
_PET_VERBS = re.compile(r"\b(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+)) (?:barks|meows|miaows|purrs"
                        r"|wags|growls|howls|sheds|fetches)\b", _I)
_PET_IN_TURN = re.compile(r"\b(?:we (?:have|got|adopted|rescued)|i (?:have|got|adopted|rescued)"
                          r"|(?:my|our|the)) (?:an? )?(?:\w+ )?(?P<kind>" + _PETS + r")s?\b", _I)
_LANG = r"(?P<lang>" + lx.alt(lx.LANGUAGES) + r")"
_SPEAKS = re.compile(
    r"\bi (?:speak|work (?:from|in|into)|translate (?:from|into)?|write in|interpret|read and "
    r"speak|am fluent in|'m fluent in|did (?:a|the) (?:whole )?[\w ]{0,20}? in|teach)\s+", _I)
_LANG_USE = tuple(re.compile(p, _I) for p in (
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:talk|chat|speak|write|text|reply|answer|pray|dream|think|count"
    r"|swear|argue|sing|read)\w*\s+(?:[\w']+\s+){0,4}?in\s+" + _LANG + r"\b",
    r"\bnative\s+" + _LANG + r"\s+speaker\b",
    r"\b(?:fluent|conversational|bilingual)\s+in\s+" + _LANG + r"\b",
    r"\b(?:we|i)\s+speak\s+" + _LANG + r"\b"))
_MY_LANG = re.compile(r"\bmy " + _LANG + r" is (?:fine|good|ok|okay|decent|fluent|solid|rusty"
                      r"|passable|not bad|pretty good|good enough)\b")
_FIRST_LANG = re.compile(r"\b" + _LANG + r" is my (?:first|native|mother|home|main|second)\s+"
                         r"(?:language|tongue)\b")
_LANG_WORD = re.compile(r"\b" + _LANG + r"\b")

# --- status events --------------------------------------------------------------------------
_STATUS_EVENTS = (
    _cue("relationship_status", r"\b(?:we|i)\s+(?:(?:just|finally|officially|actually)\s+)?"
                                r"(?:tied the knot|got married|got hitched|eloped)\b"),
    _cue("relationship_status", r"\b(?:we|i)\s+(?:(?:just|finally|officially)\s+)?got engaged\b"),
)
_LOST_PET = re.compile(r"\b(?:we|i)\s+(?:(?:sadly|just|finally)\s+)?(?:lost|had to put down"
                       r"|said goodbye to|buried)\s+(?:(?:our|my)\s+(?:\w+\s+)?)?"
                       r"(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))\b", _I)


def _events(text: str, question: bool) -> Iterator[Found]:
    for cue in _STATUS_EVENTS:
        for m in cue.rx.finditer(text):
            if _own(text, m.start(), question):
                value = "engaged" if "engaged" in m.group(0).lower() else "married"
                yield cue.predicate, value, "assert", cue.confidence, m.start()
    for m in _LOST_PET.finditer(text):
        # Removes only a pet of that name the user has: a person lost is no pet fact.
        if _is_name(m.group("m")) and _own(text, m.start(), question):
            yield "pet", m.group("m"), "retract", 0.85, m.start()


# --- allergies ------------------------------------------------------------------------------
#: Things people are allergic to, for "not allergic to it" to find what "it" is.
_ALLERGENS = (r"penicillin|amoxicillin|antibiotics?|aspirin|ibuprofen|codeine|morphine|latex"
              r"|sulfa|peanuts?|tree nuts|nuts|shellfish|prawns|shrimp|fish|gluten|wheat|dairy"
              r"|milk|lactose|eggs?|sesame|soy|soya|mustard|celery|lupin|kiwi|strawberr(?:y|ies)"
              r"|cats?|dogs?|pollen|hay fever|dust mites?|dust|bees?|bee stings|wasps?|mould"
              r"|mold|horses?|nickel|iodine|mango|avocado|banana|tomato(?:es)?|garlic")
_ALLERGEN_WORD = re.compile(r"\b(?P<a>" + _ALLERGENS + r")\b", _I)
_ALLERGY_CUES = (
    re.compile(r"\b(?:have|got|with)\s+(?:a|an)\s+(?:\w+\s+)?allerg(?:y|ies)\s*(?::|-|,|to)\s*"
               r"(?P<m>" + _ALLERGENS + r")\b", _I),
    re.compile(r"\b(?:proper|real|confirmed|genuine|true|actual|serious|full-blown|definite)\s+"
               r"allergy\b[^.]*?\b(?:stay away from|avoid|keep away from|allergic to|steer clear"
               r" of)\s+(?P<m>" + _ALLERGENS + r")\b", _I),
)
_NOT_ALLERGIC_TO_IT = re.compile(
    r"\b(?:i'm|i am)\s+(?:actually\s+|really\s+)?not\s+(?:actually\s+|really\s+)?allergic\s+to\s+"
    r"(?:it|that|them|this)\b", _I)


def _allergies(text: str, question: bool) -> Iterator[Found]:
    for rx in _ALLERGY_CUES:
        for m in rx.finditer(text):
            if _own(text, m.start(), question, expert_ok=True):
                yield "allergy", m.group("m").lower(), "assert", 0.85, m.start()
    for m in _NOT_ALLERGIC_TO_IT.finditer(text):
        named = list(_ALLERGEN_WORD.finditer(text, 0, m.start()))
        if named and mood_at(text, m.start(), question=question).subject == "user":
            # "they did a penicillin challenge and I'm not allergic to it at all": the
            # allergy ends (a removal), it was never a negated assertion.
            yield "allergy", named[-1].group("a").lower(), "retract", 0.85, m.start()


# --- names and pronouns -----------------------------------------------------------------------
_CALLED = re.compile(
    r"\b(?:everyone|everybody|people|friends|most people|colleagues|they all|all my friends)\s+"
    r"(?:\w+\s+){0,4}?calls? me (?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))\b"
    r"|\b(?:i go by|just call me|please call me|you can call me) "
    r"(?P<m2>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))\b"
    r"|\b(?-i:[A-Z][a-z'-]+(?: [A-Z][a-z'-]+)?) here,? but (?P<m3>(?-i:[A-Z][a-z'-]+)) is "
    r"(?:fine|ok|okay|good|great)\b", _I)
_IM_NAME = re.compile(r"^(?:(?:hi|hello|hey|no|yes)\W+)*(?:i'm|i am|my name is|my name's)\s+"
                      r"(?P<m>(?-i:[A-Z][a-z\u00e0-\u017f'-]+))(?=\s*(?:,|\.|and\b|$|here\b))",
                      _I)
_PRONOUN_FIX = re.compile(r"\b(?P<p>she|he|they)(?:/\w+)?,?\s+not\s+(?:he|she|they|him|her)\b",
                          _I)
_PRONOUN_SET = re.compile(
    r"\b(?:i use|i go by|i'm|i am|use|pronouns(?: are|:)?|it's|call me)\s+(?P<set>(?:she|he|they"
    r"|xe|ze)/(?:her|him|them|hers|his|theirs|xem|zir)(?:/\w+)?)\b", _I)
_DEMONYM = re.compile(r"(?:an|ish|ese|ian|ch|i|ic)$")


def passing_facts(text: str, *, question: bool, turn_text: str = "") -> list[Found]:
    """Facts about the user named in passing in one sentence `text` (see the module doc).
    `turn_text` is the whole turn, for context one sentence does not give (a pet named in
    the sentence before)."""
    out: list[Found] = []
    out.extend(_places(text, question))
    out.extend(_work(text, question))
    out.extend(_people(text, question, turn_text or text))
    out.extend(_languages(text, question))
    out.extend(_names(text, question))
    out.extend(_allergies(text, question))
    out.extend(_events(text, question))
    return out


def _own(text: str, pos: int, question: bool, *, expert_ok: bool = False) -> bool:
    """The user's own asserted statement: its clause's mood, and the words before it in the
    sentence (trust.blocked: wished, planned, reported, "forget that ..."; with `expert_ok`
    a clinician's finding about the user counts)."""
    prefix = _IT_IS.sub("", text[:pos]) if expert_ok else text[:pos]
    return users_own(text, pos, question=question) and not blocked(prefix, expert_ok=expert_ok)


def _place_at(text: str, start: int) -> tuple[str, str] | None:
    """The longest place name starting at `start` ("Cebu City", then "Cebu") and its kind."""
    m = _CAP_RUN.match(text, start)
    if m is None:
        return None
    words = m.group(0).split()
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n]).rstrip(".,'")
        place = lookup(name)
        if place is not None:
            return name, place.kind
    return None


def _places(text: str, question: bool) -> Iterator[Found]:
    for cue in _RESIDENCE:
        for m in cue.rx.finditer(text):
            group = "m" if m.group("m") is not None else "m2"
            if m.group(group) is None:
                continue
            found = _place_at(text, m.start(group))
            if found is None or _VISIT.search(text[max(0, m.start() - 25):m.start(group)]):
                continue
            if _VISIT.search(re.split(r"[.;!?]", text[m.end(group):], maxsplit=1)[0]):
                continue  # "I'm in Paris since Monday for a conference"
            if not _own(text, m.start(), question):
                continue
            name, kind = found
            predicate = {"city": "city", "country": "country"}.get(kind)
            if predicate:
                yield predicate, name, "assert", cue.confidence, m.start()


def _org_at(text: str, start: int) -> str | None:
    m = _CAP_RUN.match(text, start)
    if m is None:
        return None
    words = m.group(0).split()
    while words and words[-1] in ("of", "de", "da", "do", "del", "la", "le", "van", "von", "&"):
        words.pop()
    name = " ".join(words).rstrip(".,'")
    if not name or words[0] in _NOT_NAMES or lookup(name) is not None:
        return None
    if name.split()[0].rstrip("'s") in _NOT_NAMES:
        return None
    return name


def _clean_title(title: str) -> str | None:
    words = title.split()
    while words and words[0].lower() in ("a", "an", "the", "new", "just", "now", "also",
                                         "still", "currently", "really", "very", "full-time",
                                         "part-time", "senior-ish"):
        words.pop(0)
    value = " ".join(words)
    if words and words[0].lower() in _HOBBYIST:
        return None  # "an avid photographer" is a hobby, not a job
    if not value or _NOT_ROLES.search(value) or len(value) < 3:
        return None
    return value


def _work(text: str, question: bool) -> Iterator[Found]:
    for cue in _EMPLOYMENT:
        for m in cue.rx.finditer(text):
            org = _org_at(text, m.start("m"))
            if org is None or not _own(text, m.start(), question):
                continue
            yield "employer", org, "assert", cue.confidence, m.start()
            if "t" in m.groupdict() and m.group("t") and (title := _clean_title(m.group("t"))):
                yield "job_title", title, "assert", cue.confidence, m.start()
    for cue in _TITLES:
        for m in cue.rx.finditer(text):
            title = _clean_title(m.group("t"))
            if title and _own(text, m.start(), question):
                yield "job_title", title, "assert", cue.confidence, m.start()


def _is_name(word: str) -> bool:
    """A capitalised word that can be a person's or pet's name where the grammar expects one
    ("my husband Tariq"). Small towns share names with people (Mila, Marion): only a country
    or a big city is taken for a place here."""
    place = lookup(word)
    big_place = place is not None and (place.kind != "city" or place.population > 1_000_000)
    return (word not in _NOT_NAMES and not big_place
            and word not in lx.LANGUAGES and not word.isupper())


def _people(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    for m in _PARTNER.finditer(text):
        name = m.group("m")
        if not _is_name(name) or text[max(0, m.start() - 3):m.start()].lower().endswith("ex-"):
            continue
        if mood_at(text, m.start(), question=question).modality == "backstory":
            continue
        yield "partner_name", name, "assert", 0.85, m.start()
        rel = m.group("rel").lower()
        status = ("married" if rel in ("husband", "wife", "spouse")
                  else "engaged" if rel.startswith("fianc") else None)
        if status:
            yield "relationship_status", status, "assert", 0.8, m.start()
    for rx in (_CHILD, _BIRTH):
        for m in rx.finditer(text):
            if _is_name(m.group("m")):
                yield "child_name", m.group("m"), "assert", 0.85, m.start()
    kids = _KIDS_LIST.search(text)
    if kids and not question and mood_at(text, kids.start(), question=False).modality in (
            "asserted", "backstory"):
        for m in _CLAUSE_NAME.finditer(text, kids.end()):
            if _is_name(m.group("m")):
                yield "child_name", m.group("m"), "assert", 0.8, m.start()
    for m in _PET.finditer(text):
        if _is_name(m.group("m")) and _own(text, m.start(), question):
            yield "pet", f"{m.group('kind').lower()} named {m.group('m')}", "assert", 0.85, m.start()
    kept = _PET_IN_TURN.search(turn_text)
    if kept:
        for rx in (_PET_CARE, _PET_VERBS):
            for m in rx.finditer(text):
                if _is_name(m.group("m")) and not question:
                    yield ("pet", f"{kept.group('kind').lower()} named {m.group('m')}", "assert",
                           0.8, m.start())


def _languages(text: str, question: bool) -> Iterator[Found]:
    for m in _SPEAKS.finditer(text):
        if not _own(text, m.start(), question):
            continue
        tail = re.split(r"[.;:!?]|\bbut\b|\bbecause\b|\bso\b|\bwhich\b", text[m.end():])[0]
        for lang in _LANG_WORD.finditer(tail):
            yield "language_spoken", lang.group("lang"), "assert", 0.85, m.start()
    for m in _FIRST_LANG.finditer(text):
        if _own(text, m.start(), question):
            yield "language_spoken", m.group("lang"), "assert", 0.85, m.start()
    for rx in _LANG_USE:
        for m in rx.finditer(text):
            if _own(text, m.start(), question):
                yield "language_spoken", m.group("lang"), "assert", 0.8, m.start()
    for m in _MY_LANG.finditer(text):
        if _own(text, m.start(), question):
            yield "language_spoken", m.group("lang"), "assert", 0.85, m.start()


def _names(text: str, question: bool) -> Iterator[Found]:
    for m in _CALLED.finditer(text):
        name = m.group("m") or m.group("m2") or m.group("m3")
        if name and _is_name(name):
            yield "preferred_name", name, "assert", 0.9, m.start()
    m = _IM_NAME.search(text)
    if m and _is_name(m.group("m")) and not _DEMONYM.search(m.group("m")) and not question:
        yield "preferred_name", m.group("m"), "assert", 0.85, m.start()
    for m in _PRONOUN_SET.finditer(text):
        if _own(text, m.start(), question):
            yield "pronouns", m.group("set").lower(), "assert", 0.85, m.start()
    for m in _PRONOUN_FIX.finditer(text):
        pronoun = m.group("p").lower()
        value = {"she": "she/her", "he": "he/him", "they": "they/them"}[pronoun]
        yield "pronouns", value, "assert", 0.85, m.start()
