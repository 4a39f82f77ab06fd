"""Each canonical predicate in the many ways people say it, and what must not count."""
from __future__ import annotations

import pytest

from tests.unit.test_rules_support import asserted, claims_of, lowered, retracted

POSITIVE: list[tuple[str, str, str]] = [
    # preferred_name
    ("My name is Katherine but please call me Kate.", "preferred_name", "Kate"),
    ("call me Sam", "preferred_name", "Sam"),
    ("You can call me Jo, everyone does.", "preferred_name", "Jo"),
    ("I go by Alex these days.", "preferred_name", "Alex"),
    ("Hi, I'm Priya, nice to meet you!", "preferred_name", "Priya"),
    ("My name's Tomasz.", "preferred_name", "Tomasz"),
    ("I'd prefer to be called Bea.", "preferred_name", "Bea"),
    ("my name is kate", "preferred_name", "Kate"),
    # pronouns
    ("My pronouns are they/them.", "pronouns", "they/them"),
    ("I use she/her pronouns.", "pronouns", "she/her"),
    ("I go by he/him.", "pronouns", "he/him"),
    ("Pronouns: she/they", "pronouns", "she/they"),
    ("Please use they/them for me.", "pronouns", "they/them"),
    # language (preferred)
    ("I prefer to speak German.", "language", "German"),
    ("Could you answer in Spanish from now on?", "language", "Spanish"),
    ("Please reply in French.", "language", "French"),
    ("My preferred language is Dutch.", "language", "Dutch"),
    ("Let's switch to Italian.", "language", "Italian"),
    ("I'd rather we talk in Polish, I prefer Polish.", "language", "Polish"),
    # timezone
    ("My timezone is CET.", "timezone", "CET"),
    ("I'm on Pacific time.", "timezone", "Pacific time"),
    ("I'm in the CET timezone.", "timezone", "CET"),
    ("My time zone is Europe/Berlin.", "timezone", "Europe/Berlin"),
    ("I'm on UTC+2 at the moment.", "timezone", "UTC+2"),
    ("i'm on est", "timezone", "EST"),
    # city
    ("I live in Oslo.", "city", "Oslo"),
    ("I've just moved from Munich to Berlin.", "city", "Berlin"),
    ("By the way, I moved to Leipzig in August.", "city", "Leipzig"),
    ("We relocated to Lisbon last spring.", "city", "Lisbon"),
    ("I'm based in London.", "city", "London"),
    ("I'm still living in Prague these days.", "city", "Prague"),
    ("Home is Berlin now.", "city", "Berlin"),
    ("Remember that I live in Cork.", "city", "Cork"),
    ("My wife and I live in Toronto.", "city", "Toronto"),
    ("I've lived in Lisbon since 2019.", "city", "Lisbon"),
    ("I left Munich for Hamburg last year.", "city", "Hamburg"),
    ("Just moved to Rio de Janeiro!", "city", "Rio de Janeiro"),
    ("i live in berlin", "city", "Berlin"),
    ("I call Vancouver home these days.", "city", "Vancouver"),
    # country
    ("I moved to Canada two years ago.", "country", "Canada"),
    ("I live in the Netherlands.", "country", "Netherlands"),
    ("I live in Berlin, Germany.", "country", "Germany"),
    ("We're based in the UK.", "country", "UK"),
    ("I relocated to Japan.", "country", "Japan"),
    # district
    ("I live in Munich, in the Schwabing district.", "district", "Schwabing"),
    ("We live in the Kreuzberg neighbourhood of Berlin.", "district", "Kreuzberg"),
    ("I'm based in Shoreditch, a district of London.", "district", "Shoreditch"),
    # employer
    ("I work at Acme Ltd as a junior accountant.", "employer", "Acme Ltd"),
    ("I work as a product designer at Siemens.", "employer", "Siemens"),
    ("Big news: I started a new job at Globex.", "employer", "Globex"),
    ("I joined Microsoft in March.", "employer", "Microsoft"),
    ("I left Acme for Globex.", "employer", "Globex"),
    ("I'm working for Deloitte now.", "employer", "Deloitte"),
    ("I got a job at Spotify!", "employer", "Spotify"),
    ("I'm the CTO of Acme.", "employer", "Acme"),
    ("I work at Umbrella Corp, and it has been busy.", "employer", "Umbrella Corp"),
    ("I was hired by Stripe last month.", "employer", "Stripe"),
    ("Sorry, I misspoke earlier: I work at Initrode, not Initech.", "employer", "Initrode"),
    ("I work for myself.", "employer", "self-employed"),
    # job_title
    ("I work at Acme Ltd as a junior accountant.", "job_title", "junior accountant"),
    ("I work as a product designer at Siemens.", "job_title", "product designer"),
    ("I'm a senior analyst now.", "job_title", "senior analyst"),
    ("I'm now a senior analyst.", "job_title", "senior analyst"),
    ("I got promoted to senior engineer.", "job_title", "senior engineer"),
    ("I'm a teacher.", "job_title", "teacher"),
    ("I'm the CTO of Acme.", "job_title", "CTO"),
    ("I'm head of marketing at Initech.", "job_title", "head of marketing"),
    ("My job title is Lead Data Scientist.", "job_title", "lead data scientist"),
    ("I became a nurse last year.", "job_title", "nurse"),
    ("I'm retired.", "job_title", "retired"),
    # relationship_status
    ("I got married last year.", "relationship_status", "married"),
    ("I'm married to Sam.", "relationship_status", "married"),
    ("I'm single.", "relationship_status", "single"),
    ("We broke up last week.", "relationship_status", "single"),
    ("I'm going through a divorce right now and it's been hard.", "relationship_status",
     "going through a divorce"),
    ("I'm engaged!", "relationship_status", "engaged"),
    ("My girlfriend and I split up.", "relationship_status", "single"),
    ("I'm in a long-distance relationship.", "relationship_status",
     "in a long-distance relationship"),
    ("I'm divorced.", "relationship_status", "divorced"),
    # partner_name
    ("I'm married to Sam.", "partner_name", "Sam"),
    ("My partner Alex and I live in Leeds.", "partner_name", "Alex"),
    ("My wife Anna is a doctor.", "partner_name", "Anna"),
    ("My husband's name is Tom.", "partner_name", "Tom"),
    ("I'm dating Chris.", "partner_name", "Chris"),
    ("My boyfriend, Luis, cooks a lot.", "partner_name", "Luis"),
    # current_project
    ("I'm working on a thesis about urban heat islands.", "current_project",
     "thesis about urban heat islands"),
    ("My current project is a mobile app for birders.", "current_project",
     "mobile app for birders"),
    ("I'm building a treehouse for my kids.", "current_project", "building a treehouse"),
    ("I'm writing a novel about dragons.", "current_project", "writing a novel about dragons"),
    ("I've been working on my dissertation.", "current_project", "dissertation"),
    ("I'm renovating our kitchen.", "current_project", "renovating our kitchen"),
    # current_goal
    ("My goal is to run a marathon.", "current_goal", "run a marathon"),
    ("My main goal this year is to learn Spanish.", "current_goal", "learn Spanish"),
    ("I'm training for a half marathon.", "current_goal", "training for a half marathon"),
    ("I'm trying to lose weight.", "current_goal", "lose weight"),
    ("I want to get fit before summer.", "current_goal", "get fit"),
    ("My New Year's resolution is to read more.", "current_goal", "read more"),
    ("I'm saving up for a house.", "current_goal", "saving up for a house"),
    # plan
    ("I'm planning a trip to Japan and need help with the itinerary.", "plan", "trip to Japan"),
    ("I'm moving to Rome next month.", "plan", "moving to Rome"),
    ("I'm going to Lisbon next week.", "plan", "trip to Lisbon"),
    ("I have a job interview on Friday.", "plan", "job interview"),
    # smoking_status
    ("I'm a smoker, about ten cigarettes a day.", "smoking_status", "smoker"),
    ("I smoke.", "smoking_status", "smoker"),
    ("I started smoking again.", "smoking_status", "smoker"),
    ("I'm a heavy smoker.", "smoking_status", "smoker"),
    ("Good news, I quit smoking last month!", "smoking_status", "non-smoker"),
    ("I gave up cigarettes two years ago.", "smoking_status", "non-smoker"),
    ("I don't smoke.", "smoking_status", "non-smoker"),
    ("I'm a non-smoker.", "smoking_status", "non-smoker"),
    ("I used to smoke but I quit.", "smoking_status", "non-smoker"),
    ("I haven't smoked in two years.", "smoking_status", "non-smoker"),
    ("I'm not a smoker.", "smoking_status", "non-smoker"),
    # allergy
    ("I'm allergic to peanuts.", "allergy", "peanuts"),
    ("Turns out I'm also allergic to shellfish.", "allergy", "shellfish"),
    ("I have a severe peanut allergy.", "allergy", "peanut"),
    ("I've got an allergy to penicillin.", "allergy", "penicillin"),
    ("My allergies are pollen and dust mites.", "allergy", "pollen"),
    ("I'm deathly allergic to bee stings.", "allergy", "bee stings"),
    ("My latex allergy is acting up.", "allergy", "latex"),
    ("Allergies: sesame, mustard", "allergy", "sesame"),
    # dietary_restriction
    ("I'm vegetarian and I live in Madrid.", "dietary_restriction", "vegetarian"),
    ("I'm vegan.", "dietary_restriction", "vegan"),
    ("I keep kosher.", "dietary_restriction", "kosher"),
    ("I only eat halal.", "dietary_restriction", "halal"),
    ("I'm gluten-free.", "dietary_restriction", "gluten-free"),
    ("I'm a strict vegetarian.", "dietary_restriction", "vegetarian"),
    ("I'm on a keto diet.", "dietary_restriction", "keto"),
    ("I don't eat pork.", "dietary_restriction", "no pork"),
    ("I'm lactose intolerant.", "dietary_restriction", "lactose intolerant"),
    ("We're pescatarian.", "dietary_restriction", "pescatarian"),
    # accessibility_need
    ("I use a wheelchair.", "accessibility_need", "wheelchair"),
    ("I'm deaf.", "accessibility_need", "deaf"),
    ("I rely on a screen reader.", "accessibility_need", "screen reader"),
    ("I'm hard of hearing.", "accessibility_need", "hard of hearing"),
    ("I have low vision.", "accessibility_need", "low vision"),
    ("I'm a wheelchair user.", "accessibility_need", "wheelchair"),
    ("I need captions on videos.", "accessibility_need", "captions"),
    # pet
    ("I have a dog named Rex.", "pet", "dog named Rex"),
    ("I've got two cats, Tom and Jerry.", "pet", "cat named Tom"),
    ("My cat Luna sleeps all day.", "pet", "cat named Luna"),
    ("We adopted a kitten last week.", "pet", "kitten"),
    ("I own a golden retriever called Max.", "pet", "golden retriever named Max"),
    ("My dog's name is Biscuit.", "pet", "dog named Biscuit"),
    ("I have a parrot.", "pet", "parrot"),
    # child_name
    ("My daughter Emma just turned five.", "child_name", "Emma"),
    ("I have two kids, Mia and Leo.", "child_name", "Leo"),
    ("Our son is called Jack.", "child_name", "Jack"),
    ("My 5-year-old son Noah loves trains.", "child_name", "Noah"),
    ("We have a daughter named Sofia.", "child_name", "Sofia"),
    ("My son's name is Oliver.", "child_name", "Oliver"),
    # hobby
    ("I love hiking.", "hobby", "hiking"),
    ("I play tennis every week.", "hobby", "tennis"),
    ("My hobbies are chess and climbing.", "hobby", "climbing"),
    ("In my free time I paint.", "hobby", "painting"),
    ("I took up pottery last year.", "hobby", "pottery"),
    ("I go climbing most weekends.", "hobby", "climbing"),
    ("I do yoga every morning.", "hobby", "yoga"),
    # language_spoken
    ("I speak French, German and Spanish.", "language_spoken", "German"),
    ("I'm fluent in Italian.", "language_spoken", "Italian"),
    ("I'm a native Portuguese speaker.", "language_spoken", "Portuguese"),
    ("My mother tongue is Greek.", "language_spoken", "Greek"),
    ("I can speak a little Japanese.", "language_spoken", "Japanese"),
    ("I'm conversational in Mandarin.", "language_spoken", "Mandarin"),
    # likes
    ("I love hiking.", "likes", "hiking"),
    ("I really enjoy jazz.", "likes", "jazz"),
    ("I'm a huge fan of Studio Ghibli.", "likes", "Studio Ghibli"),
    ("My favourite food is sushi.", "likes", "sushi"),
    ("I'm really into board games.", "likes", "board games"),
    ("I love to cook.", "likes", "cooking"),
    # dislikes
    ("I hate cilantro.", "dislikes", "cilantro"),
    ("I can't stand loud music.", "dislikes", "loud music"),
    ("I'm not a fan of horror movies.", "dislikes", "horror movies"),
    ("I don't like mushrooms.", "dislikes", "mushrooms"),
    ("I really dislike small talk.", "dislikes", "small talk"),
    ("I absolutely detest olives.", "dislikes", "olives"),
]


@pytest.mark.parametrize(("text", "predicate", "expected"), POSITIVE)
def test_positive(text: str, predicate: str, expected: str) -> None:
    # As in the evaluation: an expected value matches an object that contains it.
    found = lowered(asserted(text, predicate))
    assert any(expected.lower() in v for v in found), found


NEGATIVE: list[tuple[str, str]] = [
    ("Please don't call me Katherine.", "preferred_name"),
    ("Call me back later.", "preferred_name"),
    ("My sister's name is Anna.", "preferred_name"),
    ("My partner uses she/her pronouns.", "pronouns"),
    ("What pronouns should I use for my coworker, she/her?", "pronouns"),
    ("My boss speaks German.", "language"),
    ("I speak to my boss every day.", "language_spoken"),
    ("My sister speaks Russian.", "language_spoken"),
    ("What time is it in CET?", "timezone"),
    ("My brother is on Pacific time.", "timezone"),
    ("Do I live in Berlin?", "city"),
    ("Should I move to Lisbon?", "city"),
    ("If I moved to Paris, would I be happier?", "city"),
    ("I might move to Rome.", "city"),
    ("I'd love to live in Tokyo.", "city"),
    ("I'm thinking about moving to Amsterdam.", "city"),
    ("my sister lives in Sydney", "city"),
    ("I was in Galway this weekend, nice town.", "city"),
    ("I'm in Paris for a conference.", "city"),
    ("visiting London next week", "city"),
    ("I'm from Cork originally.", "city"),
    # "here in Dublin" places the speaker (the farmers market here in Portland); without
    # "here" the city is only talked about.
    ("The rain in Dublin is relentless.", "city"),
    ("I live in a small flat.", "city"),
    ("I'm moving to Rome next month.", "city"),
    ("My parents live in the Schwabing district.", "district"),
    ("John works at Google.", "employer"),
    ("I know someone who works at Google.", "employer"),
    ("Should I work at Google?", "employer"),
    ("I'd like to work at Google someday.", "employer"),
    ("I quit smoking last month.", "employer"),
    ("I joined a gym.", "employer"),
    ("I work from home.", "employer"),
    ("I'm a smoker.", "job_title"),
    ("I'm a big fan of jazz.", "job_title"),
    ("My dad is a teacher.", "job_title"),
    ("Maybe I'll become a teacher.", "job_title"),
    ("I'm a vegetarian.", "job_title"),
    ("My sister got married.", "relationship_status"),
    ("Are you married?", "relationship_status"),
    ("I'm getting married next month.", "relationship_status"),
    ("We split the bill.", "relationship_status"),
    ("My wife is pregnant.", "partner_name"),
    ("My partner and I live in Leeds.", "partner_name"),
    ("I'm seeing someone.", "partner_name"),
    ("I'm working on it.", "current_project"),
    ("I'm writing an email to my boss.", "current_project"),
    ("My colleague is working on a thesis.", "current_project"),
    ("I want to know how this works.", "current_goal"),
    ("My sister's goal is to run a marathon.", "current_goal"),
    ("I don't want to run a marathon.", "current_goal"),
    ("My dad smokes.", "smoking_status"),
    ("Should I quit smoking?", "smoking_status"),
    ("I'm trying to quit smoking.", "smoking_status"),
    ("I smoke salmon at weekends.", "smoking_status"),
    ("My boss is allergic to cats.", "allergy"),
    ("Am I allergic to penicillin?", "allergy"),
    ("I have seasonal allergies.", "allergy"),
    ("My kid is allergic to eggs.", "allergy"),
    ("My sister is vegan and allergic to nuts.", "allergy"),
    ("My sister is vegan.", "dietary_restriction"),
    ("Is this recipe vegan?", "dietary_restriction"),
    ("I'm a vegan chef.", "dietary_restriction"),
    ("My sister thinks I'm vegetarian.", "dietary_restriction"),
    ("I eat meat.", "dietary_restriction"),
    ("My grandmother uses a wheelchair.", "accessibility_need"),
    ("I'm blind drunk.", "accessibility_need"),
    ("Is the venue wheelchair accessible?", "accessibility_need"),
    ("I have a friend who has a dog named Max.", "pet"),
    ("My neighbour has two cats.", "pet"),
    ("I have a cold.", "pet"),
    ("Should I get a dog?", "pet"),
    ("My sister's daughter Emma is visiting.", "child_name"),
    ("My son is five.", "child_name"),
    ("My daughter loves trains.", "child_name"),
    ("My sister plays tennis.", "hobby"),
    ("I started working at Google.", "hobby"),
    ("Should I take up running?", "hobby"),
    ("I love you.", "likes"),
    ("I like it when you remember things.", "likes"),
    ("I'd like a coffee.", "likes"),
    ("My boss loves golf.", "likes"),
    ("I love my job.", "likes"),
    ("My wife hates cilantro.", "dislikes"),
    ("Do you hate me?", "dislikes"),
    ("I don't hate it.", "dislikes"),
]


@pytest.mark.parametrize(("text", "predicate"), NEGATIVE)
def test_negative(text: str, predicate: str) -> None:
    assert asserted(text, predicate) == []


RETRACTIONS: list[tuple[str, str, str]] = [
    ("I'm not vegetarian anymore.", "dietary_restriction", "vegetarian"),
    ("I'm no longer vegan.", "dietary_restriction", "vegan"),
    ("I no longer work at Google.", "employer", "Google"),
    ("I don't work at Acme any more.", "employer", "Acme"),
    ("I left Initech in May.", "employer", "Initech"),
    ("I don't live in Berlin anymore.", "city", "Berlin"),
    ("I used to live in Paris.", "city", "Paris"),
    ("I moved away from Glasgow.", "city", "Glasgow"),
    ("I don't have a cat anymore.", "pet", "cat"),
    ("Our dog passed away.", "pet", "dog"),
    ("My dog Rex died last week.", "pet", "dog named Rex"),
    ("I'm not allergic to penicillin after all.", "allergy", "penicillin"),
    ("I outgrew my peanut allergy.", "allergy", "peanut"),
    ("I don't like jazz anymore.", "likes", "jazz"),
    ("I don't play tennis anymore.", "hobby", "tennis"),
    ("I'm no longer a teacher.", "job_title", "teacher"),
    ("I finished my thesis last week.", "current_project", "thesis"),
    ("I don't speak German anymore.", "language_spoken", "German"),
]


@pytest.mark.parametrize(("text", "predicate", "obj"), RETRACTIONS)
def test_retraction(text: str, predicate: str, obj: str) -> None:
    assert obj.lower() in lowered(retracted(text, predicate))
    assert obj.lower() not in lowered(asserted(text, predicate))


SENSITIVE: list[tuple[str, str, str, str]] = [
    ("I have diabetes.", "health_condition", "diabetes", "health"),
    ("I was diagnosed with ADHD last year.", "health_condition", "ADHD", "health"),
    ("I'm diabetic.", "health_condition", "diabetes", "health"),
    ("I suffer from migraines.", "health_condition", "migraines", "health"),
    ("I've got asthma.", "health_condition", "asthma", "health"),
    ("I'm Catholic.", "religion", "Catholic", "religion"),
    ("I'm a practicing Muslim.", "religion", "Muslim", "religion"),
    ("I practice Buddhism.", "religion", "Buddhist", "religion"),
    ("I'm an atheist.", "religion", "atheist", "religion"),
    ("I'm a lifelong Democrat.", "political_view", "Democrat", "politics"),
    ("Politically, I'm pretty progressive.", "political_view", "progressive", "politics"),
    ("I always vote Labour.", "political_view", "Labour", "politics"),
    ("I'm conservative.", "political_view", "conservative", "politics"),
    ("I'm gay.", "sexual_orientation", "gay", "sexuality"),
    ("I'm bi.", "sexual_orientation", "bisexual", "sexuality"),
    ("I identify as pansexual.", "sexual_orientation", "pansexual", "sexuality"),
    ("I came out as lesbian last year.", "sexual_orientation", "lesbian", "sexuality"),
]


@pytest.mark.parametrize(("text", "predicate", "obj", "category"), SENSITIVE)
def test_sensitive_categories(text: str, predicate: str, obj: str, category: str) -> None:
    found = [c for c in claims_of(text) if c.predicate == predicate]
    assert [c.object.lower() for c in found] == [obj.lower()]
    assert found[0].sensitive == category
    assert found[0].source == "stated"


@pytest.mark.parametrize(("text", "predicate"), [
    ("My mom has diabetes.", "health_condition"),
    ("I'm straight out of college.", "sexual_orientation"),
    ("I'm liberal with the salt.", "political_view"),
    ("My husband is Jewish.", "religion"),
    ("Is my neighbour Catholic?", "religion"),
    ("My doctor says I have diabetes.", "health_condition"),
])
def test_sensitive_negatives(text: str, predicate: str) -> None:
    assert asserted(text, predicate) == []


def test_confidence_of_direct_statements_is_high() -> None:
    claim = claims_of("I live in Oslo.")[0]
    assert 0.9 <= claim.confidence <= 0.95
    assert claim.source == "stated" and claim.untrusted_origin is None


@pytest.mark.parametrize("text", [
    "I think I'm allergic to latex.",
    "I'm probably allergic to latex.",
    "Maybe I'm allergic to latex.",
    "I guess I'm allergic to latex.",
])
def test_hedged_statements_are_low_confidence(text: str) -> None:
    found = [c for c in claims_of(text) if c.predicate == "allergy"]
    assert found and all(c.confidence <= 0.5 for c in found)
