"""Rule tables, part one: who the user is, where they live, their family and pets.

Each entry is data (see grammar.Rule). Patterns are general grammar, not sentences: a
subject macro, a verb family, the object. Work is in patterns_work.py; constraints in
patterns_constraints.py; tastes, plans and the sensitive categories in patterns_life.py.
RULES joins them all, in the order they are tried.
"""
from __future__ import annotations

from pipeline.extract import lexicon as lx
from pipeline.extract.grammar import ADV, END, Rule
from pipeline.extract.patterns_life import RULES_LIFE
from pipeline.extract.patterns_work import WORK

_PRON = (r"(?:she|he|they|xe|ze|ey|fae|it)\s*/\s*(?:her|him|them|they|she|he|hers|his|theirs"
         r"|xem|zir|hir|em|faer|it)(?:\s*/\s*\w+)?")
_LANG = lx.alt(lx.LANGUAGES)
_TZ_WORD = (r"(?:" + lx.alt(lx.TIMEZONE_ABBREVIATIONS) + r")(?:\s*[+-]\s*\d{1,2}(?::?\d\d)?)?"
            r"|(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d\d)?|[a-z]+/[a-z_]+"
            r"|(?:" + lx.alt(lx.TIMEZONE_NAMES) + r")(?:\s+standard|\s+daylight)?\s+time")
_TZ_KEYS = ("time", "utc", "gmt", "/") + tuple(sorted(a.lower()
                                                    for a in lx.TIMEZONE_ABBREVIATIONS))
_ANIMAL = lx.alt(tuple(lx.ANIMAL_PLURALS) + tuple(lx.ANIMALS))
_KID = (r"(?:daughters?|sons?|kids?|child|children|baby(?:\s+(?:girl|boy))?|little\s+(?:one|girl"
        r"|boy)|eldest|youngest|oldest|middle\s+child|firstborn|step-?sons?|step-?daughters?"
        r"|boys|girls|twins|teenagers?|toddler|newborn|\d+[- ](?:year|month)[- ]old(?:\s+(?:son"
        r"|daughter|boy|girl|kid))?)")
_NAMED = (r"(?:'s\s+name\s+is|s'\s+names\s+are|'s\s+called|'s\s+named|\s*,|\s+is\s+called"
          r"|\s+is\s+named|\s+are\s+called"
          r"|\s+are\s+named|\s+named|\s+called|\s+are|\s+is|\s*:)?\s+")
_CAP = r"(?-i:[A-Z][\w'-]*)"
_MONTH_NAME = (r"(?:january|february|march|april|may|june|july|august|september|october"
               r"|november|december)")
#: A stay that is not a residence: "I'm in Rome now for a conference".
_VISIT = (r"\b(?:for\s+(?:a|the|my|our|work|business|\d+|one|two|three|four|five|a\s+few"
          r"|some|another|ten)\b|on\s+(?:holiday|vacation|business|a\s+trip|tour)|visiting"
          r"|trip|conference|holiday|vacation|airport|hotel|station|meeting|until|till"
          r"|tonight|today|this\s+week(?:end)?|staying|layover|stopover|passing\s+through"
          r"|time\s*zone|hospital|office|queue|line|traffic|charge|trouble|love|shock"
          r"|the\s+middle\s+of|a\s+(?:meeting|rush|hurry|bit|mood))\b")
_RESIDENCE = (r"\b(?:i|we)\b[^.!?]*?\b(?:live|living|based|reside|residing|moved|relocated"
              r"|settled|home)\b|\bmy\s+(?:new\s+)?home\b")

IDENTITY: tuple[Rule, ...] = (
    Rule("name.call-me", "preferred_name", (
        r"(?<!n't\s)(?<!not\s)(?<!never\s)\bcall\s+me\s+<OBJ>",
        r"\b(?:everyone|everybody|people|friends|most\s+people|folks)\s+(?:usually\s+|just\s+"
        r"|all\s+|tend\s+to\s+)?calls?\s+me\s+<OBJ>",
        r"<DO>(?:usually\s+)?go\s+by\s+my\s+(?:middle|second|nick|last|family)\s*name,?\s+<OBJ>",
        r"<DO>(?:usually\s+)?go\s+by\s+(?!(?:she|he|they|xe|ze)\b)<OBJ>",
        r"\b(?:i|we)(?:'d|\s+would)?\s+(?:prefer|like|want)\s+(?:to\s+be|being)\s+"
        r"(?:called|known\s+as|addressed\s+as)\s+<OBJ>",
        r"\b(?:i'm|i\s+am)\s+(?:known\s+as|called)\s+<OBJ>",
        r"\b(?:i|we)(?:'d|\s+would)?\s+(?:prefer|like|want|love)\s+to\s+go\s+by\s+"
        r"(?!(?:she|he|they|xe|ze)\b)<OBJ>",
        r"<BE>(?:going|gonna\s+go)\s+by\s+(?!(?:she|he|they|xe|ze)\b)<OBJ>",
        r"\b(?:address|refer\s+to)\s+me\s+as\s+(?!(?:she|he|they|xe|ze)\b)<OBJ>",
        r"\b(?:everyone|everybody|people|friends|most\s+people|folks|colleagues)\s+(?:\w+\s+)?"
        r"knows?\s+me\s+as\s+<OBJ>",
        r"^(?:but\s+|or\s+|just\s+)?(?P<obj>" + _CAP + r")\s+for\s+short$",
        r"^(?P<obj>" + _CAP + r")\s+is\s+what\s+(?:i\s+(?:usually\s+)?go\s+by|(?:everyone|people"
        r"|friends|most\s+people|everybody)\s+calls?\s+me|i\s+(?:prefer|like)(?:\s+to\s+be"
        r"\s+called)?)",
        r"\b(?:i|we)(?:'d|\s+would)\s+rather\s+(?:be|you)\s+(?:called|call\s+me)\s+<OBJ>",
    ), keys=("call me", "calls me", "go by", "be called", "being called", "known as",
             "called", "going by", "address me", "refer to me", "know me", "for short",
             "what i", "call me", "rather"),
        confidence=0.95, on_neg="skip"),
    Rule("name.my-name", "full_name", (
        r"\bmy\s+(?:full\s+|real\s+|first\s+|given\s+|legal\s+)?name(?:'s|\s+is)\s+<OBJ>",
        r"^(?:the\s+)?name's\s+<OBJ>",
        r"^(?P<obj>" + _CAP + r"(?:\s+" + _CAP + r")?)(?:'s|\s+is)\s+my\s+(?:real\s+|full\s+"
        r"|first\s+|given\s+|legal\s+)?name\b",
    ), keys=("name",), confidence=0.95),
    Rule("name.intro", "full_name", (
        r"^(?P<obj>" + _CAP + r")\s+here$",
        r"^(?:i'm|i\s+am)\s+(?P<obj>" + _CAP + r"(?:\s+" + _CAP + r")?)$",
    ), keys=("here", "i'm", "i am"), confidence=0.9, kind="given_name"),
    Rule("name.prefer", "preferred_name", (
        r"<DO>(?:much\s+|really\s+)?prefer\s+(?:to\s+be\s+called\s+|being\s+called\s+)?"
        r"(?P<obj>" + _CAP + r")(?=\s*$|\s*[,;.!]|\s+(?:over|to|rather\s+than|instead\s+of"
        r"|though|actually|please)\b)",
        r"^(?:just\s+|but\s+)?(?P<obj>" + _CAP + r")\s+(?:is|works)\s+(?:(?:totally|also|just)\s+)?"
        r"(?:fine|good|great|ok|okay|perfect)\b",
    ), keys=("prefer", "fine", "good", "great", "ok", "perfect"), confidence=0.9, on_neg="skip",
        kind="given_name",
        requires=r"\b(?:name|names|call|called|go\s+by|known\s+as|address|over\s+(?-i:[A-Z])"
                 r"|rather\s+than\s+(?-i:[A-Z]))"),
    Rule("name.greeting", "full_name", (
        r"^(?:hi|hello|hey|hiya|greetings|good\s+(?:morning|afternoon|evening))(?:\s+there"
        r"|\s+all|\s+everyone)?(?:[,!.]|\s+-+)?\s+(?:i'm|i\s+am|it's|this\s+is)\s+<OBJ>",
    ), keys=("hi", "hello", "hey", "greetings", "good"), scope="sentence", confidence=0.9),
    Rule("pronouns", "pronouns", (
        r"\bmy\s+pronouns\s+are\s+<OBJ>",
        # Someone else's are theirs: "Sam's pronouns are she/her", "her pronouns are ...".
        r"(?<!'s\s)(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\byour\s)\bpronouns\s*(?:[:=-]|are)"
        r"\s*<OBJ>",
        rf"<DO>(?:use|go\s+by|prefer)\s+(?P<obj>{_PRON})",
        rf"^(?:please\s+)?(?:use|refer\s+to\s+me\s+(?:as|with|using))\s+(?P<obj>{_PRON})",
        rf"<BE>(?:using|going\s+by|going\s+with)?\s*(?:an?\s+)?(?P<obj>{_PRON})",
        rf"^(?:my\s+)?(?P<obj>{_PRON})(?:\s+pronouns?)?(?:,?\s+(?:please|only|thanks|ideally"
        rf"|for\s+me))*$",
    ), keys=("pronoun", "/"), confidence=0.95, on_neg="skip"),
    Rule("pronouns.label", "pronouns", (r"^(?:my\s+)?pronouns\s*[:=-]\s*<OBJ>",),
         keys=("pronoun",), confidence=0.95, scope="sentence"),
    Rule("language.prefer", "language", (
        r"<DO>(?:prefer|like|want)\s+(?:to\s+)?(?:speak|speaking|talk|talking|chat|chatting"
        r"|write|writing|communicate|communicating|converse|conversing|be\s+(?:answered"
        r"|addressed|spoken\s+to)|get\s+(?:answers|replies))(?:\s+(?:to"
        # "I want to write her card in Hungarian" writes something else in it: no preference.
        r"|with)\s+you)?(?:\s+in)?\s+(?!(?:her|his|their|my|our|a|an|the|this|that)\s)<OBJ>",
        rf"<DO>prefer\s+(?P<obj>{_LANG})\b",
        r"^(?:(?:from\s+now\s+on|going\s+forward)\s+)?(?:please\s+)?(?:(?:can|could|would|will)"
        r"\s+you\s+(?:please\s+)?)?(?:always\s+)?(?:speak|talk|reply|respond|answer|write|chat"
        r"|communicate)\s+(?:to\s+me\s+|with\s+me\s+)?(?:only\s+)?in\s+<OBJ>",
        r"\bmy\s+preferred\s+language\s+is\s+<OBJ>",
        r"\b(?:i|we)(?:'d|\s+would)\s+(?:prefer|like|rather)\s+(?:it\s+if\s+)?(?:you\s+|we\s+)?"
        r"(?:to\s+)?(?:speak|talk|reply|respond|answer|write|chat|communicate)"
        r"(?:\s+(?:to|with)\s+me)?\s+in\s+<OBJ>",
        r"\b(?:let's|lets|let\s+us)\s+(?:speak|talk|chat|continue|switch\s+to|keep\s+it\s+in"
        r"|stick\s+to|stick\s+with)\s+(?:in\s+)?<OBJ>",
        r"^(?:please\s+)?switch\s+to\s+<OBJ>",
        rf"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:switch|change)\s+(?:over\s+)?to\s+"
        rf"(?P<obj>{_LANG})\b",
        rf"\b(?:can|could|shall)\s+we\s+(?:please\s+)?(?:do|continue|talk|chat|speak|have|keep)"
        rf"\s+(?:this|it|the\s+rest|our\s+chats?|things)?\s*in\s+(?P<obj>{_LANG})\b",
        rf"^(?P<obj>{_LANG})\s+(?:from\s+now\s+on|going\s+forward|only|from\s+here\s+on)\b",
        rf"(?:\b(?:can|could|would|will|shall)\s+(?:you|we)\s+(?:please\s+)?)?"
        rf"\b(?:keep|have|write|give|send|do|make|put)\s+(?:your\s+|the\s+|all\s+|our\s+|these\s+"
        rf"|this\s+|my\s+|any\s+)?(?:replies|reply|responses|answers|messages|chats?|conversations?"
        rf"|convos?|everything|things|it)\s+in\s+(?P<obj>{_LANG})\b",
        rf"\b(?:replies|responses|answers)\s+in\s+(?P<obj>{_LANG}),?\s+please\b",
        rf"\b(?:i|we)(?:'d|\s+would)?\s+(?:like|prefer|love|want)\s+(?:the\s+|your\s+|all\s+"
        rf"|my\s+)?"
        rf"(?:answers|replies|responses|messages|conversations?|chats?)\s+(?:to\s+be\s+)?in\s+"
        rf"(?P<obj>{_LANG})\b",
    ), keys=("prefer", " in ", "language", "let", "switch", "from now", "going forward",
             "only", "here on"), confidence=0.93,
        in_question=True, on_neg="skip"),
    Rule("language.spoken", "language_spoken", (
        r"<DO>(?:can\s+)?speak\s+<OBJ>",
        r"<BE>(?:fluent|conversational|proficient|native|bilingual|trilingual|decent|competent"
        r"|good)\s+in\s+<OBJ>",
        rf"<BE>(?:an?\s+)?native\s+(?P<obj>{_LANG})\s+speaker",
        r"<BE>(?:an?\s+)?native\s+speaker\s+of\s+<OBJ>",
        rf"<DO>(?:can\s+)?(?:get\s+by|manage|cope|hold\s+(?:a|my\s+own\s+in\s+a)\s+conversation"
        rf"|communicate|read\s+and\s+write|converse|chat)\s+in\s+(?P<obj>{_LANG})\b",
        r"\bmy\s+(?:native\s+language|mother\s+tongue|first\s+language|second\s+language"
        r"|native\s+tongue|languages?)\s+(?:is|are|include)\s+<OBJ>",
        rf"<BE>bilingual\s+(?:in\s+)?(?P<obj>{_LANG}\s+and\s+{_LANG})",
        rf"^(?P<obj>{_LANG})\s+is\s+my\s+(?:first|native|mother|second|main)\s+(?:language|tongue)",
        rf"<PAST>(?:grew\s+up|was\s+raised|were\s+raised)\s+(?:speaking|with|in)\s+(?P<obj>{_LANG}"
        rf"(?:(?:\s*,\s*|\s+and\s+)(?:{_LANG}))*)\b",
    ), keys=("speak", "fluent", "native", "tongue", "language", "bilingual", "trilingual",
             "conversational", "proficient", "grew up", "raised", "get by", "manage", "cope",
             "conversation", "communicate", "read and write", "converse", "chat"),
        kind="languages"),
    Rule("language.lost", "language_spoken", (
        rf"<PAST>(?:forgotten|forgot|lost)\s+(?:most\s+of\s+|all\s+|nearly\s+all\s+|a\s+lot\s+of\s+)?"
        rf"(?:my\s+)?(?P<obj>{_LANG})\b(?!\s+(?:accent|friends?|passport|citizenship|teacher"
        rf"|tutor|class|course|book|textbook|notes|dictionary|phone|keyboard))",
    ), keys=("forg", "lost"), kind="languages", op="retract", on_neg="skip"),
    Rule("timezone", "timezone", (
        r"\bmy\s+(?:local\s+)?(?:time\s*zone|tz)\s*(?:is|:)\s*(?:now\s+)?<OBJ>",
        rf"<BE>(?:on|in)\s+(?:the\s+)?(?P<obj>{_TZ_WORD})\b",
        r"<BE>(?:on|in)\s+(?:the\s+)?<OBJ>\s+time\s*zone",
        r"<DO>live\s+in\s+(?:the\s+)?<OBJ>\s+time\s*zone",
        r"<BE>(?P<obj>(?:utc|gmt)\s*[+-]\s*\d{1,2}(?::?\d\d)?|(?-i:[A-Z]{2,5})"
        r"(?:\s*[+-]\s*\d{1,2})?)"
        r"(?=\s*$|\s*[,;.!])",
    ), keys=("zone",) + _TZ_KEYS, kind="tz"),
    Rule("timezone.bare", "timezone", (
        r"^(?:so\s+)?(?:i'm\s+on\s+|we're\s+on\s+|that's\s+|it's\s+|which\s+is\s+)?(?P<obj>"
        + _TZ_WORD + r")(?:\s+(?:now|these\s+days|for\s+me))?$",
    ), keys=_TZ_KEYS, kind="tz", confidence=0.85,
        requires=r"^\W*(?:(?:i|we)(?:'m|'re|\s+am|\s+are|\s+live|\s+moved|\s+relocated|'ve\s+moved"
                 r"|\s+have\s+moved|\s+just\s+moved)|based)\b"),
    Rule("timezone.label", "timezone", (r"^(?:my\s+)?(?:local\s+)?(?:time\s*zone"
                                        r"|tz)\s*[:=-]\s*<OBJ>",),
         keys=("zone", "tz"), kind="tz", scope="sentence"),
)

LOCATION: tuple[Rule, ...] = (
    Rule("city.live", "city", (
        r"<DO>(?:live|reside|stay)\s+in\s+<OBJ>",
        # "I live two blocks from the rambla in Montevideo": a landmark, then the city.
        r"<DO>live\s+(?:[\w-]+\s+){0,4}?(?:from|near|off|by|next\s+to|close\s+to|behind"
        r"|opposite|above|below)\s+[^,;]{1,60}?\s+in\s+(?P<obj>" + _CAP + r"(?:\s+" + _CAP
        + r")?)(?=\s*$|\s*[,;.!]|\s+(?:and|but|so|now|with|where|which)\b)",
        r"<BE>(?:living|residing|based|settled|located)\s+(?:in|out\s+of)\s+<OBJ>",
        r"<HAVE>(?:lived|resided)\s+in\s+(?P<obj>.+?)\s+(?:for|since)\b.*",
        r"(?:^|,\s*|\b(?:my|our)\s+(?:new\s+)?)home(?:\s+for\s+(?:me|us))?\s+(?:is|has\s+been)\s+"
        r"(?:now\s+)?(?:in\s+)?<OBJ>",
        r"^(?P<obj>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+is\s+(?:now\s+)?where\s+(?:i|we)\s+"
        r"(?:live|am\s+based|are\s+based|call\s+home|reside)\b",
        r"<DO>(?:now\s+)?call\s+(?P<obj>.+?)\s+home\b",
        r"<PAST>(?:now\s+)?called\s+(?P<obj>.+?)\s+home\b",
        r"<BE>in\s+(?!.*\b(?:for\s+(?:a|the|work|business|my|our)|conference|trip|holiday|vacation"
        r"|visit|visiting|hotel|hospital)\b)(?P<obj>(?-i:[A-Z])[^,;]*?)\s+since\b",
        r"^(?P<obj>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})(?:'s|\s+is)\s+(?:still\s+|now\s+)?(?:my\s+"
        r"|our\s+)?"
        r"(?:new\s+)?home\b(?:\s+(?:now|these\s+days|since\b.*|for\b.*))?$",
        r"^(?P<obj>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+has\s+been\s+(?:my\s+|our\s+)?home\b"
        r"(?:\s+(?:now|these\s+days|since\b.*|for\b.*))?$",
        r"<BE>(?:an?\s+)?(?:proud\s+|permanent\s+|full-time\s+)?(?P<obj>" + _CAP
        + r"(?:\s+" + _CAP + r")?)\s+residents?\b",
        r"<BE>(?:an?\s+)?(?:permanent\s+)?resident\s+of\s+<OBJ>",
        r"\b(?:my|our)\s+(?:new\s+)?address\s+is\s+(?:now\s+)?in\s+<OBJ>",
        r"(?:<BE>" + ADV + r"(?:an?\s+)?|^(?:(?:still|now|happily|proudly)\s+)?(?:an?\s+)?)"
                           r"(?P<obj>" + _CAP
        + r"(?:\s+" + _CAP + r")?)-based\b(?!\s+(?:company|startup|firm|business|agency|team"
        r"|client|employer|brand))",
        r"<PAST>settled\s+(?:down\s+)?in\s+<OBJ>",
        r"<PAST>made\s+(?P<obj>.+?)\s+(?:my|our)\s+(?:new\s+)?home\b",
        r"\b(?:my|our)\s+(?:new\s+)?(?:place|flat|apartment|house"
        r"|home)\s+is\s+(?:now\s+)?in\s+<OBJ>",
        r"<HAVE>been\s+(?:(?:up|down|over|out|back)\s+)?(?:living\s+)?in\s+(?P<obj>.+?)\s+"
        r"(?:for|since)\b.*",
        r"<BE>(?:now\s+)?(?:back\s+)?in\s+(?P<obj>.+?)\s+for\s+good\b",
    ), keys=("live", "living", "reside", "based", "settled", "located", "home", "stay",
             "place", "flat", "apartment", "house", "been in", "for good", "where i", "where we",
             "resident", "address", "-based", "since"),
        kind="place"),
    # "Before Dundee I lived in Perth", "Before moving to Tartu we lived in Riga": the place
    # the backstory leads up to is where the user lives now ("before I visited X" is no move).
    Rule("city.before", "city", (
        r"(?:^|[,;]\s*)(?:(?:and|but|so|well|oh)\s+)?before\s+(?:(?:moving|relocating|coming|emigrating)\s+"
        r"(?:here\s+|back\s+|over\s+)?to\s+)?(?P<obj>" + _CAP + r"(?:\s+" + _CAP + r")?)\s*,?"
        r"\s+(?:i|we)\s+(?:(?:had\s+|have\s+)?lived|was\s+living|were\s+living|used\s+to\s+live"
        r"|spent\s+\w+\s+years?|grew\s+up|was\s+based|were\s+based)\s+(?:in|at)\b",
    ), keys=("before",), kind="known_place", proper=True, scope="sentence", confidence=0.8),
    Rule("city.home-in", "city", (
        r"<DO>(?:rent|own|have|share|live\s+in|bought|rented|got|found)\s+(?:an?|my|our|the)\s+"
        r"(?:(?:little|small|tiny|big|new|nice|cosy|cozy|cute|lovely|one-bedroom|two-bedroom"
        r"|shared|studio)\s+)*(?:flat|apartment|house|place|condo|studio|room|home|cottage|loft"
        r"|bungalow|townhouse|flatshare)\s+in\s+<OBJ>",
    ), keys=("flat", "apartment", "house", "place", "condo", "studio", "room", "home",
             "cottage", "loft", "bungalow"), kind="place", proper=True, confidence=0.88,
        unless=r"\b(?:holiday|vacation|summer|second|weekend|investment|buy-to-let|rent(?:ing)?\s+"
               r"(?:it\s+)?out|let(?:ting)?\s+(?:it\s+)?out|airbnb|for\s+(?:the|a|my|our|two|three"
               r"|\d+)\s+(?:week|weekend|night|day|month|summer|holiday)s?)\b"),
    Rule("city.still-there", "city", (
        r"\b(?:from|born(?:\s+and\s+(?:raised|bred))?\s+in|raised\s+in|grew\s+up\s+in)\s+(?P<obj>"
        + _CAP + r"(?:\s+" + _CAP + r")?)\b.*\b(?:i|we|and|,)\s+(?:still\s+)?(?:live|living|based"
        r"|reside|am\s+based)\s+there\b",
    ), keys=("there",), kind="place", proper=True, scope="sentence", confidence=0.88),
    Rule("city.now", "city", (
        r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+" + ADV + r"(?:now|currently|still)\s+" + ADV
        + r"(?:back\s+)?in\s+<OBJ>",
        r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+" + ADV + r"(?:back\s+)?in\s+"
        r"(?P<obj>[^,;]+?)\s+(?:now|these\s+days|nowadays)\b",
    ), keys=("now", "currently", "these days", "nowadays", "still"), kind="place", proper=True,
        confidence=0.88, unless=_VISIT),
    # A stay with a months-long end is home until then: "we're in Stavanger until the end of
    # March" beside a planned move (a stay "until Friday" is a visit, see _VISIT).
    Rule("city.until", "city", (
        r"<BE>(?:still\s+)?(?:here\s+)?in\s+(?P<obj>" + _CAP + r"(?:\s+" + _CAP + r")?)\s+until\s+"
        r"(?:the\s+(?:end|start|beginning|middle)\s+of\s+)?(?:" + _MONTH_NAME + r"|next\s+"
        r"(?:year|month|spring|summer|autumn|fall|winter)|the\s+(?:spring|summer|autumn|fall"
        r"|winter)|we\s+move|the\s+move)\b(?![^,;]*\b(?:trip|holiday|vacation|conference"
        r"|visit|hotel|course|training)\b)",
    ), keys=("until",), kind="place", proper=True, confidence=0.85, on_neg="skip",
        future_ok=True),
    Rule("city.move", "city", (
        r"<PAST>(?:moved|relocated|emigrated|immigrated)(?:\s+(?:house|back|over|home|out|away"
        r"|all\s+the\s+way|here|there|up|down|across|north|south|east|west))*\s+"
        r"(?:from\s+(?P<x_from>.+?)\s+)?(?:to|into)\s+<OBJ>",
        r"<PAST>(?:made\s+the\s+(?:big\s+|final\s+)?(?:move|leap|jump)|ended\s+up\s+(?:moving"
        r"|relocating)|upped\s+sticks\s+and\s+moved|packed\s+(?:up|our\s+bags|my\s+bags|everything"
        r"|our\s+things|my\s+things)\s+and\s+(?:moved|left|headed|went|relocated|set\s+off))"
        r"(?:\s+(?:back|over|house))*\s+(?:from\s+(?P<x_from>.+?)\s+)?(?:to|into)\s+<OBJ>",
    ), keys=("moved", "relocated", "emigrated", "immigrated", "made the", "ended up",
             "upped sticks", "packed"), kind="move", on_neg="skip"),
    Rule("city.leave", "city", (
        r"<PAST>moved\s+(?:away\s+from|out\s+of|from)\s+(?P<obj>(?:(?!\bto\b).)+)$",
    ), keys=("moved",), kind="place", op="retract", on_neg="skip"),
    Rule("plan.move", "plan", (
        r"<BE>(?:moving|relocating)\s+(?:back\s+|over\s+)?to\s+<OBJ>",
        r"<BE>(?:going|planning|about|preparing)\s+to\s+(?:move|relocate)\s+(?:back\s+)?to\s+<OBJ>",
    ), keys=("moving", "relocat", "move"), kind="place", template="moving to {}",
        future_ok=True, confidence=0.85, on_neg="skip"),
    Rule("district", "district", (
        r"\bin\s+the\s+(?P<obj>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:district|neighbou?rhood|quarter"
        r"|borough|arrondissement)\b",
        r"\b(?:live|living|based|reside|residing)\s+in\s+(?P<obj>[\w'-]+(?:\s+[\w'-]+){0,2}?),?\s+"
        r"(?:a|the)\s+(?:district|neighbou?rhood|quarter|part|borough|area)\s+(?:of|in)\b",
    ), keys=("district", "neighbo", "quarter", "borough", "area", "arrondissement", "part of"),
        kind="place", scope="sentence", requires=_RESIDENCE, on_neg="skip"),
)

PEOPLE: tuple[Rule, ...] = (
    Rule("relationship.be", "relationship_status", (
        r"<BE>(?P<obj>married|single|divorced|engaged|separated|widowed|a\s+widow(?:er)?"
        r"|in\s+a\s+(?:(?:long[- ]distance|committed|serious|new|happy|open|same[- ]sex"
        r"|steady)\s+)?"
        r"(?:relationship|partnership|civil\s+partnership)|dating\s+someone|seeing\s+someone"
        r"|spoken\s+for|taken|(?:an?\s+)?newlyweds?|unmarried)(?:\s+(?:to|with)\s+(?P<partner_name>"
        r"(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?))?" + END,
        r"<BE>(?:an?\s+)?(?P<obj>single)\s+(?:mom|mum|dad|parent|father|mother)\b",
        r"<BE>(?P<obj>separating|splitting\s+up|breaking\s+up)(?:\s+(?:with|from)\b.*)?$",
        r"<BE>(?P<obj>getting\s+(?:married|divorced|a\s+divorce|separated)|going\s+through\s+"
        r"(?:a\s+|my\s+|the\s+)?(?:divorce|separation|break-?up)|in\s+the\s+(?:middle|process)"
        r"\s+of\s+(?:divorcing|separating\s+from)|divorcing)(?=\s+(?:my|our|him|her)\b)"
        r"(?P<x_rest>.*)",
        r"<BE>(?P<obj>getting\s+(?:married|divorced|a\s+divorce|separated)|going\s+through\s+"
        r"(?:a\s+|my\s+|the\s+)?(?:divorce|separation|break-?up)|in\s+the\s+(?:middle|process)"
        r"\s+of\s+(?:a\s+|my\s+|getting\s+(?:a\s+)?)?(?:divorce|separation|divorced))"
        r"(?:\s+(?:to|with|from)\s+(?P<partner_name>(?-i:[A-Z])[\w'-]*))?",
        r"<PAST>(?:just\s+|recently\s+|finally\s+)?(?:got|gotten|became)\s+(?P<obj>married|engaged"
        r"|divorced|hitched|separated)(?:\s+(?:to|with)\s+(?P<partner_name>(?-i:[A-Z])[\w'-]*"
        r"(?:\s+(?-i:[A-Z])[\w'-]*)?))?",
        r"<PAST>(?P<obj>tied\s+the\s+knot|got\s+wed|wed|married)(?:\s+(?:to|with))?(?:\s+(?:my|our)"
        r"\s+(?:[\w-]+\s+)?(?:partner|girlfriend|boyfriend|fianc[eé]e?|sweetheart|love"
        r"|other\s+half))?"
        r"(?:\s+(?P<partner_name>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?))?" + END,
        r"\b(?:i|we)(?:'ve|\s+have)?\s+" + r"(?:just\s+|recently\s+|finally\s+|officially\s+)*"
        r"(?P<obj>broke\s+up|split\s+up|split|called\s+it\s+quits|parted\s+ways|separated"
        r"|divorced|got\s+divorced)(?=\s*$|\s*[,;]|\s+(?:with|from|last|in|at|over|around|before"
        r"|during|a|two|after|recently"
        r"|and|but|so|because|\d|this|earlier|yesterday|ages|months?|weeks?|years?|on\s+(?:the\s+)?"
        r"(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|new\s+year|christmas|valentine))\b)",
        r"\b(?:my|our)\s+(?:late\s+)?(?:wife|husband|spouse)\s+(?:recently\s+|sadly\s+"
        r"|suddenly\s+)?"
        r"(?P<obj>passed\s+away|died)\b",
    ), keys=("married", "single", "divorc", "engaged", "separated", "widow", "relationship",
             "passed away", "died",
             "partnership", "dating", "seeing", "spoken for", "taken", "newlywed", "broke up",
             "separating", "splitting", "breaking",
             "split", "quits", "parted", "knot", "wed", "break"), kind="relationship"),
    Rule("partner.name", "partner_name", (
        r"\b(?:my|our)\s+(?:(?:lovely|wonderful|amazing|dear|new|current|long-term|beautiful"
        r"|darling)\s+)?(?:wife|husband|partner|spouse|girlfriend|boyfriend|gf|bf|fianc[eé]e?"
        r"|other\s+half|significant\s+other)" + _NAMED + r"(?P<obj>" + _CAP + r".*)",
        r"<BE>(?:dating|seeing|engaged\s+to|married\s+to)\s+(?:an?\s+(?:guy|girl|man|woman|lady"
        r"|person|wonderful\s+\w+)\s+(?:named|called)\s+)?(?P<obj>" + _CAP + r".*)",
        r"^(?P<obj>" + _CAP + r")\s+and\s+(?:i|me)\s+(?:(?:just|finally|recently|officially)\s+)*"
        r"(?:got\s+(?:married|engaged|hitched)|tied\s+the\s+knot|are\s+(?:(?:now|happily)\s+)?"
        r"(?:married|engaged|getting\s+married|together|a\s+couple|dating)|have\s+been\s+"
        r"(?:together"
        r"|married|dating)|moved\s+in\s+together|got\s+together)\b",
        r"<DO>(?:have|'ve\s+got)\s+(?:a\s+)?(?:new\s+)?(?:wife|husband|partner|girlfriend|boyfriend"
        r"|fianc[eé]e?)(?:\s+now)?(?:\s*,\s*|\s+(?:named|called)\s+|\s*-\s*)(?:(?:her|his|their)"
        r"\s+name(?:'s|\s+is)\s+|(?:she|he|they)(?:'s|\s+is|\s+are)\s+called\s+)?(?P<obj>"
        + _CAP + r".*)",
    ), keys=("wife", "husband", "partner", "spouse", "girlfriend", "boyfriend", "gf", "bf",
             "and i", "and me",
             "fianc", "other half", "significant", "dating", "seeing", "engaged to",
             "married to"), kind="name", on_neg="skip"),
    Rule("relationship.proposal", "relationship_status", (
        r"(?:^|[:!,-]\s*)(?P<partner_name>" + _CAP + r")\s+(?:finally\s+|just\s+)?(?:proposed"
        r"|popped\s+the\s+question)\b.*\b(?:i|we)\s+said\s+yes\b",
        r"\b(?:i|we)\s+said\s+yes\s+(?:to\s+)?(?:when\s+)?(?P<partner_name>" + _CAP
        + r")(?:\s+(?:proposed|popped\s+the\s+question))",
    ), keys=("proposed", "popped", "said yes"), value="engaged", scope="sentence",
        confidence=0.9),
    Rule("children", "child_name", (
        # "my two boys, Ade and Femi"; not "my sister has twins, Ada and Rui" (hers).
        r"\b(?:my|our)\s+(?:(?!(?:has|have|had|got|is|was|and)\b)[\w-]+\s+){0,2}?" + _KID + _NAMED
        + r"(?P<obj>" + _CAP + r".*)",
        r"<DO>(?:have|'ve\s+got)\s+(?:an?|one|two|three|four|five|\d+)\s+(?:[\w-]+\s+){0,2}?"
        + _KID + r"(?:\s*,\s*|\s+(?:named|called)\s+|\s*:\s*|\s+-\s+)(?P<obj>.+)",
        r"<HAVE>(?:got\s+)?(?:an?|one|two|three|four|five|\d+)\s+(?:[\w-]+\s+){0,2}?"
        + _KID + r"(?:\s*,\s*|\s+(?:named|called)\s+|\s*:\s*)(?P<obj>.+)",
        r"<BE>(?:an?\s+)?(?:proud\s+|single\s+)?(?:mom|mum|mother|dad|father|parent)\s+(?:of|to)\s+"
        r"(?:an?|one|two|three|four|five|\d+)\s+(?:[\w-]+\s+)?" + _KID + r"(?:\s*,\s*|\s*:\s*"
        r"|\s+(?:named|called)\s+)(?P<obj>.+)",
        r"<PAST>(?:just\s+)?(?:had|welcomed|adopted)\s+(?:a|our|my)\s+(?:(?:new|baby|first"
        r"|second|third"
        r"|little)\s+)*(?:girl|boy|son|daughter|baby|child)\b[^.]*?(?:named|called|(?:her|his"
        r"|their)\s+name\s+is|(?:she|he)\s+is\s+called)\s+(?P<obj>" + _CAP + r".*)",
        r"<BE>(?:an?\s+)?(?:(?:proud|single|happy|busy|new|first-time)\s+)*(?:mom|mum|mother|dad"
        r"|father|parent|mama|papa|mommy|mummy|daddy)\s+(?:of|to)\s+(?P<obj>" + _CAP
        + r"(?:\s*(?:,|and|&)\s*" + _CAP + r")*)",
        r"<PAST>(?:just\s+)?had\s+(?:a|our|my)\s+(?:baby\s+|first\s+|second\s+|third\s+)?(?:girl"
        r"|boy|son|daughter|baby|child)(?:\s*,\s*|\s+(?:named|called)\s+)(?P<obj>.+)",
    ), keys=("daughter", "son", "kid", "child", "baby", "little", "eldest", "youngest", "boy",
             "girl", "mom", "mum", "mother", "dad", "father", "parent", "mama", "papa",
             "year-old", "year old", "month-old",
             "oldest", "firstborn", "boys", "girls", "twins", "teen", "toddler", "newborn"),
        kind="names", on_neg="skip"),
    Rule("children.colon", "child_name", (
        r"<PAST>(?:just\s+)?(?:had|welcomed|adopted)\s+(?:twins|triplets|(?:a|our|my)\s+(?:baby\s+)?"
        r"(?:boy|girl|son|daughter))\b[^:]*:\s*(?P<obj>" + _CAP + r"(?:\s*(?:,|and|&)\s*" + _CAP
        + r")*)",
    ), keys=("had", "welcomed", "adopted"), kind="names", scope="sentence", on_neg="skip"),
    Rule("pet.have", "pet", (
        r"<DO>(?:have|own|keep)\s+(?P<obj>(?:an?|one|two|three|four|five|\d+|some|a\s+couple"
        r"\s+of|a\s+pet)\s+.+)",
        r"<HAVE>got\s+(?P<obj>(?:an?|one|two|three|four|five|\d+|some|a\s+couple\s+of)\s+.+)",
        # Taken over from someone: "we've taken on my neighbour's old spaniel, Suki" is ours
        # now (the animal, not "neighbour's spaniel"); "my neighbour's spaniel barks" is not.
        r"<PAST>(?:adopted|rescued|took\s+(?:in|on|over)|taken\s+(?:in|on|over)|inherited"
        r"|ended\s+up\s+with|got|agreed\s+to\s+take)\s+(?:my|our|a)\s+(?:[\w-]+\s+){0,2}?"
        r"[\w-]+(?:'s|s')\s+(?:(?:old|elderly|young|little|lovely|sweet)\s+)?(?P<obj>(?:[\w-]+\s+)"
        r"{0,1}?(?:" + _ANIMAL + r"))\b(?:" + _NAMED + r"(?P<x_pname>" + _CAP + r"))?",
        r"<PAST>(?:got|adopted|rescued|bought|took\s+in|welcomed|brought\s+home|fostered)\s+"
        r"(?:ourselves\s+|myself\s+)?(?P<obj>(?:an?|one|two|three|four|five|\d+|a\s+new|our"
        r"|my)\s+.+)",
        r"\b(?:my|our)\s+(?P<obj>(?:[\w-]+\s+){0,2}?(?:" + _ANIMAL + r"))" + _NAMED
        + r"(?P<x_pname>" + _CAP + r"(?:\s+(?:and|&)\s+" + _CAP + r")?)",
        r"<DO>(?:share|live)\s+(?:my|our)?\s*(?:flat|home|house|place|apartment|life)?\s*with\s+"
        r"(?P<obj>(?:an?|one|two|three|four|\d+|my|our)\s+.+)",
        # The household's children given a pet: "the twins got a tortoise for their birthday"
        # (the kids of the house; "my sister's kids got a dog" is theirs, and "my son", who
        # may live elsewhere, is left out).
        r"^(?:[\w\s]{0,20}:\s*)?(?:the|our)\s+(?:kids|children|twins|boys|girls)\s+(?:(?:finally|just)\s+)?"
        r"(?:got|were\s+given|adopted|rescued|brought\s+home)\s+"
        r"(?P<obj>(?:an?|one|two|three|\d+)\s+(?:[\w-]+\s+){0,2}?(?:" + _ANIMAL + r")\b.*)",
    ), keys=tuple(sorted({"have", "got", "own", "keep", "adopted", "rescued", "bought",
                          "took in", "welcomed", "brought home", "fostered", "my ", "our ",
                          "taken", "took on", "took over", "inherited", "ended up",
                          "share", "live"}))),
    # What follows a colon says what the thing before it is: "We have a new member of the
    # household: a rescue kitten called Pandan" (the clause splitter parts the two).
    Rule("pet.colon", "pet", (
        *(lead + r"\s+[^:.;!?]{1,60}:\s*(?P<obj>(?:an?|one|two|three|\d+)\s+(?:[\w-]+\s+){0,3}?"
                 r"(?:" + _ANIMAL + r")\b.*)"
          for lead in (r"<DO>(?:have|own)", r"<HAVE>got", r"<PAST>(?:got|adopted|rescued"
                       r"|welcomed|took\s+in|brought\s+home|fostered)")),
    ), keys=("have", "got", "own", "adopted", "rescued", "welcomed", "took in",
             "brought home", "fostered"), scope="sentence", on_neg="skip"),
    Rule("pet.gone", "pet", (
        r"\b(?:my|our)\s+(?:(?:beloved|old|sweet|dear|poor)\s+)?(?P<obj>(?:[\w-]+\s+){0,2}?(?:"
        + _ANIMAL + r"))(?:,?\s+(?P<x_pname>" + _CAP + r"),?)?\s+(?:recently\s+|sadly\s+|just\s+"
        r"|finally\s+)?(?:passed\s+away|died|passed|was\s+put\s+down|had\s+to\s+be\s+put\s+down"
        r"|ran\s+away|went\s+missing|is\s+gone|is\s+no\s+longer\s+with\s+us|got\s+hit|was\s+"
        r"rehomed|crossed\s+the\s+rainbow\s+bridge|was\s+killed)",
        r"<PAST>(?:lost|had\s+to\s+put\s+down|put\s+down|rehomed|gave\s+away|gave\s+up)\s+(?:my"
        r"|our)\s+(?P<obj>(?:[\w-]+\s+){0,2}?(?:" + _ANIMAL + r"))(?:,?\s+(?P<x_pname>" + _CAP
        + r"))?",
    ), keys=("passed", "died", "put down", "ran away", "missing", "gone", "no longer",
             "hit", "rehomed", "rainbow", "lost", "gave", "killed"), op="retract",
        on_neg="skip"),
)

_DIED = (r"(?:has\s+|had\s+)?(?:(?:recently|sadly|just|finally|unfortunately|suddenly"
         r"|peacefully)\s+)*"
         r"(?:passed\s+away|passed\s+on|passed|died|was\s+put\s+down|had\s+to\s+be\s+put\s+down"
         r"|was\s+put\s+to\s+sleep|had\s+to\s+be\s+put\s+to\s+sleep|was\s+rehomed|got\s+rehomed"
         r"|has\s+been\s+rehomed|crossed\s+the\s+rainbow\s+bridge|is\s+no\s+longer\s+with\s+us)\b")
PETS_BY_NAME: tuple[Rule, ...] = (
    # "Sadly Mittens passed away": a named being that is no person relation; the reconcile
    # stage matches the name against the stored pet ("cat named Mittens").
    Rule("pet.named-gone", "pet", (
        r"^(?P<obj>" + _CAP + r")(?:\s*,\s*(?:my|our)\s+(?P<x_what>[\w\s'-]+?)\s*,)?\s+" + _DIED,
        r"<PAST>had\s+to\s+(?:put|have)\s+(?P<obj>" + _CAP + r")\s+(?:put\s+)?(?:down"
                                                             r"|to\s+sleep)\b",
        # "We had Pepper put to sleep on Monday": had it done, not had to.
        r"<PAST>had\s+(?:(?:my|our)\s+(?:\w+\s+){0,2})?(?P<obj>" + _CAP + r")\s+(?:put\s+(?:down|to\s+sleep)"
        r"|euthani[sz]ed)\b",
        r"<PAST>(?:had\s+to\s+)?rehome(?:d)?\s+(?P<obj>" + _CAP + r")\b",
    ), keys=("passed", "died", "put", "sleep", "rehome", "rainbow", "no longer with"),
        kind="pet_name", op="retract", on_neg="skip"),
    Rule("pet.named-gone-apposition", "pet", (
        r"^(?:(?:sadly|unfortunately|so|well|and|but|update|news)[,:!.]?\s+)*(?P<obj>" + _CAP
        + r")\s*,\s*(?:my|our)\s+(?P<x_what>[\w\s'-]+?)\s*,\s+" + _DIED,
    ), keys=("passed", "died", "put", "sleep", "rehome", "rainbow", "no longer with"),
        kind="pet_name", op="retract", on_neg="skip", scope="sentence"),
)

#: Every rule, in the order they are tried.
RULES: tuple[Rule, ...] = IDENTITY + LOCATION + WORK + PEOPLE + PETS_BY_NAME + RULES_LIFE
