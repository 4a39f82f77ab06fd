"""Facts named in passing: where the user lives, works, who they live with, what they speak.

People rarely say "I live in Porto"; they say "sitting in traffic here in Porto", "the move
to Tallinn wiped me out", "as a QA lead at Lumenfold I get pulled into calls", "my husband
Duarte wants...". This pass finds the things named — places from the gazetteer
(gazetteer.py), organisations as capitalised names that are not places, people and pets as
names after the word for who they are — and attaches each to the user only by the clause it
stands in (mood.py: the user's own, asserted, not a question, wish, negation, backstory or
someone else's news). The cues are grammatical families (a home noun before "in <place>",
a work noun before "at <org>", a role before "at"), not sentences.

This module reads places; passing_work.py work; passing_people.py people, pets and life
events; passing_languages.py, passing_allergies.py, passing_names.py and passing_tastes.py the
rest. Pure: text
in, (predicate, value, op, confidence, offset) out; the caller dates them.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract import passing_allergies, passing_languages, passing_names
from pipeline.extract import passing_people as people
from pipeline.extract.allergy_told import told_allergies
from pipeline.extract.passing_tastes import tastes
from pipeline.extract.passing_work import founded, work
from pipeline.extract.mentions import CAP, Found, NAME_WORD, NOT_NAMES, cue, own, place_at
from pipeline.extract.mood import mood_at

_I = re.IGNORECASE

#: Verbs of the daily way out from home (present tense only).
_COMMUTE = (r"(?:drive|commute|cycle|bike|ride|walk|take\s+the\s+(?:bus|train|ferry|tram))\s+"
            r"(?:out\s+|in\s+|over\s+|down\s+|up\s+|across\s+)?")

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
        r"|friend|family|folks|in-laws|son|daughter|kids|boss|ex\b"
        # a home left: "our old house in Derby", "my childhood home in Cork"
        r"|old\b|former\b|previous\b|childhood\b|first\b")
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
    # "we finally moved into a flat in Nabeul": the home moved into says the city.
    cue("city", r"\b(?:move|moved|moving)\s+(?:\w+\s+)?into\s+(?:a|an|the|our|my)\s+(?:[\w-]+\s+){0,2}?"
                 r"(?:" + _HOME_NOUNS + r")\s+(?:\w+\s+){0,2}?in (?P<m>" + CAP + ")"),
    # Moving in with family is moving to where they live: "I moved back in with my parents
    # in Pune"; whose move it is is checked as for any move (_user_moves).
    cue("city", r"\b(?:moved|moving)\s+(?:back\s+)?in\s+with\s+(?:my|our)\s+(?:[\w-]+\s+){1,2}?"
                 r"in (?P<m>" + CAP + ")"),
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
    # A commute out from home, told as a habit: "Every week I drive out from Iringa to the
    # gorge", "I cycle in from Haarlem every morning" (a trip once is no home; the past tense,
    # "I took the bus from Osorno every morning", is where one lived then).
    cue("city", r"\b(?:every|each)\s+(?:day|morning|week|weekday|evening|night)\b[^.;!?]{0,20}?"
                 r"\b(?:i|we)\s+" + _COMMUTE + r"from (?P<m>" + CAP + r")", confidence=0.7),
    cue("city", r"\b(?:i|we)\s+(?:still\s+|usually\s+|now\s+)?" + _COMMUTE + r"from (?P<m>" + CAP
                 + r")(?=[^.;!?]*\b(?:every\s+(?:day|morning|week|weekday|evening)|each\s+(?:day"
                 r"|morning|week)|daily)\b)", confidence=0.7),
    # Months of life there opening the sentence: "Three months in Pavlodar and I can report:
    # the wind is worse" (a stay of weeks or days is a trip's; "... in Rome was" a memory).
    cue("city", r"^(?:(?:almost|nearly|over|about|already|so|well|ok|okay)[,\s]+)*(?:two|three|four|five"
                 r"|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}|a\s+few|several|half\s+a|a"
                 r"|one)\s+(?:months?|years?)\s+(?:now\s+)?in (?P<m>" + CAP + r")(?:\s+(?:already"
                 r"|now))?(?=\s*(?:[,!:;]|and\b|\u2014|-\s))", confidence=0.75),
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
    # "Life in Lyon is good, slow but good": the life told in the present is the speaker's.
    cue("city", r"(?:^|[,;:]\s*|\b(?:and|but|so)\s+)(?:life|daily life|everyday life) (?:here )?in"
                 r" (?P<m>" + CAP + r")\s+(?:is|has|'s|keeps|feels|suits)\b", confidence=0.7),
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
#: A negation inside a cue's own words, between its start and the place: the mood is read
#: at the cue's start, before the "never" of "I've never lived in Oslo".
_CUE_NEGATED = re.compile(r"\b(?:not|never|no\s+longer|hardly|barely)\b|n't\b", re.I)
#: A sentence that puts the user somewhere else than the place its weak cue names.
_ELSEWHERE = re.compile(r"\b(?:there|unlike here|than here|compared to here|back home"
                        r"|(?:move|moving|relocat\w*) (?:to )?(?:there|here)|would|'d|visit\w*"
                        r"|went)\b", _I)
#: Words between a cue and a place that make it a visit, not a home.
_VISIT = re.compile(r"\b(?:trip|weekend|holiday|vacation|visit|visiting|flight|conference"
                    r"|wedding|honeymoon|tour|day out|layover|stopover|hotel|festival|second|summer|holiday"
                    r"|parents'?|mum's|mom's|dad's|family|grandparents'?|friend's|airbnb|airport|station"
                    r"|layover|transit|passing through|business|rent(?:ed)? (?:it )?out|let out"
                    r"|investment|buy-to-let|tenants|holidays|for a (?:week|few days|couple of days|fortnight))\b",
                    _I)

def passing_facts(text: str, *, question: bool, turn_text: str = "") -> list[Found]:
    """Facts about the user named in passing in one sentence `text` (see the module doc).
    `turn_text` is the whole turn, for context one sentence does not give (a pet named in
    the sentence before)."""
    out: list[Found] = []
    out.extend(_places(text, question))
    out.extend(work(text, question))
    out.extend(founded(text, question, turn_text or text))
    out.extend(people.people(text, question, turn_text or text))
    out.extend(passing_languages.languages(text, question))
    out.extend(passing_names.names(text, question))
    out.extend(passing_allergies.allergies(text, question, turn_text or text))
    out.extend(told_allergies(text, question, turn_text or text))
    out.extend(people.events(text, question, turn_text or text))
    out.extend(tastes(text, question, turn_text or text))
    return out

_MOVE_VERB = re.compile(r"\b(?:moved|moving|move|relocat\w*|emigrat\w*)\b", _I)
_OTHER_MOVER = re.compile(r"\b(?:he|she|they|his|her|their|one of|someone|somebody|everyone"
                          r"|friends?|sister|brother|mum|mom|dad|parents|colleagues?|boss"
                          r"|neighbou?rs?|cousin|aunt|uncle|daughter|son|kids|people|others?)\b", _I)
_USER_SUBJECT = re.compile(r"\b(?:i|we|i'm|we're|i've|we've|i'd|we'd|i'll|we'll|our|my|us|me)\b", _I)


_NAME_OPENS = re.compile(r"^\s*(" + NAME_WORD + r")\s+(?:(?:did|has|had|is|was|will|'s|just|finally"
                         r"|also|actually)\s+)*$")


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
    names = [w for w in re.findall(r"(?<=\s)" + NAME_WORD, before)
             if w not in NOT_NAMES]
    # "Saara did move to Keetmanshoop": a name opening the sentence, right before the verb.
    opener = _NAME_OPENS.match(before)
    if opener and opener.group(1) not in NOT_NAMES and not opener.group(1).endswith("ly"):
        names.append(opener.group(1))
    return not names and not _OTHER_MOVER.search(before)


#: "our place in Kochi" names the user's home whoever the clause is about ("She wants a
#: proper sadya at our place in Kochi"): the possessive presupposes it.
_OUR_HOME = re.compile(r"(?:my|our) (?:new )?(?:flat|apartment|house|home|place|condo)\b", _I)
_UNREAL = re.compile(r"\b(?:would|could|might|if|wish|imagine|someday|one day)\b|'d\b", _I)


_CUE_PAST = re.compile(r"\b(?:was|were|used\s+to\s+be|had\s+been)\b", _I)
_IN_WITH = re.compile(r"(?:moved|moving)\s+(?:back\s+)?in\s+with\b", _I)


def _presupposed(text: str, m: re.Match[str], question: bool) -> bool:
    return (bool(_OUR_HOME.match(m.group(0))) and not question and not _UNREAL.search(text)
            and mood_at(text, m.start(), question=question).modality == "asserted")


def _places(text: str, question: bool) -> Iterator[Found]:
    for cue in _RESIDENCE:
        for m in cue.rx.finditer(text):
            group = "m" if m.group("m") is not None else "m2"
            if m.group(group) is None:
                continue
            found = place_at(text, m.start(group), towns=True)  # a residence cue: towns count
            # "moved in with my parents in Pune" names the family it is about: not a visit.
            upto = m.start() if _IN_WITH.match(m.group(0)) else m.start(group)
            if found is None or _VISIT.search(text[max(0, m.start() - 25):upto]):
                continue
            if _VISIT.search(re.split(r"[.;!?]", text[m.end(group):], maxsplit=1)[0]):
                continue  # "I'm in Paris since Monday for a conference"
            if _CUE_NEGATED.search(text[m.start():m.start(group)]):
                continue  # "I've never lived in Oslo": the cue's own words deny it
            if _CUE_PAST.search(text[m.start():m.start(group)]):
                continue  # "our home was still in Sfax": where it was then, not now
            clause = text[text.rfind(";", 0, m.start()) + 1:]
            if cue.confidence < 0.7 and _ELSEWHERE.search(clause):
                continue  # "Lisbon rents are insane, I'd never move there"
            if not (own(text, m.start(), question) or _presupposed(text, m, question)) or (
                    not _user_moves(text, m)):
                continue
            name, kind = found
            predicate = {"city": "city", "country": "country"}.get(kind)
            if predicate:
                yield predicate, name, "assert", cue.confidence, m.start()
