"""Work named in passing: employer and job title from the clause they stand in.

"as a QA lead at Lumenfold I get pulled into calls", "my actual day job at Saltmarsh Energy",
"four nights on the renal ward at the Royal Infirmary": a work noun or a role before "at
<org>", an organisation that is a capitalised name and not a place (gazetteer.py). Split
from passing.py (places), which calls `work` for each sentence. Pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from pipeline.extract.gazetteer import lookup, lookup_town
from pipeline.extract.lexicon import LANGUAGES, ORG_HEADS
from pipeline.extract.mentions import CAP, CAP_RUN, Found, NAME_WORD, NOT_NAMES, cue, own, place_at

_I = re.IGNORECASE

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
#: An introduction opens the sentence, or follows a lead-in ending in a colon ("Some context
#: first: Noor, 31, pharmacist at ..."; not "My sister: Dana, ..."); an age may stand after
#: the name, as on a form.
_INTRO = (r"^(?:(?![^:.!?]{0,60}\b(?:sister|brother|mum|mom|dad|mother|father|wife|husband"
          r"|partner|son|daughter|friend|colleague|boss|flatmate|roommate|cousin|aunt|uncle|gran\w*"
          r"|client|patient|student|neighbou?r|candidate|applicant)s?\b)[^:.!?]{0,60}:\s*)?"
          r"(?:(?:hi|hello|hey|morning|evening|quick intro)\W+)*(?:(?:i'm|i am|it's|this is"
          r"|my name is|my name's)\s+)?(?!(?:thanks|okay|ok|so|well|anyway|also|sorry|yes|no|right"
          r"|honestly|basically|today|yesterday|update|wow|oh|ah|aw|yay|ugh|hmm|great|cool|nice|lol"
          r"|haha|congrats|brilliant|perfect|finally|imagine|fancy)\b)(?P<who>" + NAME_WORD + r")"
          r"(?:\s+" + NAME_WORD + r")?,\s+(?:\w+/\w+,\s+)?(?:\d{1,3},\s+)?(?:an?\s+)?")
#: Gerunds of doing a job, for a stretch of work told without a work noun.
_WORKING = (r"doing|working|running|managing|teaching|coding|writing|designing|driving|nursing"
            r"|selling|building|making|cooking|cleaning|answering|fixing|handling|leading"
            r"|programming|developing|engineering|editing|planning|keeping|serving|wrangling"
            r"|training|coaching|testing|analysing|analyzing|auditing|processing|delivering"
            r"|dispatching|organising|organizing|recruiting|consulting|baking|brewing|farming"
            r"|caring|looking after|pulling pints|answering phones|crunching|balancing")
_EMPLOYMENT = (
    cue("employer", _INTRO + _TITLE + r"\s+(?:at|for|with) " + _ORG_AFTER),
    cue("employer", r"\b(?:i'm|i am|i've been|i was|as|been|work as|working as)\s+(?:a|an|the)?"
                     r"\s*" + _TITLE + r"\s+(?:(?:at|for|with|in) |(?:at|for|with) the )"
                     + _ORG_AFTER),
    cue("employer", r"\b(?:work|works|working|intern|interning|freelance|freelancing|contract"
                     r"|contracting|consult|consulting)\s+(?:\w+\s+){0,2}?(?:at|for) " + _ORG_AFTER),
    cue("employer", r"\b(?:work|works|working)\s+(?:\w+\s+){0,2}?(?:at|for) (?:a|an|the)\s+"
                     r"(?:[\w-]+\s+){0,4}?[\w-]+,\s+" + _ORG_AFTER),
    # "my actual day job at Saltmarsh Energy": the job's adjectives say which one it is; a
    # past or wished-for one ("my old job at", "my dream job at") is not named here.
    cue("employer", r"\bmy (?:(?:new|actual|real|current|day|main|proper|paid|regular|permanent"
                     r"|full-time|part-time|present|boring|usual)\s+){0,2}"
                     r"(?:job|role|position|team|office|desk|boss|manager|salary|pay|payslip|wages"
                     r"|paycheck|bonus"
                     r"|colleagues?|contract|internship|shift|probation|department|employer)"
                     r"\s+(?:at|with) " + _ORG_AFTER),
    # A role held "there", after the organisation it points back to: "the deadline is for
    # Txori Studio, I'm a 3D artist there" (a place before "there" is left to the places).
    cue("employer", r"\b(?:for|at|with|from|to|of)\s+" + _ORG_AFTER + r"\s*[,;(-]+\s*(?:and\s+)?"
                     r"(?:i'm|i\s+am|i\s+work\s+as|i've\s+been)\s+(?:an?|the)\s+(?:[\w-]+\s+){0,3}?(?:"
                     + _ROLE_WORD + r")\s+there\b"),
    # "The new job at Tidewater is going well": a new job told without its owner is the
    # speaker's (someone else's says whose: "his new job at", "Mia's new role at").
    cue("employer", r"(?:^|[,;:]\s*|\b(?:and|but|so)\s+)the new (?:job|role|position|gig)\s+"
                     r"(?:at|with) " + _ORG_AFTER, confidence=0.75),
    cue("employer", r"\b(?:first|second|third|one|two|three|four|five|six|\d+|a few|few)\s+"
                     r"(?:days?|weeks?|months?)\s+(?:in(?:to)?|at) " + _ORG_AFTER),
    # A stretch of work counted up to now: "eight years doing the accounts for Lemoine
    # Transports and ...", "six months running the kitchen at Tamarind". Work verbs only:
    # "ten years shopping at Lidl" or "supporting Arsenal" is no job.
    cue("employer", r"(?:^|[,;]\s*|\b(?:and|but|so)\s+)(?:(?:almost|nearly|over|about|going on)\s+)?"
                     r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
                     r"|twenty|\d+|a few|a couple of)\s+(?:years?|months?)\s+(?:of\s+)?(?:" + _WORKING
                     + r")\b(?:\s+[\w'-]+){0,4}?\s+(?:at|for|with) " + _ORG_AFTER,
        confidence=0.75),
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
    # Taken back by an old employer: "Jedra Krka took me back, same bench".
    cue("employer", r"(?:^|[,;:]\s*|\b(?:and|but|so)\s+)" + _ORG_AFTER + r"\s+(?:took|has\s+taken"
                     r"|have\s+taken|hired|rehired|re-hired)\s+me\s+(?:back|on\s+again)\b"),
    # A trade told by what one makes or mends, and where: "I fix outboard motors at Kvarken
    # Marine", "I make the pastries at Café Ruta". Someone's own things ("I cut my hair at")
    # are no work; a habit in the present tense is.
    cue("employer", r"\bi\s+(?:now\s+|still\s+|mostly\s+|basically\s+)?(?:make|build|fix|repair"
                     r"|cut|sew|bake|brew|weld|restore|carve|tune|service|mend|forge|roast|blend"
                     r"|grade|pack|assemble|stitch|install|inspect|upholster)\s+"
                     r"(?!(?:my|our|his|her|their|your)\b)(?:[\w-]+\s+){1,3}?(?:at|for) "
                     + _ORG_AFTER, confidence=0.7),
    # "I'm at TD Bank": said of a name that is plainly a firm, it is where one works.
    cue("employer", r"\bi'm (?:now |still )?at (?-i:(?!The\b))(?P<m>" + CAP + r"\s+(?-i:" + _FIRM
                     + r"))\b(?!'s\b)(?!\s+(?:branch|atm|waiting|queue|line|car park|to\b|for an?\b))",
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
    # "I live and work in Kraków, as a pharmacist at a small apteka": the work's role told
    # after where it is done.
    cue("job_title", r"\b(?:i|we)\s+(?:(?:also|still|now|currently)\s+)?(?:\w+\s+and\s+)?work"
                      r"\b[^.;:!?]{0,40}?,?\s+as\s+(?:a|an)\s+(?!volunteer)" + _TITLE + r"\b"),
    cue("job_title", r"\b(?:i'm|i am|i've been|i work as|i'm working as)\s+(?:a|an)\s+" + _TITLE
                      + r"\b(?=\s+(?:at|for|with|in|on|and|so|because|,|\.|$)|[,.;!?]|$)"),
    # "I've been the limnologist at the Instituto Lacustre ...": the one post there.
    cue("job_title", r"\b(?:i'm|i am|i've been)\s+the\s+(?!(?:best|worst|only|first|last|main"
                      r"|\w+iest|biggest|youngest|oldest|newest)\b)" + _TITLE
                      + r"\s+(?:at|for|with)\s+(?:the\s+)?(?-i:(?!(?:Monday|Tuesday|Wednesday"
                      r"|Thursday|Friday|Saturday|Sunday)\b)[A-Z])"),
)

#: A job told by its verb ("I teach grade four at a school in the North End"); teaching
#: oneself, one's children or a weekend class is no job.
_TEACH = re.compile(r"\bi\s+(?:currently\s+|still\s+|now\s+|also\s+)?teach\s+(?!myself\b|him\b"
                    r"|her\b|them\b|my\b|our\b|his\b|their\b|you\b|people how\b|how\b|it\b)"
                    r"(?P<what>[^,.;!?]{1,60})", _I)
_NOT_A_JOB = re.compile(r"\b(?:on the side|at the weekends?|on weekends|evenings?|for fun|as a hobby"
                        r"|volunteer\w*|sunday school|once a|every now)\b", _I)



#: Last words of a part of town: a place, not an organisation.
_PART_OF_TOWN = re.compile(r"\s(?:District|Street|St|Road|Rd|Avenue|Ave|Square|Quarter"
                           r"|Neighbou?rhood|Docks|Waterfront|Downtown|Uptown|Midtown|Borough"
                           r"|Precinct)$")


def org_at(text: str, start: int) -> str | None:
    """The organisation named at `start`: a capitalised run that is not a place of note, a
    part of town or a language (notice.py reads it too)."""
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
    if name.split()[0].rstrip("'s") in NOT_NAMES or _PART_OF_TOWN.search(name):
        return None  # "the Strip District office" is where an office is, not whose
    if all(word in ORG_HEADS for word in name.split()):
        return None  # "the education officer at the Trust" points back to a name said before
    return name


_IN_BEFORE = re.compile(r"\bin\s+$", _I)
#: A site of an organisation, after the name of the town it is in ("the Tromsø office").
_SITE = re.compile(r"\s+(?:office|offices|factory|plant|site|branch|depot|warehouse|store"
                   r"|campus|mill|yard|hq|headquarters)\b")


def _a_branch(text: str, start: int, org: str) -> bool:
    """`org`, said at `start`, is a town naming which site: "I'm at the Tromsø office"."""
    place = lookup(org)
    return (place is not None and place.kind == "city"
            and _SITE.match(text, start + len(org)) is not None)


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


#: The role a stretch of work was in, said as it ends: "after eleven years as a lock keeper".
_YEARS_AS = re.compile(
    r"\bafter\s+(?:almost\s+|nearly\s+|over\s+|about\s+|more\s+than\s+)?(?:a|one|two|three|four"
    r"|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|\d+|a\s+few|a\s+couple"
    r"\s+of)\s+years?\s+as\s+(?:an?|the|their|our)\s+(?P<t>[\w-]+(?:\s+[\w-]+){0,2}?)"
    r"(?=\s*(?:[,.;!?)]|$)|\s+(?:at|for|with|in|on|and|i|i'm|i've)\b)", _I)


def years_as(text: str) -> str | None:
    """The job title a sentence says years were spent in ("after nine years as a ferry
    pilot, I've handed in my notice"), or None."""
    m = _YEARS_AS.search(text)
    return _clean_title(m.group("t")) if m else None


def _introduced(m: re.Match[str]) -> bool:
    """An introduction's name is a name ("Oh, clever" introduces nobody)."""
    who = m.groupdict().get("who")
    place = lookup(who) if who else None
    return who is None or (who not in NOT_NAMES and not who.isupper()
                           and (place is None or place.kind == "city"))  # Sofia, Paris


#: Work done for an organisation as its supplier: a client, not an employer.
_A_CLIENT = re.compile(r"\b(?:do|does|did|doing|done|lot of|lots of|bit of|some|of the)\s+(?:\w+\s+)?"
                       r"work\s+(?:\w+\s+){0,2}?(?:for|at)\s+$|\bclients?\b|\bcustomers?\b", _I)
_CLIENT_AFTER = re.compile(r"[\s,;(-]+(?:(?:who|which|they)(?:'re|\s+are|\s+is|'s)\s+|is\s+|are\s+)?"
                           r"(?:our|my|a|one\s+of\s+our|one\s+of\s+my)\s+(?:\w+\s+)?(?:client|customer)s?\b",
                           _I)


def work(text: str, question: bool) -> Iterator[Found]:
    for cue in _EMPLOYMENT:
        for m in cue.rx.finditer(text):
            if not own(text, m.start(), question) or not _introduced(m):
                continue
            if _A_CLIENT.search(text[max(0, m.start() - 20):m.start("m")]) or _CLIENT_AFTER.match(
                    text, CAP_RUN.match(text, m.start("m")).end()):
                continue  # "we do a lot of work for Greenhalgh Homes, our main client"
            # "at Spotify in Stockholm": where one works is, most often, where one lives
            # (a brand the org check refuses as a name is still a workplace here).
            run = CAP_RUN.match(text, m.start("m"))
            end = run.end() if run else m.start("m")
            here = re.match(r",?\s+(?:(?:remotely\s+)?from|in|out of) ", text[end:])
            place = place_at(text, end + here.end(), towns=True) if here and run else None
            if place and place[1] == "city" and lookup(run.group(0)) is None:
                yield "city", place[0], "assert", 0.7, m.start()
            said_as = m.groupdict().get("t")
            title = _clean_title(said_as) if said_as else None
            if said_as and title is None:
                continue  # "I was pregnant with Ole", "a member at Kestrel Gym": no job there
            org = org_at(text, m.start("m"))
            if org is None or _a_branch(text, m.start("m"), org):
                continue
            town = lookup_town(org) if _IN_BEFORE.search(text, 0, m.start("m")) else None
            if town is not None and town.kind == "city":
                # "a ferry pilot in Haapsalu": a town too small for the main index is where
                # one works (and so lives), not whom one works for.
                yield "city", town.name, "assert", 0.7, m.start()
                if title:
                    yield "job_title", title, "assert", cue.confidence, m.start()
                continue
            yield "employer", org, "assert", cue.confidence, m.start()
            if m.groupdict().get("place") and (place := place_at(text, m.start("place"), towns=True)):
                if place[1] == "city":
                    yield "city", place[0], "assert", 0.7, m.start()
            if title:
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
                place = place_at(text, m.end("t") + here.end(), towns=True) if here else None
                if place and place[1] == "city":
                    yield "city", place[0], "assert", 0.7, m.start()


#: A venture named after it was founded: "we're called Atelier Kvevri", "the studio's called
#: Fernhill", "it's called Low Tide Roasters".
_CALLED = re.compile(r"\b(?:we're|we are|we're now|it's|it is|(?:the|our) (?:company|studio"
                     r"|business|firm|startup|agency|practice|shop|cafe|café|bakery|consultancy"
                     r"|brand|roastery|label|collective)(?:'s| is))\s+(?:called|named) "
                     + _ORG_AFTER, _I)
#: The user founding something: "I co-founded a small studio", "Dev and I started roasting".
_FOUNDING = re.compile(r"\b(?:i|we)\b(?:\s+[\w'-]+){0,8}?\s+(?:(?:just|finally|recently)\s+)?"
                       r"(?:founded|co-founded|cofounded|set up|started|launched|opened"
                       r"|registered|incorporated)\b(?P<what>[^.!?]{0,80})", _I)
#: ... a business, not a book club or a band: what is founded, or what the turn says of it.
_BUSINESS = re.compile(r"\b(?:company|studio|business|firm|startup|start-up|agency|practice"
                       r"|shop|cafe|café|bakery|consultancy|brand|roastery|label|clients?"
                       r"|customers?|invoices?|revenue|turnover|sold|selling|pitch\w*|orders"
                       r"|wholesale|GST|VAT|payroll|hire|hiring|employees)\b", _I)
#: A side venture is not where one works: "my side thing", "on the side".
_SIDE = re.compile(r"\b(?:side (?:thing|hustle|project|gig|business|venture)|on the side"
                   r"|hobby business|as a hobby|for fun)\b", _I)
_NOT_VENTURE = re.compile(r"\b(?:club|band|choir|group chat|team|podcast|reading group|league"
                          r"|family|household|the \w+s\b)", _I)


def founded(text: str, question: bool, turn_text: str) -> Iterator[Found]:
    """The name of a business the user founded, said after the founding ("I left Mtkvari and
    co-founded a small studio with a friend. We're called Atelier Kvevri"): the employer."""
    m = _CALLED.search(text)
    if m is None or not own(text, m.start(), question):
        return
    upto = turn_text[:turn_text.find(text) + len(text)] if text in turn_text else text
    starts = [f for f in _FOUNDING.finditer(upto) if f.start() < len(upto) - len(text) + m.start()]
    if not starts or _SIDE.search(turn_text) or _NOT_VENTURE.search(starts[-1].group("what")):
        return
    founding = starts[-1]
    begin = max(upto.rfind(c, 0, founding.start()) for c in ".!?") + 1  # its own sentence
    if not own(upto[begin:], founding.start() - begin, question) or not (
            _BUSINESS.search(founding.group("what")) or _BUSINESS.search(turn_text)):
        return
    org = org_at(text, m.start("m"))
    if org is not None:
        yield "employer", org, "assert", 0.8, m.start()
