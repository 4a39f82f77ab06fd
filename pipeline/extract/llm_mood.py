"""A second reading of the LLM's record: the rules' mood reading of the sentence it cites.

The model labels each claim with a subject and a mood, and a model gets that wrong in just
the places that matter ("should I move to Lisbon?" as the user's city, "my sister just
joined Orchard Labs" as the user's employer, "I'm not allergic to latex" as an allergy).
The rule extractor already reads who a clause is about and in what mood it was said
(pipeline.extract.mood); a claim the model calls the user's own present fact is read again
there, at the place its object is named in the cited turn, and relabelled when the clause
is a question, a hypothetical, a negation or someone else's. Only ever toward "stays
episodic": a claim the model already holds back, a removal, or a value the turn does not
name word for word (a derived "non-smoker") passes unchanged. Pure.
"""
from __future__ import annotations

import re
import unicodedata

from pipeline.extract.clauses import split_sentences
from pipeline.extract.mood import mood_at
from schemas.records import Claim

#: The moods the rules read that mean "not the user's present fact", as claim modalities.
_RELABEL = {"question": "question", "hypothetical": "hypothetical", "negated": "negated"}


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _position(sentence: str, value: str) -> int | None:
    """Where `value` is named in `sentence` as a whole word (case and accents aside)."""
    folded, needle = _fold(sentence), _fold(value).strip()
    if len(folded) != len(sentence):  # folding changed lengths ("ß"): case only, then
        folded, needle = sentence.casefold(), value.casefold().strip()
    m = re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", folded)
    return m.start() if m else None


def reread(claim: Claim, turn_text: str) -> Claim:
    """`claim` relabelled by the rules' reading of the sentence that names its object, or
    unchanged (see the module doc). The sentences the model cited as evidence are read
    first ("What's on in Porto? We've just moved to Porto": the second one)."""
    if claim.subject != "user" or claim.op != "assert" or claim.modality != "asserted":
        return claim
    if len(claim.object.strip()) < 2:
        return claim
    said = split_sentences(turn_text)
    cited = _fold(" ".join(claim.evidence.split()))
    said.sort(key=lambda s: not (cited and (_fold(" ".join(s.split())) in cited
                                            or cited in _fold(" ".join(s.split())))))
    for sentence in said:
        pos = _position(sentence, claim.object)
        if pos is None:
            continue
        mood = mood_at(sentence, pos, question=sentence.rstrip(" \"')]").endswith("?"))
        if mood.subject != "user":
            return claim.model_copy(update={"subject": "other"})
        if mood.modality in _RELABEL:
            return claim.model_copy(update={"modality": _RELABEL[mood.modality]})
        return claim  # the sentence the claim stands on is the user's own statement
    return claim
