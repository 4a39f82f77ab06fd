"""Facts named in passing: where the user lives, works, who they live with, what they speak.

People rarely say "I live in Porto"; they say "sitting in traffic here in Porto", "the move
to Tallinn wiped me out", "as a QA lead at Lumenfold I get pulled into calls", "my husband
Duarte wants...". This pass finds the things named — places from the gazetteer
(gazetteer.py), organisations as capitalised names that are not places, people and pets as
names after the word for who they are — and attaches each to the user only by the clause it
stands in (mood.py: the user's own, asserted, not a question, wish, negation, backstory or
someone else's news). The cues are grammatical families (a home noun before "in <place>",
a work noun before "at <org>", a role before "at"), not sentences.

This module reads places and work; passing_people.py the rest. Pure: text in, (predicate,
value, op, confidence, offset) out; the caller dates them.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract import passing_people as people
from pipeline.extract.gazetteer import lookup
from pipeline.extract.lexicon import LANGUAGES
from pipeline.extract.mentions import CAP, CAP_RUN, NOT_NAMES, Found, cue, own

_I = re.IGNORECASE

# --- places --------------------------------------------------------------------------------
_HOME_NOUNS = (r"flat|apartment|house|home|place|neighbou?rhood|building|street|balcony|garden"
               r"|condo|studio flat|new place|new flat|new house|new apartment|commute|local")
#: Things of a place its residents deal with day to day.
_LOCAL = (r"(?:buses|bus service|trains|trams|metro|subway|tube|public transport|transit|traffic"
          r"|rents?|winters|summers|potholes|drivers|parking|housing market|landlords|cycle lanes"
          r"|roads|rush hour)")
#: A present-tense verb after it: "the trams in Graz were lovely" tells of a visit.
_NOW = (r"(?:is|are|'s|'re|has|have|never|always|still|keeps?|can|just|gets?|makes?"
        r"|drives?|runs?)\b")
#: "My mum back home in Accra": the home of someone else, or the one left behind.
_KIN = (r"back\b|mum|mom|dad|parents|mother|father|sister|brother|gran|grand|aunt|uncle|cousin"
        r"|friend|family|folks|in-laws|son|daughter|kids|boss|ex\b")
_RESIDENCE = (
    cue("city", r"\bhere in (?P<m>" + CAP + ")"),
    cue("city", r"(?:\b(?:i|we)(?:'m|'re|'ve been| am| are| have been)?\s+(?:\w+\s+)?"
                 r"|\b(?:about|love|enjoy|of|still|now|currently) )"
                 r"(?:live|living|based|settled|reside|residing)\s+(?:\w+\s+){0,2}?"
                 r"in (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:my|our|this|the) (?:(?!" + _KIN + r")\w+ ){0,2}?(?:" + _HOME_NOUNS + r")\s+"
                 r"(?:\w+\s+){0,2}?in (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:move|moved|moving|relocat\w*|emigrat\w*)\s+(?:\w+\s+){0,2}?"
                 r"(?:to|into) (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:been|are|'re|am|'m|is|'s)\s+(?:\w+\s+)?in (?P<m>" + CAP
                 + r")\s+(?:since|for (?:\w+ ){0,2}(?:years?|months?))"),
    cue("city", r"\b(?:hello|greetings|hi|love) from (?:(?-i:[a-z]+) )?(?P<m>" + CAP + ")"),
    cue("city", r"\b(?:as (?:a|an|someone|somebody|a person)\b[^,.;]{0,30}?\bwho)\s+(?:lives?"
                 r"|has lived|is based|grew up and still lives) in (?P<m>" + CAP + ")"),
    # Coming back to a city after being away is coming home ("just got back to Lisbon").
    cue("city", r"\b(?:got|get|getting|came|come|coming|flew|arrived|made it) back (?:home )?to "
                 r"(?P<m>" + CAP + r")(?=[^.;]*\b(?:after|from|away|finally|at last|exhausted"
                 r"|jet-?lag\w*|home)\b)"),
    # "We're back home in Cebu now" lives there; "back home in Cork we'd never..." is
    # where one comes from.
    cue("city", r"\b(?:(?:i'm|we're|i am|we are|i've been|we've been|got|get|getting|arrived"
                 r"|landed|now|finally|safely|glad to be|good to be)\s+(?:\w+\s+)?)back (?:home )?in"
                 r" (?P<m>" + CAP + r")(?!\s+(?:for|on)\b)|\bback (?:home )?in (?P<m2>" + CAP
                 + r")(?:\s+(?:now|at last|again)\b|\s*!)"),  # "Back in Toulouse!": returned
    cue("city", r"(?<!back )\bhome (?:is|in) (?P<m>" + CAP + ")"),
    cue("city", r"\bnew (?:to|in) (?P<m>" + CAP + ")"),
    # Time told as a stretch of life there: "our first winter in Montreal has been brutal",
    # "it's my third year in Seoul", "two months into life in Kraków", "since we got to Brno".
    cue("city", r"\b(?:my|our) (?:first|second|third|fourth|fifth|\w+th) (?:winter|summer|spring"
                 r"|autumn|fall|year|month|christmas|monsoon) (?:here )?in (?P<m>" + CAP
                 + r")(?!\s+(?:was|were|had)\b)"),
    cue("city", r"\binto (?:life|living|our life|my life) in (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:since|after|now that|ever since) (?:we|i) (?:got|arrived|came|moved) (?:to|in)"
                 r" (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:signed|got|found) (?:a|the|our|my) (?:\w+ )?(?:lease|tenancy|mortgage)"
                 r" (?:on a (?:\w+ )?(?:flat|house|place|apartment) )?in (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:i'm|we're|i am|we are) (?:\w+ )?renting in (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:i'm|we're|i am|we are)\s+(?:still\s+|stuck\s+|back\s+|now\s+|currently\s+"
                 r"|finally\s+|here\s+)*in (?P<m>" + CAP + r")\b(?!'?\s+(?:for|this|next|until|till"
                 r"|over|on|during|visiting|again)\b)"),
    # Local weather is told from where one is ("it's snowing in Brno and I'm avoiding my tax
    # return", "rude even by Minneapolis standards"): weaker evidence, lower confidence.
    cue("city", r"\b(?:snowing|raining|pouring|freezing|boiling|sweltering|scorching|howling"
                 r"|chucking it down|tipping it down|bucketing(?: it)? down|lashing(?: it)? down"
                 r"|pissing it down|teeming|drizzling|sleeting"
                 r"|minus [\w-]+|\d+ degrees)\b[^.;:]{0,40}?\b(?:in|across|over) (?P<m>" + CAP
                 + ")", confidence=0.6),
    cue("city", r"\beven by (?P<m>" + CAP + r") standards\b", confidence=0.6),
    # What one lives with, told in the present ("the buses in Winnipeg are hopeless",
    # "Nairobi traffic is its own weather system"): weak evidence, like the weather.
    cue("city", r"\b(?:the|our) " + _LOCAL + r" (?:here )?in (?P<m>" + CAP + r")\s+" + _NOW,
        confidence=0.6),
    cue("city", r"(?:^|[,;]\s+|\b(?:and|but|because|so|the)\s+)(?P<m>" + CAP + r")(?:'s)? "
                 + _LOCAL + r"\s+" + _NOW, confidence=0.6),
    cue("city", r"\b(?:got|bought|rented|found|renting|share|sharing)\s+(?:a|an|our|my)\s+"
                 r"(?:\w+\s+){0,2}?(?:" + _HOME_NOUNS + r")\s+in (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:my|our) (?P<m>" + CAP + r")\s+(?:flat|apartment|house|home|place"
                 r"|neighbou?rs|landlord|landlady|commute)\b"),
    cue("city", r"\b(?:call|calling|made) (?P<m>" + CAP + r") (?:home|our home|my home)\b"),
    cue("city", r"\b(?:my|our) (?:new )?life (?:here )?in (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:settling|settled) (?:in(?:to)?|down in) (?P<m>" + CAP + ")"),
    cue("city", r"\b(?:i've|we've|i have|we have)\s+(?:\w+\s+)?lived (?:here )?in (?P<m>" + CAP
                + ")"),
    # "As a Halifax-based designer" places the user; "a London-based startup" the startup.
    cue("city", r"\b(?:i'm|i am|as|we're|we are)\s+(?:an?\s+)?(?P<m>(?-i:[A-Z][\w'.]*"
                r"(?:\s+[A-Z][\w'.]*)?))-based\b"),
    cue("city", r"\b(?P<m>" + CAP + r"),? (?:which is )?where (?:i|we) (?:now |still )?live\b"),
    cue("city", r"\bbased (?:out of|in) (?P<m>" + CAP + r")(?=[^.]*\b(?:i|we)\b)|^(?:i'm|we're|"
                 r"i am|we are)\s+(?:\w+\s+)?based (?:out of|in) (?P<m2>" + CAP + ")"),
)
#: A sentence that puts the user somewhere else than the place its weak cue names.
_ELSEWHERE = re.compile(r"\b(?:there|unlike here|than here|compared to here|back home"
                        r"|(?:move|moving|relocat\w*) (?:to )?(?:there|here)|would|'d|visit\w*"
                        r"|went)\b", _I)
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
    r"|learner|native|listener|sleeper|eater|talker|worrier|overthinker|fluent|confident"
    r"|competent|different|decent|brilliant|hesitant|reluctant|pregnant|independent|excellent"
    r"|present|absent|relevant|dependent|intelligent|urgent|efficient|consistent|persistent"
    r"|content|silent|vibrant|tolerant|intolerant|arrogant|ignorant|elegant|pleasant|distant"
    r"|fluent-ish|proficient|conversant|resilient|lenient|ancient|recent|frequent|eminent)s?$", _I)
_HOBBYIST = frozenset({"avid", "keen", "amateur", "big", "huge", "passionate", "casual", "hobby",
                       "aspiring", "wannabe", "weekend", "lifelong", "enthusiastic", "terrible",
                       "bad", "good", "great", "decent", "occasional", "total", "complete"})
_TITLE = r"(?P<t>(?:(?:[A-Z]{2,4}|[a-z][a-z-]+)\s+){0,3}?" + _ROLE_WORD + r")"
_ORG_AFTER = r"(?P<m>" + CAP + ")"
#: Last words of a name that make it a firm.
_FIRM = (r"Bank|Group|Labs?|Inc\.?|Ltd\.?|LLC|GmbH|AG|plc|PLC|Studios?|Agency|Partners|Consulting"
         r"|Capital|Solutions|Systems|Technologies|Software|Insurance|Seguros|Analytics|Media"
         r"|Ventures|Works|Games|Logistics|Energy|Pharma|Robotics|Digital|Holdings|Industries"
         r"|Associates|Architects|Engineering|Foods|Brewing|Interactive|Networks|Bio|Therapeutics")
_INTRO = (r"^(?:(?:hi|hello|hey|morning|evening|quick intro)\W+)*(?:(?:i'm|i am|it's|this is"
          r"|my name is|my name's)\s+)?(?!(?:thanks|okay|ok|so|well|anyway|also|sorry|yes|no|right"
          r"|honestly|basically|today|yesterday|update|wow|oh|ah|aw|yay|ugh|hmm|great|cool|nice|lol"
          r"|haha|congrats|brilliant|perfect|finally|imagine|fancy)\b)(?P<who>(?-i:[A-Z])[a-z\u00e0-\u017f'-]+)"
          r"(?:\s+(?-i:[A-Z])[a-z\u00e0-\u017f'-]+)?,\s+(?:\w+/\w+,\s+)?(?:an?\s+)?")
_EMPLOYMENT = (
    cue("employer", _INTRO + _TITLE + r"\s+(?:at|for|with) " + _ORG_AFTER),
    cue("employer", r"\b(?:i'm|i am|i've been|i was|as|been|work as|working as)\s+(?:a|an|the)?"
                     r"\s*" + _TITLE + r"\s+(?:at|for|with|in) " + _ORG_AFTER),
    cue("employer", r"\b(?:work|works|working|intern|interning|freelance|freelancing|contract"
                     r"|contracting|consult|consulting)\s+(?:\w+\s+){0,2}?(?:at|for) " + _ORG_AFTER),
    cue("employer", r"\b(?:work|works|working)\s+(?:\w+\s+){0,2}?(?:at|for) (?:a|an|the)\s+"
                     r"(?:[\w-]+\s+){0,4}?[\w-]+,\s+" + _ORG_AFTER),
    cue("employer", r"\bmy (?:new\s+)?(?:job|role|position|team|office|desk|boss|manager"
                     r"|colleagues?|contract|internship|shift|probation|department|employer)"
                     r"\s+(?:at|with) " + _ORG_AFTER),
    cue("employer", r"\b(?:first|second|third|one|two|three|four|five|six|\d+|a few|few)\s+"
                     r"(?:days?|weeks?|months?)\s+(?:in(?:to)?|at) " + _ORG_AFTER),
    cue("employer", r"\b(?:i|i've|we)\s+(?:just\s+|recently\s+|finally\s+)?(?:joined|started at"
                     r"|started working at|began at|got (?:a|the) job at|got hired at"
                     r"|was hired (?:at|by)) " + _ORG_AFTER),
    cue("employer", r"\bthe " + _ORG_AFTER + r" (?:office|offices|headquarters|hq|canteen"
                     r"|staff)\b"),
    cue("employer", r"\b(?:everyone|everybody|people|colleagues|staff|coworkers) at "
                     + _ORG_AFTER),
    cue("employer", r"\bstaff (?:\w+\s+)?(?:at|of) " + _ORG_AFTER),
    cue("employer", r"\bresignation(?: letter)? (?:for|to|at) " + _ORG_AFTER),
    # Shifts and wards are worked: "four nights on the renal ward at the Royal Infirmary".
    cue("employer", r"\b(?:my|a|the|of|four|three|two|\d+|night|day|late|early|long)\s+(?:\w+\s+)?"
                     r"(?:shifts?|nights|ward|rota|on-?call)\s+(?:\w+\s+){0,4}?(?:at|for) (?:the )?"
                     + _ORG_AFTER),
    cue("employer", r"\b(?:since|after)\s+(?:i\s+)?(?:joining|joined|starting at|started at"
                     r"|moving to) " + _ORG_AFTER + r"(?=[^.;]*\b(?:i|i've|i'm|my)\b)"),
    cue("employer", r"\b" + _ORG_AFTER + r",? (?:which is )?where (?:i|we) (?:now |still )?work\b"),
    cue("employer", r"\b(?:my|our) " + _ORG_AFTER + r" (?:colleagues|coworkers|co-workers|team"
                     r"|teammates|manager|boss|office|badge|email|laptop|payslip|contract)\b"),
    cue("employer", r"\b(?:i|we)\s+(?:\w+\s+)?(?:founded|co-founded|set up|started|launched"
                     r"|opened|run|own)\s+(?:my own |our own |a |an )?(?:little |small |tiny |new )?"
                     r"(?:\w+\s+)?\w*(?:company|firm|studio|practice|business|agency|startup|shop"
                     r"|consultancy|bakery|cafe|restaurant)(?:\s+in\s+(?P<place>" + CAP + r"))?"
                     r"(?:,| called| named)\s+" + _ORG_AFTER),
    cue("employer", r"(?:^|[.;]\s*)at " + _ORG_AFTER + r",?\s+(?:we|i)\s+(?:\w+\s+)?(?:use|ship"
                     r"|deploy|build|sell|make|hire|release|launch|code|develop|design|are hiring"
                     r"|work|serve|handle|support|process|manage|get paid|have to)\b"),
    cue("employer", r"\b(?:on|in|joined|joining|join|lead|run|manage) (?:the|a|our) "
                     r"(?:[\w-]+\s+){0,2}?(?:team|squad|department|group|unit|lab) (?:at|of) "
                     + _ORG_AFTER),
    # "I'm at TD Bank": said of a name that is plainly a firm, it is where one works.
    cue("employer", r"\bi'm (?:now |still )?at (?-i:(?!The\b))(?P<m>" + CAP + r"\s+(?-i:" + _FIRM
                     + r"))\b(?!\s+(?:branch|atm|waiting|queue|line|car park|to\b|for an?\b))",
        confidence=0.75),
    cue("employer", r"\b(?:i|i've)\s+(?:just\s+)?(?:started|begun|began)\s+(?:a\s+)?(?:new\s+)?"
                     r"(?:job|work|role|position|contract)\s+(?:at|with)\s+" + _ORG_AFTER),
    # "I'm at Northwind Bank now, in compliance" works there; "I'm at Costco" shops: the
    # sentence must talk about work.
    cue("employer", r"\bi'm (?:now |still )?at (?-i:(?!The\b))" + _ORG_AFTER
                     + r"(?=\s*(?:[,.;!?]|$|now|these|as|and|in|where|doing))"
                     r"(?=.*\b(?:work\w*|job|team|role|office|colleagues?|manager|boss|department"
                     r"|compliance|engineering|sales|finance|marketing|support|analyst|engineer"
                     r"|developer|years|months|weeks|since|joined|started|hired|as an?)\b)"),
)
_TITLES = (
    # An introduction: "I'm Sofia, a pharmacist in Seville", "Sam, she/her, nurse in Leeds".
    cue("job_title", _INTRO + _TITLE + r"\b(?=\s+(?:at|for|with|in|from|based)\b)"),
    cue("job_title", r"\b(?:i|i've|i was|i got|i've been|i just got)\s+(?:just\s+)?(?:been\s+)?"
                      r"(?:promoted|made|moved up|bumped up) to\s+(?:a |an |the )?" + _TITLE
                      + r"\b"),
    cue("job_title", r"\bas (?:(?:a|an|the|their|our|its|his|her)\s+)?" + _TITLE
                      + r"(?:\s+(?:at|for|with) "
                      + CAP + r")?,?\s+i\b"),
    cue("job_title", r"\b(?:i'm|i am|i've been|i work as|i'm working as)\s+(?:a|an)\s+" + _TITLE
                      + r"\b(?=\s+(?:at|for|with|in|on|and|so|because|,|\.|$)|[,.;!?]|$)"),
)

#: A job told by its verb ("I teach grade four at a school in the North End"); teaching
#: oneself, one's children or a weekend class is no job.
_TEACH = re.compile(r"\bi\s+(?:currently\s+|still\s+|now\s+|also\s+)?teach\s+(?!myself\b|him\b"
                    r"|her\b|them\b|my\b|our\b|his\b|their\b|you\b|people how\b|how\b|it\b)"
                    r"(?P<what>[^,.;!?]{1,60})", _I)
_NOT_A_JOB = re.compile(r"\b(?:on the side|at the weekends?|on weekends|evenings?|for fun|as a hobby"
                        r"|volunteer\w*|sunday school|once a|every now)\b", _I)


def passing_facts(text: str, *, question: bool, turn_text: str = "") -> list[Found]:
    """Facts about the user named in passing in one sentence `text` (see the module doc).
    `turn_text` is the whole turn, for context one sentence does not give (a pet named in
    the sentence before)."""
    out: list[Found] = []
    out.extend(_places(text, question))
    out.extend(_work(text, question))
    out.extend(people.people(text, question, turn_text or text))
    out.extend(people.languages(text, question))
    out.extend(people.names(text, question))
    out.extend(people.allergies(text, question))
    out.extend(people.events(text, question))
    return out

def _place_at(text: str, start: int) -> tuple[str, str] | None:
    """The longest place name starting at `start` ("Cebu City", then "Cebu") and its kind."""
    m = CAP_RUN.match(text, start)
    if m is None:
        return None
    words = m.group(0).replace("-based", "").split()
    for n in range(len(words), 0, -1):
        name = " ".join(words[:n]).rstrip(".,'")
        place = lookup(name)
        if place is not None:
            return name, place.kind
    return None


_MOVE_VERB = re.compile(r"\b(?:moved|moving|move|relocat\w*|emigrat\w*)\b", _I)
_OTHER_MOVER = re.compile(r"\b(?:he|she|they|his|her|their|one of|someone|somebody|everyone"
                          r"|friends?|sister|brother|mum|mom|dad|parents|colleagues?|boss"
                          r"|neighbou?rs?|cousin|aunt|uncle|daughter|son|kids|people|others?)\b", _I)
_USER_SUBJECT = re.compile(r"\b(?:i|we|i'm|we're|i've|we've|i'd|we'd|i'll|we'll|our|my|us|me)\b", _I)


def _user_moves(text: str, m: re.Match[str]) -> bool:
    """Whose move it is: "One of the other nurses, Fiona, is moving to Aberdeen" is not the
    user's. A clause before the verb that names the user, or no one else, makes it theirs."""
    verb = _MOVE_VERB.match(text, m.start()) or _MOVE_VERB.search(text, m.start(), m.end())
    if verb is None:
        return True
    start = max(text.rfind(c, 0, verb.start()) for c in ".;:!?")
    before = text[start + 1:verb.start()]
    before = re.split(r"\b(?:and|but|so|because|while|when)\b", before, flags=_I)[-1]
    if _USER_SUBJECT.search(before):
        return True
    names = [w for w in re.findall(r"(?<=\s)(?-i:[A-Z])[a-z\u00e0-\u017f'-]+", before)
             if w not in NOT_NAMES]
    return not names and not _OTHER_MOVER.search(before)


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
            clause = text[text.rfind(";", 0, m.start()) + 1:]
            if cue.confidence < 0.7 and _ELSEWHERE.search(clause):
                continue  # "Lisbon rents are insane, I'd never move there"
            if not own(text, m.start(), question) or not _user_moves(text, m):
                continue
            name, kind = found
            predicate = {"city": "city", "country": "country"}.get(kind)
            if predicate:
                yield predicate, name, "assert", cue.confidence, m.start()


def _org_at(text: str, start: int) -> str | None:
    m = CAP_RUN.match(text, start)
    if m is None:
        return None
    words = m.group(0).split()
    while words and words[-1] in ("of", "de", "da", "do", "del", "la", "le", "van", "von", "&"):
        words.pop()
    name = " ".join(words).rstrip(".,'")
    place = lookup(name)
    # A small town may share an organisation's name (Pinecrest); a city of note does not.
    if not name or words[0] in NOT_NAMES or name in LANGUAGES or (place is not None and (
            place.kind != "city" or place.population > 100_000)):
        return None
    if name.split()[0].rstrip("'s") in NOT_NAMES:
        return None
    return name


def _clean_title(title: str) -> str | None:
    words = title.split()
    while words and words[0].lower() in ("a", "an", "the", "new", "just", "now", "also", "only",
                                         "sole", "their", "our", "its",
                                         "still", "currently", "really", "very", "full-time",
                                         "part-time", "senior-ish"):
        words.pop(0)
    while words and words[0].endswith("-based"):
        words.pop(0)
    value = " ".join(words)
    if words and words[0].lower() in _HOBBYIST:
        return None  # "an avid photographer" is a hobby, not a job
    if not value or _NOT_ROLES.search(value) or len(value) < 3:
        return None
    return value


def _introduced(m: re.Match[str]) -> bool:
    """An introduction's name is a name ("Oh, clever" introduces nobody)."""
    who = m.groupdict().get("who")
    place = lookup(who) if who else None
    return who is None or (who not in NOT_NAMES and not who.isupper()
                           and (place is None or place.kind == "city"))  # Sofia, Paris


def _work(text: str, question: bool) -> Iterator[Found]:
    for cue in _EMPLOYMENT:
        for m in cue.rx.finditer(text):
            if not own(text, m.start(), question) or not _introduced(m):
                continue
            # "at Spotify in Stockholm": where one works is, most often, where one lives
            # (a brand the org check refuses as a name is still a workplace here).
            run = CAP_RUN.match(text, m.start("m"))
            end = run.end() if run else m.start("m")
            here = re.match(r",?\s+(?:(?:remotely\s+)?from|in|out of) ", text[end:])
            place = _place_at(text, end + here.end()) if here and run else None
            if place and place[1] == "city" and lookup(run.group(0)) is None:
                yield "city", place[0], "assert", 0.7, m.start()
            org = _org_at(text, m.start("m"))
            if org is None:
                continue
            yield "employer", org, "assert", cue.confidence, m.start()
            if m.groupdict().get("place") and (place := _place_at(text, m.start("place"))):
                if place[1] == "city":
                    yield "city", place[0], "assert", 0.7, m.start()
            if "t" in m.groupdict() and m.group("t") and (title := _clean_title(m.group("t"))):
                yield "job_title", title, "assert", cue.confidence, m.start()
    for m in _TEACH.finditer(text):
        if not _NOT_A_JOB.search(m.group("what")) and own(text, m.start(), question):
            yield "job_title", "teacher", "assert", 0.75, m.start()
    for cue in _TITLES:
        for m in cue.rx.finditer(text):
            title = _clean_title(m.group("t"))
            if title and own(text, m.start(), question) and _introduced(m):
                yield "job_title", title, "assert", cue.confidence, m.start()
                # "a pharmacist in Seville": where one works as that is where one lives.
                here = re.match(r"\s+(?:in|based in|out of) ", text[m.end("t"):])
                place = _place_at(text, m.end("t") + here.end()) if here else None
                if place and place[1] == "city":
                    yield "city", place[0], "assert", 0.7, m.start()
