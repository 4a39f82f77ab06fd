"""A lean transport for OpenAI-compatible chat completions: one POST over `http.client`,
kept-alive connections reused across threads.

Why not litellm for these: litellm's `completion` costs about 9 ms of CPU per call (its
parameter processing, the OpenAI SDK's client and response objects, httpx, its pricing and
logging: ~11,000 Python calls), where the same request and answer over `http.client` cost
about 0.6 ms (measured with 64 threads against the simulated provider:
`BENCHMARKS_consolidate.md`). An extract worker running dozens of model calls in one
process is CPU-bound on that under the GIL. litellm stays for every other provider, and
for this one when an operator registers a litellm callback or a proxy applies
(`infra.llm`).

The failures are raised as `ProviderHTTPError` (a status and the response headers, so a
429's Retry-After is honoured), `ProviderTimeout` and `ProviderConnectionError`; the
adapter sorts them into our transient and permanent errors as it does litellm's. A
connection that was idle in the pool and turns out closed by the server (keep-alive timed
out) is retried once on a new one, before any answer was read: the request never reached
the model.
"""
from __future__ import annotations

import http.client
import json
import os
import socket
import threading
import urllib.request
from typing import Any
from urllib.parse import urlsplit

#: Idle connections kept per endpoint (one per thread that calls at once, and some).
MAX_IDLE = 256


class ProviderHTTPFailure(Exception):  # noqa: N818 — the base of the three below
    """A call to an OpenAI-compatible endpoint failed."""

    status_code: int | None = None


class ProviderHTTPError(ProviderHTTPFailure):
    """The endpoint answered with an error status (`status_code`, `response.headers`)."""

    def __init__(self, status: int, headers: http.client.HTTPMessage, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status_code = status
        self.response = _Response(headers)


class ProviderTimeout(ProviderHTTPFailure):
    """No answer within the timeout."""


class ProviderConnectionError(ProviderHTTPFailure):
    """The connection failed, or the answer was not a chat completion."""


class _Response:
    """What `infra.llm._retry_after` reads from a failure: its headers."""

    def __init__(self, headers: http.client.HTTPMessage) -> None:
        self.headers = headers


def uses_proxy(api_base: str) -> bool:
    """Whether the environment sends requests to `api_base` through a proxy (then the
    caller goes through litellm, which honours it; `http.client` does not)."""
    parts = urlsplit(api_base)
    proxies = urllib.request.getproxies()
    if parts.scheme not in proxies:
        return False
    return not urllib.request.proxy_bypass(parts.hostname or "")


class ChatCompletionsHTTP:
    """POST `{api_base}/chat/completions`, answers as dicts; safe across threads."""

    def __init__(self, api_base: str, api_key: str | None = None) -> None:
        parts = urlsplit(api_base.rstrip("/"))
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) api_base: {api_base!r}")
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port
        self._path = f"{parts.path}/chat/completions"
        key = api_key or os.environ.get("OPENAI_API_KEY")
        self._headers = {"content-type": "application/json", "accept": "application/json"}
        if key:
            self._headers["authorization"] = f"Bearer {key}"
        self._idle: list[http.client.HTTPConnection] = []
        self._lock = threading.Lock()

    def post(self, body: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        """One chat completion request; the decoded answer, or a `ProviderHTTPFailure`."""
        data = json.dumps(body).encode()
        conn, reused = self._take()
        try:
            status, headers, raw, keep = self._send(conn, data, timeout_s)
        except _StaleConnection:
            if not reused:
                raise ProviderConnectionError("the server closed the connection") from None
            conn = self._new()
            try:
                status, headers, raw, keep = self._send(conn, data, timeout_s)
            except _StaleConnection:
                raise ProviderConnectionError("the server closed the connection") from None
        if keep:
            self._give_back(conn)
        else:
            conn.close()
        if status >= 400:
            raise ProviderHTTPError(status, headers, _error_message(raw))
        try:
            answer = json.loads(raw)
        except ValueError:
            raise ProviderConnectionError(f"{status}: the answer is not JSON") from None
        if not isinstance(answer, dict):
            raise ProviderConnectionError(f"{status}: the answer is not a JSON object")
        return answer

    def _send(self, conn: http.client.HTTPConnection, data: bytes, timeout_s: float,
              ) -> tuple[int, http.client.HTTPMessage, bytes, bool]:
        conn.timeout = timeout_s
        if conn.sock is not None:
            conn.sock.settimeout(timeout_s)
        answered = False
        try:
            conn.request("POST", self._path, body=data, headers=self._headers)
            response = conn.getresponse()
            answered = True
            raw = response.read()
        except (TimeoutError, socket.timeout) as exc:
            conn.close()
            raise ProviderTimeout(f"no answer within {timeout_s:.1f} s") from exc
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as exc:
            conn.close()
            if not answered:
                raise _StaleConnection from exc
            raise ProviderConnectionError(f"{type(exc).__name__}: {exc}") from exc
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            raise ProviderConnectionError(f"{type(exc).__name__}: {exc}") from exc
        return response.status, response.headers, raw, not response.will_close

    def _take(self) -> tuple[http.client.HTTPConnection, bool]:
        with self._lock:
            if self._idle:
                return self._idle.pop(), True
        return self._new(), False

    def _new(self) -> http.client.HTTPConnection:
        kind = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
        return kind(self._host, self._port)

    def _give_back(self, conn: http.client.HTTPConnection) -> None:
        with self._lock:
            if len(self._idle) < MAX_IDLE:
                self._idle.append(conn)
                return
        conn.close()


class _StaleConnection(Exception):  # noqa: N818 — internal signal
    """The server closed a connection before answering (an idle one it timed out)."""


def _error_message(raw: bytes) -> str:
    """The provider's error message, or the start of its body."""
    try:
        error = json.loads(raw).get("error")
        if isinstance(error, dict) and error.get("message"):
            return str(error["message"])
        if isinstance(error, str):
            return error
    except (ValueError, AttributeError):
        pass
    return raw[:300].decode("utf-8", "replace")
