"""The litellm adapter: one chat completion with our retries, our errors and its cost.

litellm's own retries are switched off (`num_retries=0`) so that the backoff here is the
only one that runs. Rate limits (429), server errors (5xx), timeouts (ours, or a 408) and
connection failures are retried with exponential backoff and full jitter, then raised as
`TransientError`; every other 4xx (bad request, auth, not found, context too long) is a
`PermanentError` at once. litellm is imported on first use, after it is told to stay
offline: the model cost map comes from its bundled copy and nothing is fetched on its own
initiative.

Each call waits for its provider's limits (`infra.llm_limits`: calls in flight, tokens per
minute, a 429's Retry-After for every caller once 429s are more than a stray few), and the
whole of `complete` — waits, attempts, backoff — keeps within one time budget
(`deadline_s`): past it the call is a `TransientError` and the task retries later, instead
of holding a worker thread.

An OpenAI-compatible endpoint (a model "openai/<name>" at an `api_base`) is called over
`infra.llm_http`'s lean transport instead of litellm's `completion` (`transport="auto"`,
`Settings.llm_transport`): the same request body, errors, retries and limits, the price
still litellm's (`cost_per_token`), at a seventh of the CPU per call (1.3 against 8.9 ms
at 64 threads). litellm serves it when a litellm callback is registered (the operator's
logging hears every call) or a proxy applies to the endpoint.
"""
from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from infra import metrics
from infra.llm_hedge import Hedger, HedgeSkipped
from infra.llm_http import (
    ChatCompletionsHTTP,
    ProviderConnectionError,
    ProviderHTTPFailure,
    uses_proxy,
)
from infra.llm_limits import ProviderLimits
from schemas.errors import PermanentError, TransientError

log = logging.getLogger(__name__)

#: First retry waits up to this long; each later one doubles it, up to BACKOFF_CAP_S.
BACKOFF_BASE_S = 0.5
#: Longest wait between two attempts, and the longest Retry-After we honour.
BACKOFF_CAP_S = 30.0
#: Rough size of a token in characters, for reserving budget before the call.
CHARS_PER_TOKEN = 4


@dataclass(frozen=True)
class LLMCompletion:
    """One completion's text and usage (satisfies pipeline's LLMResult protocol)."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float
    model: str


def backoff_delay(attempt: int, rand: float, *, base_s: float = BACKOFF_BASE_S,
                  cap_s: float = BACKOFF_CAP_S, retry_after_s: float | None = None) -> float:
    """Seconds to wait before retry number `attempt` (0-based): full jitter over an
    exponential ceiling, `rand` in [0, 1). A server's Retry-After is a floor (capped)."""
    delay = rand * min(cap_s, base_s * 2 ** attempt)
    if retry_after_s is not None:
        delay = max(delay, min(retry_after_s, cap_s))
    return delay


def _litellm() -> ModuleType:
    """Import litellm offline and quiet; the environment wins where an operator set it."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_OFFLINE_MODE", "true")
    import litellm

    litellm.telemetry = False
    litellm.suppress_debug_info = True
    return litellm


#: litellm's callback lists: with all of them empty, its success logging has nobody to tell.
_CALLBACK_LISTS = ("callbacks", "success_callback", "_async_success_callback", "input_callback",
                   "failure_callback", "_async_failure_callback", "service_callback")


@contextmanager
def _without_success_logging(litellm: ModuleType) -> Iterator[None]:
    """Skip litellm's success logging for the calls made inside, when no callback is set.

    After every answer litellm hands its success handler to a thread pool (the payload for
    logging callbacks); with no callback configured that handler tells nobody, yet the
    hand-over and the handler took about a tenth of a call's CPU (measured at 64 threads:
    the pool's `submit` was 5.7% of the extract task's CPU). litellm skips it for a call it
    makes itself (`is_internal_call`); the price (`_hidden_params["response_cost"]`), the
    usage and the errors are set before that point and do not change. An operator who
    registers a litellm callback keeps its success logging; a litellm without the flag
    logs as before."""
    try:
        from litellm._internal_context import is_internal_call
    except ImportError:  # another litellm: nothing to skip
        yield
        return
    if _callbacks_registered(litellm):
        yield
        return
    token = is_internal_call.set(True)
    try:
        yield
    finally:
        is_internal_call.reset(token)


def _callbacks_registered(litellm: ModuleType) -> bool:
    return any(getattr(litellm, name, None) for name in _CALLBACK_LISTS)


def _status(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None)
    return code if isinstance(code, int) else None


def _retry_after(exc: BaseException) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    value = headers.get("retry-after") if headers is not None else None
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def classify(exc: BaseException,
             litellm: ModuleType) -> type[TransientError] | type[PermanentError] | None:
    """Which of our errors a litellm (or `infra.llm_http`) failure is; None when it is not
    a provider failure."""
    if isinstance(exc, ProviderHTTPFailure):
        status = exc.status_code
        if status is None or status in (408, 429) or status >= 500:
            return TransientError
        return PermanentError
    if isinstance(exc, (litellm.Timeout, litellm.APIConnectionError)):
        return TransientError
    status = _status(exc)
    if status is not None:
        return TransientError if status in (408, 429) or status >= 500 else PermanentError
    if isinstance(exc, (litellm.RateLimitError, litellm.InternalServerError,
                        litellm.ServiceUnavailableError)):
        return TransientError
    if isinstance(exc, litellm.APIError):  # a provider failure without a status: a blip
        return TransientError
    return None


def _count_wasted(done: LLMCompletion) -> None:
    """The answer of a hedged pair that came second: paid for, not used."""
    metrics.LLM_HEDGE_TOKENS.inc(done.prompt_tokens + done.completion_tokens)
    metrics.LLM_HEDGE_COST.inc(done.cost_usd)


#: The model prefix of an OpenAI-compatible endpoint (litellm's provider name for it).
OPENAI_PREFIX = "openai/"
TRANSPORTS = ("auto", "litellm", "http")


class LiteLLMClient:
    """`LLMClient` over litellm: any model litellm reaches, or an OpenAI-compatible server
    at `api_base` (model "openai/<name>"), which `transport` "auto" (or "http") calls over
    `infra.llm_http` instead (litellm's pricing kept)."""

    def __init__(self, model: str, api_base: str | None = None, api_key: str | None = None,
                 timeout_s: float = 30, max_retries: int = 4, *,
                 backoff_base_s: float = BACKOFF_BASE_S, temperature: float = 0.0,
                 sleep: Callable[[float], None] = time.sleep,
                 rand: Callable[[], float] = random.random,
                 limits: ProviderLimits | None = None, deadline_s: float = 300.0,
                 max_completion_tokens: int | None = None, hedge_percentile: float = 0.0,
                 clock: Callable[[], float] = time.monotonic, transport: str = "auto") -> None:
        if transport not in TRANSPORTS:
            raise ValueError(f"llm transport {transport!r}: one of {', '.join(TRANSPORTS)}")
        self.model = model
        self._api_base = api_base
        self._api_key = api_key
        self._timeout_s = timeout_s
        self._max_retries = max_retries
        self._backoff_base_s = backoff_base_s
        self._temperature = temperature
        self._sleep = sleep
        self._rand = rand
        self._limits = limits or ProviderLimits()
        self._deadline_s = deadline_s
        self._max_completion_tokens = max_completion_tokens
        self._clock = clock
        self._unpriced = False
        self._litellm = _litellm()
        #: The lean transport, for an OpenAI-compatible endpoint (None: litellm only).
        self._http = self._lean_transport(transport)
        #: Past this percentile of the recent latency a second call is sent (0: never).
        self._hedger = Hedger(hedge_percentile, self._limits,
                              max_threads=max(64, 4 * self._limits.max_concurrency)) \
            if hedge_percentile > 0 else None

    def _lean_transport(self, transport: str) -> ChatCompletionsHTTP | None:
        compatible = self.model.startswith(OPENAI_PREFIX) and bool(self._api_base)
        if transport == "litellm" or not compatible:
            if transport == "http":
                raise ValueError(f"llm transport http: needs an api_base and a model "
                                 f"{OPENAI_PREFIX}<name>, not {self.model!r}")
            return None
        if transport == "auto" and uses_proxy(str(self._api_base)):
            return None
        return ChatCompletionsHTTP(str(self._api_base), self._api_key)

    def complete(self, messages: list[dict[str, Any]], *,
                 response_schema: dict[str, Any] | None) -> LLMCompletion:
        """One completion; retries transient failures, then raises our error tree."""
        kwargs: dict[str, Any] = {
            "model": self.model, "messages": messages, "timeout": self._timeout_s,
            "temperature": self._temperature, "num_retries": 0, "max_retries": 0,
            "drop_params": True}
        if self._api_base:
            kwargs["api_base"] = self._api_base
        if self._api_key:
            kwargs["api_key"] = self._api_key
        if response_schema is not None:
            kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                "name": str(response_schema.get("title") or "response"),
                "schema": response_schema, "strict": False}}
        if self._max_completion_tokens:
            kwargs["max_tokens"] = self._max_completion_tokens
        reserve = (sum(len(str(m.get("content", ""))) for m in messages) // CHARS_PER_TOKEN
                   + (self._max_completion_tokens or 0))
        deadline = self._clock() + self._deadline_s
        for attempt in range(self._max_retries + 1):
            try:
                if self._hedger is None:
                    done = self._call(kwargs, reserve, deadline)
                else:
                    done = self._hedger.run(
                        lambda hedge: self._call(kwargs, reserve, deadline, hedge=hedge),
                        _count_wasted)
            except TransientError:  # the limits' own deadline
                metrics.LLM_CALLS.labels("over_budget").inc()
                raise
            except Exception as exc:  # noqa: BLE001 — translated below or re-raised
                kind = classify(exc, self._litellm)
                if kind is None:
                    raise
                status = _status(exc)
                metrics.LLM_CALLS.labels(str(status or type(exc).__name__)).inc()
                if kind is PermanentError:
                    raise PermanentError(f"llm {self.model}: {type(exc).__name__}: {exc}") from exc
                delay = backoff_delay(attempt, self._rand(), base_s=self._backoff_base_s,
                                      retry_after_s=_retry_after(exc))
                if status == 429:  # a run of them: every caller of this provider waits
                    self._limits.rate_limited(delay)
                if attempt == self._max_retries or self._clock() + delay >= deadline:
                    raise TransientError(
                        f"llm {self.model}: {type(exc).__name__} after {attempt + 1} "
                        f"attempts: {exc}") from exc
                log.warning("llm_call.retried", extra={
                    "model": self.model, "attempt": attempt + 1, "delay_s": round(delay, 3),
                    "error": type(exc).__name__, "status": status})
                self._sleep(delay)
                continue
            metrics.LLM_CALLS.labels("ok").inc()
            return done
        raise AssertionError("unreachable: the loop returns or raises")

    def _call(self, kwargs: dict[str, Any], reserve: int, deadline: float, *,
              hedge: bool = False) -> LLMCompletion:
        """One call within the provider's limits; its latency is kept for the hedges' threshold.
        A hedge does not wait for a slot (`HedgeSkipped` when there is none)."""
        sent = False
        try:
            with self._limits.slot(reserve, self._clock() if hedge else deadline) as settle:
                sent, started = True, self._clock()
                call = dict(kwargs, timeout=max(0.1, min(self._timeout_s, deadline - started)))
                if self._http is not None and not _callbacks_registered(self._litellm):
                    done = self._post(call)
                else:
                    with _without_success_logging(self._litellm):
                        response = self._litellm.completion(**call)
                    done = self._completion(response)
                self._limits.observe(self._clock() - started)
                settle(done.prompt_tokens + done.completion_tokens)
        except TransientError as exc:  # the limits' own: no room before the deadline
            if hedge and not sent:
                raise HedgeSkipped(str(exc)) from exc
            raise
        return done

    def _post(self, call: dict[str, Any]) -> LLMCompletion:
        """The call over the lean transport: the body litellm sends to such an endpoint
        (the model without its prefix; `drop_params` and the retry counts are litellm's)."""
        body = {"model": self.model[len(OPENAI_PREFIX):], "messages": call["messages"],
                "temperature": call["temperature"]}
        for key in ("max_tokens", "response_format"):
            if key in call:
                body[key] = call[key]
        answer = self._http.post(body, call["timeout"])  # type: ignore[union-attr]
        try:
            message = answer["choices"][0]["message"]
            usage = answer.get("usage") or {}
            prompt = int(usage.get("prompt_tokens") or 0)
            completion = int(usage.get("completion_tokens") or 0)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise ProviderConnectionError(  # a malformed answer: transient, as litellm's
                f"not a chat completion: {type(exc).__name__}: {exc}") from exc
        return LLMCompletion(text=str((message or {}).get("content") or ""),
                             prompt_tokens=prompt, completion_tokens=completion,
                             cost_usd=self._price(prompt, completion),
                             model=str(answer.get("model") or self.model))

    def _price(self, prompt_tokens: int, completion_tokens: int) -> float:
        """litellm's price for these tokens of this model (what it puts in
        `response_cost`); 0.0 for a model it has no price for (remembered)."""
        if self._unpriced:
            return 0.0
        try:
            cost_in, cost_out = self._litellm.cost_per_token(
                model=self.model, prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens)
        except Exception:  # noqa: BLE001 — unpriced model (NotFoundError and kin)
            self._unpriced = True
            return 0.0
        return float(cost_in or 0.0) + float(cost_out or 0.0)

    def _completion(self, response: Any) -> LLMCompletion:
        choices = getattr(response, "choices", None) or []
        message = getattr(choices[0], "message", None) if choices else None
        usage = getattr(response, "usage", None)
        return LLMCompletion(
            text=getattr(message, "content", None) or "",
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            cost_usd=self._cost(response),
            model=str(getattr(response, "model", None) or self.model))

    def _cost(self, response: Any) -> float:
        """litellm's price for the call; 0.0 when the model has no known price.

        litellm prices every response already (`_hidden_params["response_cost"]`); pricing
        it again took a tenth of a call's CPU, and a model found unpriced once is not
        looked up again (the lookup walks the whole cost map: ~5 ms a call)."""
        hidden = getattr(response, "_hidden_params", None)
        known = hidden.get("response_cost") if isinstance(hidden, dict) else None
        if known is not None:
            return float(known)
        if self._unpriced:
            return 0.0
        try:
            return float(self._litellm.completion_cost(completion_response=response) or 0.0)
        except Exception:  # noqa: BLE001 — unpriced model (ModelNotMappedError and kin)
            self._unpriced = True
            return 0.0
