"""Rule tables, part two: tastes, hobbies, projects, goals and plans.

RULES_LIFE puts the constraints (patterns_constraints.py) first, then these, then the
sensitive categories (patterns_sensitive.py).
"""
from __future__ import annotations

from pipeline.extract import lexicon as lx
from pipeline.extract.grammar import Rule
from pipeline.extract.patterns_constraints import CONSTRAINTS
from pipeline.extract.patterns_sensitive import SENSITIVE

_ACTIVITY = lx.alt(lx.ACTIVITIES)
_OUTDOOR = (r"(?:hiking|running|climbing|bouldering|swimming|cycling|biking|fishing|skiing"
            r"|snowboarding|surfing|sailing|diving|scuba\s+diving|camping|kayaking|jogging"
            r"|skating|dancing|birdwatching|bird-watching|hunting|horse\s+riding|riding|rowing"
            r"|trail\s+running|mountain\s+biking|backpacking|paddleboarding|canoeing|golfing"
            r"|bowling|walking|rock\s+climbing|ice\s+skating|sledding|caving|windsurfing)")
_HOBBY_WORD = r"(?:" + _ACTIVITY + r"|" + _OUTDOOR + r"|(?!(?:job|new|local|book|the)\b)[a-z]+ing)"
_PASTIME_VERB = (r"paint|draw|knit|sew|crochet|swim|run|climb|boulder|surf|hike|cycle|skate|sail"
                 r"|row|ski|dance|sing|bake|garden|fish|jog|kayak|play\s+(?:the\s+)?[a-z]+"
                 r"|go\s+[a-z]+ing|do\s+(?:yoga|pilates|pottery)")
_MONTH_WORD = (r"(?:january|february|march|april|may|june|july|august|september|october"
               r"|november|december)")
#: A gap long enough to end a pastime ("since Tuesday" is a gap, not an end).
_LONG_GAP = (r"(?:in\s+(?:months|years|ages)|since\s+(?:" + _MONTH_WORD + r"|last\s+(?:year|summer"
             r"|winter|spring|autumn)|the\s+(?:summer|spring|winter|autumn)|christmas"
             r"|\w+\s+(?:months|years)\s+ago))\b")
_NOT_HOBBY = (r"(?!(?:working|living|dating|seeing|smoking|drinking|eating|feeling|taking|using"
              r"|going|getting|having|doing|looking|thinking|trying|wondering|planning|moving"
              r"|wearing|seeing|writing\s+(?:an?\s+)?(?:e-?mail|message))\b)")
_OCCUPATIONAL_AGENTS = lx.OCCUPATIONAL_AGENTS
_AGENT = lx.alt(tuple(a for a in lx.AGENT_HOBBIES if a not in _OCCUPATIONAL_AGENTS))
_AGENT_OCCUPATIONAL = lx.alt(tuple(_OCCUPATIONAL_AGENTS))
_TO = r"to\s+(?:(?:finally|really|actually|eventually|someday|properly|seriously|at\s+last)\s+)?"
_GOAL_VERBS = (r"(?:lose|gain|run|finish|learn|save|buy|quit|become|start|launch|write|publish"
               r"|travel|visit|climb|build|improve|pass|complete|graduate|retire|open|master"
               r"|get\s+(?:fit|in\s+shape|healthier|stronger|promoted|a\s+job|a\s+new\s+job"
               r"|my|into|better\s+at)|read|cycle|hike|swim|earn|pay\s+off|cut\s+down|stop"
               r"|reduce|lower|eat\s+(?:healthier|better|less|more)|drink\s+less|sleep\s+more"
               r"|exercise\s+more|speak|study|train|compete|qualify|move\s+up|switch\s+careers"
               r"|change\s+careers)\b")
#: A one-off piece of writing or a gift for someone: what a user asks the assistant to help
#: with now ("I want to write her card in Hungarian", "I'd like to buy him a present"), not
#: an aim of their life ("I want to write a novel" is one).
_TASK = (r"(?:write|draft|buy|get|send|make|find|pick|choose|wrap|sign)\s+(?:(?:her|him|them|me"
         r"|my|our|his|their|a|an|the|this|that|some|these|those|[\w'-]+'s)\s+){0,3}"
         r"(?:[\w-]+\s+){0,2}?(?:card|message|note|e-?mail|letter|text|reply|toast|speech|post"
         r"|caption|invitation|invite|review|bio|present|gift|cake|playlist|menu|list|answer"
         r"|response|apology|eulogy|thank-you)s?\b")
_PROPER = r"(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)*"
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
#: How often a habit comes round: "three mornings a week", "twice a week", "every Sunday",
#: "most weekends", "on Wednesdays".
_FREQUENCY = (r"(?:(?:once|twice|\w+\s+times|(?:\w+\s+)?(?:mornings|evenings|nights|days|afternoons"
              r"|lunchtimes|weekends))\s+(?:a|per|every)\s+(?:week|month|fortnight)|every\s+(?:other\s+)?"
              r"(?:" + _DAYS + r"|weekend|morning|evening|week)|most\s+(?:mornings|evenings|weekends"
              r"|days|nights|" + _DAYS + r")|on\s+" + _DAYS + r"|(?:" + _DAYS + r")\s+(?:mornings"
              r"|evenings|nights|afternoons))\b")
_HABIT_VERB = (r"swim|cycle|surf|hike|climb|boulder|skate|row|sail|kayak|ski|jog"
               r"|paddleboard|fence|dance|paint|sketch|knit")

#: A thing liked or loathed names no one: "he thinks my job is gross" is his opinion.
_NO_PERSON = r"(?![\w' -]*\b(?:he|she|they|you|we|i|him|her|them|everyone|nobody)\b)"

TASTES: tuple[Rule, ...] = (
    Rule("likes", "likes", (
        r"<DO>(?:really\s+|absolutely\s+|just\s+|totally\s+)?(?:love|like|enjoy|adore|dig"
        r"|appreciate)\s+<OBJ>",
        r"<PAST>(?:grown|grew|come|came|learned|learnt|started|begun|began)\s+to\s+(?:really\s+)?"
        r"(?:love|like|enjoy|adore|appreciate)\s+<OBJ>",
        r"<BE>(?:an?\s+)?(?:(?:big|huge|massive|great|real|die-?hard|lifelong|devoted)\s+)?"
        r"fan\s+of\s+<OBJ>",
        r"<BE>(?:really\s+|very\s+|super\s+)?(?:into|obsessed\s+with|passionate\s+about|crazy"
        r"\s+about|keen\s+on|fond\s+of|mad\s+about|nuts\s+about|hooked\s+on|addicted\s+to)\s+<OBJ>",
        r"\bmy\s+(?:(?:all-time|absolute|current|new)\s+)?favou?rite\s+(?:[\w-]+\s+){0,2}?"
        r"(?:is|are)\s+<OBJ>",
    ), keys=("love", "like", "enjoy", "adore", "dig", "appreciate", "fan", "into",
             "obsessed", "passionate", "crazy", "keen", "fond", "mad about", "nuts", "hooked",
             "addicted", "favo"), confidence=0.88, on_neg="assert:dislikes", on_stop="retract"),
    Rule("dislikes", "dislikes", (
        r"<DO>(?:really\s+|absolutely\s+|just\s+|totally\s+)?(?:hate|dislike|detest|loathe"
        r"|despise|abhor)\s+<OBJ>",
        r"\b(?:i|we)\s+(?:really\s+|just\s+|absolutely\s+|honestly\s+)?(?:can't|cannot|can\s+not"
        r"|couldn't)\s+(?:stand|bear|stomach|tolerate)\s+<OBJ>",
    ), keys=("hate", "dislike", "detest", "loathe", "despise", "abhor", "stand", "bear",
             "stomach", "tolerate"), confidence=0.88, on_neg="skip", on_stop="retract"),
    Rule("hobby", "hobby", (
        r"\bmy\s+(?:(?:main|favou?rite|big|new|only|latest)\s+)?(?:hobby|hobbies|pastimes?"
        r"|passions?)\s+(?:is|are|include|includes|would\s+be)\s+<OBJ>",
        r"<DO>(?:play|practi[cs]e|do)\s+(?P<obj>" + _ACTIVITY + r")\b",
        r"<DO>go\s+(?P<obj>" + _OUTDOOR + r")\b",
        r"<PAST>(?:took\s+up|taken\s+up|got\s+into|gotten\s+into)\s+"
        r"(?!(?:an?\s+)?(?:new\s+)?(?:job|position|role|post|offer)\b)<OBJ>",
        # One picks up kids, milk and a puppy too: only a pastime by its name is one.
        r"<PAST>picked\s+up\s+(?:the\s+)?(?P<obj>" + _ACTIVITY + r"|" + _OUTDOOR + r")\b",
        r"<PAST>picked\s+up\s+" + _NOT_HOBBY + r"(?P<obj>\w+ing\b.*)",
        r"<PAST>(?:started|began)\s+" + _NOT_HOBBY + r"(?P<obj>\w+ing\b.*)",
        r"<PAST>(?:started|begun|began)\s+(?:doing|playing|practi[cs]ing|going|learning)\s+"
        r"(?:the\s+)?(?P<obj>" + _ACTIVITY + r"|" + _OUTDOOR + r")\b",
        # A pastime's outings, started: "I've started going on the Saturday birding walks",
        # "we began going to a pottery class" (what the outing is for is the pastime).
        r"<PAST>(?:started|begun|began)\s+(?:going|heading)\s+(?:on|to|along\s+to)\s+(?:the|a|an|some"
        r"|our|my)\s+(?:(?:weekly|monthly|regular|local|early|morning|evening|weekend|guided"
        r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+)*(?P<obj>" + _HOBBY_WORD + r")\s+(?:walks"
        r"|sessions|classes|class|club|group|meet-?ups|trips|outings|nights|lessons|rides|tours)\b",
        r"<DO>(?:spend|pass)\s+(?:most\s+(?:of\s+)?|all\s+(?:of\s+)?|a\s+lot\s+of\s+)?(?:my|our)\s+"
        r"(?:free\s+time|spare\s+time|weekends|evenings|time\s+off|summers|winters|days\s+off"
        r"|holidays|sundays|saturdays|mornings)\s+(?P<obj>\w+ing\b.*)",
        r"^(?:my\s+)?(?:weekends|evenings|sundays|saturdays|summers|winters|mornings)\s+are\s+"
        r"(?:all\s+|mostly\s+)?(?:for|about)\s+(?P<obj>\w+ing\b.*)",
        r"<DO>run\s+(?P<obj>(?:half[- ])?marathons|ultras|ultramarathons|5ks|10ks|triathlons)\b",
    ), keys=("hobby", "hobbies", "pastime", "passion", "play", "practi", "do ", "go ",
             "took up", "taken up", "picked up", "got into", "gotten into", "started",
             "began", "begun", "spend", "pass", "weekends", "evenings", "sundays", "saturdays",
             "summers", "winters", "mornings", "run "), kind="hobby_any", confidence=0.88),
    Rule("hobby.agent", "hobby", (
        r"<BE>(?:an?\s+)?(?:(?:keen|big|avid|passionate|amateur|casual|huge|serious|enthusiastic"
        r"|weekend|hobby|obsessive|dedicated|lifelong|budding|aspiring)\s+)*(?P<obj>" + _AGENT
        + r")\b(?!\s+(?:at|for|with|by)\b)",
        r"<BE>(?:an?\s+)?(?:(?:keen|avid|passionate|amateur|hobby|weekend|enthusiastic"
        r"|budding)\s+)+"
        r"(?P<obj>" + _AGENT_OCCUPATIONAL + r")\b",
    ), keys=tuple(sorted({a.split()[-1][:5] for a in lx.AGENT_HOBBIES})), kind="hobby_any",
        confidence=0.85),
    Rule("hobby.learning", "hobby", (
        r"<BE>(?:learning|taking\s+(?:up|lessons\s+in))\s+(?:to\s+play\s+|how\s+to\s+play\s+"
        r"|how\s+to\s+)?"
        r"(?P<obj>" + _ACTIVITY + r"|" + _OUTDOOR + r")\b",
        # "learning the shamisen": what one learns with "the" is an instrument, whichever.
        r"<BE>learning\s+(?:to\s+play\s+|how\s+to\s+play\s+)?the\s+(?!(?:ropes|basics|ins|hard"
        r"|language|lingo|system|trade|job|process|rules|route|way|names?|words?|lyrics|songs?"
        r"|recipes?|code|codebase|software|tools?)\b)(?P<obj>[a-z]+)(?=\s*(?:[,.;!?]|$|and\b|now\b"
        r"|again\b|properly\b|on\b|at\b|with\b|since\b|for\b))",
    ), keys=("learning", "taking"), kind="activity", confidence=0.8),
    Rule("hobby.language", "hobby", (
        r"<BE>(?:learning|studying)\s+(?P<obj>(?:" + lx.alt(lx.LANGUAGES) + r"))\b",
    ), keys=("learning", "studying"), kind="language", template="learning {}",
        confidence=0.8),
    Rule("likes.is", "likes", (
        r"^" + _NO_PERSON + r"(?P<obj>[\w' -]+?)\s+(?:is|are)\s+(?:(?:totally|definitely|really|still|easily)\s+)?"
        r"(?:my\s+(?:(?:all-time|absolute|total|very|number\s+one|new)\s+)?(?:thing|jam|passion"
        r"|favou?rite(?:\s+[\w-]+){0,4}|guilty\s+pleasure|happy\s+place|obsession)|the\s+best"
        r"|life|amazing)$",
    ), keys=("my thing", "my jam", "passion", "favo", "the best", "life", "amazing",
             "guilty"), confidence=0.8, on_neg="skip"),
    Rule("dislikes.is", "dislikes", (
        r"^" + _NO_PERSON + r"(?P<obj>[\w' -]+?)\s+(?:is|are)\s+(?:(?:just|so|really|absolutely)\s+)?(?:disgusting"
        r"|gross"
        r"|the\s+worst|awful|horrible|revolting|vile|not\s+my\s+thing|nasty)$",
        r"^" + _NO_PERSON + r"(?P<obj>[\w' -]+?)(?:,\s*(?:though|however|honestly|tbh|frankly|sadly)\s*,)?\s+(?:is"
        r"|are)"
        r"(?:n't|\s+not)\s+(?:really\s+|just\s+)?(?:for\s+me"
        r"|my\s+(?:thing|cup\s+of\s+tea|jam|scene))$",
    ), keys=("disgusting", "gross", "worst", "awful", "horrible", "revolting", "vile",
             "not my thing", "nasty", "for me", "my thing", "cup of tea", "my jam", "my scene"),
        confidence=0.8, on_neg="skip"),
    Rule("likes.gone-off", "likes", (
        r"<PAST>(?:gone|went|gotten|got)\s+(?:completely\s+|totally\s+)?(?:off|tired\s+of"
        r"|bored\s+of"
        r"|sick\s+of|over)\s+<OBJ>",
        r"<BE>(?:(?:so|completely|totally)\s+)?over\s+(?P<obj>(?!it\b|that\b|the\s+moon\b).+)",
    ), keys=("off", "tired of", "bored of", "sick of", "over"), op="retract", on_neg="skip",
        confidence=0.8),
    Rule("hobby.free-time", "hobby", (
        r"\b(?:in\s+my\s+(?:free|spare|down)\s+time|for\s+fun|on\s+(?:the\s+)?weekends?"
        r"|outside\s+(?:of\s+)?work),?\s+(?:i|we)\s+(?:like\s+to\s+|love\s+to\s+|enjoy\s+"
        r"|usually\s+|often\s+|mostly\s+|mainly\s+)?(?P<obj>.+)",
    ), keys=("free time", "spare time", "down time", "for fun", "weekend", "outside"),
        kind="activity_verb", scope="sentence", confidence=0.85),
    # Hobbies told through what the user does with them: a club joined or quit, a switch,
    # a weekly slot, being hooked, "no more X for me".
    # A time slot the user keeps for a pastime: "Wednesday evenings are out too, that's office
    # badminton", "nothing on Saturday mornings, that's my violin lesson" (someone else's slot,
    # "that's my son's football", names no pastime of the user's).
    Rule("hobby.slot", "hobby", (
        r"\b(?:(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekday|weekend)\s+)?(?:mornings?"
        r"|evenings?|nights?|afternoons?|lunchtimes?|weekends?|(?:mon|tues|wednes|thurs|fri|satur"
        r"|sun)days?)\s+(?:\w+\s+)?(?:are|is)\s+(?:out|taken|busy|booked|off-limits|a\s+no-go)\b"
        r"(?:\s+(?:too|as\s+well|though))?\s*[,;:(-]+\s*(?:that's|that\s+is|it's)\s+(?:my\s+|office\s+"
        r"|work\s+|our\s+|the\s+)?(?P<obj>" + _HOBBY_WORD + r")\b",
        r"\bnothing\s+(?:on|for)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+)?(?:mornings?"
        r"|evenings?|nights?|afternoons?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
        r"\s*[,;:(-]+\s*(?:that's|that\s+is|it's)\s+(?:my\s+|office\s+|work\s+|our\s+|the\s+)?(?P<obj>"
        + _HOBBY_WORD + r")\b",
    ), keys=("that's", "that is", "it's"), kind="hobby_any", scope="sentence", on_neg="skip",
        confidence=0.8),
    Rule("hobby.club", "hobby", (
        r"<PAST>(?:joined|signed\s+up\s+(?:for|to))\s+(?:a|an|the|my|our)\s+(?:local\s+|new\s+)?"
        r"(?P<obj>" + _HOBBY_WORD + r")\s+(?:club|team|league|group|society|class|course"
        r"|studio)\b",
        # ... someone's club, or the pastime with its kind: "the university's sea kayaking
        # club"; a place to do it found: "I found a fencing salle near the harbour".
        r"<PAST>(?:joined|signed\s+up\s+(?:for|to))\s+(?:a|an|the|my|our)\s+(?:[\w-]+'s\s+)?"
        r"(?:local\s+|new\s+)?(?:[a-z-]+\s+)?(?P<obj>" + _HOBBY_WORD + r")\s+(?:club|team|league"
        r"|group|society|class|course|studio)\b",
        r"<PAST>found\s+(?:a|an|the)\s+(?:new\s+|good\s+|local\s+)?(?P<obj>" + _ACTIVITY + r"|"
        + _OUTDOOR + r")\s+(?:club|salle|gym|dojo|studio|wall|team|group|class|school)\b",
        r"<PAST>(?:joined|signed\s+up\s+(?:for|to))\s+(?:a|an|the)\s+(?:local\s+)?"
        r"(?P<obj>choir|band|orchestra)\b",
        r"<PAST>signed\s+up\s+for\s+(?P<obj>" + _HOBBY_WORD + r")\b",
        r"<PAST>switched\s+to\s+(?P<obj>" + _HOBBY_WORD + r")\b",
        r"<DO>do\s+(?P<obj>[\w-]+\s+(?:" + _ACTIVITY + r"))\b",
        r"<DO>play\s+(?:the|my)\s+(?P<obj>" + _ACTIVITY + r")\b",
        r"\bmy\s+(?:weekly\s+)?(?P<obj>" + _ACTIVITY + r")\s+(?:lessons?|teacher|class|classes"
        r"|practice|group|club|team|coach|tutor|recital)\b",
        r"^(?P<obj>choir|" + _ACTIVITY + r"|" + _OUTDOOR + r")\s+is\s+still\s+(?:on\s+)?"
        r"(?:every\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b",
    ), keys=("joined", "signed up", "found", "switched", "do ", "still", "play", "lesson", "teacher",
             "class", "practice", "group", "club", "team", "coach", "tutor", "recital"),
        kind="hobby_any",
        confidence=0.85),
    # A pastime told by its habit: "I've been surfing at La Barra most weekends".
    Rule("hobby.habit", "hobby", (
        # ... or on the days it is done ("Still birding on Saturdays": the chat's "I'm" left
        # out before "still").
        r"(?:<BE>|^(?:still|also)\s+)" + _NOT_HOBBY + r"(?!(?:working|commuting|travelling"
        r"|traveling|studying|cleaning|cooking\s+dinner|caring|helping|visiting|sleeping|waking"
        r"|staying|packing|fighting|waiting|trying|hoping|struggling|recovering|raining|snowing"
        r"|shopping|driving|paying|renting|sharing|teaching|coaching|volunteering)\b)"
        r"(?P<obj>[a-z]+ing)\b(?=(?:\s+[\w'-]+){0,5}?\s+(?:(?:most|every|each)\s+(?:other\s+)?"
        r"(?:weekend|week|morning|evening|sunday|saturday|day)s?|on\s+(?:weekends|(?:mon|tues"
        r"|wednes|thurs|fri|satur|sun)days))\b)",
        # "I've been climbing again since last month", "we've been sailing for two years":
        # an activity kept up over a span (only a named pastime: "been working since May"
        # is no hobby).
        r"<HAVE>been\s+(?:(?:going|doing)\s+)?(?P<obj>" + _OUTDOOR + r"|" + _ACTIVITY
        + r")\b(?=\s+(?:again\s+|regularly\s+|a\s+lot\s+)?(?:since|for)\b)",
        # ... with where it is done between: "I've been trail running up the Schockl since
        # March" ("walking to work for years" is a commute).
        # ("been running late for weeks" is no pastime)
        r"<HAVE>been\s+(?P<obj>" + _OUTDOOR + r")\b(?!\s+(?:to|into|home|back|late|behind|out"
        r"|low|short|around|away|after|errands|on\s+empty|a\s+(?:fever|temperature))\b)"
        r"(?=(?:\s+[\w'-]+)"
        r"{1,5}?\s+(?:since|for)\s)",
    ), keys=("most ", "every ", "each ", "been ", "days", "weekends"), kind="hobby_any",
        confidence=0.8),
    # A pastime by its verb in the simple present, where or how often: "I swim at Kalevan
    # instead", "I climb twice a week" ("I don't swim" says nothing; "I run a bakery" is no run).
    Rule("hobby.verb", "hobby", (
        r"<DO>(?:still\s+|now\s+|mostly\s+|also\s+)?(?P<obj>swim|cycle|surf|hike|climb|boulder|skate"
        r"|row|sail|kayak|ski|jog|paddleboard)\s+(?:at|in|with|every|most|twice|three\s+times|once"
        r"|on\s+(?:weekends|sundays|saturdays)|instead|a\s+lot|regularly|daily|weekly)\b",
        # ... or with its frequency a few words on, the habitual present: "I row on the Mur
        # three mornings a week", "we paddle on the fjord on Wednesdays" ("I swim to
        # the shop" has no frequency).
        r"<DO>(?P<obj>" + _HABIT_VERB + r")\b(?=(?:\s+[\w'-]+){0,6}?\s+" + _FREQUENCY + r")",
    ), keys=("swim", "cycle", "surf", "hike", "climb", "boulder", "skate", "row", "sail",
             "kayak", "ski", "jog", "paddleboard", "fence", "dance", "paint", "sketch", "knit"),
        kind="activity_verb", on_neg="skip", confidence=0.8),
    # A pastime told by its slot: "Rowing is still three mornings a week", "What I do
    # after work now is bouldering, three evenings a week" (what one does for a living is
    # no pastime).
    Rule("hobby.frequency", "hobby", (
        r"^(?P<obj>choir|" + _ACTIVITY + r"|" + _OUTDOOR + r")\s+(?:is|'s)\s+(?:still\s+|now\s+"
        r"|usually\s+)?(?:on\s+)?" + _FREQUENCY,
        # "Futsal with the boys on Saturdays, as ever": a pastime told by whom it is done with
        # and how often, the sentence opening on it.
        r"^(?P<obj>choir|" + _ACTIVITY + r"|" + _OUTDOOR + r")\s+with\s+(?:the\s+(?:boys|girls|lads"
        r"|guys|team|club|group|crew|gang)|my\s+(?:friends|mates|buddies|neighbours|neighbors"
        r"|colleagues|club|team|group))\s+(?:is\s+|are\s+)?(?:still\s+)?(?:on\s+)?" + _FREQUENCY
        + r"(?!\s+(?:was|were|used\s+to|is\s+(?:his|her|their))\b)",
        r"^what\s+(?:i|we)\s+(?:do|love\s+doing|enjoy\s+doing|like\s+doing)\s+(?!(?:[\w'-]+\s+)*?"
        r"for\s+(?:a\s+living|work|money|my\s+job)\b)(?:[\w'-]+\s+){0,4}?(?:is|are)\s+(?P<obj>"
        + _HOBBY_WORD + r")\b",
    ), keys=("is ", "'s ", "with ", "what i", "what we"), kind="hobby_any", confidence=0.8),
    # Taken to a pastime by someone, and kept at it: "a couple of lads dragged me to sea
    # swimming and I've been going every Sunday since" (a one-off, "and I've avoided it
    # since", is none).
    Rule("hobby.taken-to", "hobby", (
        r"\b(?:dragged|got|talked|roped|took|introduced|brought)\s+me\s+(?:along\s+)?(?:in)?to\s+"
        r"(?P<obj>(?:[a-z]+\s+)?" + _HOBBY_WORD + r")\b[^.;]*\b(?:i've|i\s+have)\s+(?:\w+\s+)?been\s+"
        r"(?:going|doing\s+it|hooked|back)\b",
    ), keys=("me to", "me into", "me along"), kind="hobby_any", scope="sentence",
        on_neg="skip", confidence=0.8),
    Rule("hobby.hooked", "hobby", (
        r"\b(?:a|an|the)\s+(?P<obj>" + _HOBBY_WORD + r")\s+(?:gym|class|club|session|studio"
        r"|wall|course|lesson)s?\b.*\b(?:i'm|i am|i've been|now)\s+(?:\w+\s+)?(?:hooked"
        r"|obsessed|addicted)\b",
    ), keys=("hooked", "obsessed", "addicted"), kind="hobby_any", scope="sentence",
        confidence=0.8),
    Rule("hobby.club-quit", "hobby", (
        r"<PAST>(?:quit|left|dropped\s+out\s+of)\s+(?:the|my|our)\s+(?P<obj>" + _HOBBY_WORD
        + r")\s+(?:club|team|league|group|society|class|course)\b",
        r"\bno\s+more\s+(?P<obj>" + _HOBBY_WORD + r")\s+for\s+(?:me|us)\b",
        r"<PAST>(?:quit|left|dropped)\s+(?:the|my|our)\s+(?P<obj>choir|band|orchestra)\b",
    ), keys=("quit", "left", "dropped", "no more"), kind="hobby_any", op="retract",
        on_neg="skip"),
    # "The bouldering is done for good", "my climbing is over" (a chore done, "the cleaning
    # is done", is no pastime ended: a pastime's word, or "for good").
    Rule("hobby.done", "hobby", (
        r"^(?:(?:and|but|so|also|sadly|well)[,]?\s+)*(?:the|my)\s+(?P<obj>" + _ACTIVITY + r"|"
        + _OUTDOOR + r")\s+(?:is|'s)\s+(?:(?:definitely|officially|well\s+and\s+truly)\s+)?(?:done"
        r"|over|finished)\b",
        # "for me" makes it the user's without "my": "Cycling is over for me".
        r"^(?:(?:and|but|so|also|sadly|well)[,]?\s+)*(?:(?:the|my)\s+)?(?P<obj>" + _HOBBY_WORD
        + r")\s+(?:is|'s)\s+(?:(?:definitely|officially|well\s+and\s+truly)\s+)?(?:done|over"
        r"|finished)\s+for\s+(?:good|me|ever)\b",
    ), keys=("done", "over", "finished"), kind="hobby_any", op="retract", on_neg="skip"),
    # The instrument sold or given away ends its playing: "I sold the bass last week" (unless
    # it was replaced: "sold my guitar and bought a better one").
    Rule("hobby.gear-gone", "hobby", (
        r"<PAST>(?:sold|gave\s+away|given\s+away|got\s+rid\s+of)\s+(?:my|the|our)\s+(?:old\s+)?"
        r"(?P<obj>bass|guitar|piano|drums|violin|cello|keyboard|saxophone|trumpet|ukulele|banjo"
        r"|flute|clarinet|accordion|harp|trombone)\b",
        # ... and so does the pastime's gear: "I sold all the woodworking tools last month",
        # "we gave away our climbing gear".
        r"<PAST>(?:sold|gave\s+away|given\s+away|got\s+rid\s+of)\s+(?:(?:all|most)\s+(?:of\s+)?)?"
        r"(?:my|the|our)\s+(?:old\s+)?(?P<obj>" + _HOBBY_WORD + r")\s+(?:tools|gear|kit|equipment"
        r"|stuff|supplies|set-?up|things)\b",
    ), keys=("sold", "gave away", "given away", "got rid"), kind="hobby_any", op="retract",
        on_neg="skip",
        unless=r"\b(?:bought|buy|buying|got\s+(?:a|myself\s+a)\s+(?:new|better)|upgrad\w*|replac\w*"
               r"|new\s+one|better\s+one)\b"),
    Rule("hobby.stopped", "hobby", (
        # An instrument or kit put away for good: "I put the zither away for good in January".
        r"<PAST>(?:put|packed)\s+(?:the|my|our)\s+(?P<obj>[a-z]+)\s+away\s+for\s+(?:good|ever)\b",
        r"<PAST>(?:put|packed)\s+away\s+(?:the|my|our)\s+(?P<obj>[a-z]+)\s+for\s+(?:good|ever)\b",
        r"<PAST>(?:stopped|quit|gave\s+up|given\s+up)\s+" + _NOT_HOBBY + r"(?P<obj>\w+ing\b.*)",
        r"<PAST>(?:stopped|quit|gave\s+up|given\s+up|dropped)\s+(?:the\s+|my\s+)?(?P<obj>"
        + _ACTIVITY + r"|" + _OUTDOOR + r")\b",
    ), keys=("stopped", "quit", "gave up", "given up", "dropped", "away"), kind="hobby_any",
        op="retract", on_neg="skip"),
    # A pastime ended by its negated habit: "I don't paint anymore", "we no longer sail"
    # ("I don't paint on weekdays" keeps it; someone else's "doesn't" is theirs).
    Rule("hobby.no-longer", "hobby", (
        r"\b(?:i|we)\s+(?:don't|do\s+not|dont)\s+(?:really\s+|even\s+)?(?P<obj>" + _PASTIME_VERB
        + r")\s+(?:\w+\s+)?(?:any\s*more|these\s+days)\b",
        r"\b(?:i|we)\s+no\s+longer\s+(?P<obj>" + _PASTIME_VERB + r")\b",
    ), keys=("more", "these days", "no longer"), kind="activity_verb", op="retract"),
    # Not been for months: "I haven't been to choir since October" (ended then); "this
    # week" or "since Tuesday" is a gap, not an end.
    # ... or told by the pastime's own verb, with nothing after it: "I haven't painted since
    # October" (but "I haven't painted the fence since October" is a chore).
    Rule("hobby.not-since", "hobby", (
        r"\b(?:i|we)\s+(?:haven't|have\s+not|hadn't)\s+been\s+(?:back\s+)?to\s+(?:the\s+|my\s+"
        r"|our\s+)?(?P<obj>choir|band\s+practice|orchestra|" + _HOBBY_WORD + r")(?:\s+(?:club"
        r"|class|classes|lessons|practice|group|session|gym|wall))?\s+" + _LONG_GAP,
        r"\b(?:i|we)\s+(?:haven't|have\s+not|hadn't)\s+(?:really\s+|actually\s+|properly\s+)?"
        r"(?P<obj>" + lx.alt(tuple(lx.PASTIME_DONE)) + r")\s+(?:at\s+all\s+|once\s+)?" + _LONG_GAP,
    ), keys=("been", *lx.PASTIME_DONE), kind="hobby_any", op="retract"),
)

ACTIVE: tuple[Rule, ...] = (
    Rule("project", "current_project", (
        # "working on Saturdays" is when one works, not on what.
        r"<BE>(?:currently\s+)?working\s+on\s+(?!(?:the\s+)?(?:weekends?|(?:mon|tues|wednes|thurs|fri"
        r"|satur|sun)days?|bank\s+holidays?|holidays?|nights?|public\s+holidays)\b(?=\s*(?:$|[,.;!?]|and\b"
        r"|or\b|now\b|too\b|again\b|as\b|from\b|this\b|these\b|until\b|till\b|sadly\b)))<OBJ>",
        r"<BE>(?P<obj>(?:building|writing|developing|designing|creating|renovating|researching"
        r"|coding|producing|launching|directing|composing|recording|restoring"
        r"|editing|programming|drafting)\s+(?:an?|my|our|the|some|this)\s+.+)",
        r"\bmy\s+(?:(?:current|main|latest|new|big|side|personal|work|pet)\s+)*project\s+"
        r"(?:right\s+now\s+|at\s+the\s+moment\s+|these\s+days\s+)?is\s+(?:to\s+)?<OBJ>",
        r"\bthe\s+project\s+(?:i'm|i\s+am)\s+(?:currently\s+)?working\s+on\s+is\s+<OBJ>",
        r"<BE>(?:knee-deep|neck-deep|elbow-deep|deep|busy|in\s+the\s+middle\s+of|in\s+the\s+thick"
        r"\s+of|immersed|absorbed|buried|tied\s+up)\s+(?:in\s+|with\s+)?(?P<obj>(?:an?|my|our|the"
        r"|this"
        r"|some)\s+.+|\w+ing\s+(?:an?|my|our|the|this|some)\s+.+)",
        r"<BE>(?:putting\s+together|pulling\s+together|working\s+up|setting\s+up|starting|launching"
        r"|organi[sz]ing)\s+(?P<obj>(?:an?|my|our)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:portfolio"
        r"|podcast|blog|business|company|startup|newsletter|youtube\s+channel|channel|book|novel"
        r"|app|website|exhibition|album|course|thesis|dissertation|campaign|shop|studio)\b.*)",
        # A project one leads at work, or was given to lead: "I'm leading the billing
        # migration project", "I've been asked to run the new streaming pipeline project".
        r"<BE>(?:leading|running|heading(?:\s+up)?|managing|driving|in\s+charge\s+of)\s+"
        r"(?P<obj>(?:the|a|an|our|this)\s+(?:[\w-]+\s+){0,4}?project\b.*)",
        # ... or one's own team builds: "my team is building an internal test platform".
        r"\b(?:my|our)\s+team\s+(?:is|are|'s|'re)\s+(?:currently\s+|now\s+|still\s+)?(?:building"
        r"|developing|designing|working\s+on)\s+(?P<obj>(?:an?|the|our|this|a\s+new)\s+.+)",
        r"<PAST>(?:been\s+|got\s+|was\s+)?(?:asked|chosen|picked|tapped|selected|given|assigned"
        r"|put\s+in\s+charge)\s+to\s+(?:lead|run|head(?:\s+up)?|manage|drive|own)\s+"
        r"(?P<obj>(?:the|a|an|our|this)\s+(?:[\w-]+\s+){0,4}?project\b.*)",
        r"<PAST>(?:(?:just|recently)\s+)?(?:started|launched|begun|began|kicked\s+off|set\s+up)\s+"
        r"(?P<obj>(?:an?|my|our)\s+(?:new\s+)?(?:[\w-]+\s+)?(?:podcast|blog|business|company"
        r"|startup|newsletter|youtube\s+channel|side\s+project|project|novel|app|website|band"
        r"|renovation|thesis|dissertation|phd|master'?s|degree|vegetable\s+garden|allotment)\b.*)",
    ), keys=("working on", "building", "writing", "developing", "designing", "creating",
             "renovating", "researching", "coding", "producing", "launching",
             "directing", "composing", "recording", "restoring", "editing", "programming",
             "drafting", "project", "deep", "busy", "middle of", "thick of", "immersed",
             "absorbed", "buried", "tied up", "together", "working up", "setting up",
             "starting", "organi", "started", "launched", "begun", "began", "kicked off",
             "set up", "leading", "running", "heading", "managing", "driving", "in charge",
             "asked", "chosen", "picked", "tapped", "selected", "given", "assigned", "team"),
        kind="phrase", confidence=0.85, on_neg="skip"),
    Rule("project.done", "current_project", (
        r"<PAST>(?:finished|completed|wrapped\s+up|submitted|shipped|abandoned|gave\s+up\s+on"
        r"|defended|published)\s+<OBJ>",
        r"<BE>(?:done|finished)\s+with\s+<OBJ>",
    ), keys=("finished", "completed", "wrapped", "submitted", "shipped", "abandoned",
             "gave up on", "defended", "published", "done with"), kind="done",
        op="retract", on_neg="skip", confidence=0.8),
    Rule("goal", "current_goal", (
        r"\bmy\s+(?:(?:main|big|biggest|current|primary|new|personal|fitness|long-term|short-term"
        r"|ultimate|only|top|career|life|health)\s+)*(?:goal|aim|objective|target|resolution"
        r"|new\s+year'?s?\s+resolution|ambition|mission|priority|plan)(?:\s+(?:for|this)\s+"
        r"(?:this\s+"
        r"|the\s+|next\s+)?(?:year|month|summer|season|week))?\s+(?:right\s+now\s+|currently\s+"
        r"|these\s+days\s+|this\s+year\s+)?is\s+(?:to\s+)?<OBJ>",
        r"<BE>(?:aiming|striving|working\s+hard|hoping)\s+(?:to|for|towards|toward)\s+<OBJ>",
        r"<BE>working\s+(?:towards|toward)\s+<OBJ>",
        r"<BE>(?P<obj>(?:training|saving(?:\s+up)?|studying|preparing|cramming)\s+for\s+.+)",
        r"<BE>trying\s+(?:hard\s+)?" + _TO + r"(?P<obj>" + _GOAL_VERBS + r".*)",
        r"<DO>(?:really\s+)?(?:want|hope|plan|intend|aim)\s+" + _TO + r"(?P<obj>(?!" + _TASK
        + r")" + _GOAL_VERBS + r".*)",
        r"\b(?:i|we)(?:'d|\s+would)\s+(?:really\s+)?(?:like|love)\s+" + _TO + r"(?P<obj>(?!"
        + _TASK + r")" + _GOAL_VERBS + r".*)",
        r"<BE>(?:(?:really|so|absolutely|fully)\s+)?(?:determined|committed|resolved|on\s+a\s+"
        r"mission|going\s+all\s+out|doing\s+my\s+best|pushing\s+myself)\s+" + _TO + r"(?P<obj>"
        + _GOAL_VERBS + r".*)",
        r"<HAVE>(?:set|got)\s+(?:myself\s+)?(?:a|the)\s+(?:new\s+)?goal\s+(?:of|to)\s+<OBJ>",
        r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:decided|resolved|committed|promised\s+myself)\s+to\s+"
        r"(?P<obj>" + _GOAL_VERBS + r".*)",
    ), keys=("goal", "aim", "objective", "target", "resolution", "ambition", "mission",
             "priority", "striving", "working hard", "hoping", "towards", "toward",
             "training", "saving", "studying", "preparing", "cramming", "trying", "want",
             "hope", "plan", "intend", "like to", "love to", "decided", "resolved",
             "committed", "promised", "determined", "all out", "my best",
             "pushing"), kind="phrase", confidence=0.85, on_neg="skip", future_ok=True,
        # A wish put off to no time is no goal: "I'd love to learn Japanese one day but who
        # has the time".
        unless=r"\b(?:one\s+day|some\s?day|in\s+another\s+life|who\s+has\s+the\s+time|if\s+i\s+"
               r"(?:ever\s+)?had\s+(?:the\s+)?time)\b"),
    Rule("goal.label", "current_goal", (
        r"^(?:my\s+|(?:this|next)\s+(?:year|month|summer|winter|spring|autumn|season|week)'s\s+)?"
        r"(?:(?:new|next|main|big|current|latest|one|top|only)\s+)*(?:goal|aim|target"
        r"|resolution|ambition|objective|mission)(?:\s+for\s+(?:this|the|next)\s+\w+)?\s*"
        r"(?::|-|=)\s*(?:to\s+)?<OBJ>",
    ), keys=("goal", "aim", "target", "resolution", "ambition", "objective", "mission"),
        kind="phrase", scope="sentence", confidence=0.85, future_ok=True),
    Rule("project.label", "current_project", (
        r"^(?:my\s+)?(?:(?:new|next|main|big|current|latest|side|weekend)\s+)*project\s*(?::|-|=)"
        r"\s*+(?!(?:i|i'm|we|we're|i've)\b)<OBJ>",
    ), keys=("project",), kind="phrase", scope="sentence", confidence=0.85),
    Rule("plan.help", "plan", (
        r"\bhelp(?:ing)?\s+(?:me|us)\s+(?:to\s+)?(?:plan|organi[sz]e|prepare(?:\s+for)?|book"
        r"|pack\s+for"
        r"|budget\s+for)\s+(?P<obj>(?:an?\s+|my\s+|our\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:trip"
        r"|vacation|holiday|move|wedding|party|honeymoon|getaway|tour|visit|itinerary|journey"
        r"|relocation|renovation)\b.*)",
    ), keys=("help",), kind="plan", future_ok=True, confidence=0.8, in_question=True,
        on_neg="skip"),
    Rule("plan", "plan", (
        r"<BE>(?:planning|organi[sz]ing|arranging|booking|preparing\s+for"
        r"|putting\s+together)\s+(?P<obj>(?:an?\s+|my\s+|our\s+|the\s+|some\s+)?(?:big\s+"
        r"|little\s+|short"
        r"\s+|long\s+|family\s+|solo\s+)?(?:trip|vacation|holiday|move|wedding|party|visit"
        r"|journey|honeymoon|getaway|tour|road\s+trip|birthday|celebration|surprise|event"
        r"|renovation|career\s+change|job\s+change|relocation)\b.*)",
        r"<BE>planning\s+(?:to|on)\s+<OBJ>",
        r"<BE>(?:going|heading|off|flying|travel(?:l)?ing|driving)\s+(?:on\s+(?:an?\s+)?(?:trip"
        r"|vacation|holiday)\s+)?to\s+(?P<x_trip>)(?P<obj>" + _PROPER + ")",
        r"<BE>visiting\s+(?P<x_trip>)(?P<obj>" + _PROPER + ")",
        # "I'm going to a pharmacy conference in Prague on the 22nd": an event the user goes
        # to, dated by dated_plan.
        r"<BE>(?:going|heading|off|flying|travel(?:l)?ing|driving)\s+to\s+(?:an?|the|my|our)\s+"
        r"(?P<obj>(?:[\w'-]+\s+){0,3}?(?:conference|wedding|festival|concert|workshop|summit"
        r"|retreat|trade\s+fair|expo|reunion|gig|tournament|congress|convention)\b.*)",
        # "a dentist appointment on June 12", "my annual check-up next Tuesday": an
        # appointment of any kind (up to two words naming it), dated by dated_plan.
        r"(?:<DO>have|\b(?:i|we)(?:'ve|\s+have)?\s+got)\s+(?:an?|my|our|the)\s+(?P<obj>(?:upcoming\s+"
        r"|big\s+)?(?:(?!(?:on|at|in|for|next|this)\b)[\w'-]+\s+){0,2}?(?:trip|vacation|holiday"
        r"|job\s+interview|interview|exam|surgery|operation|wedding|flight|conference"
        r"|appointment|check-?up|scan|consultation|procedure|hearing|audition)\b.*?)"
        r"(?:\s+coming\s+up)?$",
        # "my dentist appointment is on the 14th", "our flight's next Tuesday".
        r"<MY>(?P<obj>(?:upcoming\s+|next\s+)?(?:[\w-]+\s+){0,2}?(?:appointment|check-?up"
        r"|interview|exam|surgery|operation|flight|scan|consultation|procedure|hearing"
        r"|audition))(?:\s+is|'s|(?:\s+(?:got|has\s+been|was)|'s\s+been)\s+(?:moved|changed"
        r"|pushed(?:\s+back)?|brought\s+forward|rescheduled|put\s+back)(?:\s+to)?)\s+"
        r"(?=on\b|at\b|next\b|this\b|tomorrow\b|the\s+\d|in\s+\w+\s+"
        r"(?:days|weeks)\b|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)",
    ), keys=("planning", "organi", "arranging", "booking", "preparing", "putting together",
             "going", "heading", "off to", "flying", "travel", "driving", "visiting", "have",
             "got", "appointment", "check", "interview", "exam", "surgery", "operation",
             "flight", "scan", "consultation", "procedure", "hearing", "audition"),
        kind="plan", future_ok=True, confidence=0.85, on_neg="skip"),
)

RULES_LIFE: tuple[Rule, ...] = CONSTRAINTS + TASTES + ACTIVE + SENSITIVE
