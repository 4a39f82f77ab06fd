"""Memory-item statements: one normalised sentence per fact, for people and for retrieval."""
from __future__ import annotations

from pipeline.normalize import norm
from schemas.ids import stable_id

_TEMPLATES: dict[str, str] = {
    "preferred_name": "User prefers to be called {o}.",
    "full_name": "User's name is {o}.",
    "pronouns": "User's pronouns are {o}.",
    "language": "User prefers to speak {o}.",
    "timezone": "User's timezone is {o}.",
    "city": "User lives in {o} (current city of residence, home location).",
    "district": "User lives in the {o} district.",
    "country": "User lives in the country {o}.",
    "employer": "User works at {o} (employer, job, company).",
    "job_title": "User works as a {o} (job title, role, occupation).",
    "relationship_status": "User's relationship status: {o}.",
    "current_project": "User is working on {o} (current project).",
    "current_goal": "User's current goal: {o}.",
    "partner_name": "User's partner is {o}.",
    "smoking_status": "User is a {o}.",
    "allergy": "User is allergic to {o} (allergy; avoid in food, cooking, medicine).",
    "dietary_restriction": "User's diet: {o} (dietary restriction for food, cooking, meals).",
    "accessibility_need": "User's accessibility need: {o}.",
    "pet": "User has a pet: {o}.",
    "child_name": "User has a child named {o}.",
    "hobby": "User's hobby: {o}.",
    "language_spoken": "User speaks {o}.",
    "likes": "User likes {o}.",
    "dislikes": "User dislikes {o}.",
    "plan": "User plans: {o}.",
    "health_condition": "User's health condition: {o}.",
}


def statement_for(predicate: str, obj: str) -> str:
    template = _TEMPLATES.get(predicate)
    if template is None:
        return f"User {predicate.replace('_', ' ')}: {obj}."
    return template.format(o=obj)


def item_id_for(namespace: str, user_id: str, predicate: str, obj: str) -> str:
    """Stable item id: the same value of the same predicate is one item across revisions."""
    return stable_id("item", namespace, user_id, predicate, norm(obj))
