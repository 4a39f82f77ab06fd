"""A pet named after it was mentioned: "We adopted a cat yesterday, her name is Pixel", or in
the user's next turn, after the assistant's reply ("Her name is Pixel and she owns the
sofa"). The unnamed pet claim ("cat") becomes "cat named Pixel".

Runs over a session's sentences before corrections (rules.RuleExtractor.extract); pure.
Only the latest unnamed pet within the last two turns takes the name, and a pet named in
between stops the search: the name belongs to the animal just talked about.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from pipeline.extract import lexicon as lx
from pipeline.extract.corrections import SentenceClaims
from pipeline.extract.mentions import NAME_WORD, is_name
from schemas.records import Claim

_I = re.IGNORECASE

#: "her name is Pixel", "he's called Rolo", "we named her Miso", "named him Rolo".
_NAMED = re.compile(
    r"(?:^|[,;:(\u2013\u2014-]\s*|\band\s+|\bso\s+)(?:(?:his|her|its|their)\s+name(?:'s|\s+is)"
    r"|(?:he|she|it)(?:'s|\s+is)\s+(?:called|named)|(?:we\s+|i\s+)?(?:named|called)\s+"
    r"(?:him|her|it)"
    # Whoever in the household gave the name: "my daughter named her Lada", "Bára named
    # him Knedlík", "the twins christened him Señor Lento".
    r"|(?:(?:the|my|our)\s+(?:[a-z]+\s+)?[a-z]+|" + NAME_WORD + r")\s+(?:had\s+)?"
    r"(?:named|christened|dubbed)\s+(?:him|her|it)"
    # "We call him Noodle", "the kids call her Mochi": the name the household uses.
    r"|(?:we|i|everyone|everybody|the\s+kids|the\s+children)\s+(?:all\s+)?(?:just\s+)?"
    r"(?:call|calls)\s+(?:him|her|it)"
    # "a little orange thing we've called Churro": the pet just named, described again.
    # "a little black and white one called Pepita": the pet, said again with its name.
    r"|an?\s+(?:[a-z-]+\s+){0,4}?(?:thing|one|fluffball|furball|monster|rascal|beast)\s+"
    r"(?:(?:that\s+)?(?:we|i)(?:'ve|\s+have)?\s+)?(?:named|called))"
    # A name of two words, each capitalised: "Señor Lento", "Captain Biscuit".
    r"\s+(?P<name>" + NAME_WORD + r"(?:\s+" + NAME_WORD + r")?)\b", _I)
#: "The cat is called Smudge": the name of the pet of that kind.
_KIND_NAMED = re.compile(r"\b(?:the|our|my)\s+(?P<kind>[a-z]+)(?:'s\s+name\s+is|\s+is\s+(?:called"
                         r"|named))\s+(?P<name>" + NAME_WORD + r")\b", _I)
#: The kind said again with the name, more exactly: "We got a dog last week, a collie called
#: Bran", "I got a puppy! A beagle called Scout." (the breed or kind replaces the first word).
_BREED_NAMED = re.compile(r"(?:^|,\s*|\.\s+)(?:an?|the)\s+(?:[a-z-]+\s+){0,2}?(?P<breed>"
                          + lx.alt(tuple(lx.ANIMALS)) + r")\s+(?:called|named)\s+(?P<name>"
                          + NAME_WORD + r")\b", _I)
#: The name in a relative clause after the kind: "a beagle mix that the rescue had named
#: Pepper", "a tabby the kids named Miso", "a collie someone at the farm called Bran".
_REL_NAMED = re.compile(r"\b(?P<breed>" + lx.alt(tuple(lx.ANIMALS)) + r")(?:\s+(?:mix|cross"
                        r"|puppy|kitten))?,?\s+(?:(?:that|which|who|whom)\s+)?(?:(?:the|our|my"
                        r"|his|her|their)\s+(?:[a-z]+\s+){0,2}?[a-z]+|we|i|they|someone"
                        r"|somebody)\s+(?:at\s+the\s+[a-z]+\s+)?(?:had\s+|has\s+|'d\s+)?"
                        r"(?:already\s+|originally\s+)?(?:named|called|christened|dubbed)\s+"
                        r"(?P<name>" + NAME_WORD + r")\b", _I)
#: The name in apposition after the animal, past a time said in between: "we adopted a
#: retired greyhound three weeks ago, Juniper, and she howls" (not "a dog, Tom and I ...").
_APPOSED = re.compile(r"\b(?P<breed>" + lx.alt(tuple(lx.ANIMALS)) + r")(?:\s+(?:[\w-]+\s+){0,3}?"
                      r"(?:ago|yesterday|today)|\s+(?:in|on|at|from|last|this)\s+[\w-]+)?"
                      r",\s+(?P<name>" + NAME_WORD + r")(?=\s*(?:[,.;!]|$|\band\s+"
                      r"(?!(?:i|me)\b)(?:she|he|it|they)\b|\bwho\b))", _I)
#: Several pets named at once, by whoever named them: "Ilinca named them Cartof and Fasole",
#: "the kids call them Pip, Pop and Squeak" (the pets are the ones the turn just told of).
_THEM_NAMED = re.compile(r"\b(?:named|called|call|calls|christened|dubbed)\s+them\s+(?P<names>"
                         + NAME_WORD + r"(?:\s*,\s*" + NAME_WORD + r")*"
                         r",?\s+(?:and|&)\s+" + NAME_WORD + r")\b", _I)
_NAME_WORD = re.compile(NAME_WORD)
#: A sentence that is only a name, with at most its reason: "We adopted a street puppy.
#: Laddoo, because he's round and golden." The name of the pet the sentence before told of.
_BARE_NAME = re.compile(r"^\W*(?P<name>" + NAME_WORD + r")\s*(?:[.!]+\s*$|[,\u2013\u2014-]"
                        r"\s*(?:because|since|as|after|for|short\s+for)\b)")
#: A word every one of the four patterns above needs (with their flags): without it, none
#: can match, and a sentence costs one cheap search instead of four.
_NAMING_WORD = re.compile(r"name|call|christened|dubbed", _I)
#: How many turns back a pet may be (the user's turn before, the assistant's between).
_TURNS_BACK = 2


def name_pets(found: Sequence[SentenceClaims]) -> list[SentenceClaims]:
    """`found` with unnamed pets named by a later phrase; inputs are not modified."""
    out = [SentenceClaims(s.turn, s.text, tuple(s.claims)) for s in found]
    for index, sentence in enumerate(out):
        bare = _BARE_NAME.match(sentence.text)
        if (bare is not None and index > 0 and out[index - 1].turn == sentence.turn
                and is_name(bare.group("name")) and not sentence.claims):
            _rename_latest(out, index - 1, bare.group("name"), len(out[index - 1].text), None)
            continue
        several = _THEM_NAMED.search(sentence.text)
        if several is not None:
            found = [n for n in _NAME_WORD.findall(several.group("names")) if is_name(n)]
            if len(found) > 1:
                _name_several(out, index, found, several.start())
                continue
        apposed = _APPOSED.search(sentence.text)
        if apposed is not None and is_name(apposed.group("name")):
            _rename_latest(out, index, apposed.group("name"), len(sentence.text), None)
            continue
        if not _NAMING_WORD.search(sentence.text):
            continue
        m = _KIND_NAMED.search(sentence.text) or _NAMED.search(sentence.text)
        breed = (_BREED_NAMED.search(sentence.text) or _REL_NAMED.search(sentence.text)
                 if m is None else None)
        if breed is not None and is_name(breed.group("name")):
            _rename_latest(out, index, breed.group("name"), breed.start("breed"), None,
                           breed=breed.group("breed").lower())
            continue
        if m is None or not is_name(m.group("name")):
            continue
        kind = m.groupdict().get("kind")
        _rename_latest(out, index, m.group("name"), m.start(), kind.lower() if kind else None)
    return out


def _pet_claims_back(out: list[SentenceClaims],
                     index: int) -> Iterator[tuple[int, int, Claim]]:
    """The pet assertions from sentence `index` back to `_TURNS_BACK` turns before it, latest
    first: (sentence index, claim index, claim)."""
    for i in range(index, -1, -1):
        if out[index].turn - out[i].turn > _TURNS_BACK:
            return
        claims = out[i].claims
        for j in range(len(claims) - 1, -1, -1):
            if claims[j].predicate == "pet" and claims[j].op == "assert":
                yield i, j, claims[j]


def _replace(out: list[SentenceClaims], i: int, j: int, claims: Sequence[Claim]) -> None:
    sentence = out[i]
    old = sentence.claims
    out[i] = SentenceClaims(sentence.turn, sentence.text, (*old[:j], *claims, *old[j + 1:]))


def _rename_latest(out: list[SentenceClaims], index: int, name: str, at: int,
                   kind: str | None, *, breed: str | None = None) -> None:
    for i, j, claim in _pet_claims_back(out, index):
        if kind and kind not in claim.object.split():
            continue
        if i == index and out[i].text.find(claim.object.split()[-1]) > at:
            continue  # a pet said after the name is not the one it names
        if " named " in claim.object:
            return
        named = f"{breed} named {name}" if breed else f"{claim.object} named {name}"
        _replace(out, i, j, [claim.model_copy(update={"object": named})])
        return


def _name_several(out: list[SentenceClaims], index: int, found: list[str], at: int) -> None:
    """The latest unnamed pet claim of several animals ("two guinea pigs") becomes one named
    pet per name ("guinea pig named Cartof", "guinea pig named Fasole")."""
    for i, j, claim in _pet_claims_back(out, index):
        if " named " in claim.object:
            return
        kind = _kind_of(claim.object)
        if kind is None or (i == index and out[i].text.find(claim.object) > at):
            continue
        _replace(out, i, j, [claim.model_copy(update={"object": f"{kind} named {n}"})
                             for n in found])
        return


def _kind_of(value: str) -> str | None:
    """The animal of a pet claim told in the plural ("two guinea pigs": guinea pig)."""
    for plural, singular in sorted(lx.ANIMAL_PLURALS.items(), key=lambda kv: -len(kv[0])):
        if re.search(r"\b" + re.escape(plural) + r"$", value, _I):
            return singular
    return None
