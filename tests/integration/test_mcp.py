"""MCP through the official SDK's own client: over stdio (`reverie mcp`, a subprocess) and
over streamable HTTP (/mcp on the service): list the tools, remember a fact, end the
session so it consolidates, recall it."""
from __future__ import annotations

import asyncio
import os
import re
import sys

import httpx
import httpx2
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

from api.keys import create_key
from tests.integration.service import served

TOOLS = {"remember_fact", "recall", "get_profile", "list_facts", "forget"}


def _text(result) -> str:
    assert not result.is_error, result
    return "\n".join(c.text for c in result.content if getattr(c, "text", None))


async def _stdio(params, calls):
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            out = [{t.name: t.description for t in tools.tools}]
            for name, args in calls:
                out.append(_text(await session.call_tool(name, args)))
            return out


def test_mcp_over_stdio_remember_then_recall(settings, ns):
    env = dict(os.environ, DATABASE_URL=settings.database_url, REVERIE_EMBEDDER="hash",
               DATABASE_ADMIN_URL=settings.database_admin_url,
               REVERIE_OBJECT_STORE_URL=settings.object_store_location)
    env.pop("BROKER_URL", None)
    params = StdioServerParameters(command=sys.executable, env=env, args=[
        "-m", "scripts.cli", "mcp", "--namespace", ns, "--user", "maria",
        "--data-dir", str(settings.data_dir)])
    tools, saved, saved2 = asyncio.run(_stdio(params, [
        ("remember_fact", {"predicate": "city", "value": "Berlin"}),
        ("remember_fact", {"predicate": "allergy", "value": "peanuts"})]))
    assert set(tools) == TOOLS and all(len(d) > 80 for d in tools.values())
    assert "Saved city = Berlin" in saved and "peanuts" in saved2
    # The first server ended its session on exit: the facts consolidated.
    _, recalled, facts, profile = asyncio.run(_stdio(params, [
        ("recall", {"query": "where does the user live?"}),
        ("list_facts", {}), ("get_profile", {})]))
    assert "Berlin" in recalled
    assert "- city: Berlin" in facts and "- allergy: peanuts" in facts
    assert "Berlin" in profile


async def _http(url, headers, calls):
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                out = [{t.name for t in (await session.list_tools()).tools}]
                for name, args in calls:
                    out.append(await session.call_tool(name, args))
                return out


def test_mcp_over_streamable_http_with_the_api_key(runtime, ns):
    _, key = create_key(runtime.deps, ns)
    _, other = create_key(runtime.deps, ns + "x")
    with served(runtime) as base:
        url = f"{base}/mcp"
        assert httpx.post(url, json={}, timeout=30).status_code == 401  # no key, no tools
        headers = {"Authorization": f"Bearer {key}", "Reverie-User": "maria"}
        tools, saved = asyncio.run(_http(url, headers, [
            ("remember_fact", {"predicate": "city", "value": "Berlin"})]))
        assert tools == TOOLS
        sid = re.search(r"session (mcp-[0-9a-f]+)", _text(saved)).group(1)
        ended = httpx.post(f"{base}/v1/users/maria/sessions/{sid}/end",
                           headers={"Authorization": f"Bearer {key}"}, timeout=30)
        assert ended.status_code == 202
        _, recalled, facts = asyncio.run(_http(url, headers, [
            ("recall", {"query": "where does the user live?"}), ("list_facts", {})]))
        assert "Berlin" in _text(recalled) and "- city: Berlin" in _text(facts)
        # Another namespace's key, same user id: nothing of maria's.
        _, theirs = asyncio.run(_http(url, {"Authorization": f"Bearer {other}",
                                            "Reverie-User": "maria"},
                                      [("recall", {"query": "where does the user live?"})]))
        assert "Berlin" not in _text(theirs)
        # Without the user header the tools say what to configure.
        _, missing = asyncio.run(_http(url, {"Authorization": f"Bearer {key}"},
                                       [("get_profile", {})]))
        assert missing.is_error and "Reverie-User" in str(missing.content)
