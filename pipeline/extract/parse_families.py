"""What parse.py reads off a sentence's dependency tree: the families of facts in passing.

- where the user lives: a place (the gazetteer) in "in <place>" that hangs, through the
  nouns between, from the user's verb of living ("I live two blocks from the rambla in
  Montevideo", "we rent a tiny flat above a bakery in Porto") or of working at a workplace
  ("I work in the hospital pharmacy in Tampere", weaker);
- pets, partners and children: a name in apposition to the word for who they are, either
  way round ("Mopoke, the cat, ...", "our twins, Ada and Noor, ...", "Tomás, my husband");
  "my"/"our" makes them the user's, "the" only in a turn the user tells of themselves, and
  someone else's ("my sister's cat, Pip") never;
- languages: a language the user speaks, writes or reads as the verb's object ("we speak
  mostly Danish at home"), and languages listed by where they are used without a verb
  ("so Portuguese at home, Japanese at work");
- work: "my job at <Org>" (the user's job noun, not an old one) and a job told by its
  vehicle ("I drive a forklift": forklift driver).

Each candidate is checked twice: by the tree (parse_clause.py) and by the clause's mood
(mentions.own, the verdict the phrase families use). Pure.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from pipeline.extract import lexicon as lx
from pipeline.extract.mentions import Found, is_name, own, place_at
from pipeline.extract.mood import mood_at
from pipeline.extract.parse_clause import asserted_now, governor, is_user, mine, subject_of

Doc = Any  # a spaCy Doc
Token = Any

#: Verbs of living somewhere (lemmas).
_LIVE = frozenset({"live", "reside", "settle", "base", "rent", "share"})
#: Of these, the ones that need a home as their object.
_RENTED = frozenset({"rent", "share"})
_HOMES = frozenset({"flat", "apartment", "house", "home", "place", "room", "studio", "condo",
                    "cottage", "bedsit", "loft", "terrace", "townhouse", "bungalow", "unit"})
_WORK = frozenset({"work", "intern", "volunteer", "temp", "freelance", "teach", "nurse"})
#: Nouns of a place of work, for "I work in the hospital pharmacy in Tampere".
_WORKPLACES = frozenset({
    "hospital", "clinic", "pharmacy", "school", "warehouse", "office", "factory", "plant",
    "depot", "lab", "laboratory", "bakery", "restaurant", "shop", "store", "library", "bank",
    "university", "college", "hotel", "cafe", "café", "kitchen", "studio", "firm", "agency",
    "centre", "center", "practice", "surgery", "garage", "site", "mill", "port", "airport"})
#: Words in a noun chain that make the place a visit's, not a home's.
_VISIT = frozenset({
    "trip", "weekend", "holiday", "holidays", "vacation", "visit", "conference", "wedding",
    "honeymoon", "tour", "layover", "stopover", "hotel", "festival", "airbnb", "airport",
    "station", "parents", "mum", "mom", "dad", "family", "friend", "friends", "sister",
    "brother", "cousin", "aunt", "uncle", "grandparents", "gran", "in-laws", "office"})
_PARTNERS = frozenset({"husband", "wife", "partner", "boyfriend", "girlfriend", "fiance",
                       "fiancé", "fiancee", "fiancée", "spouse"})
_CHILDREN = frozenset({"son", "daughter", "kid", "child", "boy", "girl", "baby", "stepson",
                       "stepdaughter", "twin", "toddler", "children", "kids", "boys", "girls",
                       "twins", "sons", "daughters"})
_GONE = frozenset({"late", "ex", "deceased", "dead", "departed", "estranged"})
#: What ends a pet's or a person's place in the household ("Rex, the dog, died").
_ENDINGS = frozenset({"die", "pass", "lose", "bury", "rehome", "leave", "divorce", "separate",
                      "break", "run", "go", "put", "miss"})
_SPEAK = frozenset({"speak", "write", "read", "use", "translate", "interpret", "teach"})
#: How a language the user speaks stands as the verb's object, fronted or not.
_OBJECTS = frozenset({"dobj", "npadvmod", "dep"})
#: Verbs that give the user a language they have since ("gave me Marathi").
_GIVEN = frozenset({"give", "teach", "leave"})
#: Verbs of thinking in a language ("what I think in", "what I dream in").
_THINK_IN = frozenset({"think", "dream", "count", "swear", "pray"})
#: Verbs whose "in <language>" is the user using it ("I cook in Czech and read recipes in
#: Polish"); not learning, studying or a degree ("I majored in Spanish").
_DONE_IN = _SPEAK | _THINK_IN | frozenset({
    "talk", "chat", "text", "message", "email", "reply", "answer", "argue", "cook", "work",
    "lecture", "present", "joke", "tutor", "blog", "post", "journal", "call"})
#: Verbs done to the user's own command of a language ("I practise my Spanish").
_KEPT_UP = frozenset({"practise", "practice", "improve", "brush", "polish", "keep", "use"})
#: Subjects of a copula whose complement is the language used there ("Work is French").
_SETTING_SUBJECTS = frozenset({"work", "home"})
#: Complements naming a language as the user's own tongue ("Tamil is home").
_HOME_WORDS = frozenset({"home", "language", "tongue", "dialect"})
#: Where a language is used, in a verbless list ("Portuguese at home, Japanese at work").
_LANGUAGE_SETTINGS = frozenset({"home", "work", "school", "church"})
_JOB_NOUNS = frozenset({"job", "role", "position", "post", "internship", "contract",
                        "placement", "gig"})
#: Verbs of having a job one has now ("I love my job at X"); ending, starting, seeking or
#: changing one ("quit", "start", "apply for") is the phrase rules' to date.
_HOLDING = frozenset({"be", "love", "like", "enjoy", "hate", "dislike", "keep", "have", "do",
                      "mind", "appreciate", "tolerate", "adore"})
#: "my old job at Acme" is no longer the job.
_NOT_NOW = frozenset({"old", "former", "previous", "last", "first", "dream", "next", "future",
                      "ideal", "summer", "part-time", "weekend", "side"})
#: Vehicles driven for a living: "I drive a forklift" tells the job.
_DRIVEN = frozenset({"forklift", "bus", "taxi", "cab", "lorry", "tram", "train", "ambulance",
                     "crane", "tractor", "digger", "excavator", "minicab"})
#: Things of a place its residents deal with day to day (head nouns: "bike lanes").
_LOCAL = frozenset({"bus", "tram", "train", "metro", "subway", "tube", "transit", "traffic",
                    "rent", "winter", "summer", "pothole", "driver", "parking", "landlord",
                    "lane", "road", "pavement", "sidewalk", "commute", "cyclist", "drizzle",
                    "ferry", "council", "bin", "rush"})
#: A sentence that puts the user somewhere else than the place it names.
_ELSEWHERE = re.compile(r"\b(?:there|unlike here|than here|compared|back home|would|'d|visit\w*"
                        r"|went|trip|holiday|vacation|when i was|if|hotel|hostel|airbnb|airport"
                        r"|flight|layover|stopover|sightseeing|tourists?)\b", re.I)
_STAY = re.compile(r"\b(?:this|for the|for a|for one|next) (?:week|weekend|fortnight|few days"
                   r"|couple of (?:days|weeks))\b", re.I)
#: Work that says nothing of home: remote, commuted to, seasonal, on the road, now and then.
_AWAY = re.compile(r"\b(?:remote(?:ly)?|from home|commut\w*|wfh|travel\w*|trips?|season\w*"
                   r"|summer|holidays?|vacation|sometimes|occasionally|temporar\w*|contract"
                   r"|secondment|placement|visit\w*)\b", re.I)
#: A vehicle driven for fun is a pastime, not the job.
_FOR_FUN = re.compile(r"\b(?:for fun|as a hobby|for a laugh|for kicks|in my spare time)\b",
                      re.I)
_TRAILING = re.compile(r"\s+(?:here|now|then|too|again)$")


def facts(doc: Doc, text: str, *, turn_mine: bool) -> Iterator[Found]:
    """Every family's candidates in the parse `doc` of sentence `text`."""
    yield from _places(doc, text)
    yield from _named(doc, text, turn_mine)
    yield from _ages(doc, text, turn_mine)
    yield from _languages(doc, text)
    yield from _work(doc, text)


def _users_clause(verb: Token | None, text: str, at: Token) -> bool:
    return (verb is not None and is_user(subject_of(verb)) and asserted_now(verb)
            and _own(at, text))


def _own(token: Token, text: str) -> bool:
    """The mood verdict of the phrase families (mentions.own) on the token's clause, read
    from the start of the sentence the parser puts it in (the splitter may join two)."""
    start = token.sent.start_char
    return own(text[start:], token.idx - start, False)


def _kept(token: Token, text: str) -> bool:
    """The user's own clause, asserted or told as backstory: what "twenty years in Nashik
    gave me" is still theirs."""
    start = token.sent.start_char
    mood = mood_at(text[start:], token.idx - start, question=False)
    return mood.subject == "user" and mood.modality in ("asserted", "backstory")


# --- where the user lives ---------------------------------------------------------------------
def _places(doc: Doc, text: str) -> Iterator[Found]:
    for token in doc:
        if token.pos_ != "PROPN" or (token.i > 0 and doc[token.i - 1].pos_ == "PROPN"):
            continue  # one reading per name, from its first word
        found = place_at(text, token.idx)
        if found is None:
            continue
        name, kind = found
        head = _span_head(doc, token, len(name.split()))
        if head.dep_ != "pobj" or head.head.lower_ != "in":
            continue
        nouns = _nouns_up(head.head)
        if any(n.lower_ in _VISIT or mine(n) is False for n in nouns):
            continue
        modified = head.head.head  # the word "in <place>" modifies (tagged as it may be)
        if modified.lemma_.lower() in _LOCAL and modified.dep_ in ("nsubj", "nsubjpass"):
            if kind == "city" and _lived_with(modified, text):
                yield "city", name, "assert", 0.6, token.idx
            continue
        verb = governor(head)
        if verb is not None and (any(n.lower_ in _VISIT for n in _objects(verb))
                                 or _STAY.search(text)):
            continue  # "living out of a suitcase in Singapore for a work trip this week"
        if verb is None or not _users_clause(verb, text, token):
            continue
        lemma = verb.lemma_.lower()
        if lemma in _RENTED and not any(n.lemma_.lower() in _HOMES
                                        for n in (*nouns, *verb.children)):
            continue  # "we rent a car in Faro" is a trip; "we rent a flat in Faro" a home
        if lemma in _LIVE:
            confidence = 0.8
        elif (lemma in _WORK and kind == "city" and not _AWAY.search(text)
              and any(n.lemma_.lower() in _WORKPLACES for n in (*nouns, *_objects(verb)))):
            # Working at a place in a city is weaker evidence of living there; a remote job
            # or a firm's country says nothing of where the user lives.
            confidence = 0.7
        else:
            continue
        predicate = {"city": "city", "country": "country"}.get(kind)
        if predicate:
            yield predicate, name, "assert", confidence, token.idx


def _lived_with(noun: Token, text: str) -> bool:
    """What a place's residents deal with, told as the subject of its clause ("the tram lanes
    in Graz are a contact sport", "the buses in Leeds are cancelled again") in a sentence
    about the user: weak evidence, like the phrase families' weather and buses. The past
    counts when it happened once more and the user lived through it in the same sentence
    ("the trams in Leipzig were on strike again, so I walked to the lab")."""
    verb = noun.head
    if mine(noun) is False or _ELSEWHERE.search(text) or not _own(noun, text):
        return False
    tense = _tense(verb)
    if tense in ("VBP", "VBZ"):
        return asserted_now(verb)
    return (tense == "VBD" and asserted_now(verb, tense=False)
            and any(c.lower_ in _ONCE_MORE for c in verb.children) and _user_went_on(verb))


#: Adverbs that make a past trouble a recurring one ("were on strike again").
_ONCE_MORE = frozenset({"again", "still", "yet"})


def _tense(verb: Token) -> str:
    """The tag that carries the clause's tense: the auxiliary's in the passive ("are
    cancelled": VBP), else the verb's own."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    return auxes[-1].tag_ if verb.tag_ == "VBN" and auxes else verb.tag_


def _user_went_on(verb: Token) -> bool:
    """A clause linked to the verb's whose subject is the user, said as fact ("..., so I
    walked"), below it or, as the parser may hang it, above it."""
    linked = [c for c in verb.children if c.dep_ in ("conj", "advcl")]
    if verb.dep_ in ("ccomp", "advcl", "conj") and verb.head.i != verb.i:
        linked.append(verb.head)
    return any(c.pos_ in ("VERB", "AUX") and is_user(subject_of(c))
               and asserted_now(c, tense=False) for c in linked)


def _objects(verb: Token) -> list[Token]:
    """The nouns under the verb's own prepositions ("work [in the ward of the hospital]")."""
    return [o for p in verb.children if p.dep_ == "prep" for o in p.subtree
            if o.pos_ == "NOUN"]


def _span_head(doc: Doc, first: Token, words: int) -> Token:
    """The token of a multi-word name whose head lies outside it ("Cape Town": Town)."""
    span = doc[first.i:min(len(doc), first.i + words)]
    return next((t for t in span if not (span.start <= t.head.i < span.end) or t.head.i == t.i),
                span[-1])


def _nouns_up(token: Token) -> list[Token]:
    """The nouns between a preposition and the verb it hangs from."""
    out = []
    while token.head.i != token.i and token.pos_ not in ("VERB", "AUX") and len(out) < 10:
        token = token.head
        if token.pos_ in ("NOUN", "PROPN"):
            out.append(token)
    return out


# --- pets, partners, children -----------------------------------------------------------------
def _named(doc: Doc, text: str, turn_mine: bool) -> Iterator[Found]:
    for token in doc:
        if token.dep_ != "appos":
            continue
        pair = _name_and_word(token)
        if pair is None:
            continue
        name, word = pair
        whose = mine(word)
        if any(c.lower_ in _NOT_NOW or c.lower_ in _GONE for c in word.children):
            continue  # "my late husband, Carl", "my ex-wife, Ana", "our old dog, Rex"
        if whose is False or (whose is None and not (turn_mine and _determined(word)
                                                     and not _modified(word))):
            continue  # "Luna, the cat from next door" is nobody's the user says
        if not _standing(name, text):
            continue
        lemma = word.lower_
        names = [name, *(c for c in name.children if c.dep_ == "conj" and _is_name(c))]
        if lemma in lx.ANIMALS or lemma in lx.ANIMAL_PLURALS:
            kind = lx.ANIMAL_PLURALS.get(lemma, lemma)
            for n in names:
                yield "pet", f"{kind} named {n.text}", "assert", 0.7, n.idx
        elif lemma in _PARTNERS and whose and len(names) == 1:
            yield "partner_name", name.text, "assert", 0.75, name.idx
        elif lemma in _CHILDREN and whose:
            for n in names:
                yield "child_name", n.text, "assert", 0.75, n.idx


_NUMBERS = frozenset("one two three four five six seven eight nine ten eleven twelve thirteen"
                     " fourteen fifteen sixteen seventeen eighteen".split())
_KIDS = frozenset({"kids", "children", "boys", "girls", "twins", "sons", "daughters"})


def _ages(doc: Doc, text: str, turn_mine: bool) -> Iterator[Found]:
    """Children named by their ages beside the user's kids: "the kids: Ines is seven and
    Joel is four" ("my sister has two kids, ..." are hers)."""
    kids = [t for t in doc if t.lower_ in _KIDS]
    if not kids or not any(_users_kids(k, turn_mine) for k in kids):
        return
    for token in doc:
        verb = token.head
        if not (token.dep_ == "nsubj" and _is_name(token) and verb.lemma_ == "be"):
            continue
        age = next((c for c in verb.children if c.dep_ in ("attr", "acomp")), None)
        if age is None or not (age.lower_ in _NUMBERS or (age.is_digit and int(age.text) < 19)):
            continue
        if asserted_now(verb) and _own(token, text):
            yield "child_name", token.text, "assert", 0.7, token.idx


def _users_kids(noun: Token, turn_mine: bool) -> bool:
    whose = mine(noun)
    if whose is False or (whose is None and not (turn_mine and _determined(noun))):
        return False
    verb = governor(noun)
    subject = subject_of(verb) if verb is not None and verb.i != noun.i else None
    return subject is None or subject.i == noun.i or is_user(subject) or not (
        subject.pos_ in ("PRON", "PROPN") or mine(subject) is not None)


def _name_and_word(appos: Token) -> tuple[Token, Token] | None:
    """(name, kind word) of an apposition, whichever of the two comes first."""
    head = appos.head
    if _is_name(head) and appos.pos_ == "NOUN":
        return head, appos
    if _is_name(appos) and head.pos_ == "NOUN":
        return appos, head
    return None


def _is_name(token: Token) -> bool:
    return token.pos_ == "PROPN" and token.text[:1].isupper() and is_name(token.text)


def _modified(word: Token) -> bool:
    """A kind word said with whose or which it is ("the cat from next door", "the dog that
    we walk"): then "the" does not make it the user's."""
    return any(c.dep_ in ("prep", "relcl", "acl", "poss") for c in word.children)


def _determined(word: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ == "the" for c in word.children)


def _standing(name: Token, text: str) -> bool:
    """The clause the name stands in is asserted, whoever its subject is. Its tense does not
    matter ("Pickle, the hamster, escaped again" still has him), but an ending does."""
    verb = governor(name)
    if verb is not None and (verb.lemma_.lower() in _ENDINGS or not asserted_now(
            verb, tense=False)):
        return False
    return _own(name, text)


# --- languages --------------------------------------------------------------------------------
def _languages(doc: Doc, text: str) -> Iterator[Found]:
    for token in doc:
        if token.text not in lx.LANGUAGES:
            continue
        if any(c.lower_ in ("no", "not", "never") and c.dep_ in ("det", "neg", "advmod")
               for c in token.children):
            continue  # "I speak French and no German": this one of the list is denied
        first = token
        while first.dep_ == "conj" and first.head.i != first.i:
            first = first.head
        if first.text not in lx.LANGUAGES:  # "Portuguese at home and French": on "home"
            holder = first.head.head if first.dep_ == "pobj" else first
            if holder.text not in lx.LANGUAGES:
                continue
            first = holder
        head = first.head
        if first.dep_ in _OBJECTS and head.lemma_.lower() in _SPEAK and (
                first.dep_ == "dobj" or first.i < head.i) and _users_clause(head, text, token):
            # "we speak mostly Danish at home", and fronted: "English I use all day at work"
            yield "language_spoken", token.text, "assert", 0.8, token.idx
        elif token.text in lx.LANGUAGES_ALSO_NAMES and first.text in lx.LANGUAGES_ALSO_NAMES:
            continue  # "Maya is home": a name, unless a verb of speaking or a list takes it
        elif first.dep_ == "dobj" and _known(first, head) and _users_clause(head, text, token):
            # "I know enough German", "I practise my Spanish with a group"
            yield "language_spoken", token.text, "assert", 0.75, token.idx
        elif first.dep_ == "pobj" and first.head.lower_ == "in" and (
                (done := _done_in(first.head)) is not None) and _users_clause(done, text, done):
            # "I cook in Czech and read recipes in Polish" (the mood read at the verb: "read"
            # before a language is no report)
            yield "language_spoken", token.text, "assert", 0.75, token.idx
        elif _learnt_from_mine(first) and _fragment(first) and _kept(token, text):
            # "Spanish, Maya, and the English from my nursing exchange: ..." (where it was
            # learnt is backstory, the language is kept)
            yield "language_spoken", token.text, "assert", 0.75, token.idx
        elif (first.dep_ in ("attr", "acomp") and head.lemma_ == "be"
              and _setting_subject(head) and asserted_now(head) and _asserted(token, text)):
            # "Work is French with the team and English with the clients"
            yield "language_spoken", token.text, "assert", 0.75, token.idx
        elif first.dep_ == "dobj" and head.lemma_.lower() in _GIVEN and any(
                c.dep_ == "dative" and c.lower_ in ("me", "us") for c in head.children) and (
                asserted_now(head, tense=False) and _kept(token, text)):
            # "twenty years in Nashik gave me Marathi": the user has it since
            yield "language_spoken", token.text, "assert", 0.75, token.idx
        elif first.dep_ == "nsubj" and head.lemma_ == "be" and _identified(head) and (
                asserted_now(head) and _own(token, text)):
            # "Romanian is what I think in", "Tamil is home", "Swahili is my first language"
            yield "language_spoken", token.text, "assert", 0.8, token.idx
        elif (first.dep_ == "attr" and head.lemma_ == "be" and _it_subject(head)
              and _setting(head) and asserted_now(head) and _own(token, text)):
            # "it's Hindi and English at work"
            yield "language_spoken", token.text, "assert", 0.75, token.idx
        elif ((_setting(token) or _setting(first)) and _fragment(first)
              and _own(token, text)):
            yield "language_spoken", token.text, "assert", 0.75, token.idx


def _identified(be: Token) -> bool:
    """The copula names the language as the user's own: its complement is what the user
    speaks or thinks in ("what I think in", "what we speak at home") or their home tongue
    ("home", "my first language", "my mother tongue")."""
    for c in be.children:
        if c.dep_ == "attr" and c.lower_ in _HOME_WORDS and (
                c.lower_ == "home" or mine(c)):
            return True
        if c.dep_ in ("ccomp", "relcl", "attr") and c.pos_ == "VERB" and (
                c.lemma_.lower() in _SPEAK | _THINK_IN) and is_user(subject_of(c)) and any(
                t.lower_ == "what" for t in c.subtree) and asserted_now(c):
            return True
    return False


def _done_in(prep: Token) -> Token | None:
    """The verb of using a language whose "in" `prep` is, on the verb or on its object
    ("read recipes in Polish")."""
    holder = prep.head
    if holder.dep_ == "dobj" and holder.head.pos_ in ("VERB", "AUX"):
        holder = holder.head
    return holder if holder.lemma_.lower() in _DONE_IN else None


def _asserted(token: Token, text: str) -> bool:
    """The token's clause is asserted (its subject was checked on the tree: "Work is ...")."""
    start = token.sent.start_char
    return mood_at(text[start:], token.idx - start, question=False).modality == "asserted"


def _known(language: Token, verb: Token) -> bool:
    """The object names the user's own command of the language: "know (enough) German",
    not "know the German" (a person); "practise my Spanish"."""
    lemma = verb.lemma_.lower()
    if lemma == "know":
        return not any(c.dep_ in ("det", "poss") for c in language.children)
    return lemma in _KEPT_UP and mine(language) is True


def _learnt_from_mine(first: Token) -> bool:
    """A language of the list headed by `first` is told with where the user got it: "the
    English from my exchange in Houston", "Italian from my two years in Turin"."""
    group = [first, *(c for c in first.subtree if c.dep_ == "conj" and c.text in lx.LANGUAGES)]
    for language in group:
        for prep in (c for c in language.children if c.dep_ == "prep" and c.lower_ == "from"):
            if any(mine(t) is True for t in prep.subtree if t.dep_ in ("pobj", "compound")):
                return True
    return False


def _setting_subject(be: Token) -> bool:
    """The copula's subject is the user's work or home, said bare or as theirs."""
    return any(c.dep_ == "nsubj" and c.lemma_.lower() in _SETTING_SUBJECTS
               and mine(c) is not False and not any(d.dep_ == "det" for d in c.children)
               for c in be.children)


def _it_subject(be: Token) -> bool:
    return any(c.dep_ in ("nsubj", "expl") and c.lower_ == "it" for c in be.children)


def _setting(token: Token) -> bool:
    """A language told with where it is used: "Japanese at work", "English with the team"."""
    for prep in (c for c in token.children if c.dep_ == "prep"):
        objects = [c for c in prep.children if c.dep_ == "pobj"]
        if prep.lower_ == "at" and any(o.lower_ in _LANGUAGE_SETTINGS for o in objects):
            return True
        if prep.lower_ == "with" and objects:
            return True
    return False


def _fragment(token: Token) -> bool:
    """No verb of its own: the language heads a verbless part of the sentence."""
    return token.dep_ in ("ROOT", "advcl", "npadvmod", "appos", "dep", "conj") and not any(
        c.dep_ in ("nsubj", "aux", "cop") for c in token.children)


# --- work -------------------------------------------------------------------------------------
def _work(doc: Doc, text: str) -> Iterator[Found]:
    for token in doc:
        lemma = token.lemma_.lower()
        if lemma in _JOB_NOUNS and mine(token) and not any(
                c.lower_ in _NOT_NOW for c in token.children):
            org = _org_after(token)
            verb = governor(token)
            if token.dep_ not in ("nsubj", "nsubjpass") and verb is not None and (
                    verb.lemma_.lower() not in _HOLDING):
                continue  # "I quit my job at X", "I start my job at X": the rules' changes
            if org and (verb is None or asserted_now(verb)) and _own(token, _present(verb, text)):
                yield "employer", org, "assert", 0.75, token.idx
        elif (lemma == "drive" and token.tag_ in ("VBP", "VBZ")
              and _users_clause(token, text, token)):
            driven = next((c for c in token.children if c.dep_ == "dobj"), None)
            kind = driven.lemma_.lower() if driven is not None else ""  # "buses": bus
            if kind in _DRIVEN and not _FOR_FUN.search(text):
                yield "job_title", f"{kind} driver", "assert", 0.7, token.idx


def _present(verb: Token | None, text: str) -> str:
    """`text` with the "will" of a continuing verb blanked ("I'll keep my job at X" has it
    now; parse_clause lets it through), so the mood verdict reads the present."""
    if verb is None or verb.lemma_ not in ("keep", "stay", "remain"):
        return text
    for aux in (c for c in verb.children if c.dep_ == "aux" and c.lower_ in ("will", "'ll")):
        text = text[:aux.idx] + " " * len(aux.text) + text[aux.idx + len(aux.text):]
    return text


def _org_after(noun: Token) -> str | None:
    """The organisation in "<noun> at/with <Org>": a capitalised name that is no place."""
    # "keep my job at X": the parser may hang "at X" on the verb of the job.
    holders = [noun, noun.head] if noun.dep_ == "dobj" else [noun]
    for prep in (c for h in holders for c in h.children
                 if c.dep_ == "prep" and c.lower_ in ("at", "with")):
        obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if obj is None or obj.pos_ != "PROPN":
            continue
        words = [t for t in obj.subtree if t.i <= obj.i and t.dep_ in ("compound", "pobj")
                 and t.text[:1].isupper()]
        if not words:
            continue
        end = obj.idx + len(obj.text)
        if obj.i + 1 < len(obj.doc) and obj.doc[obj.i + 1].dep_ == "case":
            end += len(obj.doc[obj.i + 1].text)  # "St Olave's"
        name = _TRAILING.sub("", obj.doc.text[words[0].idx:end])
        place = place_at(name, 0) if name else None
        if name and (place is None or place[0] != name):
            return name
    return None
