"""Helpers to build held3 scenarios (format v1)."""
import json
from pathlib import Path


def session(sid, started_at, turns, end="event"):
    out = []
    t = 0
    for i, (role, text) in enumerate(turns):
        out.append({"role": role, "text": text, "offset_s": t})
        t += 15 + len(text) // 6
    return {"session": {"id": sid, "started_at": started_at, "end": end, "turns": out}}


def U(text):
    return ("user", text)


def A(text):
    return ("assistant", text)


def T(text):
    return ("tool", text)


def check(kind, at, **kw):
    c = {"kind": kind, "at": at}
    c.update(kw)
    return {"check": c}


def write(folder, name, description, user, steps, namespace, intended=None):
    doc = {"format": 1, "name": name, "description": description,
           "namespace": namespace, "user": user, "steps": steps}
    if intended is not None:
        doc["intended"] = intended
    p = Path(folder) / f"{name}.json"
    p.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    return p
