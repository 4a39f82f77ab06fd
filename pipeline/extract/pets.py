"""Pet objects: "dog named Rex", "two cats", "golden retriever called Max"."""
from __future__ import annotations

import re

from pipeline.extract import lexicon as lx
from pipeline.extract.objects import ObjCtx, Result, names, trim

_I = re.IGNORECASE

_ANIMAL = re.compile(r"\b(" + lx.alt(tuple(lx.ANIMAL_PLURALS) + tuple(lx.ANIMALS)) + r")\b", _I)
_PET_NAME = re.compile(r"^(?:,?\s*(?:named|called|whose name is|who's called)\s+|,\s*|\s+)"
                       r"(?P<names>.+)$", _I)
#: Words that describe the animal, not its kind; an age is one ("a three-year-old greyhound"
#: is a greyhound: "old" inside the age is no word of its own).
_PET_ADJECTIVES = re.compile(r"(?<![\w-])(?:(?:[a-z0-9]+-)+(?:years?|months?|weeks?)-old|old|little"
                             r"|sweet|beloved|dear|poor|new|lovely|cute|big|small|young|elderly"
                             r"|senior|fat|lazy|crazy|adorable|beautiful|darling|furry|fluffy"
                             r"|rescue)(?![\w-])\s*", _I)
_NOT_MINE = re.compile(r"\b(?:who|with|whose|that|which|has|have|had|of|friend|friends|neighbou?r"
                       r"|sister|brother|mom|mum|dad|parents?|boss|colleague|picture|photo|toy"
                       r"|stuffed|fear|allergy)\b", _I)
_ANIMAL_AS_MODIFIER = re.compile(
    r"[\s-]+(?:allerg\w*|food|toys?|hair|sitters?|sitting|walkers?|walking|beds?|litter|person"
    r"|people|lovers?|owners?|videos?|photos?|pictures?|questions?|breeds?|park|door|flap|tree"
    r"|treats?|shelter|rescue|bite|scratch|fur|dander|costume|mug|shirt|meme|show|cafe"
    r"|friendly)\b", _I)
_APPOSITION = re.compile(r",\s*(?:an?\s)", _I)
_NEXT_PET = re.compile(r",?\s+(?:and|&)\s+(?=(?:an?|one|two|three|\d+|my|our)\s)"
                       r"|,\s*(?=(?:an?|one|two|three|\d+)\s)", _I)


def pet(text: str, ctx: ObjCtx) -> Result:
    """'dog named Rex', 'two cats', 'golden retriever called Max'; "a dog called Rex and a
    cat, Tom" is two pets."""
    parts = _NEXT_PET.split(trim(text, keep_commas=True))
    if len(parts) > 1 and not ctx.groups.get("x_pname"):
        found = [_one_pet(part, ctx) for part in parts]
        # "a dog, a lab called Bruno": a named apposition renames the unnamed pet before it;
        # "a kitten from the shelter, a little tabby": an unnamed one of the same species
        # tells it again (not "a dog, a cat and a rabbit": other species).
        return [r for i, rs in enumerate(found) for r in rs
                if not (i + 1 < len(found) and rs and found[i + 1]
                        and " named " not in rs[-1][1] and (
                            " named " in found[i + 1][0][1]
                            or _same_species(rs[-1][1], found[i + 1][0][1]))
                        and _APPOSITION.match(text, text.find(parts[i]) + len(parts[i])))]
    return _one_pet(parts[0] if not ctx.groups.get("x_pname") else text, ctx)


def _same_species(first: str, second: str) -> bool:
    """Two pet values of one species ("kitten", "tabby"): the second says the first again."""
    def species(value: str) -> str | None:
        m = _ANIMAL.search(value)
        return lx.ANIMAL_SPECIES.get(m.group(1).lower()) if m else None
    kind = species(first)
    return kind is not None and kind == species(second)


def _one_pet(text: str, ctx: ObjCtx) -> Result:
    value = trim(text, keep_commas=True)
    m = _ANIMAL.search(value)
    if m is None or len(value[:m.start()].split()) > 4:
        return []
    if _ANIMAL_AS_MODIFIER.match(value[m.end():]):
        return []  # "a cat allergy", "dog food"
    animal = m.group(1).lower()
    singular = lx.ANIMAL_PLURALS.get(animal, animal)
    modifiers = re.sub(r"^(?:(?:a|an|the|one|my|our|some|a\s+pet)\b\s*)+", "",
                       value[:m.start()].strip(), flags=_I)
    modifiers = _PET_ADJECTIVES.sub("", modifiers).strip()
    if _NOT_MINE.search(modifiers):
        return []  # "a friend who has a dog", "a photo of a cat"
    pname = ctx.groups.get("x_pname") or ""
    after = _PET_NAME.match(value[m.end():])
    found = names(pname, ctx) if pname else names(after.group("names"), ctx) if after else []
    if pname and not found:
        return []
    if found:
        kind = " ".join(w for w in (modifiers, singular) if w and not re.match(
            r"^(?:one|two|three|four|\d+|a|an|my|our)$", w, _I))
        return [(None, f"{kind} named {n}") for _, n in found]
    return [(None, f"{modifiers} {animal}".strip().lower())]
