"""Rule tables, part two: constraints, habits, tastes, plans and sensitive categories."""
from __future__ import annotations

from pipeline.extract import lexicon as lx
from pipeline.extract.grammar import END, END_STRICT, Rule

_DIET = lx.alt(tuple(lx.DIETS))
_FOODS = (r"(?:any\s+)?(?:meat|pork|beef|red\s+meat|fish|seafood|dairy|gluten|eggs|alcohol|sugar"
          r"|carbs|shellfish|nuts|animal\s+products|chicken|lamb|wheat|caffeine|milk|cheese"
          r"|booze|processed\s+food|junk\s+food|fried\s+food|soy|onions|garlic)")
_HEALTH = lx.alt(lx.HEALTH_CONDITIONS)
_HEALTH_ADJ = lx.alt(tuple(lx.HEALTH_ADJECTIVES))
_RELIGION = lx.alt(tuple(k for k in lx.RELIGIONS if not k.endswith(("ism", "ity", "islam"))))
_FAITHS = (r"(?:islam|judaism|buddhism|hinduism|christianity|catholicism|sikhism|taoism"
           r"|jainism|paganism)")
_POLITICS = lx.alt(tuple(lx.POLITICS))
_ORIENT = lx.alt(tuple(lx.ORIENTATIONS))
_ACCESS_NOUN = lx.alt(lx.ACCESSIBILITY_NOUNS)
_ACCESS_STATE = lx.alt(tuple(lx.ACCESSIBILITY_STATES))
_ACCESS_COND = lx.alt(lx.ACCESSIBILITY_CONDITIONS)
_ACTIVITY = lx.alt(lx.ACTIVITIES)
_OUTDOOR = (r"(?:hiking|running|climbing|bouldering|swimming|cycling|biking|fishing|skiing"
            r"|snowboarding|surfing|sailing|diving|scuba\s+diving|camping|kayaking|jogging"
            r"|skating|dancing|birdwatching|bird-watching|hunting|horse\s+riding|riding|rowing"
            r"|trail\s+running|mountain\s+biking|backpacking|paddleboarding|canoeing|golfing"
            r"|bowling|walking|rock\s+climbing|ice\s+skating|sledding|caving|windsurfing)")
_NOT_HOBBY = (r"(?!(?:working|living|dating|seeing|smoking|drinking|eating|feeling|taking|using"
              r"|going|getting|having|doing|looking|thinking|trying|wondering|planning|moving"
              r"|wearing|seeing|writing\s+(?:an?\s+)?(?:e-?mail|message))\b)")
#: People by what they do for fun ("a keen cyclist" goes cycling).
AGENT_HOBBIES: dict[str, str] = {
    "hiker": "hiking", "cyclist": "cycling", "runner": "running", "jogger": "jogging",
    "climber": "climbing", "rock climber": "rock climbing", "swimmer": "swimming",
    "skier": "skiing", "snowboarder": "snowboarding", "surfer": "surfing", "golfer": "golf",
    "knitter": "knitting", "birdwatcher": "birdwatching", "birder": "birdwatching",
    "gamer": "gaming", "sailor": "sailing", "diver": "diving", "scuba diver": "scuba diving",
    "skater": "skating", "skateboarder": "skateboarding", "angler": "fishing",
    "fisherman": "fishing", "kayaker": "kayaking", "rower": "rowing", "bookworm": "reading",
    "chess player": "chess", "tennis player": "tennis", "yogi": "yoga", "triathlete":
    "triathlons", "marathoner": "running", "marathon runner": "running", "trail runner":
    "trail running", "mountain biker": "mountain biking", "crocheter": "crochet",
    "quilter": "quilting", "woodworker": "woodworking", "gardener": "gardening",
    "baker": "baking", "photographer": "photography", "painter": "painting", "reader": "reading",
    "writer": "writing", "cook": "cooking", "dancer": "dancing", "musician": "music",
    "guitarist": "guitar", "pianist": "piano", "singer": "singing", "potter": "pottery",
}
_OCCUPATIONAL_AGENTS = frozenset({"gardener", "baker", "photographer", "painter", "writer",
                                  "cook", "dancer", "musician", "guitarist", "pianist",
                                  "singer", "potter", "reader", "sailor", "diver"})
_AGENT = lx.alt(tuple(a for a in AGENT_HOBBIES if a not in _OCCUPATIONAL_AGENTS))
_AGENT_OCCUPATIONAL = lx.alt(tuple(_OCCUPATIONAL_AGENTS))
_TO = r"to\s+(?:(?:finally|really|actually|eventually|someday|properly|seriously|at\s+last)\s+)?"
_GOAL_VERBS = (r"(?:lose|gain|run|finish|learn|save|buy|quit|become|start|launch|write|publish"
               r"|travel|visit|climb|build|improve|pass|complete|graduate|retire|open|master"
               r"|get\s+(?:fit|in\s+shape|healthier|stronger|promoted|a\s+job|a\s+new\s+job"
               r"|my|into|better\s+at)|read|cycle|hike|swim|earn|pay\s+off|cut\s+down|stop"
               r"|reduce|lower|eat\s+(?:healthier|better|less|more)|drink\s+less|sleep\s+more"
               r"|exercise\s+more|speak|study|train|compete|qualify|move\s+up|switch\s+careers"
               r"|change\s+careers)\b")
_PROPER = r"(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)*"
_INTENSITY = (r"(?:(?:very|severely|highly|extremely|deathly|mildly|slightly|seriously|super"
              r"|really|quite|so|badly|also|a\s+bit|a\s+little|kind\s+of|sort\s+of)\s+)*")
_ALLERGY_ADJ = (r"(?:(?:an?|some|bad|severe|serious|mild|slight|life-threatening|terrible"
                r"|strong|major|minor|real|bad|nasty|known|diagnosed)\s+)*")

CONSTRAINTS: tuple[Rule, ...] = (
    Rule("allergy.allergic", "allergy", (
        r"<BE>" + _INTENSITY + r"allergic\s+to\s+<OBJ>",
        r"<PAST>(?:become|became|gotten|got|grown|turned|gone)\s+" + _INTENSITY
        + r"allergic\s+to\s+<OBJ>",
        r"<PAST>(?:developed|discovered|found|got|have)\s+" + _ALLERGY_ADJ
        + r"allerg(?:y|ies)\s+to\s+<OBJ>",
        r"<DO>(?:have|suffer\s+from|get)\s+" + _ALLERGY_ADJ + r"allerg(?:y|ies)\s+to\s+<OBJ>",
        r"<HAVE>got\s+" + _ALLERGY_ADJ + r"allerg(?:y|ies)\s+to\s+<OBJ>",
        r"<DO>(?:have|suffer\s+from)\s+" + _ALLERGY_ADJ
        + r"(?P<obj>(?:[\w-]+\s+){0,2}?[\w-]+)\s+allerg(?:y|ies)\b",
        r"<HAVE>got\s+" + _ALLERGY_ADJ + r"(?P<obj>(?:[\w-]+\s+){0,2}?[\w-]+)\s+allerg(?:y|ies)\b",
        r"\bmy\s+allerg(?:y|ies)\s+(?:is|are|include|includes)\s+(?:to\s+)?<OBJ>",
        r"\bmy\s+(?P<obj>(?:[\w-]+\s+)?[\w-]+)\s+allerg(?:y|ies)\b(?!\s+(?:is|has)\s+(?:gone"
        r"|cured))",
    ), keys=("allerg",), kind="allergen"),
    Rule("allergy.reaction", "allergy", (
        r"^(?P<obj>[\w -]+?)\s+(?:makes|make|gives|give|sends|send)\s+me\s+(?:into\s+)?(?:an?\s+)?"
        r"(?:(?:severe|bad|serious|terrible|mild|strong|nasty|awful|major)\s+)?(?:allergic\s+"
        r"reactions?|reactions?|hives|rash(?:es)?|anaphylaxis|anaphylactic\s+shock|swell"
        r"|break\s+out"
        r"|itchy)",
        r"<DO>(?:get|have)\s+(?:an\s+)?allergic\s+reactions?\s+to\s+<OBJ>",
        r"<DO>react\s+(?:badly|allergically)\s+to\s+<OBJ>",
        r"<DO>(?:(?:also|still)\s+)?(?:react|break\s+out\s+in\s+hives|swell\s+up|get\s+hives)"
        r"\s+(?:(?:badly|strongly)\s+)?(?:to|if\s+i\s+(?:eat|touch|have|take)|when\s+i\s+(?:eat"
        r"|touch|have|take))\s+<OBJ>",
    ), keys=("makes me", "make me", "gives me", "give me", "allergic reaction", "react",
             "hives", "swell"), kind="allergen", confidence=0.85),
    Rule("allergy.fronted", "allergy", (
        # "Peanuts are a no-go for me, I'm allergic", "I can't eat peanuts - allergy"
        r"^(?:(?:also|and|plus|oh|so|btw|fyi)[,:]?\s+)?(?!(?:my|his|her|their|your|our|the)\s)"
        r"(?P<obj>[\w' -]{2,40}?)\s+(?:is|are)\s+(?:a\s+(?:big\s+|hard\s+)?no-?go|off\s+the"
        r"\s+(?:menu|table)|off-?limits|out\s+of\s+the\s+question|a\s+no|dangerous|poison"
        r"|a\s+problem)\b.*\ballerg",
        r"\b(?:i|we)\s+(?:can't|cannot|can\s+not|mustn't|shouldn't|must\s+not|don't|do\s+not"
        r"|never)\s+(?:eat|have|touch|take|be\s+around|go\s+near)\s+(?P<obj>[\w' -]{2,40}?)"
        r"\s*(?:[-,;:(]|\s+(?:because|since|as|due\s+to|cause)\s+(?:of\s+)?(?:an?\s+|my\s+)?)"
        r"\s*(?:i'm\s+|i\s+am\s+)?" + _INTENSITY + r"(?:allergic|allerg(?:y|ies))\b",
        r"\badd\s+(?P<obj>.+?)\s+to\s+(?:my|the)\s+(?:list\s+of\s+)?allerg(?:y|ies)"
        r"(?:\s+list)?\b",
        r"^(?:(?:also|and|plus|oh|update|new|another\s+one)[,:]?\s+)?(?!(?:my|his|her|their"
        r"|your|our|the|seasonal|no|any|food)\b)(?P<obj>[\w-]+(?:\s+[\w-]+)?)\s+allerg(?:y|ies)"
        r"\s*(?:[,;:!.-]|$|\s+(?:confirmed|diagnosed|too|as\s+well|here|over\s+here|now))",
    ), keys=("allerg",), kind="allergen", scope="sentence", confidence=0.88, in_question=True),
    Rule("allergy.list", "allergy", (
        r"^(?:my\s+)?(?:known\s+)?allerg(?:y|ies)\s*:\s*<OBJ>",
        r"^(?P<obj>[\w -]+?)\s+allerg(?:y|ies)\s+here\b",
        r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+(?:got\s+|have\s+)?|\bmy\s+)(?:(?:a\s+few|a\s+couple(?:\s+of)?"
        r"|some|several|two|three|four|multiple|many|\d+|food|drug|bad|severe|serious|known)\s+)*"
        r"allerg(?:y|ies)\s*(?::|\s-\s|\s+(?:are|is)\s*:)\s*<OBJ>",
    ),
         keys=("allerg",), kind="allergen", scope="sentence"),
    Rule("allergy.outgrown", "allergy", (
        r"<PAST>(?:outgrew|outgrown|grew\s+out\s+of|got\s+over|overcame)\s+(?:my\s+|the\s+)?"
        r"(?P<obj>(?:[\w-]+\s+){0,2}?)allerg(?:y|ies)",
        r"\bmy\s+(?P<obj>(?:[\w-]+\s+)?[\w-]+)\s+allerg(?:y|ies)\s+(?:is|has)\s+(?:gone|cured"
        r"|disappeared|gone\s+away)",
    ), keys=("allerg",), kind="allergen", op="retract", on_neg="skip"),
    Rule("diet.be", "dietary_restriction", (
        r"<BE>(?:(?:an?|strict|strictly|fully|mostly|full|100%|completely|totally|practically"
        r"|a\s+strict)\s+)*(?P<obj>" + _DIET + r")(?:\s+(?:diet|now))?" + END,
        r"<DO>(?:keep|eat|follow|observe)\s+(?:only\s+|strictly\s+)?(?P<obj>kosher|halal)\b",
        r"<DO>only\s+eat\s+(?P<obj>kosher|halal|vegan|vegetarian|plant-based)\b",
        r"<PAST>(?:went|gone|turned|became|become|switched\s+to\s+being)\s+(?:fully\s+|full\s+)?"
        r"(?P<obj>" + _DIET + r")" + END,
    ), keys=tuple(sorted({k.split()[0].split("-")[0] for k in lx.DIETS})), kind="diet"),
    Rule("diet.named", "dietary_restriction", (
        r"<BE>on\s+(?:an?\s+|the\s+)?(?:strict\s+)?(?P<obj>[\w-]+(?:\s+[\w-]+)?)\s+diet\b",
        r"<DO>(?:follow|eat|do)\s+(?:an?\s+|the\s+)?(?:strict\s+)?(?P<obj>[\w-]+(?:\s+[\w-]+)?)"
        r"\s+diet\b",
    ), keys=("diet",), kind="diet_any", on_neg="retract"),
    Rule("diet.dont-eat", "dietary_restriction", (
        r"<DO>(?:eat|drink|touch|consume|have|do)\s+(?P<obj>" + _FOODS + r")\b",
    ), keys=("eat", "drink", "touch", "consume", "have", "do"), kind="avoided", op="skip",
        on_neg="assert"),
    Rule("diet.avoid", "dietary_restriction", (
        r"<DO>(?:avoid|stay\s+away\s+from|cut\s+out|skip)\s+(?P<obj>" + _FOODS + r")\b",
        r"<PAST>(?:gave\s+up|given\s+up|cut\s+out|quit)\s+(?P<obj>" + _FOODS + r")\b",
        r"<PAST>(?:stopped|quit|gave\s+up)\s+(?:eating|drinking)\s+(?P<obj>" + _FOODS + r")\b",
        r"<PAST>(?:stopped|quit|gave\s+up)\s+(?P<obj>drinking|booze)\b",
    ), keys=("avoid", "away", "cut", "skip", "gave", "given", "quit", "stopped"),
        kind="avoided", on_neg="skip"),
    Rule("smoking.smoker", "smoking_status", (
        r"<BE>(?:an?\s+)?(?:(?:heavy|light|chain|occasional|social|regular|daily|pack-a-day"
        r"|casual|big)\s+)?smoker\b",
        r"<BE>(?:still\s+)?smoking\b(?!\s+(?:salmon|fish|meat|brisket|ribs|hot))",
        r"<DO>(?:smoke|smokes)\b(?!\s+(?:salmon|fish|meat|brisket|ribs))",
        r"<DO>(?:(?:still|usually)\s+)?(?:have|get\s+through|go\s+through|go\s+through)\s+(?:about\s+"
        r"|around\s+|roughly\s+|maybe\s+)?(?:the\s+odd|the\s+occasional|an?|one|two|three|five|ten"
        r"|twenty|\d+|half\s+a|a\s+couple\s+of)\s+(?:\w+\s+)?(?:packs?|cigarettes?|cigs?|smokes?"
        r"|cigars?)\b(?!\s+(?:lighter|holder|case))",
        r"<BE>on\s+(?:about\s+|around\s+|roughly\s+)?(?:\w+\s+)?(?:a\s+)?(?:packs?|cigarettes|cigs)\s+"
        r"(?:a|per)\s+day\b",
        r"^(?:still|currently|now)\s+smoking\b",
        r"<PAST>(?:started|took\s+up|picked\s+up|taken\s+up|went\s+back\s+to)\s+smoking\b",
    ), keys=("smok", "cigar", "cigs", "pack"), value="smoker", on_neg="assert:smoking_status=non-smoker"),
    Rule("smoking.non-smoker", "smoking_status", (
        r"<BE>(?:an?\s+)?(?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few"
        r"|several)\s+(?:days?|weeks?|months?|years?)\s+)?(?:non-?smoker|ex-?smoker|former\s+smoker"
        r"|reformed\s+smoker|(?:smoke|cigarette|nicotine|tobacco)-?free)\b",
        r"<PAST>(?:quit|stopped|gave\s+up|given\s+up|kicked|ditched|packed\s+in|quitted|put\s+down"
        r"|binned|dropped)\s+"
        r"(?:smoking|cigarettes|the\s+cigarettes|tobacco|nicotine|cigs|the\s+smokes|smokes)\b",
        r"<HAVE>(?:smoked|had\s+a\s+(?:cigarette|smoke|cig)|touched\s+(?:a\s+)?(?:cigarette|smoke"
        r"|cig|tobacco)s?)\b",
        r"\bno\s+more\s+(?:cigarettes|smoking|cigs|smokes)\b",
        r"<PAST>smoked\s+my\s+(?:very\s+)?last\s+(?:cigarette|cig|smoke)\b",
        r"\bsince\s+my\s+(?:very\s+)?last\s+(?:cigarette|cig|smoke)\b",
        r"<BE>(?:completely\s+)?off\s+(?:the\s+)?(?:cigarettes|cigs|smokes|tobacco|nicotine)\b",
        r"<PAST>(?:kicked|quit|broke)\s+the\s+(?:habit|addiction)\b(?=.*\b(?:smok|cigar|nicotine"
        r"|tobacco))",
    ), keys=("smok", "cigar", "tobacco", "nicotine", "cigs"), value="non-smoker",
        on_neg="assert:smoking_status=non-smoker", future_ok=True),
    Rule("access.need", "accessibility_need", (
        r"<DO>(?:use|rely\s+on|need|depend\s+on|require|have|wear|get\s+around\s+(?:in|with)"
        r"|walk\s+with)\s+(?:an?\s+|my\s+|the\s+)?(?P<obj>" + _ACCESS_NOUN + r")(?![\w-])",
        r"<BE>(?:an?\s+)?(?P<obj>" + _ACCESS_STATE + r")" + END,
        r"<DO>(?:have|live\s+with)\s+(?P<obj>" + _ACCESS_COND + r")\b",
        r"<HAVE>got\s+(?P<obj>" + _ACCESS_COND + r")\b",
        r"\b(?:i|we)\s+(?:can't|cannot|can\s+not)\s+(?:use|climb|manage|do)\s+(?P<obj>stairs"
        r"|steps)",
    ), keys=("wheelchair", "reader", "deaf", "blind", "hearing", "vision", "sighted",
             "impaired", "cane", "crutches", "mobility", "braille", "sign language", "caption",
             "subtitle", "large", "dyslex", "colo", "amputee", "plegic", "walker", "guide dog",
             "service dog", "prosthe", "step-free", "ramp", "mute", "verbal", "interpreter",
             "magnifier", "speech", "dictation", "stairs", "steps", "eyesight", "tremor",
             "walking", "oxygen", "ventilator", "contrast", "dark mode", "stairlift"),
        kind="access_any"),
)

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
        r"<PAST>(?:took\s+up|taken\s+up|picked\s+up|got\s+into|gotten\s+into)\s+"
        r"(?!(?:an?\s+)?(?:new\s+)?(?:job|position|role|post|offer)\b)<OBJ>",
        r"<PAST>(?:started|began)\s+" + _NOT_HOBBY + r"(?P<obj>\w+ing\b.*)",
        r"<PAST>(?:started|begun|began)\s+(?:doing|playing|practi[cs]ing|going|learning)\s+"
        r"(?:the\s+)?(?P<obj>" + _ACTIVITY + r"|" + _OUTDOOR + r")\b",
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
        r"<BE>(?:an?\s+)?(?:(?:keen|avid|passionate|amateur|hobby|weekend|enthusiastic|budding)\s+)+"
        r"(?P<obj>" + _AGENT_OCCUPATIONAL + r")\b",
    ), keys=tuple(sorted({a.split()[-1][:5] for a in AGENT_HOBBIES})), kind="hobby_any",
        confidence=0.85),
    Rule("hobby.learning", "hobby", (
        r"<BE>(?:learning|taking\s+(?:up|lessons\s+in))\s+(?:to\s+play\s+|how\s+to\s+play\s+"
        r"|how\s+to\s+)?"
        r"(?P<obj>" + _ACTIVITY + r"|" + _OUTDOOR + r")\b",
    ), keys=("learning", "taking"), kind="activity", confidence=0.8),
    Rule("hobby.language", "hobby", (
        r"<BE>(?:learning|studying)\s+(?P<obj>(?:" + lx.alt(lx.LANGUAGES) + r"))\b",
    ), keys=("learning", "studying"), kind="language", template="learning {}",
        confidence=0.8),
    Rule("likes.is", "likes", (
        r"^(?P<obj>[\w' -]+?)\s+(?:is|are)\s+(?:(?:totally|definitely|really|still|easily)\s+)?"
        r"(?:my\s+(?:(?:all-time|absolute|total|very|number\s+one|new)\s+)?(?:thing|jam|passion"
        r"|favou?rite(?:\s+[\w-]+){0,4}|guilty\s+pleasure|happy\s+place|obsession)|the\s+best"
        r"|life|amazing)$",
    ), keys=("my thing", "my jam", "passion", "favo", "the best", "life", "amazing",
             "guilty"), confidence=0.8, on_neg="skip"),
    Rule("dislikes.is", "dislikes", (
        r"^(?P<obj>[\w' -]+?)\s+(?:is|are)\s+(?:(?:just|so|really|absolutely)\s+)?(?:disgusting"
        r"|gross"
        r"|the\s+worst|awful|horrible|revolting|vile|not\s+my\s+thing|nasty)$",
        r"^(?P<obj>[\w' -]+?)\s+(?:is|are)(?:n't|\s+not)\s+(?:really\s+|just\s+)?(?:for\s+me"
        r"|my\s+(?:thing|cup\s+of\s+tea|jam|scene))$",
    ), keys=("disgusting", "gross", "worst", "awful", "horrible", "revolting", "vile",
             "not my thing", "nasty", "for me", "my thing", "cup of tea", "my jam", "my scene"),
        confidence=0.8, on_neg="skip"),
    Rule("likes.gone-off", "likes", (
        r"<PAST>(?:gone|went|gotten|got)\s+(?:completely\s+|totally\s+)?(?:off|tired\s+of|bored\s+of"
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
    Rule("hobby.stopped", "hobby", (
        r"<PAST>(?:stopped|quit|gave\s+up|given\s+up)\s+" + _NOT_HOBBY + r"(?P<obj>\w+ing\b.*)",
    ), keys=("stopped", "quit", "gave up", "given up"), kind="activity", op="retract",
        on_neg="skip"),
)

ACTIVE: tuple[Rule, ...] = (
    Rule("project", "current_project", (
        r"<BE>(?:currently\s+)?working\s+on\s+<OBJ>",
        r"<BE>(?P<obj>(?:building|writing|developing|designing|creating|renovating|researching"
        r"|coding|producing|launching|directing|composing|recording|restoring"
        r"|editing|programming|drafting)\s+(?:an?|my|our|the|some|this)\s+.+)",
        r"\bmy\s+(?:(?:current|main|latest|new|big|side|personal|work|pet)\s+)*project\s+"
        r"(?:right\s+now\s+|at\s+the\s+moment\s+|these\s+days\s+)?is\s+(?:to\s+)?<OBJ>",
        r"\bthe\s+project\s+(?:i'm|i\s+am)\s+(?:currently\s+)?working\s+on\s+is\s+<OBJ>",
        r"<BE>(?:knee-deep|neck-deep|elbow-deep|deep|busy|in\s+the\s+middle\s+of|in\s+the\s+thick"
        r"\s+of|immersed|absorbed|buried|tied\s+up)\s+(?:in\s+|with\s+)?(?P<obj>(?:an?|my|our|the|this"
        r"|some)\s+.+|\w+ing\s+(?:an?|my|our|the|this|some)\s+.+)",
        r"<BE>(?:putting\s+together|pulling\s+together|working\s+up|setting\s+up|starting|launching"
        r"|organi[sz]ing)\s+(?P<obj>(?:an?|my|our)\s+(?:new\s+)?(?:[\w-]+\s+){0,2}?(?:portfolio"
        r"|podcast|blog|business|company|startup|newsletter|youtube\s+channel|channel|book|novel"
        r"|app|website|exhibition|album|course|thesis|dissertation|campaign|shop|studio)\b.*)",
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
             "set up"), kind="phrase", confidence=0.85, on_neg="skip"),
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
        r"|new\s+year'?s?\s+resolution|ambition|mission|priority|plan)(?:\s+(?:for|this)\s+(?:this\s+"
        r"|the\s+|next\s+)?(?:year|month|summer|season|week))?\s+(?:right\s+now\s+|currently\s+"
        r"|these\s+days\s+|this\s+year\s+)?is\s+(?:to\s+)?<OBJ>",
        r"<BE>(?:aiming|striving|working\s+hard|hoping)\s+(?:to|for|towards|toward)\s+<OBJ>",
        r"<BE>working\s+(?:towards|toward)\s+<OBJ>",
        r"<BE>(?P<obj>(?:training|saving(?:\s+up)?|studying|preparing|cramming)\s+for\s+.+)",
        r"<BE>trying\s+(?:hard\s+)?" + _TO + r"(?P<obj>" + _GOAL_VERBS + r".*)",
        r"<DO>(?:really\s+)?(?:want|hope|plan|intend|aim)\s+" + _TO + r"(?P<obj>" + _GOAL_VERBS
        + r".*)",
        r"\b(?:i|we)(?:'d|\s+would)\s+(?:really\s+)?(?:like|love)\s+" + _TO + r"(?P<obj>"
        + _GOAL_VERBS + r".*)",
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
             "pushing"), kind="phrase", confidence=0.85, on_neg="skip", future_ok=True),
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
        r"<DO>have\s+(?:an?|my|our)\s+(?P<obj>(?:upcoming\s+|big\s+)?(?:trip|vacation|holiday"
        r"|job\s+interview|interview|exam|surgery|operation|wedding|flight|conference"
        r"|doctor'?s\s+appointment|appointment)\b.*?)(?:\s+coming\s+up)?$",
    ), keys=("planning", "organi", "arranging", "booking", "preparing", "putting together",
             "going", "heading", "off to", "flying", "travel", "driving", "visiting", "have"),
        kind="plan", future_ok=True, confidence=0.85, on_neg="skip"),
)

SENSITIVE: tuple[Rule, ...] = (
    Rule("health.have", "health_condition", (
        r"<DO>(?:have|suffer\s+from|live\s+with|struggle\s+with|deal\s+with|battle)\s+(?P<obj>"
        r"(?:(?:mild|severe|chronic|bad|early|stage\s+\w+)\s+)*(?:" + _HEALTH + r"))\b",
        r"<HAVE>got\s+(?P<obj>(?:(?:mild|severe|chronic|bad)\s+)*(?:" + _HEALTH + r"))\b",
        r"<BE>(?:living|dealing|struggling|battling|coping)\s+with\s+(?P<obj>(?:(?:mild|severe"
        r"|chronic)\s+)*(?:" + _HEALTH + r"))\b",
        r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|officially\s+)*(?:been\s+"
        r"|was\s+|got\s+|get\s+)?diagnosed\s+with\s+<OBJ>",
    ), keys=("have", "suffer", "live with", "struggle", "deal", "battl", "got", "living",
             "dealing", "coping", "diagnos"), kind="health"),
    Rule("health.adjective", "health_condition", (
        r"<BE>(?:an?\s+)?(?P<obj>" + _HEALTH_ADJ + r")" + END_STRICT,
    ), keys=tuple(sorted({k.split()[0].split("-")[0] for k in lx.HEALTH_ADJECTIVES})),
        kind="health_adj"),
    Rule("religion", "religion", (
        r"<BE>(?:(?:an?|practicing|practising|devout|observant|non-practicing|lapsed|born-again"
        r"|devoted|proud|strict)\s+)*(?P<obj>" + _RELIGION + r")" + END_STRICT,
        r"<DO>(?:practi[cs]e|follow|observe|believe\s+in)\s+(?P<obj>" + _FAITHS + r")\b",
        r"\bmy\s+(?:religion|faith)\s+is\s+<OBJ>",
    ), keys=("christian", "catholic", "protestant", "evangelical", "baptist", "methodist",
             "lutheran", "anglican", "mormon", "muslim", "sunni", "shia", "jew", "hindu",
             "buddhis", "sikh", "jain", "atheist", "agnostic", "pagan", "wiccan", "quaker",
             "taoist", "orthodox", "religio", "spiritual", "witness", "islam", "faith",
             "practi", "observe", "follow", "believe"), kind="religion"),
    Rule("politics", "political_view", (
        r"<BE>(?:(?:an?|lifelong|staunch|committed|registered|proud|card-carrying|pretty|fairly"
        r"|very|quite|socially|fiscally|politically)\s+)*(?P<obj>" + _POLITICS + r")" + END_STRICT,
        r"\bpolitically,?\s+(?:i'm|i\s+am|i'd\s+say\s+i'm)\s+(?:(?:pretty|fairly|very|quite)\s+)?"
        r"(?P<obj>" + _POLITICS + r")\b",
    ), keys=("democrat", "republican", "liberal", "conservative", "socialist", "communist",
             "libertarian", "progressive", "centrist", "leftist", "left", "right", "anarchist",
             "tory", "labour", "green", "marxist", "feminist", "moderate", "politic"),
        kind="politics"),
    Rule("politics.vote", "political_view", (
        r"<DO>(?:always\s+|usually\s+|generally\s+)?vote\s+(?:for\s+)?(?:the\s+)?"
        r"(?P<obj>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?)",
        r"<DO>(?:support|back)\s+the\s+(?P<obj>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?\s+"
        r"(?:party|Party))",
        r"<BE>(?:an?\s+)?member\s+of\s+the\s+(?P<obj>(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?"
        r"\s+(?:party|Party))",
        r"<DO>lean\s+(?P<obj>left|right)\b",
    ), keys=("vote", "support", "back", "member", "lean"), kind="voting"),
    Rule("orientation", "sexual_orientation", (
        r"<BE>(?:(?:an?|openly|proudly|completely|totally)\s+)*(?P<obj>" + _ORIENT
        + r")(?:\s+(?:man|woman|guy|girl|person|dude))?" + END_STRICT,
        r"<DO>identify\s+as\s+(?:an?\s+)?(?P<obj>" + _ORIENT + r")\b",
        r"\bmy\s+(?:sexual\s+)?orientation\s+is\s+<OBJ>",
        r"<PAST>came\s+out\s+as\s+(?P<obj>" + _ORIENT + r")\b",
    ), keys=("gay", "lesbian", "bi", "pansexual", "asexual", "straight", "hetero",
             "homo", "queer", "demisexual", "identify", "orientation", "came out"),
        kind="orientation"),
)

RULES_LIFE: tuple[Rule, ...] = CONSTRAINTS + TASTES + ACTIVE + SENSITIVE
