"""Rule tables: work (employer, job title) and the grammar of titles and organisation names.

Each entry is data (see grammar.Rule): a subject macro, a verb family, the object. A title is
modifiers plus an occupation's head noun ("senior analyst"); an employer is a capitalised
name, or one introduced by "a startup called ...".
"""
from __future__ import annotations

from pipeline.extract import lexicon as lx
from pipeline.extract.grammar import END, Rule

_OCC = lx.alt(lx.OCCUPATIONS - {"administrator", "head", "lead"})
_MOD = (r"(?:(?!(?:a|an|the|as|of|and|or|not|fan|big|huge|bit|very|so|avid|keen|amateur|hobby"
        r"|weekend|passionate|enthusiastic|casual|budding|aspiring|my|his|her|their|our|your"
        r"|colleague|friend|sister|brother|boss|partner|husband|wife|mum|mom|dad)\b)"
        r"[\w&/.-]+\s+){0,3}?")
#: A title whose head is an agent noun not in the list ("dry dock foreman"), where the
#: sentence is about taking a job (see the rule's `requires`).
_AGENT_TITLE = r"(?:[a-z-]+\s+){0,2}?(?-i:[a-z]+)" + lx.AGENT_ENDING + r"\b"
_CHIEF = (r"(?:head|director|vp|vice\s+president|chief|manager|lead|professor|founder"
          r"|co-?founder|owner|president|ceo|cto|cfo|coo|editor|principal)")
_LOWER_WORD = r"(?-i:[a-z])[\w&-]*"
TITLE = (rf"(?:{_MOD}(?:{_OCC})(?:s|es)?\b"
         rf"(?:\s+of\s+{_LOWER_WORD}(?:\s+(?:and|&)\s+{_LOWER_WORD})?)?"
         rf"|(?:head|director|vp|vice\s+president|chief|lead)\s+of\s+{_LOWER_WORD}"
         rf"(?:\s+(?:and|&)\s+{_LOWER_WORD})?|chief\s+\w+\s+officer)")
_TITLE_END = (r"(?=\s*$|\s*[,;]|\s+(?:now|too|myself|by\s+(?:trade|profession)|full[- ]time"
              r"|part[- ]time|these\s+days|currently|in|and|but|since|so|because|for\s+(?:\d|a|"
              r"an|one|two|three|four|five|six|seven|eight|nine|ten|the\s+past|the\s+last|years"
              r"|months|ages|over|about)|there|here|again|anymore|any\s+more|though|already|last|this"
              r"|yesterday|recently|ago|earlier|back|on|after|when|two|three|\d+)\b)")
#: A capitalised organisation name ("Acme Ltd", "Bank of America", "St Mary's Hospital").
_ORG_NAME = (r"(?-i:[A-Z0-9])[\w&.'-]*(?:\s+(?:(?-i:[A-Z0-9])[\w&.'-]*|of|and|&|de|the|for)"
             r"(?=\s+(?-i:[A-Z0-9])|\s*$|\s*,|\s+here\b|\s+now\b)){0,4}")
#: "as before", "as usual", "as planned": a manner, not a role ("at Globex now, same work as
#: before" names no title "before").
_NOT_A_ROLE = (r"(?!(?:before|usual|always|ever|well|such|planned|expected|promised|normal"
               r"|agreed|mentioned|said|required|needed|discussed|far|soon|much|long)\b)")
#: The unit a job is in, between the job and its employer: "a job in the ICU at Hospital
#: Itzamna", "a role on the data team with Acme".
_UNIT = r"(?:\s+(?:in|on)\s+(?:the|a|an|their|its)\s+(?:[\w&-]+\s+){0,2}?[\w&-]+)?"
#: "... as a senior analyst" or ", senior analyst (role)" after an employer.
#: A line of work said with "doing" ("doing QA at Acme", "been doing payroll for Initech"): a
#: field, not an activity ("doing yoga at Studio Flow" is no job), so only these nouns or a title.
_FIELD = (r"(?:qa|quality\s+assurance|testing|support|tech\s+support|customer\s+support|it"
          r"|sales|marketing|research|design|engineering|accounting|accounts|payroll|hr|admin"
          r"|devops|data\s+science|analytics|logistics|procurement|recruiting|recruitment"
          r"|security|compliance|legal|finance|bookkeeping|ux|ui|web\s+development"
          r"|software\s+development|dev\s+work|frontend|backend|ops|operations|copywriting"
          r"|translation|illustration|(?:" + TITLE + r")\s+work)")
_EMPLOYER_TAIL = (r"(?:(?:,?\s+as\s+" + _NOT_A_ROLE + r"(?:an?\s+|the\s+|their\s+|its\s+)?|,\s*(?:an?\s+)?(?=(?:"
                  + TITLE + r")(?:\s+(?:role|position|job|post))?\s*$))(?P<job_title>.+))?$")

WORK: tuple[Rule, ...] = (
    Rule("employer.work-at", "employer", (
        r"<DO>work(?:\s+full[- ]time|\s+part[- ]time|\s+remotely|\s+in\s+\w+(?:\s+\w+)?)?\s+"
        r"(?:at|for)\s+(?P<obj>.+?)" + _EMPLOYER_TAIL,
        r"<BE>(?:working|employed)(?:\s+full[- ]time|\s+part[- ]time)?\s+(?:at|for|by)\s+"
        r"(?P<obj>.+?)" + _EMPLOYER_TAIL,
        r"<BE>employed\s+with\s+(?P<obj>.+?)" + _EMPLOYER_TAIL,
        r"<BE>[^,]+,\s*(?:working|employed)\s+(?:at|for|with|by)\s+(?P<obj>.+?)" + _EMPLOYER_TAIL,
        # "I've been doing QA at Acme for years", "stuck doing support for Initech"
        r"<BE>(?:stuck\s+|busy\s+)?doing\s+" + _FIELD + r"\s+(?:at|for|with)\s+(?P<obj>"
        r"(?-i:[A-Z0-9])[\w&.'-]*(?:\s+(?:(?-i:[A-Z0-9])[\w&.'-]*|of|and|&|de|the)){0,4}?)"
        r"(?=\s*$|\s*,|\s+(?:for|since|now|these|full|part|and|but|here)\b)",
        r"<HAVE>worked\s+(?:at|for)\s+(?P<obj>.+?)(?:\s+as\s+(?:an?\s+)?(?P<job_title>.+?))?"
        r"\s+(?:for|since)\b.*",
    ), keys=("work", "employed", "doing"), kind="org"),
    # Keeping a job through a change is still working there: "I'll keep my job at Nordhav
    # Maps" (a move ahead), "I'm staying on at Pellwood".
    Rule("employer.keep", "employer", (
        r"\b(?:i|we)(?:'ll|\s+will|'m|\s+am)?\s+(?:(?:still|just|definitely|happily)\s+)?"
        r"(?:keep(?:ing)?|hold(?:ing)?\s+on\s+to)\s+my\s+(?:job|position|role)\s+(?:at|with)\s+"
        r"(?P<obj>.+?)" + _EMPLOYER_TAIL,
        r"\b(?:i|we)(?:'ll|\s+will|'m|\s+am)?\s+(?:be\s+)?stay(?:ing)?\s+on\s+(?:at|with)\s+"
        r"(?P<obj>.+?)" + _EMPLOYER_TAIL,
    ), keys=("keep", "hold", "staying on", "stay on"), kind="org", proper=True, on_neg="skip"),
    Rule("employer.join", "employer", (
        r"<PAST>(?:joined|started\s+(?:at|with)|(?:began|begun)\s+at"
        r"|(?:started|begun|began)\s+(?:working|work)\s+"
        r"(?:at|for|with)|(?:started"
        r"|begun"
        r"|began)\s+(?:a|my|the)\s+(?:new\s+)?(?:job|position|role|gig|career|internship"
        r"|apprenticeship)" + _UNIT + r"\s+(?:at|with)|got\s+(?:a|an|the)\s+(?:new\s+)?(?:job"
        r"|position|role|offer|internship)" + _UNIT + r"\s+(?:at|with)|took\s+(?:a|the)\s+"
        r"(?:new\s+)?(?:job|position|role)" + _UNIT + r"\s+(?:at|with)|(?:got|was|been)\s+hired"
        r"\s+(?:at|by)|landed\s+(?:a|the)\s+(?:new\s+)?(?:job|role|position)" + _UNIT
        + r"\s+(?:at|with)|went\s+to\s+work\s+(?:at|for)|signed\s+(?:on\s+)?with|accepted\s+"
        r"(?:a|an|the)\s+(?:job|offer|position|post|role)" + _UNIT + r"\s+(?:at|with|from))\s+"
        r"(?P<obj>.+?)" + _EMPLOYER_TAIL,
    ), keys=("joined", "started", "began", "begun", "got", "took", "hired", "landed",
             "went to work", "signed", "accepted"), kind="org", proper=True, on_neg="skip"),
    Rule("employer.left-for", "employer", (
        r"<PAST>(?:left|quit)\s+(?P<x_old>.+?)\s+(?:for|to\s+join|to\s+work\s+(?:at|for))\s+"
        r"(?P<obj>.+?)" + _EMPLOYER_TAIL,
    ), keys=("left", "quit"), kind="org", proper=True, on_neg="skip"),
    Rule("employer.switch", "employer", (
        r"<PAST>(?P<x_verb>switched|changed|moved\s+on|moved|jumped|went|transferred|hopped"
        r"|swapped)\s+"
        r"(?:over\s+)?"
        r"(?:(?:jobs?|employers?|companies|firms|teams|sides)\s+)?from\s+(?P<x_old>.+?)\s+"
        r"(?:over\s+)?to\s+<OBJ>",
        r"<PAST>(?:swapped|traded|exchanged)\s+(?P<x_old>.+?)\s+for\s+<OBJ>",
    ), keys=("switched", "changed", "moved", "jumped", "went", "transferred", "hopped",
             "swapped", "traded", "exchanged"), kind="switch", on_neg="skip"),
    Rule("employer.left", "employer", (
        r"<PAST>(?:left|quit|resigned\s+from|(?:got|was|been)\s+(?:laid\s+off|fired|let\s+go"
        r"|made\s+redundant)\s+(?:from|by|at)|retired\s+from|stopped\s+working\s+(?:at|for))\s+"
        r"(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?"
        r"(?P<obj>(?:(?!\bfor\b|\bto\s+join\b).)+)$",
    ), keys=("left", "quit", "resigned", "laid off", "fired", "let go", "redundant",
             "retired from", "stopped working"), kind="org", proper=True, op="retract",
        on_neg="skip"),
    # "I finished up at Harbourline at the end of October": an ending told with its date
    # ("I finished up at Tesco at ten" is a shift, not a job: the date is required).
    Rule("employer.finished", "employer", (
        r"<PAST>(?:finished\s+up|wrapped\s+up|moved\s+on)\s+(?:at|with|from)\s+"
        r"(?P<obj>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*){0,3})\b.*$",
    ), keys=("finished up", "wrapped up", "moved on"), kind="org", proper=True, op="retract",
        on_neg="skip", requires=r"\b(?:january|february|march|april|may|june|july|august"
                                r"|september|october|november|december|last\s+(?:week|month|year"
                                r"|spring|summer|autumn|fall|winter)|ago|end\s+of\s+(?:the\s+)?"
                                r"(?:month|year|term|contract))\b"),
    Rule("employer.at", "employer", (
        r"<BE>(?:now\s+)?(?:at|with)\s+(?P<obj>.+?)" + _EMPLOYER_TAIL,
    ), keys=("i'm at", "i am at", "i'm now at", "i'm with", "i am with", "i'm now with"),
        kind="org", proper=True, confidence=0.85, on_neg="retract",
        requires=r"\b(?:job|jobs|work|working|employer|company|role|position|hired|joined"
                 r"|switched|promotion|promoted|career|offer)\b"),
    Rule("employer.been-at", "employer", (
        r"<HAVE>been\s+(?:working\s+)?(?:at|with)\s+(?P<obj>.+?)\s+(?:for|since)\b.*",
    ), keys=("been at", "been working at", "been with"), kind="org", proper=True,
        confidence=0.85),
    Rule("employer.my", "employer", (
        r"\bmy\s+(?:current\s+|new\s+)?(?:employer|company|workplace"
        r"|firm)\s+is\s+(?:called\s+)?<OBJ>",
        r"\bthe\s+company\s+(?:i|we)\s+work\s+(?:at|for)\s+is\s+(?:called\s+)?<OBJ>",
    ), keys=("employer", "company", "workplace", "firm"), kind="org", proper=True,
        confidence=0.95),
    Rule("employer.title-at", "employer", (
        # "Senior analyst at Globex." (a clause of its own), "Junior accountant at Acme here"
        rf"^(?:an?\s+)?(?:new\s+)?(?P<job_title>{TITLE})(?:\s+here)?,?\s+(?:over\s+)?(?:at|for"
        rf"|with)\s+"
        r"(?P<obj>" + _ORG_NAME + r")(?:\s+here)?(?:\s+(?:now|these\s+days|since\b.*|from\b.*))?"
        r"(?:\s*,.*)?$",
        rf"<PAST>(?:taken|took|accepted|landed|got|started|begun|began)\s+(?:a|an|the|my)\s+"
        rf"(?:new\s+)?(?P<job_title>{TITLE})\s+(?:role|position|job|post|gig)\s+(?:at|with)\s+"
        r"(?P<obj>.+)",
        r"^(?P<obj>" + _ORG_NAME + r")\s+(?:just\s+"
        r"|finally\s+|officially\s+)?(?:hired|took\s+me\s+on|brought\s+me\s+on(?:board)?)"
        r"(?:\s+me)?(?:\s+as\s+(?:an?\s+|their\s+|its\s+|the\s+)?(?P<job_title>.+))?",
        r"^(?P<obj>" + _ORG_NAME + r")\s+is\s+(?:now\s+)?"
        r"my\s+(?:new\s+|current\s+)?(?:employer|company|workplace)\b",
    ), keys=("at", "for", "with", "role", "position", "job", "post", "gig", "hired",
             "took me on", "brought me on", "employer", "company", "workplace"), kind="org",
        proper=True, confidence=0.88),
    Rule("employer.self", "employer", (
        rf"<BE>(?:self[- ]employed|freelancing|a\s+freelancer|freelance|my\s+own\s+boss){END}",
        r"<DO>work\s+(?:for\s+myself|freelance)\b",
        r"<DO>run\s+my\s+own\s+(?:business|company|firm|practice|consultancy|shop|studio)\b",
    ), keys=("self", "freelanc", "own boss", "myself", "my own"), value="self-employed"),
    Rule("title.as", "job_title", (
        r"<DO>work(?:\s+full[- ]time|\s+part[- ]time|\s+remotely|\s+from\s+home)?\s+as\s+"
        r"(?:an?\s+|the\s+)?(?P<obj>.+?)"
        r"(?:\s+(?:at|for|with)\s+(?P<employer>.+))?$",
        r"<BE>(?:working|employed|hired|starting|started)\s+as\s+(?:an?\s+|the\s+)?(?P<obj>.+?)"
        r"(?:\s+(?:at|for|with)\s+(?P<employer>.+))?$",
        r"<PAST>(?:got\s+hired|was\s+hired|been\s+hired|started|began|joined|(?:took|taken"
        r"|accepted|landed|got|started|began|begun)\s+(?:a|an|the|my)\s+(?:new\s+)?(?:job|position"
        r"|role|post|gig|offer))"
        r"\s+as\s+(?:an?\s+|the\s+)?(?P<obj>.+?)(?:\s+(?:at|for|with)\s+(?P<employer>.+))?$",
        r"\b(?:they|we|my\s+\w+|the\s+company|the\s+board|management|hr)\s+(?:just\s+|finally\s+"
        r"|officially\s+)?(?:(?:made|named|appointed|promoted|upgraded)\s+me|bumped\s+me\s+up"
        r"|moved\s+me\s+up)\s+(?:to\s+)?(?:the\s+|an?\s+|our\s+)?(?P<obj>.+)",
        r"\bi(?:\s+was|\s+got|\s+have\s+been|\s*'ve\s+been)\s+(?:just\s+"
        r"|finally\s+|officially\s+)?(?:made|named|appointed|elected)\s+(?:the\s+|an?\s+)?"
        rf"(?P<obj>{TITLE}|{_MOD}[a-z]+(?:ologist|ician|ographer|eer|ist))"
        rf"(?:\s+(?:at|for|with)\s+(?P<employer>.+)|{_TITLE_END})",
        r"\bmy\s+(?:new\s+|current\s+|official\s+|actual\s+)?(?:job\s+title|title|role|position)"
        r"\s+is\s+(?:now\s+)?(?:an?\s+|the\s+)?(?P<obj>.+)$",
        rf"\bmy\s+(?:new\s+|current\s+)?job\s+is\s+(?:now\s+)?(?:an?\s+|the\s+)?(?P<obj>{TITLE})",
        r"\b(?:i|we)(?:'ve|\s+have|\s+had)?\s+(?:just\s+|finally\s+|recently\s+|now\s+)*(?:been\s+"
        r"|got\s+|was\s+|get\s+)?(?:promoted|bumped\s+up|moved\s+up|stepped\s+up)\s+(?:to|as)\s+"
        r"(?:an?\s+|the\s+)?(?P<obj>.+?)"
        r"(?:\s+(?:at|with)\s+(?P<employer>.+))?$",
    ), keys=(" as ", "title", "role", "position", "job", "promoted", "made me", "named",
             "appointed", "elected", "bumped", "moved", "stepped up", "upgraded", "been made",
             "was made", "got made"), kind="title",
        proper=True),
    Rule("title.as-clause", "job_title", (
        rf"^as\s+(?:an?\s+|the\s+|their\s+|its\s+)?(?P<obj>{TITLE})$",
        # "I started four weeks ago, Monday the 2nd of November, as dry dock foreman at
        # Astilleros Collico": the date between the verb and its role splits the clause.
        rf"^as\s+(?:an?\s+|the\s+|their\s+|its\s+)?(?P<obj>{TITLE}|{_AGENT_TITLE})\s+(?:at|for"
        rf"|with)\s+(?P<employer>(?-i:[A-Z0-9]).+)$",
    ), keys=("as",), kind="title", confidence=0.88, proper=True,
        requires=r"\b(?:i|we)\b.*\b(?:work|working|employed|hired|joined|started|start|starting|job|role"
                 r"|position)\b"),
    Rule("title.be", "job_title", (
        rf"<BE>(?:now\s+)?(?:an?\s+|the\s+|their\s+|its\s+|our\s+)?(?:new\s+)?(?P<obj>{TITLE})"
        rf"(?:\s+(?:over\s+|down\s+|up\s+)?(?:at|for|with)\s+"
        rf"(?P<employer>.+)|{_TITLE_END})",
        rf"<BE>(?:now\s+)?(?:an?\s+|the\s+)?(?P<obj>{_CHIEF}(?:\s+\w+)?)\s+of\s+"
        rf"(?P<employer>(?-i:[A-Z0-9]).+)",
        rf"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|now\s+)*(?:became|become"
        rf"|qualified\s+as|trained\s+as|retrained\s+as)\s+(?:an?\s+|the\s+)?(?P<obj>{TITLE})"
        rf"(?:\s+(?:at|for|with)\s+(?P<employer>.+)|{_TITLE_END})",
        # A copula of keeping: "I stay an intensive care paramedic, just with a different
        # service", "I'll remain a teacher", "I'm staying a nurse" ("I stay at a hotel" has
        # no title after it).
        rf"\b(?:i|we)(?:'ll|\s+will|'m|\s+am)?\s+(?:(?:still|just|simply|also)\s+)?(?:stay|stays"
        rf"|staying|stayed|remain|remaining|remained)\s+(?:an?\s+|the\s+)?(?P<obj>{TITLE})"
        rf"(?:\s+(?:at|for|with)\s+(?P<employer>(?-i:[A-Z0-9]).+)|{_TITLE_END})",
    ), keys=("i'm", "i am", "im ", "we're", "we are", "been", "became", "become",
             "qualified", "trained", "stay", "remain"), kind="title", proper=True),
    Rule("title.retired", "job_title", (
        rf"<BE>(?:now\s+)?(?:retired|a\s+retiree|a\s+pensioner){END}",
        r"<PAST>retired\b(?!\s+from)",
    ), keys=("retire", "pensioner"), value="retired"),
    Rule("title.unemployed", "job_title", (
        rf"<BE>(?:unemployed|between\s+jobs|out\s+of\s+work|jobless|job\s+hunting|looking\s+for"
        rf"\s+(?:a\s+)?(?:new\s+)?(?:job|work)){END}",
        r"<PAST>(?:lost\s+my\s+job|got\s+laid\s+off|was\s+laid\s+off|got\s+fired|was\s+fired"
        r"|been\s+laid\s+off|been\s+made\s+redundant|was\s+made\s+redundant)(?!\s+(?:from|by|at))",
    ), keys=("unemployed", "between jobs", "out of work", "jobless", "looking for",
             "hunting", "lost my job", "laid off", "fired", "redundant"), value="unemployed"),
)
