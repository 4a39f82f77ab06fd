"""The LLM extractor: one call per session over the whole transcript, answers validated.

The model reaches this module as a small `LLMClient` protocol (infra/llm.py adapts litellm
to it; tests use a fake), so the stage stays pure apart from that one injected call.
Errors from the client (`TransientError`, `PermanentError`) pass through untouched: the
worker decides what to retry. Running twice over the same transcript makes two calls but
returns claims the reconcile stage treats as duplicates, so a re-run is harmless.
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pipeline.extract.llm_prompt import (
    PROMPT_VERSION,
    RESPONSE_SCHEMA,
    parse_response,
    render_messages,
)
from pipeline.vocabulary import Vocabulary
from schemas.records import Claim, Transcript

log = logging.getLogger(__name__)

#: Rough size of a token in characters, for budgeting before the call (no tokenizer here).
CHARS_PER_TOKEN = 4

#: Default per-session prompt budget, in estimated tokens.
DEFAULT_TOKEN_BUDGET = 24_000


class LLMResult(Protocol):
    """What one completion returned. Any record with these fields will do: infra's adapter
    returns its own frozen record, since infra and pipeline may not import each other."""

    @property
    def text(self) -> str: ...
    @property
    def prompt_tokens(self) -> int: ...
    @property
    def completion_tokens(self) -> int: ...
    @property
    def cost_usd(self) -> float: ...
    @property
    def model(self) -> str: ...


@dataclass(frozen=True)
class Completion:
    """A plain `LLMResult`, for fakes and tests."""

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    model: str = ""


class LLMClient(Protocol):
    """One chat completion. Raises TransientError (retry later) or PermanentError."""

    model: str

    def complete(self, messages: list[dict[str, Any]], *,
                 response_schema: dict[str, Any] | None) -> LLMResult: ...


@dataclass(frozen=True)
class ExtractionRun:
    """The usage and outcome of one extraction call, for the worker to persist."""

    session_id: str
    model: str
    prompt_version: str
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    #: Estimated prompt tokens of what was sent (CHARS_PER_TOKEN), checked against the budget.
    estimated_prompt_tokens: int
    turns_sent: int
    #: Oldest turns left out to fit the budget (0 when the whole session was sent).
    turns_truncated: int
    #: True when even the newest turn alone was over budget and its text was cut.
    text_clipped: bool
    claims: int
    drops: tuple[tuple[Any, str], ...]


def estimate_tokens(messages: Sequence[dict[str, Any]]) -> int:
    """Prompt size in tokens, estimated from characters."""
    chars = sum(len(str(m.get("content", ""))) for m in messages)
    return -(-chars // CHARS_PER_TOKEN)


def fit_to_budget(transcript: Transcript, existing_facts: Sequence[tuple[str, str]],
                  budget: int, vocabulary: Vocabulary) -> tuple[Transcript, int, bool]:
    """The newest suffix of the session whose prompt fits `budget` tokens.

    Returns the (possibly shortened) transcript, how many oldest turns were left out, and
    whether the last turn's own text had to be cut. Turn indexes are kept, so provenance
    still points at the original turns.
    """
    def size(t: Transcript) -> int:
        return estimate_tokens(render_messages(t, existing_facts, vocabulary=vocabulary))

    turns = transcript.turns
    if not turns or size(transcript) <= budget:
        return transcript, 0, False
    # Binary search the first turn to keep: the prompt shrinks as the start moves later,
    # and keeping only the newest turn is the smallest option.
    lo, hi = 1, len(turns) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if size(transcript.model_copy(update={"turns": turns[mid:]})) <= budget:
            hi = mid
        else:
            lo = mid + 1
    start = min(lo, len(turns) - 1)
    kept = transcript.model_copy(update={"turns": turns[start:]})
    if size(kept) <= budget:
        return kept, start, False
    last = kept.turns[-1]
    over_chars = (size(kept) - budget) * CHARS_PER_TOKEN
    clipped = last.model_copy(update={"text": last.text[:max(len(last.text) - over_chars, 0)]})
    return kept.model_copy(update={"turns": (clipped,)}), start, True


class LLMExtractor:
    """Claims from one session through an LLM, validated by `parse_response`."""

    name = "llm"

    def __init__(self, client: LLMClient, *, token_budget: int = DEFAULT_TOKEN_BUDGET,
                 vocabulary: Vocabulary = Vocabulary()) -> None:
        self._client = client
        self._budget = token_budget
        self._vocabulary = vocabulary
        self.version = f"llm-{PROMPT_VERSION}-{client.model}"
        #: The most recent run's usage; use `extract_with_run` when sharing an instance.
        self.last_run: ExtractionRun | None = None

    def extract(self, transcript: Transcript) -> list[Claim]:
        """Claims the session supports (the Extractor protocol); usage goes to `last_run`."""
        claims, self.last_run = self.extract_with_run(transcript)
        return claims

    def extract_with_run(self, transcript: Transcript,
                         existing_facts: Sequence[tuple[str, str]] = (),
                         ) -> tuple[list[Claim], ExtractionRun]:
        """Claims and the run record, without touching instance state."""
        sent, truncated, clipped = fit_to_budget(transcript, existing_facts, self._budget,
                                                 self._vocabulary)
        messages = render_messages(sent, existing_facts, vocabulary=self._vocabulary)
        if truncated or clipped:
            log.warning("llm_prompt.truncated", extra={
                "session_id": transcript.session_id, "turns_dropped": truncated,
                "text_clipped": clipped, "budget": self._budget})
        result = self._client.complete(messages, response_schema=RESPONSE_SCHEMA)
        parsed = parse_response(result.text, sent, vocabulary=self._vocabulary)
        for item, reason in parsed.drops:
            log.info("llm_claim.dropped", extra={
                "session_id": transcript.session_id, "reason": reason, "item": item})
        run = ExtractionRun(
            session_id=transcript.session_id, model=result.model or self._client.model,
            prompt_version=PROMPT_VERSION, prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens, cost_usd=result.cost_usd,
            estimated_prompt_tokens=estimate_tokens(messages), turns_sent=len(sent.turns),
            turns_truncated=truncated, text_clipped=clipped, claims=len(parsed.claims),
            drops=parsed.drops)
        return list(parsed.claims), run
