"""`gone` and `isolated`: looking in every place the system keeps data, not in a hand list.

The database scan is generic: every table the database holds (so a table added by a later
migration is scanned without anyone remembering to add it here), each row cast whole to text,
restricted to the user's rows where the table says whose rows they are (namespace, user_id,
or a session key). Objects: every transcript under the user's prefix, read through the
transcript store (so encrypted transcripts are decrypted), and every other object in the
store. Then the rendered profile, the recall cache and the user's export.
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import re
from collections.abc import Iterator

from api.read import render_context
from scripts.eval import match as m
from scripts.eval.stack import ScenarioEnv
from workers.online import working_set


class Unavailable(Exception):
    """A part of the system this check needs is not built yet."""


def export_of(env: ScenarioEnv, namespace: str, user: str) -> dict:
    """The user's export through api.export.export_user (Unavailable until it exists)."""
    if importlib.util.find_spec("api.export") is None:
        raise Unavailable("export is not available: api/export.py does not exist yet")
    module = importlib.import_module("api.export")
    fn = getattr(module, "export_user", None)
    if fn is None:
        raise Unavailable("export is not available: api.export has no export_user")
    return fn(env.runtime.memory, namespace, user)


def strings(value) -> Iterator[str]:
    """Every string inside a JSON-like value (keys included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, list | tuple | set):
        for v in value:
            yield from strings(v)
    elif value is not None:
        yield str(value)


def database_findings(env: ScenarioEnv, namespace: str, user: str, needle: str) -> list[str]:
    found = []
    with env.runtime.deps.unit_of_work() as uow:
        # In a scenario's own database a row with no owner is still this scenario's.
        tables = uow.scan.find(namespace, user, needle, unowned_rows=not env.shared)
    for t in tables:
        if t.error is not None:
            found.append(f"database {t.table}: could not be scanned ({t.error})")
        for row in t.rows:
            cols = [c for c, v in row.items() if v is not None and m.contains(str(v), needle)]
            for col in cols or ["(row)"]:
                value = str(row.get(col, row))
                found.append(f"database {t.table}.{col}: {m.snippet(value, needle)}")
    return found


def object_findings(env: ScenarioEnv, namespace: str, user: str, needle: str) -> list[str]:
    transcripts = env.runtime.deps.transcripts
    store = transcripts.objects
    prefix = transcripts.user_prefix(namespace, user)
    found = []
    for key in store.list(""):
        if env.shared and namespace not in key.split("/") and not key.startswith(prefix):
            continue  # a store shared with other scenarios: only this one's objects
        if key.startswith(prefix):
            body = "\n".join(strings(transcripts.read(key).model_dump(mode="json")))
        else:
            raw = store.get(key)
            try:
                body = "\n".join(strings(transcripts.decode(raw).model_dump(mode="json")))
            except Exception:  # not a transcript: search the bytes as text
                body = raw.decode("utf-8", errors="replace")
        if m.contains(body, needle):
            found.append(f"object {key}: {m.snippet(body, needle)}")
    return found


def gone_findings(env: ScenarioEnv, namespace: str, user: str, needle: str) -> list[str]:
    """Every place `needle` is still kept for the user (empty: it is gone)."""
    found = database_findings(env, namespace, user, needle)
    found += object_findings(env, namespace, user, needle)
    reader = env.runtime.reader
    profile = reader.profile(namespace, user)
    if m.contains(profile, needle):
        found.append(f"profile: {m.snippet(profile, needle)}")
    for result in reader.cache.values_for(namespace, user):
        cached = render_context(result)
        if m.contains(cached, needle):
            found.append(f"recall cache: {m.snippet(cached, needle)}")
    try:
        exported = json.dumps(export_of(env, namespace, user), default=str, ensure_ascii=False)
    except Unavailable as exc:
        found.append(str(exc))
    else:
        body = "\n".join(strings(json.loads(exported)))
        if m.contains(body, needle):
            found.append(f"export: {m.snippet(body, needle)}")
    return found


# ---- isolation ----------------------------------------------------------------------------
def user_objects(env: ScenarioEnv, namespace: str, user: str) -> list[str]:
    """The user's fact objects: every version in the fact store and the working set."""
    deps = env.runtime.deps
    with deps.unit_of_work() as uow:
        objects = {f.object for f in uow.facts.all_versions(namespace, user)}
        objects |= {r.object for r in working_set(uow, namespace, user, deps.now(),
                                                  include_expired=True)}
    return sorted(o for o in objects if o.strip())


def probe_texts(env: ScenarioEnv, namespace: str, user: str,
                queries: list[str]) -> tuple[dict[str, str], list[str]]:
    """What recall, profile, facts and export return for a user: {source: text}."""
    deps, reader = env.runtime.deps, env.runtime.reader
    texts = {"profile": reader.profile(namespace, user)}
    texts["recall"] = "\n".join(render_context(reader.recall(namespace, user, q, k=10))
                                for q in queries)
    with deps.unit_of_work() as uow:
        facts = [f"{f.predicate}: {f.object}" for f in uow.facts.all_versions(namespace, user)]
        facts += [f"{r.predicate}: {r.object}" for r in working_set(
            uow, namespace, user, deps.now(), include_expired=True)]
    texts["facts"] = "\n".join(facts)
    unavailable = []
    try:
        texts["export"] = "\n".join(strings(export_of(env, namespace, user)))
    except Unavailable as exc:
        unavailable.append(str(exc))
    return texts, unavailable


def other_namespace(scenario_namespace: str) -> str:
    return scenario_namespace[:54] + "-isolation"


def isolation_findings(env: ScenarioEnv, namespace: str, user: str, scenario_namespace: str,
                       other_user: str) -> dict:
    """Whether anything of (namespace, user) shows for another user or another namespace."""
    objects = user_objects(env, namespace, user)
    queries = objects + ["What do you know about me?"]
    probes = [(namespace, other_user, f"{other_user} in {scenario_namespace}"),
              (env.ns(other_namespace(scenario_namespace)), user,
               f"{user} in {other_namespace(scenario_namespace)}")]
    leaks, unavailable = [], []
    for probe_ns, probe_user, label in probes:
        texts, missing = probe_texts(env, probe_ns, probe_user, queries)
        unavailable.extend(x for x in missing if x not in unavailable)
        for obj in objects:
            pattern = re.compile(r"(?<!\w)" + re.escape(m.fold(obj)) + r"(?!\w)")
            for source, body in texts.items():
                if pattern.search(m.fold(body)):
                    leaks.append(f"{label}, {source}: {obj!r}")
    return {"probed": objects, "leaks": leaks, "unavailable": unavailable}
