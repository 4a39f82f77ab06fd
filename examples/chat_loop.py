"""A minimal assistant with Reverie memory, on litellm: per session it fetches the context
block for each user message, puts it in the system prompt, calls the model, captures both
turns, and ends the session (consolidation then runs in the workers).

    reverie serve &                       # and `reverie keys create acme` for the key
    python examples/chat_loop.py --api-key rv_... --user maria --model gpt-4o-mini

Where each part of memory goes in the prompt: the block's `text` is one system message
with up to three labelled sections — the **profile** (who the user is: always there), the
**opening context** (where the last conversation left off: only at a session's start, when
there was a gap) and the **recalled memories** for this message (with their sources and
CONFLICT marks). Memory is never pasted into the user's turn, so it is not captured as
something the user said; a degraded block is simply empty and the assistant still answers.
"""
from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Iterable

import litellm

from reverie_client import Reverie

SYSTEM = ("You are a helpful assistant with a long-term memory of this user. Use what is "
          "remembered when it helps; when a memory is marked CONFLICT, ask which is right.")


def system_prompt(block: dict, *, first_turn: bool) -> str:
    """The system message: instructions, then the memory block (opening only at first)."""
    parts = [SYSTEM]
    if block.get("profile"):
        parts.append(f"## What you know about the user\n{block['profile']}")
    if first_turn and block.get("opening"):
        parts.append(f"## Since the last conversation\n{block['opening']}")
    memories = [m for m in block.get("memories", ())]
    if memories:
        lines = "\n".join(f"- {m['text']}" + (" [CONFLICT: ask the user]" if m["conflict"]
                                               else "") for m in memories)
        parts.append(f"## Memories relevant to this message\n{lines}")
    return "\n\n".join(parts)


def chat_session(memory: Reverie, user: str, messages: Iterable[str], *, model: str,
                 api_base: str | None = None, api_key: str | None = None,
                 session_id: str | None = None) -> list[str]:
    """One session: each user message answered with memory; returns the replies."""
    session_id = session_id or f"chat-{uuid.uuid4().hex[:12]}"
    memory.start_session(user, session_id)
    history: list[dict] = []
    replies = []
    try:
        for text in messages:
            block = memory.context(user, text)
            prompt = [{"role": "system", "content": system_prompt(block,
                                                                  first_turn=not history)},
                      *history, {"role": "user", "content": text}]
            answer = litellm.completion(model=model, messages=prompt, api_base=api_base,
                                        api_key=api_key)
            reply = answer.choices[0].message.content or ""
            memory.add_turns(user, session_id, [("user", text), ("assistant", reply)])
            history += [{"role": "user", "content": text},
                        {"role": "assistant", "content": reply}]
            replies.append(reply)
    finally:
        memory.end_session(user, session_id)
    return replies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base-url", default="http://127.0.0.1:8420")
    ap.add_argument("--api-key", required=True, help="A key from `reverie keys create NS`.")
    ap.add_argument("--user", required=True)
    ap.add_argument("--model", default="gpt-4o-mini", help="Any model litellm reaches.")
    ap.add_argument("--llm-api-base", default=None)
    args = ap.parse_args()
    with Reverie(args.base_url, args.api_key) as memory:
        def typed():
            for line in sys.stdin:
                if line.strip() in ("", "/quit"):
                    return
                yield line.strip()
        for reply in chat_session(memory, args.user, typed(), model=args.model,
                                  api_base=args.llm_api_base):
            print(reply, flush=True)


if __name__ == "__main__":
    main()
