"""Rule tables: constraints (allergies, diets, smoking, accessibility needs).

Each entry is data (see grammar.Rule). Closed classes (diets, accessibility states) come
from the lexicon; allergens and foods are taken as said.
"""
from __future__ import annotations

from pipeline.extract import lexicon as lx
from pipeline.extract.grammar import ADV, END, LY_ADVERB, Rule

_DIET = lx.alt(tuple(lx.DIETS))
_FOODS = (r"(?:any\s+)?(?:meat|pork|beef|red\s+meat|fish|seafood|dairy|gluten|eggs|alcohol|sugar"
          r"|carbs|shellfish|nuts|animal\s+products|chicken|lamb|wheat|caffeine|milk|cheese"
          r"|booze|processed\s+food|junk\s+food|fried\s+food|soy|onions|garlic)")
_ACCESS_NOUN = lx.alt(lx.ACCESSIBILITY_NOUNS)
_ACCESS_STATE = lx.alt(tuple(lx.ACCESSIBILITY_STATES))
_ACCESS_COND = lx.alt(lx.ACCESSIBILITY_CONDITIONS)
_INTENSITY = (r"(?:(?:very|severely|highly|extremely|deathly|mildly|slightly|seriously|super"
              r"|really|quite|so|badly|also|a\s+bit|a\s+little|kind\s+of|sort\s+of|" + LY_ADVERB
              + r")\s+)*")
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
        r"^no\s+(?P<obj>[\w' -]{2,40}?)\s+for\s+me\b.*\ballerg",
        r"\badd\s+(?P<obj>.+?)\s+to\s+(?:my|the)\s+(?:list\s+of\s+)?allerg(?:y|ies)"
        r"(?:\s+list)?\b",
        r"^(?:(?:also|and|plus|oh|update|new|another\s+one)[,:]?\s+)?(?!(?:my|his|her|their"
        r"|your|our|the|seasonal|no|any|food)\b)(?P<obj>[\w-]+(?:\s+[\w-]+)?)\s+allerg(?:y|ies)"
        r"\s*(?:[,;:!.-]|$|\s+(?:confirmed|diagnosed|too|as\s+well|here|over\s+here|now))",
    ), keys=("allerg",), kind="allergen", scope="sentence", confidence=0.88, in_question=True),
    Rule("allergy.list", "allergy", (
        r"^(?:my\s+)?(?:known\s+)?allerg(?:y|ies)\s*:\s*<OBJ>",
        r"^(?P<obj>[\w -]+?)\s+allerg(?:y|ies)\s+here\b",
        r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+(?:got\s+|have\s+)?|\bmy\s+)(?:(?:a\s+few|a\s+couple"
        r"(?:\s+of)?"
        r"|some|several|two|three|four|multiple|many|\d+|food|drug|bad|severe|serious|known)\s+)*"
        r"allerg(?:y|ies)\s*(?::|\s-\s|\s+(?:are|is)\s*:)\s*<OBJ>",
        r"^(?:(?:i'm|i\s+am)\s+)?allergic\s+to\s*(?::|\s-\s)\s*<OBJ>",
        r"\ballergic\s+to\s+(?:a\s+few|several|some|a\s+couple\s+of|a\s+number\s+of|many|multiple"
        r"|\w+)\s+things\s*(?::|\s-\s|,\s*(?:namely|like|including))\s*<OBJ>",
        r"^(?:(?:also|and|plus|oh)[,:]?\s+)*(?P<obj>[\w' -]{2,40}?)\s*(?:[-,:]|\s-\s)\s*(?:i'm"
        r"|i\s+am)"
        r"\s+(?:also\s+)?(?:(?:very|severely|really|so)\s+)?allergic\s+to\s+(?:them|it|those|that"
        r"|these)\b",
    ), keys=("allerg",), kind="allergen", scope="sentence"),
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
        r"<DO>be\s+(?:an?\s+)?(?:strict\s+)?(?P<obj>" + _DIET + r")" + END,
        r"<DO>(?:only\s+|mostly\s+|strictly\s+|exclusively\s+)?eat\s+(?P<obj>kosher|halal|vegan"
        r"|vegetarian|plant-based|gluten-free|dairy-free|keto|paleo|pescatarian)\b",
        r"<PAST>(?:went|gone|turned|became|become|switched\s+to\s+being)\s+(?:fully\s+|full\s+)?"
        r"(?P<obj>" + _DIET + r")" + END,
        # A regimen is started, not become: "I started keto two weeks ago" (the time
        # expression dates it); "my wife started keto" is hers, "should I start keto?" asks.
        r"<PAST>(?:started|began|begun|kicked\s+off)\s+(?:doing\s+|on\s+)?(?:the\s+)?"
        r"(?P<obj>keto|paleo|low-carb|low\s+carb)(?:\s+diet)?" + END,
        # "I started eating vegan on New Year's Day", "we began eating plant-based in May".
        r"<PAST>(?:started|began|begun)\s+(?:eating|living|cooking)\s+(?:fully\s+|strictly\s+"
        r"|properly\s+)?(?P<obj>vegan|vegetarian|veggie|plant-based|plant\s+based|pescatarian"
        r"|gluten-free|dairy-free|keto|paleo|low-carb|halal|kosher)" + END,
    ), keys=tuple(sorted({k.split()[0].split("-")[0] for k in lx.DIETS})), kind="diet"),
    Rule("diet.named", "dietary_restriction", (
        r"<BE>on\s+(?:an?\s+|the\s+)?(?:strict\s+)?(?P<obj>[\w-]+(?:\s+[\w-]+)?)\s+diet\b",
        r"<DO>(?:follow|eat|do)\s+(?:an?\s+|the\s+)?(?:strict\s+)?(?P<obj>[\w-]+(?:\s+[\w-]+)?)"
        r"\s+diet\b",
    ), keys=("diet",), kind="diet_any", on_neg="retract"),
    # Only alcohol is a restriction one drinks without: "I just don't drink milk" is a
    # taste, not dairy-free (who eats cheese still drinks no milk).
    Rule("diet.dont-eat", "dietary_restriction", (
        r"<DO>(?:eat|touch|consume|have|do)\s+(?P<obj>" + _FOODS + r")\b",
        r"<DO>drink\s+(?P<obj>(?:any\s+)?(?:alcohol|booze))\b",
    ), keys=("eat", "drink", "touch", "consume", "have", "do"), kind="avoided", op="skip",
        on_neg="assert"),
    Rule("diet.off-menu", "dietary_restriction", (
        r"^(?P<obj>" + _FOODS + r")(?:'s|\s+is|\s+are)\s+(?:completely\s+|totally\s+)?(?:off\s+the"
        r"\s+(?:table|menu)|off-?limits|a\s+(?:big\s+)?no-?go|out)\s+for\s+me\b(?!.*\ballerg)",
        r"^no\s+(?P<obj>" + _FOODS + r")\s+for\s+me\b(?!.*\ballerg)",
    ), keys=("off the", "off-limits", "off limits", "no-go", "no go", "out for me",
             "for me"), kind="avoided", scope="sentence", confidence=0.88),
    Rule("diet.resumed", "dietary_restriction", (
        r"<BE>(?:now\s+)?back\s+(?:to|on)\s+eating\s+(?P<obj>" + _FOODS + r")\b",
        r"<PAST>(?:started|begun|began|gone\s+back\s+to|went\s+back\s+to)\s+(?:eating|having)\s+"
        r"(?P<obj>" + _FOODS + r")\s+again\b",
        r"<DO>(?:eat|have)\s+(?P<obj>" + _FOODS + r")\s+again\b",
        r"<BE>(?:now\s+|officially\s+|fully\s+)?back\s+on\s+(?P<obj>" + _FOODS + r")\b",
        # Everything again ends every diet of choice: "I eat everything again now, no rules".
        r"<DO>(?:eat|have)\s+(?P<obj>everything|anything)\s+again\b",
        r"<BE>(?:now\s+)?back\s+to\s+eating\s+(?P<obj>everything|anything)\b",
    ), keys=("back", "again"), kind="resumed", op="retract", on_neg="skip", confidence=0.85),
    # "I stopped being vegetarian" ends the diet; it asserts nothing new.
    Rule("diet.ended", "dietary_restriction", (
        r"<PAST>(?:stopped|quit|gave\s+up|given\s+up|packed\s+in)\s+being\s+" + ADV
        + r"(?:an?\s+)?" + ADV + r"(?P<obj>" + _DIET + r")\b",
        r"<PAST>(?:came|come|went|gone)\s+off\s+(?:the\s+|my\s+)?(?P<obj>" + _DIET + r")"
        r"(?:\s+diet)?\b",
        # A regimen ends as it was started: "I gave up on keto at the end of October".
        r"<PAST>(?:stopped|quit|dropped|ditched|gave\s+up(?:\s+on)?|given\s+up(?:\s+on)?)\s+"
        r"(?:the\s+|my\s+|doing\s+)?(?P<obj>keto|paleo|low-carb|low\s+carb)(?:\s+diet)?\b",
        # The diet told as a spell that is over: "the vegan experiment ended in August", "my
        # keto phase is over" (dated by its clause; "her vegan phase" is hers).
        r"^(?:\w+\s+)?(?:the|my|our)\s+(?P<obj>" + _DIET + r")\s+(?:thing|phase|experiment|diet"
        r"|kick|streak|trial|challenge|era|stint|spell|journey|month|year|life)\s+(?:is\s+|was\s+"
        r"|has\s+|'s\s+)?(?:officially\s+|finally\s+|well\s+and\s+truly\s+|now\s+)?(?:ended"
        r"|over|finished|done|came\s+to\s+an\s+end|fizzled\s+out|didn't\s+last)\b",
    ), keys=("being", "off", "keto", "paleo", "low", "ended", "over", "finished", "done",
             "came to an end", "fizzled", "didn't last"), kind="diet", op="retract", on_neg="skip",
        confidence=0.85),
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
        r"<DO>(?:(?:still|usually)\s+)?(?:have|get\s+through|go\s+through|go\s+through)\s+"
        r"(?:about\s+"
        r"|around\s+|roughly\s+|maybe\s+)?(?:the\s+odd|the\s+occasional|an?|one|two|three|five|ten"
        r"|twenty|\d+|half\s+a|a\s+couple\s+of)\s+(?:\w+\s+)?(?:packs?|cigarettes?|cigs?|smokes?"
        r"|cigars?)\b(?!\s+(?:lighter|holder|case))",
        r"<BE>on\s+(?:about\s+|around\s+|roughly\s+)?(?:\w+\s+)?(?:a\s+)?(?:packs?|cigarettes"
        r"|cigs)\s+"
        r"(?:a|per)\s+day\b",
        r"^(?:still|currently|now)\s+smoking\b",
        r"<PAST>(?:started|took\s+up|picked\s+up|taken\s+up|went\s+back\s+to)\s+smoking\b",
        r"<DO>be\s+(?:an?\s+)?(?:(?:heavy|light|chain|occasional|social|regular|daily|big)\s+)?"
        r"smoker\b",
    ), keys=("smok", "cigar", "cigs", "pack"), value="smoker",
        on_neg="assert:smoking_status=non-smoker"),
    # "I've smoked since I was seventeen" smokes; "I haven't smoked in two years" does not
    # (a perfect over a span: "in two years" is no future here).
    Rule("smoking.perfect", "smoking_status", (
        r"<HAVE>(?:smoked|had\s+a\s+(?:cigarette|smoke|cig)|touched\s+(?:a\s+)?(?:cigarette|smoke"
        r"|cig|tobacco)s?)\b",
    ), keys=("smok", "cigar", "cigs", "touched"), value="smoker",
        on_neg="assert:smoking_status=non-smoker", future_ok=True),
    Rule("smoking.non-smoker", "smoking_status", (
        r"<BE>(?:an?\s+)?(?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few"
        r"|several)\s+(?:days?|weeks?|months?|years?)\s+)?(?:non-?smoker|ex-?smoker|former\s+smoker"
        r"|reformed\s+smoker|(?:smoke|cigarette|nicotine|tobacco)-?free)\b",
        r"<PAST>(?:quit|stopped|gave\s+up|given\s+up|kicked|ditched|packed\s+in|quitted|put\s+down"
        r"|binned|dropped)\s+"
        r"(?:smoking|cigarettes|the\s+cigarettes|tobacco|nicotine|cigs|the\s+smokes|smokes)\b",
        r"\b(?:\w+\s+)?(?:days?|weeks?|months?|years?)\s+(?:without|off)\s+(?:a\s+|any\s+)?"
        r"(?:cigarettes?|smokes?|cigs?|smoking|tobacco|nicotine)\b",
        r"\bno\s+more\s+(?:cigarettes|smoking|cigs|smokes)\b",
        # None since a day, or over a span: "no cigarettes since New Year's Eve", "not a
        # single cigarette in three weeks".
        r"\b(?:no\s+|not\s+(?:a\s+(?:single\s+)?|one\s+(?:single\s+)?))(?:cigarettes?|cigs?|smokes?"
        r"|fags?)\s+(?:since\b|(?:for|in)\s+(?:(?:over|almost|nearly|about|a\s+good)\s+)?(?:[\w-]+"
        r"\s+)?(?:days?|weeks?|months?|years?|a\s+while|ages)\b)",
        r"<PAST>smoked\s+my\s+(?:very\s+)?last\s+(?:cigarette|cig|smoke)\b",
        r"\bsince\s+my\s+(?:very\s+)?last\s+(?:cigarette|cig|smoke)\b",
        r"<BE>(?:completely\s+)?off\s+(?:the\s+)?(?:cigarettes|cigs|smokes|tobacco|nicotine|fags)\b",
        # A span said without its subject, as chat does: "Three months smoke-free today!"
        r"^(?:(?:about|almost|nearly|over|just\s+over)\s+)?(?:\d+|a|an|one|two|three|four|five|six"
        r"|seven|eight|nine|ten|eleven|twelve|a\s+few|several)\s+(?:days?|weeks?|months?|years?)\s+"
        r"(?:smoke|cigarette|nicotine|tobacco)-?free\b",
        # ... or counted to today: "Six weeks today without a cigarette."
        r"^(?:(?:about|almost|nearly|over|just\s+over)\s+)?(?:\d+|a|an|one|two|three|four|five|six"
        r"|seven|eight|nine|ten|eleven|twelve|a\s+few|several)\s+(?:days?|weeks?|months?|years?)\s+"
        r"(?:today|now)\s+(?:without|off)\s+(?:a\s+|any\s+)?(?:cigarettes?|smokes?|cigs?|smoking"
        r"|tobacco|nicotine)\b",
        r"<PAST>(?:kicked|quit|broke)\s+the\s+(?:habit|addiction)\b(?=.*\b(?:smok|cigar|nicotine"
        r"|tobacco))",
    ), keys=("smok", "cigar", "tobacco", "nicotine", "cigs", "without"), value="non-smoker",
        on_neg="assert:smoking_status=non-smoker", future_ok=True),
    # A span counted from the last cigarette is said about time, not about the smoker: "it's
    # been nearly a month since my last cigarette" (the clauses split at "since": the whole
    # sentence). Someone else's last cigarette ("since his last") is theirs.
    Rule("smoking.since-last", "smoking_status", (
        r"\b(?:it's|it\s+is|it\s+has|it\s+had|it'd|it'll|it\s+will|been|over|almost|nearly|about)\s+"
        r"(?:\w+\s+){0,4}?"
        r"(?:days?|weeks?|months?|years?|a\s+while|ages)\s+(?:now\s+)?since\s+(?:i\s+(?:had|smoked)\s+)?"
        r"my\s+(?:very\s+)?last\s+(?:cigarette|cig|smoke|fag)\b",
        r"\b(?:it's|it\s+is|it\s+has|it's\s+been)\s+(?:\w+\s+){0,4}?(?:days?|weeks?|months?|years?)"
        r"\s+since\s+i\s+(?:last\s+)?(?:smoked|had\s+a\s+(?:cigarette|cig|smoke))\b",
    ), keys=("since",), value="non-smoker", scope="sentence", on_neg="skip", future_ok=True,
        confidence=0.88),
    # A relapse told as what happened since: "I smoked half a pack at the party and I've had a
    # few every day since", "I caved and I'm back on the cigarettes".
    Rule("smoking.relapse", "smoking_status", (
        r"<PAST>(?:smoked|had)\s+(?:\w+\s+){0,4}?(?:packs?|cigarettes?|cigs?|smokes?|fags?)\b[^.;]*"
        r"\b(?:i've|i\s+have|i)\s+(?:had|smoked)\s+(?:a\s+few|some|one|a\s+couple|several|a\s+couple"
        r"\s+of)?\s*(?:\w+\s+)?(?:every\s+day|each\s+day|a\s+day|daily)\s+since\b",
        r"<BE>back\s+on\s+(?:the\s+)?(?:cigarettes|cigs|smokes|fags|tobacco)\b",
        r"<PAST>(?:started|begun|began)\s+smoking\s+again\b",
        r"<BE>smoking\s+again\b",
    ), keys=("since", "back", "again"), value="smoker", scope="sentence", on_neg="skip",
        confidence=0.85),
    Rule("access.must", "accessibility_need", (
        r"^(?P<obj>" + _ACCESS_NOUN + r")\s+(?:are|is)\s+(?:a\s+must|essential|necessary|required"
        r"|non-negotiable|vital|crucial)\s+for\s+me\b",
    ), keys=("must", "essential", "necessary", "required", "non-negotiable", "vital",
             "crucial"), kind="access_any", confidence=0.88),
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
