"""Scenario files (shared/eval/FORMAT.md, v1): loading and validation, no services touched.

Two kinds of problem, two outcomes. A file that cannot be read as a scenario at all (not
JSON, no namespace/user/steps) stops the run before anything starts: `ScenarioFileError`,
naming the file. A step the runner does not understand (an unknown step or check kind, a
missing field, a bad time) fails only that scenario: it is recorded in `Scenario.problem`
and the scenario is reported without being played.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from schemas.errors import InvalidInput
from schemas.ids import check_ident, check_namespace
from schemas.records import InlineClaim

STEP_KINDS = ("session", "sweep", "nightly", "forget", "correct", "check")
CHECK_KINDS = ("current", "absent", "as_of", "believed_as_of", "history", "recall", "profile",
               "opening", "quarantined", "gone", "isolated")
END_KINDS = ("event", "idle", "open")
ROLES = ("user", "assistant", "tool", "system")

#: Required fields per check kind (besides `kind`; `at` is always optional).
CHECK_FIELDS: dict[str, tuple[str, ...]] = {
    "current": ("predicate", "expect"),
    "absent": ("predicate",),
    "as_of": ("valid_at", "predicate", "expect"),
    "believed_as_of": ("known_at", "predicate", "expect"),
    "history": ("predicate", "expect"),
    "recall": ("query",),
    "profile": (),
    "opening": (),
    "quarantined": ("text",),
    "gone": ("text",),
    "isolated": ("other_user",),
}


class ScenarioFileError(Exception):
    """A file that is not a scenario: the run cannot start."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path


class StepProblem(Exception):
    """One step the runner cannot play; fails its scenario only."""


@dataclass(frozen=True)
class Step:
    index: int          # 0-based position in `steps`
    kind: str           # one of STEP_KINDS (or what the file said, when it is unknown)
    body: dict

    @property
    def label(self) -> str:
        what = self.body.get("kind", "?") if self.kind == "check" else self.kind
        return f"step {self.index + 1} ({self.kind}{': ' + what if self.kind == 'check' else ''})"


@dataclass
class Scenario:
    path: Path
    name: str
    namespace: str
    user: str
    description: str = ""
    steps: list[Step] = field(default_factory=list)
    #: Why the scenario cannot be played (it is then reported as failed, not played).
    problem: str | None = None

    @property
    def checks(self) -> list[Step]:
        return [s for s in self.steps if s.kind == "check"]


def parse_time(value, what: str) -> datetime:
    """ISO-8601; `Z` accepted; a time without a zone is taken as UTC."""
    if not isinstance(value, str):
        raise StepProblem(f"{what} must be an ISO-8601 time string, got {value!r}")
    try:
        at = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise StepProblem(f"{what} is not an ISO-8601 time: {value!r}") from None
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def _texts(body: dict, key: str, *, required: bool = False) -> list[str]:
    value = body.get(key)
    if value is None:
        if required:
            raise StepProblem(f"missing field {key!r}")
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise StepProblem(f"{key!r} must be a list of strings, got {value!r}")
    return value


def check_step(kind: str, body) -> None:
    """Raise StepProblem when the step cannot be played as written."""
    if kind not in STEP_KINDS:
        raise StepProblem(f"unknown step kind {kind!r} (known: {', '.join(STEP_KINDS)})")
    if not isinstance(body, dict):
        raise StepProblem(f"a {kind} step must be an object")
    if kind == "session":
        _check_session(body)
    elif kind in ("sweep", "nightly"):
        parse_time(body.get("at"), "at")
    elif kind == "forget":
        parse_time(body.get("at"), "at")
        if not any(body.get(k) for k in ("text", "predicate", "fact_id", "all")):
            raise StepProblem("forget needs text, predicate (and object), fact_id or all")
    elif kind == "correct":
        parse_time(body.get("at"), "at")
        for key in ("predicate", "object"):
            if not isinstance(body.get(key), str):
                raise StepProblem(f"correct needs a string {key!r}")
    else:
        _check_check(body)


def _check_session(body: dict) -> None:
    if not isinstance(body.get("id"), str):
        raise StepProblem("session needs a string 'id'")
    parse_time(body.get("started_at"), "started_at")
    if body.get("end", "event") not in END_KINDS:
        raise StepProblem(f"session end must be one of {', '.join(END_KINDS)}, "
                          f"got {body.get('end')!r}")
    turns = body.get("turns", [])
    if not isinstance(turns, list):
        raise StepProblem("session 'turns' must be a list")
    for i, turn in enumerate(turns):
        if not isinstance(turn, dict) or turn.get("role") not in ROLES:
            raise StepProblem(f"turn {i}: role must be one of {', '.join(ROLES)}")
        if not isinstance(turn.get("text"), str):
            raise StepProblem(f"turn {i}: text must be a string")
        offset = turn.get("offset_s", 0)
        if isinstance(offset, bool) or not isinstance(offset, int | float):
            raise StepProblem(f"turn {i}: offset_s must be a number of seconds")
    claims = body.get("claims", [])
    if not isinstance(claims, list):
        raise StepProblem("session 'claims' must be a list")
    for i, claim in enumerate(claims):
        inline_claim(claim, i)


def inline_claim(claim, index: int = 0) -> InlineClaim:
    """A scenario claim as the capture API takes it."""
    if not isinstance(claim, dict):
        raise StepProblem(f"claim {index} must be an object")
    data = dict(claim)
    if data.get("valid_from") is not None:
        data["valid_from"] = parse_time(data["valid_from"], f"claim {index} valid_from")
    try:
        return InlineClaim.model_validate(data)
    except ValidationError as exc:
        raise StepProblem(f"claim {index}: {exc.errors()[0]['msg']} "
                          f"({'.'.join(map(str, exc.errors()[0]['loc']))})") from None


def _check_check(body: dict) -> None:
    kind = body.get("kind")
    if kind not in CHECK_KINDS:
        raise StepProblem(f"unknown check kind {kind!r} (known: {', '.join(CHECK_KINDS)})")
    for key in CHECK_FIELDS[kind]:
        if key not in body:
            raise StepProblem(f"{kind} check needs {key!r}")
    if "at" in body:
        parse_time(body["at"], "at")
    for key in ("valid_at", "known_at"):
        if key in body:
            parse_time(body[key], key)
    for key in ("expect", "must_include", "must_exclude"):
        _texts(body, key)
    for key in ("predicate", "query", "text", "other_user"):
        if key in body and not isinstance(body[key], str):
            raise StepProblem(f"{key!r} must be a string")
    if "k" in body and (isinstance(body["k"], bool) or not isinstance(body["k"], int)
                        or body["k"] < 1):
        raise StepProblem("'k' must be a positive integer")
    if kind == "isolated":
        try:
            check_ident(body["other_user"], "other_user")
        except InvalidInput as exc:
            raise StepProblem(str(exc)) from None


def load_scenario(path: Path) -> Scenario:
    """Read one file. Raises ScenarioFileError when it is not a scenario at all."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioFileError(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ScenarioFileError(path, f"not valid JSON: {exc.msg} at line {exc.lineno}, "
                                      f"column {exc.colno}") from None
    if not isinstance(doc, dict):
        raise ScenarioFileError(path, "a scenario is a JSON object")
    for key in ("namespace", "user", "steps"):
        if key not in doc:
            raise ScenarioFileError(path, f"missing top-level {key!r}")
    if doc.get("format", 1) != 1:
        raise ScenarioFileError(path, f"format {doc.get('format')!r} is not supported "
                                      "(this runner reads format 1)")
    if not isinstance(doc["steps"], list):
        raise ScenarioFileError(path, "'steps' must be a list")
    name = doc.get("name") if isinstance(doc.get("name"), str) else path.stem
    scenario = Scenario(path=path, name=name, namespace=str(doc["namespace"]),
                        user=str(doc["user"]), description=str(doc.get("description", "")))
    try:
        check_namespace(scenario.namespace), check_ident(scenario.user, "user")
    except InvalidInput as exc:
        scenario.problem = str(exc)
    for index, item in enumerate(doc["steps"]):
        if isinstance(item, dict) and len(item) == 1:
            kind, body = next(iter(item.items()))
        else:
            kind, body = "?", {}
        step = Step(index, kind, body if isinstance(body, dict) else {})
        scenario.steps.append(step)
        if scenario.problem is not None:
            continue
        try:
            if kind == "?":
                raise StepProblem("a step is an object with exactly one key "
                                  f"({', '.join(STEP_KINDS)})")
            check_step(kind, body)
        except StepProblem as exc:
            scenario.problem = f"{step.label}: {exc}"
    return scenario


def scenario_files(paths: list[Path]) -> list[Path]:
    """Files named, and the *.json files of folders named, in order."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.json") if p.is_file())
            if not found:
                raise ScenarioFileError(path, "folder has no *.json scenario files")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise ScenarioFileError(path, "no such file or folder")
    return files


def load_all(paths: list[Path]) -> list[Scenario]:
    return [load_scenario(p) for p in scenario_files(paths)]
