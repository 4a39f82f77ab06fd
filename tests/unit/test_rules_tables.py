"""One example per rule of the tables, run through that rule alone, so each rule is tested
on its own and a rule added without an example fails here."""
from __future__ import annotations

import pytest

from pipeline.extract.grammar import Action, expand
from pipeline.extract.patterns import RULES
from pipeline.extract.rules import match_rule

EXAMPLES: dict[str, tuple[str, str, str, str]] = {
    "name.call-me": ("Just call me Jo.", "preferred_name", "Jo", "assert"),
    "name.my-name": ("My name is Ada Lovelace.", "full_name", "Ada Lovelace", "assert"),
    "name.greeting": ("Hello, I'm Marek!", "full_name", "Marek", "assert"),
    "name.intro": ("I'm Tomás", "full_name", "Tomás", "assert"),
    "name.prefer": ("I prefer Kate over Katherine.", "preferred_name", "Kate", "assert"),
    "pronouns": ("I use he/him.", "pronouns", "he/him", "assert"),
    "pronouns.label": ("Pronouns: they/them", "pronouns", "they/them", "assert"),
    "language.prefer": ("Please answer in Italian.", "language", "Italian", "assert"),
    "language.spoken": ("I speak Greek and Turkish.", "language_spoken", "Greek", "assert"),
    "timezone": ("My time zone is GMT+1.", "timezone", "GMT+1", "assert"),
    "timezone.bare": ("I'm in Sydney, so AEST.", "timezone", "AEST", "assert"),
    "timezone.label": ("Timezone: CET", "timezone", "CET", "assert"),
    "city.now": ("We're in Vancouver now.", "city", "Vancouver", "assert"),
    "city.still-there": ("Born and raised in Leeds, still live there.", "city", "Leeds", "assert"),
    "city.before": ("Before Leeds I lived in York.", "city", "Leeds", "assert"),
    "city.home-in": ("I rent a flat in Leeds.", "city", "Leeds", "assert"),
    "employer.keep": ("I'll keep my job at Pellwood.", "employer", "Pellwood", "assert"),
    "city.until": ("We're in Leeds until the end of May.", "city", "Leeds", "assert"),
    "goal.label": ("New goal: learn to swim.", "current_goal", "learn to swim", "assert"),
    "project.label": ("Next project: a garden shed.", "current_project", "garden shed", "assert"),
    "employer.switch": ("I switched from Initech to Hooli.", "employer", "Hooli", "assert"),
    "pet.named-gone": ("Sadly Mittens passed away.", "pet", "Mittens", "retract"),
    "pet.named-gone-apposition": ("Mittens, our cat, died.", "pet", "Mittens", "retract"),
    "city.live": ("I live in Bergen.", "city", "Bergen", "assert"),
    "city.move": ("We moved to Ghent in May.", "city", "Ghent", "assert"),
    "city.leave": ("I moved out of Leeds.", "city", "Leeds", "retract"),
    "plan.move": ("I'm relocating to Dubai.", "plan", "moving to Dubai", "assert"),
    "district": ("I live in the Marais district.", "district", "Marais", "assert"),
    "employer.work-at": ("I work for Nokia.", "employer", "Nokia", "assert"),
    "employer.join": ("I joined Canonical last year.", "employer", "Canonical", "assert"),
    "employer.left-for": ("I left Nokia for Ericsson.", "employer", "Ericsson", "assert"),
    "employer.left": ("I quit Nokia.", "employer", "Nokia", "retract"),
    "employer.finished": ("I finished up at Nokia in March.", "employer", "Nokia", "retract"),
    "employer.at": ("I'm at Adyen now, after I switched jobs.", "employer", "Adyen", "assert"),
    "employer.been-at": ("I've been at Adyen since 2020.", "employer", "Adyen", "assert"),
    "employer.my": ("My employer is Philips.", "employer", "Philips", "assert"),
    "employer.self": ("I'm self-employed.", "employer", "self-employed", "assert"),
    "title.as-clause": ("As a nurse, I work nights.", "job_title", "nurse", "assert"),
    "employer.title-at": ("Senior analyst at Globex.", "employer", "Globex", "assert"),
    "title.as": ("I work as a UX designer.", "job_title", "UX designer", "assert"),
    "title.be": ("I'm an electrician.", "job_title", "electrician", "assert"),
    "title.retired": ("I retired last year.", "job_title", "retired", "assert"),
    "title.unemployed": ("I lost my job.", "job_title", "unemployed", "assert"),
    "relationship.be": ("I'm engaged to Pat.", "relationship_status", "engaged", "assert"),
    "partner.name": ("My girlfriend Mia is lovely.", "partner_name", "Mia", "assert"),
    "relationship.proposal": ("Sam proposed and I said yes!", "relationship_status", "engaged",
                              "assert"),
    "children": ("My son Ben is three.", "child_name", "Ben", "assert"),
    "children.colon": ("We had twins in May: Ada and Ivy.", "child_name", "Ada", "assert"),
    "language.lost": ("I've forgotten most of my French.", "language_spoken", "French",
                      "retract"),
    "access.must": ("Subtitles are a must for me.", "accessibility_need", "subtitles",
                    "assert"),
    "pet.have": ("I have a rabbit named Clover.", "pet", "rabbit named Clover", "assert"),
    "pet.gone": ("Our parrot died.", "pet", "parrot", "retract"),
    "pet.colon": ("We have a new member of the family: a rescue puppy called Biscuit.", "pet",
                  "puppy named Biscuit", "assert"),
    "hobby.frequency": ("Swimming is still twice a week.", "hobby", "swimming",
                        "assert"),
    "allergy.allergic": ("I'm allergic to kiwi.", "allergy", "kiwi", "assert"),
    "allergy.reaction": ("I react badly to aspirin.", "allergy", "aspirin", "assert"),
    "allergy.fronted": ("I can't eat kiwi - allergy.", "allergy", "kiwi", "assert"),
    "allergy.list": ("Allergies: soy", "allergy", "soy", "assert"),
    "allergy.outgrown": ("I outgrew my egg allergy.", "allergy", "egg", "retract"),
    "diet.be": ("I'm pescatarian.", "dietary_restriction", "pescatarian", "assert"),
    "diet.named": ("I'm on a paleo diet.", "dietary_restriction", "paleo", "assert"),
    "diet.dont-eat": ("I don't eat beef.", "dietary_restriction", "no beef", "assert"),
    "diet.off-menu": ("Meat's off the table for me.", "dietary_restriction", "vegetarian",
                      "assert"),
    "diet.resumed": ("I'm back to eating meat.", "dietary_restriction", "vegetarian",
                     "retract"),
    "diet.avoid": ("I avoid dairy.", "dietary_restriction", "dairy-free", "assert"),
    "smoking.smoker": ("I smoke a pack a day.", "smoking_status", "smoker", "assert"),
    "smoking.non-smoker": ("I stopped smoking.", "smoking_status", "non-smoker", "assert"),
    "diet.ended": ("I stopped being vegan last year.", "dietary_restriction", "vegan",
                   "retract"),
    "smoking.since-last": ("It's been a month since my last cigarette.", "smoking_status",
                           "non-smoker", "assert"),
    "smoking.relapse": ("I've started smoking again.", "smoking_status", "smoker", "assert"),
    "smoking.perfect": ("I've smoked since I was sixteen.", "smoking_status", "smoker", "assert"),
    "access.need": ("I use crutches.", "accessibility_need", "crutches", "assert"),
    "likes": ("I adore opera.", "likes", "opera", "assert"),
    "dislikes": ("I loathe traffic.", "dislikes", "traffic", "assert"),
    "hobby": ("I play chess.", "hobby", "chess", "assert"),
    "hobby.agent": ("I'm a keen cyclist.", "hobby", "cycling", "assert"),
    "likes.gone-off": ("I've gone off coffee.", "likes", "coffee", "retract"),
    "hobby.learning": ("I'm learning salsa.", "hobby", "salsa", "assert"),
    "hobby.language": ("I'm learning Korean.", "hobby", "learning Korean", "assert"),
    "likes.is": ("Jazz is my jam.", "likes", "jazz", "assert"),
    "dislikes.is": ("Olives are gross.", "dislikes", "olives", "assert"),
    "hobby.free-time": ("In my spare time I knit.", "hobby", "knitting", "assert"),
    "hobby.club": ("I joined a chess club near work.", "hobby", "chess", "assert"),
    "hobby.habit": ("I've been rowing on the canal most mornings.", "hobby", "rowing", "assert"),
    "hobby.hooked": ("A friend took me to a climbing gym and now I'm hooked.", "hobby",
                     "climbing", "assert"),
    "hobby.slot": ("Thursday evenings are out, that's my pottery class.", "hobby", "pottery",
                   "assert"),
    "hobby.verb": ("I swim at the lido most mornings.", "hobby", "swimming", "assert"),
    "hobby.done": ("The rowing is done for good.", "hobby", "rowing", "retract"),
    "hobby.gear-gone": ("I sold my cello in March.", "hobby", "cello", "retract"),
    "hobby.taken-to": ("My cousin dragged me to salsa and I've been going every week since.",
                       "hobby", "salsa", "assert"),
    "hobby.club-quit": ("I quit the running club in May.", "hobby", "running", "retract"),
    "hobby.stopped": ("I stopped running.", "hobby", "running", "retract"),
    "hobby.no-longer": ("I don't knit anymore.", "hobby", "knitting", "retract"),
    "hobby.not-since": ("I haven't been to the climbing gym since June.", "hobby", "climbing",
                        "retract"),
    "project": ("I'm working on a board game.", "current_project", "board game", "assert"),
    "project.done": ("I finished my novel.", "current_project", "novel", "retract"),
    "goal": ("My goal is to learn to swim.", "current_goal", "learn to swim", "assert"),
    "plan.help": ("Help me plan my wedding.", "plan", "wedding", "assert"),
    "plan": ("I'm planning a road trip to Utah.", "plan", "road trip to Utah", "assert"),
    "health.have": ("I have asthma.", "health_condition", "asthma", "assert"),
    "health.adjective": ("I'm epileptic.", "health_condition", "epilepsy", "assert"),
    "religion": ("I'm Hindu.", "religion", "Hindu", "assert"),
    "politics": ("I'm a socialist.", "political_view", "socialist", "assert"),
    "politics.vote": ("I always vote Green.", "political_view", "Green", "assert"),
    "orientation": ("I'm asexual.", "sexual_orientation", "asexual", "assert"),
}

BY_NAME = {r.name: r for r in RULES}


def test_every_rule_has_an_example() -> None:
    assert set(EXAMPLES) == set(BY_NAME)
    assert len(BY_NAME) == len(RULES), "rule names are unique"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_rule_on_its_own(name: str) -> None:
    text, predicate, obj, op = EXAMPLES[name]
    assert (predicate, obj, op) in match_rule(BY_NAME[name], text)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_rules_are_well_formed(rule) -> None:  # type: ignore[no-untyped-def]
    assert rule.keys and all(k == k.lower() for k in rule.keys)
    assert all("<" not in expand(p).replace("(?P<", "").replace("(?<", "")
               for p in rule.patterns), "an unknown macro"
    assert {a.op for a in rule.actions.values()} <= {"assert", "retract", "skip"}


def test_action_parsing() -> None:
    assert Action.parse("assert:smoking_status=non-smoker") == Action(
        "assert", "smoking_status", "non-smoker")
    assert Action.parse("retract") == Action("retract")
