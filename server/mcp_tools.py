"""Reverie as an MCP server (the official `mcp` SDK): the tools an assistant uses to save
and look up what it knows about the user it is talking to.

The same tools serve two transports. Over stdio (`reverie mcp --namespace NS --user U`, for
a desktop assistant) the namespace and user are fixed by the command line. Over streamable
HTTP (mounted at /mcp on `reverie serve`) the namespace comes from the API key of the
request and the user from its `Reverie-User` header, both set in the client's configuration
— never from a tool argument, so a model cannot reach another user's memory.

`remember_fact` writes into an open MCP session of the user (one per user and process); the
fact becomes long-term memory when that session ends: on the server's shutdown, when the
idle sweeper ends it, or by `POST /v1/users/{user}/sessions/{id}/end`.
"""
from __future__ import annotations

import functools
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from api.context import context_block
from api.erasure import forget as erase
from api.keys import verify_key
from api.runtime import Runtime
from infra.stores.audit import acting_as
from schemas.errors import InvalidInput, ReverieError, SessionClosed
from schemas.ids import check_ident
from schemas.records import InlineClaim

USER_HEADER = "reverie-user"


@dataclass(frozen=True)
class Who:
    namespace: str
    user_id: str


class McpSessions:
    """The open capture session of each user this process writes remembered facts into."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self._open: dict[tuple[str, str], str] = {}
        self._lock = threading.Lock()

    def current(self, who: Who) -> str:
        with self._lock:
            sid = self._open.get((who.namespace, who.user_id))
            if sid is None:
                sid = f"mcp-{uuid.uuid4().hex[:12]}"
                self.runtime.memory.start_session(who.namespace, who.user_id, sid)
                self._open[(who.namespace, who.user_id)] = sid
            return sid

    def forget_session(self, who: Who) -> None:
        with self._lock:
            self._open.pop((who.namespace, who.user_id), None)

    def end_all(self) -> list[str]:
        """End every session this process opened (their facts then consolidate)."""
        with self._lock:
            opened, self._open = dict(self._open), {}
        ended = []
        for (namespace, user_id), sid in opened.items():
            try:
                self.runtime.memory.end_session(namespace, user_id, sid)
                ended.append(sid)
            except ReverieError:
                pass  # already ended elsewhere (the sweeper, a REST call): nothing to do
        return ended


def fixed_caller(namespace: str, user_id: str) -> Callable[[Context], Who]:
    """stdio: one namespace and user for the whole process."""
    who = Who(namespace, check_ident(user_id, "user id"))
    return lambda _ctx: who


def http_caller(runtime: Runtime) -> Callable[[Context], Who]:
    """Streamable HTTP: the namespace of the request's API key, the user of its header."""
    def resolve(ctx: Context) -> Who:
        headers = {k.lower(): v for k, v in (ctx.headers or {}).items()}
        auth = headers.get("authorization", "")
        key = verify_key(runtime.deps, auth[7:] if auth.lower().startswith("bearer ") else "")
        user = headers.get(USER_HEADER)
        if not user:
            raise InvalidInput("set the `Reverie-User` header to the user's id in the MCP "
                               "client's configuration")
        return Who(key.namespace, check_ident(user, "user id"))
    return resolve


def _lines(facts) -> str:
    if not facts:
        return "No facts are stored about the user yet."
    out = []
    for f in facts:
        span = f"since {f.valid_from:%Y-%m-%d}"
        if f.valid_to is not None:
            span = f"{f.valid_from:%Y-%m-%d} to {f.valid_to:%Y-%m-%d} (no longer true)"
        out.append(f"- {f.predicate}: {f.object} ({span})")
    return "\n".join(out)


def _told(fn):
    """The model sees our one-line error (what to do), not the SDK's generic failure."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ReverieError as exc:
            raise ToolError(str(exc)) from exc
    return wrapper


def build_mcp(runtime: Runtime, caller: Callable[[Context], Who],
              sessions: McpSessions | None = None) -> MCPServer:
    """The MCP server with Reverie's five tools over `runtime`."""
    sessions = sessions or McpSessions(runtime)
    server = MCPServer(name="reverie", instructions=(
        "Long-term memory about the user you are talking to. Call `recall` with the user's "
        "message before answering anything personal; call `remember_fact` when the user "
        "tells you something durable about themselves (where they live, work, what they "
        "like or cannot eat, plans). Facts the user changes (a move, a new job) replace the "
        "old ones; the old values stay as history."))
    server.sessions = sessions  # type: ignore[attr-defined]  (ended on shutdown)

    def who_of(ctx: Context) -> Who:
        return caller(ctx)

    @server.tool(description=(
        "Save one durable fact the user just told you about themselves, as a predicate and "
        "a value: e.g. predicate 'city' value 'Berlin', 'employer' 'Siemens', 'allergy' "
        "'peanuts', 'diet' 'vegetarian', 'likes' 'jazz'. Use lower_snake_case predicates; "
        "one call per fact. Only what the user said about themselves, never guesses. It "
        "becomes long-term memory when the session ends; `recall` finds it after that."))
    @_told
    def remember_fact(predicate: str, value: str, ctx: Context) -> str:
        who = who_of(ctx)
        claim = InlineClaim(predicate=predicate.strip().lower(), object=value.strip())
        with acting_as("mcp"):
            for _attempt in range(2):
                sid = sessions.current(who)
                try:
                    runtime.memory.remember(who.namespace, who.user_id, sid, claim)
                    break
                except SessionClosed:  # ended meanwhile (sweeper): open a fresh one
                    sessions.forget_session(who)
        return (f"Saved {claim.predicate} = {claim.object} (session {sid}; it becomes "
                "long-term memory when the session ends).")

    @server.tool(description=(
        "Look up what you remember that bears on the user's message: pass the message (or "
        "a question like 'where does the user live?'). Returns the user's profile, where "
        "the last conversation left off and the relevant memories, each with its source; "
        "memories marked CONFLICT hold two values: ask the user which is right. An empty "
        "answer means nothing relevant is remembered (or memory is briefly unavailable)."))
    @_told
    def recall(query: str, ctx: Context, k: int = 5) -> str:
        who = who_of(ctx)
        with acting_as("mcp"):
            block = context_block(runtime.reader, who.namespace, who.user_id, query,
                                  k=max(1, min(k, 20)))
        if block.degraded:
            return f"Memory is unavailable right now: {block.note}."
        return block.text or "Nothing relevant is remembered about the user."

    @server.tool(description=(
        "The user's profile: every current fact about them, by section (identity, "
        "location, work, constraints such as allergies, active plans). Cheap; use it at the "
        "start of a conversation."))
    @_told
    def get_profile(ctx: Context) -> str:
        who = who_of(ctx)
        with acting_as("mcp"):
            return (runtime.reader.profile(who.namespace, who.user_id)
                    or "No facts are stored about the user yet.")

    @server.tool(description=(
        "List the stored facts, optionally of one predicate (e.g. 'city'). With "
        "include_history=true also the past values with the dates they held: use it for "
        "questions about the past ('where did I live before?'); past values are never "
        "current."))
    @_told
    def list_facts(ctx: Context, predicate: str | None = None,
                   include_history: bool = False) -> str:
        who = who_of(ctx)
        r = runtime.reader
        with acting_as("mcp"):
            facts = (r.history if include_history else r.current)(
                who.namespace, who.user_id, predicate or None)
        return _lines(facts)

    @server.tool(description=(
        "Erase something the user asked you to forget, from every store (facts, memories, "
        "raw transcripts), for good: either `text` (a phrase, removed wherever it appears) "
        "or `predicate` with an optional `value` (e.g. predicate 'employer' value "
        "'Siemens'). Only when the user explicitly asks; it cannot be undone."))
    @_told
    def forget(ctx: Context, text: str | None = None, predicate: str | None = None,
               value: str | None = None) -> str:
        who = who_of(ctx)
        with acting_as("mcp"):
            receipt = erase(runtime.memory, who.namespace, who.user_id, text=text or None,
                            predicate=predicate or None, object=value or None)
        removed = ", ".join(f"{n} {what}" for what, n in sorted(receipt["counts"].items())
                            if n) or "nothing (no match)"
        return f"Forgotten: removed {removed}."

    return server
