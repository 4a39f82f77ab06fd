"""Seeded synthetic conversations for the consolidation benchmark: users who move, change
jobs, have allergies, quit smoking and say it again, among chit-chat and assistant replies,
as transcripts of ended sessions (rule vocabulary plus filler)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

BASE_TIME = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)

# ---- synthetic users (pure, seeded) --------------------------------------------------------
CITIES = ("Munich", "Berlin", "Lisbon", "Madrid", "Oslo", "Vienna", "Prague", "Dublin",
          "Toronto", "Seattle", "Austin", "Lyon", "Zurich", "Warsaw", "Helsinki", "Porto")
EMPLOYERS = ("Google", "Siemens", "Spotify", "Zalando", "SAP", "Shopify", "Deloitte", "Bosch",
             "Klarna", "Atlassian", "Stripe", "Airbus")
JOBS = ("software engineer", "data scientist", "product manager", "teacher", "nurse",
        "accountant", "designer", "architect", "chef", "lawyer")
ALLERGENS = ("peanuts", "shellfish", "penicillin", "pollen", "gluten", "sesame", "soy",
             "latex")
HOBBIES = ("climbing", "chess", "running", "painting", "baking", "cycling", "photography")
FILLER = (
    "Can you recommend a good book for the weekend?", "What's the weather usually like in "
    "spring there?", "Thanks, that helps a lot.", "How do I make a sourdough starter?",
    "Could you help me draft an email to my landlord about the heating?", "Any tips for "
    "sleeping better?", "What should I pack for a three-day hike?", "Tell me a fun fact "
    "about octopuses.", "How long should I boil an egg for a soft yolk?", "What's a good "
    "stretch for lower back pain?", "Can you explain how compound interest works?",
    "Give me three ideas for a birthday present.", "ok", "Haha, nice one.",
    "What's the difference between a latte and a flat white?")
REPLIES = (
    "Sure! Here are a few ideas you might enjoy.", "Great question. In short, it depends on a "
    "few things; here is the gist.", "Happy to help with that.", "Noted, thanks for telling "
    "me.", "Here's a quick summary of the main points.", "That sounds exciting! Let me know "
    "if you need anything for it.", "Of course. Step one is the simplest, so start there.")


@dataclass
class _Persona:
    city: str
    employer: str
    job: str
    smoker: bool
    allergies: list[str] = field(default_factory=list)


def _facts_for(rng: random.Random, p: _Persona, first: bool) -> list[str]:
    """The factual user turns of one session (the persona changes as they are said)."""
    if first:
        out = [f"I live in {p.city}.", f"I work at {p.employer} as a {p.job}."]
        if p.smoker:
            out.append("I smoke about ten cigarettes a day.")
        p.allergies.append(rng.choice(ALLERGENS))
        out.append(f"I'm allergic to {p.allergies[-1]}.")
        return out
    out = []
    if rng.random() < 0.35:
        old, p.city = p.city, rng.choice([c for c in CITIES if c != p.city])
        out.append(rng.choice((f"I moved to {p.city} last week.",
                               f"I just moved from {old} to {p.city}.")))
    elif rng.random() < 0.3:
        out.append(f"As I said, I live in {p.city}.")
    if rng.random() < 0.25:
        p.employer = rng.choice([e for e in EMPLOYERS if e != p.employer])
        p.job = rng.choice(JOBS)
        out.append(f"I started a new job at {p.employer} as a {p.job}.")
    new_allergens = [a for a in ALLERGENS if a not in p.allergies]  # a long history has all
    if rng.random() < 0.3 and new_allergens:
        p.allergies.append(rng.choice(new_allergens))
        out.append(f"I'm also allergic to {p.allergies[-1]}.")
    if p.smoker and rng.random() < 0.35:
        p.smoker = False
        out.append("I quit smoking last month.")
    if rng.random() < 0.3:
        out.append(f"I love {rng.choice(HOBBIES)}.")
    return out


def generate(seed: int, namespace: str, users: int, sessions: int, turns: int,
             prefix: str = "u"):
    """`users` x `sessions` transcripts of `turns` turns (user and assistant alternate); the
    same seed and prefix give the same conversations in any namespace."""
    from schemas.records import Transcript, Turn
    rng = random.Random(f"{seed}/{prefix}")
    out = []
    personas = [_Persona(rng.choice(CITIES), rng.choice(EMPLOYERS), rng.choice(JOBS),
                         rng.random() < 0.4) for _ in range(users)]
    for s in range(sessions):
        for u, persona in enumerate(personas):
            start = BASE_TIME + timedelta(days=7 * s, minutes=u)
            facts = _facts_for(rng, persona, first=(s == 0))
            n_user = (turns + 1) // 2
            slots = sorted(rng.sample(range(n_user), min(len(facts), n_user)))
            user_texts = [rng.choice(FILLER) for _ in range(n_user)]
            for slot, text in zip(slots, facts):
                user_texts[slot] = text
            ts = []
            for i in range(turns):
                text = user_texts[i // 2] if i % 2 == 0 else rng.choice(REPLIES)
                ts.append(Turn(index=i, role="user" if i % 2 == 0 else "assistant", text=text,
                               at=start + timedelta(seconds=30 * i)))
            out.append(Transcript(namespace=namespace, user_id=f"{prefix}{u}",
                                  session_id=f"s{s}", started_at=start,
                                  ended_at=ts[-1].at if ts else start, turns=tuple(ts)))
    return out
