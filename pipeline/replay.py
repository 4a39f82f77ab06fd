"""Replay: from one session's raw transcript to candidate claims and episodic fragments."""
from __future__ import annotations

from collections.abc import Sequence

from pipeline.extract.base import Extractor
from pipeline.fence import balance, fence_turn
from pipeline.redact import REDACTED
from pipeline.values import clean_value
from schemas.ids import stable_id
from schemas.records import Claim, Fragment, Transcript, removes


def inline_claims(transcript: Transcript) -> list[Claim]:
    """Structured claims written during the session, as Claims with provenance."""
    turns = {t.index: t for t in transcript.turns}
    out = []
    for c in transcript.claims:
        turn = turns.get(c.turn) if c.turn is not None else None
        out.append(Claim(predicate=c.predicate, object=c.object, op=c.op,
                         valid_from=c.valid_from or (turn.at if turn else transcript.started_at),
                         source=c.source, confidence=c.confidence,
                         session_id=transcript.session_id, turn=c.turn,
                         evidence=turn.text if turn else ""))
    return out


def with_defaults(claims: Sequence[Claim], transcript: Transcript) -> list[Claim]:
    """Every claim gets its session, a valid_from (the turn's time when none was said) and
    its object cleaned (`pipeline.values`); an assertion left with no value is dropped, but
    for a planned one (it re-dates what is planned)."""
    turns = {t.index: t for t in transcript.turns}
    cleaned = [clean_value(c.predicate, c.object) for c in claims]
    # "We moved from Kreuzberg to Neukölln": two sections of one city (values.py) are a move
    # inside it, so the city left is the city lived in: the removal of it is dropped.
    kept = {(c.turn, c.predicate, v) for c, v in zip(claims, cleaned, strict=True)
            if not removes(c) and v}
    out = []
    for c, value in zip(claims, cleaned, strict=True):
        update: dict = {}
        if not value and c.op == "assert" and c.modality != "planned":
            continue  # (an unnamed plan re-dates the one planned: "the move is on the 14th")
        if value != c.object and removes(c) and (c.turn, c.predicate, value) in kept:
            continue
        if value != c.object:
            update["object"] = value
        if not c.session_id:
            update["session_id"] = transcript.session_id
        if c.valid_from is None:
            turn = turns.get(c.turn) if c.turn is not None else None
            update["valid_from"] = turn.at if turn else transcript.started_at
        out.append(c.model_copy(update=update) if update else c)
    return out


def extract_claims(transcript: Transcript, extractor: Extractor) -> list[Claim]:
    """Extractor claims in turn order, then inline claims (an explicit tool call is the most
    deliberate statement of the session, so it has the last word on equal footing)."""
    return claims_in_order(extractor.extract(transcript), transcript)


def claims_in_order(extracted: Sequence[Claim], transcript: Transcript) -> list[Claim]:
    """`extract_claims` given the extractor's own claims (a caller that keeps its run)."""
    ordered = sorted(extracted, key=lambda c: (c.turn if c.turn is not None else -1))
    return with_defaults(ordered + inline_claims(transcript), transcript)


#: An exchange longer than this is cut into several fragments (at paragraph, then sentence,
#: then word boundaries): a pasted document is stored whole in the transcript, but a
#: fragment is what recall ranks and injects, and a vector covers its first few hundred
#: words only.
FRAGMENT_MAX_CHARS = 4000


def fragments_of(transcript: Transcript) -> list[Fragment]:
    """One fragment per exchange: a user turn and the replies up to the next user turn, cut
    into pieces of at most FRAGMENT_MAX_CHARS. Injected memory and erased turns are not
    episodic content; text that is not the user's own is fenced or withheld
    (`pipeline.fence`)."""
    groups: list[list] = []
    for t in transcript.turns:
        if t.injected or t.text == REDACTED:
            continue
        if t.role == "user" or not groups:
            groups.append([t])
        else:
            groups[-1].append(t)
    out = []
    for g in groups:
        day = g[0].at.date().isoformat()
        text = "\n".join(f"{t.role}: {fence_turn(t.role, t.text)}" for t in g)
        for n, piece in enumerate(balance(cut(text, FRAGMENT_MAX_CHARS))):
            key = (g[0].index,) if n == 0 else (g[0].index, n)  # piece 0 keeps its old id
            out.append(Fragment(
                fragment_id=stable_id("fragment", transcript.namespace, transcript.user_id,
                                      transcript.session_id, *key),
                namespace=transcript.namespace, user_id=transcript.user_id,
                session_id=transcript.session_id, turn_start=g[0].index,
                turn_end=g[-1].index, text=f"[{day}] {piece}", at=g[0].at))
    return out


def cut(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut at the last paragraph break,
    else sentence end, else space before the limit (a hard cut only inside one long word).
    Nothing is dropped but the whitespace at a cut."""
    pieces = []
    while len(text) > limit:
        window = text[:limit]
        at = -1
        for sep in ("\n\n", "\n", ". ", "? ", "! ", " "):
            at = window.rfind(sep, limit // 2)
            if at > 0:
                at += len(sep)
                break
        if at <= 0:
            at = limit
        pieces.append(text[:at].rstrip())
        text = text[at:].lstrip()
    if text or not pieces:
        pieces.append(text)
    return pieces
