#!/usr/bin/env python3
"""Write the held12 natural multi-session scenarios (format v1) to the parent folder.

Edit this script, not the JSON.  `--check` validates without writing.

Times are written as local wall-clock times in the user's own IANA time zone and
converted here (zoneinfo) to ISO-8601 with the correct UTC offset for that date.
"""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

OUT = Path(__file__).resolve().parent.parent
NAMESPACE = "held12"
USER_PREFIX = "h12"

#: the brief's totals by kind; --check fails when the set drifts from them
EXPECTED_COUNTS = {"current": 53, "absent": 6, "as_of": 15, "believed_as_of": 4, "history": 9,
                   "profile": 8, "recall": 3}

KINDS = {
    "current": {"predicate", "expect"},
    "absent": {"predicate"},
    "as_of": {"valid_at", "predicate", "expect"},
    "believed_as_of": {"known_at", "predicate", "expect"},
    "history": {"predicate", "expect"},
    "recall": {"query", "must_include"},
    "profile": {"must_include", "must_exclude"},
}
PREDICATES = {
    "preferred_name", "pronouns", "language", "timezone", "city", "country", "employer",
    "job_title", "relationship_status", "current_project", "current_goal", "partner_name",
    "smoking_status", "allergy", "dietary_restriction", "accessibility_need", "pet",
    "child_name", "hobby", "language_spoken", "likes", "dislikes",
}


def t(tz: str, local: str) -> str:
    """'2026-02-10 19:30' in zone tz -> ISO-8601 with offset."""
    dt = datetime.strptime(local, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(tz))
    return dt.isoformat()


def session(sid, tz, local, turns, claims=None, end=None):
    out_turns, off = [], 0
    for i, (role, text) in enumerate(turns):
        if i:
            # reading + typing time: users type slowly, assistants and tools answer quickly
            off += 10 if role in ("assistant", "tool") else max(25, len(text) // 5)
        out_turns.append({"role": role, "text": text, "offset_s": off})
    s = {"id": sid, "started_at": t(tz, local), "turns": out_turns}
    if end:
        s["end"] = end
    if claims:
        s["claims"] = claims
    return {"session": s}


def check(kind, tz, local, **fields):
    c = {"kind": kind, "at": t(tz, local)}
    for k in ("valid_at", "known_at"):
        if k in fields:
            fields[k] = t(tz, fields[k])
    c.update(fields)
    return {"check": c}


U, A, T = "user", "assistant", "tool"
SCENARIOS = []


def scenario(name, description, steps):
    SCENARIOS.append({
        "format": 1,
        "name": name,
        "description": description,
        "namespace": NAMESPACE,
        "user": f"{USER_PREFIX}-{len(SCENARIOS) + 1:02d}",
        "steps": steps,
    })


# 1 -------------------------------------------------------------------------
LPB = "America/La_Paz"
scenario(
    "padcaya-since-the-eighteenth-tarija-fossils",
    "A fossil preparator's employer, role and two languages (German, Weenhayek) said inside talk about a "
    "glyptodont shell; a move from Tarija to Padcaya told seven weeks late ('since Saturday the 18th of "
    "April'), while the lab stays in Tarija (a trufi commute); the in-laws' city (Cochabamba), which the "
    "assistant then gives to the user.",
    [
        session("s1", LPB, "2026-02-03 19:00", [
            (U, "I have plaster under my fingernails that will not come out, I've been scrubbing for ten "
                "minutes. Today we finally opened the field jacket on the glyptodont shell that came out of "
                "the ravine in December, and it's perfect, the armour plates are all there, like a giant "
                "armadillo's. I'm the fossil preparator at the Fundación Huellas del Chaco here in Tarija, "
                "six years now, which means I spend my days with a dental pick and a soft brush cleaning bones "
                "that are a million years old, and nobody at parties believes me. With the German team who "
                "come every August I speak German, badly but enough, I learned it on a scholarship, and with "
                "my grandmother it's Weenhayek, she's from a community on the Pilcomayo near Villa Montes, so I'm "
                "the only one in the lab who can really talk to the old fisherman who found the shell. My husband Wilfredo "
                "brought me a salteña at lunch because he knows I forget to eat when a fossil is open. His "
                "parents in Cochabamba have their fortieth anniversary in March and his mother wants me to make "
                "the cake, which is more pressure than the glyptodont. Anyway, my question is about work: we "
                "need a consolidant for the fragile edges of the shell, the lab has used the same old glue "
                "forever. What is better for fossil bone, Paraloid or a PVA, and how strong should the "
                "solution be?"),
            (A, "Paraloid B-72 in acetone is the usual choice for fossil bone: stable, reversible and it doesn't "
                "yellow. Start with a thin solution, around 3-5 %, so it soaks in, and go up to about 10 % only "
                "for the surface or as an adhesive."),
            (U, "Three percent first, then. My boss will say we always used the other one, but I'll show him."),
            (A, "Test it on a small loose fragment first, so he can see the difference."),
        ]),
        session("s2", LPB, "2026-06-09 20:00", [
            (U, "Okay, news I should have told you weeks ago: we've been living in Padcaya since Saturday the "
                "18th of April. Wilfredo's uncle left him the house with the big walnut tree, and we thought, "
                "why pay rent in Tarija when we have a whole house with a patio forty-five minutes away. It's a "
                "small town, everybody knows everybody, the lady at the bakery already knows how I like my "
                "bread. Nothing changed at work, I'm still at the Fundación in Tarija, I take the trufi at half "
                "past six and I'm in the lab before eight, and I sleep the whole way, which is a talent. The "
                "glyptodont is almost finished, by the way, the three percent worked and my boss pretends it "
                "was his idea. The anniversary in Cochabamba was lovely and the cake survived eight hours on "
                "the bus. Now we want a vegetable garden in the patio, but the soil is hard like a brick. How "
                "do I start a vegetable garden on clay soil?"),
            (A, "Congratulations on settling into Cochabamba! For clay soil: never dig it wet, add plenty of "
                "compost and manure every season, build raised beds, and start with easy crops like broad "
                "beans, chard and lettuce."),
            (U, "Not Cochabamba! That's only where Wilfredo's parents live, we were there for the party. We live "
                "in Padcaya. But raised beds, yes, we have a pile of old adobe bricks we can use."),
            (A, "Sorry, Padcaya. Adobe bricks will make good raised beds."),
        ]),
        check("current", LPB, "2026-06-10 09:00", predicate="city", expect=["Padcaya"]),
        check("current", LPB, "2026-06-10 09:00", predicate="employer", expect=["Huellas"]),
        check("current", LPB, "2026-06-10 09:00", predicate="job_title", expect=["preparator"]),
        check("current", LPB, "2026-06-10 09:00", predicate="language_spoken", expect=["German", "Weenhayek"]),
        check("as_of", LPB, "2026-06-10 09:00", valid_at="2026-03-10 12:00", predicate="city",
              expect=["Tarija"]),
        check("as_of", LPB, "2026-06-10 09:00", valid_at="2026-05-15 12:00", predicate="city",
              expect=["Padcaya"]),
        check("believed_as_of", LPB, "2026-06-10 09:00", known_at="2026-05-15 12:00", predicate="city",
              expect=["Tarija"]),
        check("history", LPB, "2026-06-10 09:00", predicate="city", expect=["Tarija", "Padcaya"]),
        check("profile", LPB, "2026-06-10 09:00", must_include=["Padcaya"], must_exclude=["Cochabamba"]),
    ],
)

# 2 -------------------------------------------------------------------------
HEL = "Europe/Helsinki"
scenario(
    "midsummer-eve-eve-savonlinna-steamer",
    "Notice handed in: the last day is first given as Friday 12 June and corrected later in the same session "
    "to Thursday 18 June (the day before Midsummer Eve); boat builder at a boatyard until then, engineer on a "
    "lake steamer from Wednesday 1 July, with no session on either day; a friend's move to Joensuu, which the "
    "assistant later gives to the user.",
    [
        session("s1", HEL, "2026-05-06 19:30", [
            (U, "I handed in my notice today and my hands are still shaking a bit, which is funny, because these "
                "hands have planed about a thousand metres of pine. Eleven years I've been a boat builder at "
                "Pihlajaveden Venepaja here in Savonlinna, wooden rowing boats and the odd church boat, and the "
                "old man who owns it cried, and then I cried, and then we had coffee and pulla like nothing "
                "happened. The notice is six weeks, so my last day at the boatyard is Friday the 12th of June. "
                "Then on Wednesday the 1st of July I start at Saimaan Höyrylaivat as the engineer on the steamer "
                "Vellamo, the company that runs the old steamships on the lake in summer, down in the engine "
                "room with a steam engine from 1912, which has been my dream since I was a boy. Tuulikki says I "
                "will come home smelling of coal instead of tar and she doesn't know which is worse. The problem "
                "now is the two boats I won't finish: a rowing boat half planked and a church boat that only has "
                "its keel. How do I hand them over to the apprentice without him ruining them?"),
            (A, "Write a short build sheet for each boat: what is done, what's next, the measurements and the "
                "tricky spots; then work the next steps together with him while you're still there, and let him "
                "do the last week alone with you only checking."),
            (U, "Wait, I was wrong about the date. I just looked at the contract again: six weeks from today ends "
                "on a Thursday, so my last day at the boatyard is Thursday the 18th of June, the day before "
                "Midsummer Eve, not the 12th. Good, at least I get Midsummer at the cottage. The build sheets "
                "are a good idea, he's better with paper than with a plane anyway."),
            (A, "Thursday the 18th, then. Enjoy Midsummer before the steamer season."),
        ]),
        session("s2", HEL, "2026-06-02 20:00", [
            (U, "Two more weeks at the yard. The apprentice planked three strakes on the rowing boat by himself "
                "and only one needs to come off again, which is better than I did at his age. Tuulikki and I "
                "went to the market on Saturday and I ate two lörtsy with meat and one with apple, which is my "
                "personal record, and we met Kalervo, my old friend from the army, who's moving to Joensuu in "
                "August because his wife got a job at the university there. He wants me to visit but Joensuu is "
                "far when you work on a steamer all summer. My question is about the steamer: the chief engineer "
                "told me to bring my own gear for the engine room. What should I pack for working next to an old "
                "boiler all day?"),
            (A, "For the engine room in Joensuu: boots with steel toes and oil-resistant soles, cotton or wool "
                "clothes (no synthetics near heat), heat-resistant gloves, hearing protection, a cap, and plenty "
                "of water."),
            (U, "Not Joensuu, that's Kalervo! The Vellamo sails from Savonlinna, I'm staying right here. But "
                "cotton, yes, and ear plugs, the old engines are loud."),
            (A, "Sorry, Savonlinna. Cotton, gloves and ear plugs, then."),
        ]),
        check("current", HEL, "2026-06-10 09:00", predicate="employer", expect=["Pihlajav"]),
        check("current", HEL, "2026-06-10 09:00", predicate="job_title", expect=["boat builder"]),
        check("current", HEL, "2026-07-03 09:00", predicate="employer", expect=["Höyrylaiv"]),
        check("current", HEL, "2026-07-03 09:00", predicate="job_title", expect=["engineer"]),
        check("current", HEL, "2026-07-03 09:00", predicate="city", expect=["Savonlinna"]),
        check("as_of", HEL, "2026-07-03 09:00", valid_at="2026-06-16 12:00", predicate="employer",
              expect=["Pihlajav"]),
        check("as_of", HEL, "2026-07-03 09:00", valid_at="2026-07-02 12:00", predicate="employer",
              expect=["Höyrylaiv"]),
        check("history", HEL, "2026-07-03 09:00", predicate="employer", expect=["Pihlajav", "Höyrylaiv"]),
        check("history", HEL, "2026-07-03 09:00", predicate="job_title", expect=["boat builder", "engineer"]),
        check("profile", HEL, "2026-07-03 09:00", must_include=["Savonlinna"], must_exclude=["Joensuu"]),
    ],
)

# 3 -------------------------------------------------------------------------
FRU = "Asia/Bishkek"
scenario(
    "ashlyan-fu-after-the-tenth-naryn-to-karakol",
    "An avalanche service opens a station in Karakol: a dated drive on Saturday 10 October, after which the "
    "city must change by itself with no session (checked before, after and three months later); a post in "
    "Talas refused in spring; wife, son and employer in passing; the son's komuz teacher named once with a "
    "dated first lesson, then recalled.",
    [
        session("s1", FRU, "2026-09-15 20:00", [
            (U, "So it's decided, we're leaving Naryn. The avalanche service is opening a forecasting station in "
                "Karakol for the ski base and the mountain roads, and they want me to run it, so on Saturday the "
                "10th of October we load the truck and drive the whole day, Naryn, Balykchy, all along the lake, "
                "and from that night we live in Karakol. I've been an avalanche forecaster with Ala-Too Kar "
                "Kyzmaty for nine years, digging snow pits at four in the morning and telling the road people "
                "when to close the pass, and in Karakol it will be the same but with more tourists who think they "
                "know snow. My wife Nurzada is happy, her sister lives there and she already found a school for "
                "our son Bektur, he's nine. The first thing I arranged: Bektur wants to play the komuz like his "
                "grandfather, and a colleague told me about a teacher in Karakol, Gulsaira Toktobekova, and he "
                "has his first lesson with her on Thursday the 15th of October at four. My mother of course asks "
                "why we don't go to Talas, where the service also had a post, but I said no to Talas in the "
                "spring, it's too far from everybody. My question: how do I keep the new station's weather "
                "sensors from freezing up in January?"),
            (A, "Use heated or ventilated sensor housings, mount the anemometer high and clear of rime, use a "
                "heated precipitation gauge or an ultrasonic snow-depth sensor instead of a bucket, insulate the "
                "batteries, and plan a weekly maintenance visit."),
            (U, "Heated housings, yes. The old ones in Naryn were wrapped in my socks, I'm not joking."),
            (A, "Socks are a respectable emergency measure."),
        ]),
        check("current", FRU, "2026-10-01 09:00", predicate="city", expect=["Naryn"]),
        check("current", FRU, "2026-10-14 09:00", predicate="city", expect=["Karakol"]),
        session("s2", FRU, "2027-01-19 20:00", [
            (U, "Three months in Karakol now. The snow is different here, wetter and heavier, and the ski base "
                "people call me every morning like I'm the weather god. The station works, the heated housings "
                "were worth every som, no socks needed. Nurzada goes to the Sunday market and comes back with "
                "ashlyan-fu every time, I think I've eaten it forty times, cold noodles at minus twenty, only in "
                "Karakol. Bektur practises the komuz every evening, he goes to his lessons twice a week, and he "
                "played a whole piece at the school New Year concert, my father cried on the video call. My "
                "question: the road people want a simple avalanche danger sign at the bottom of the pass road, "
                "something drivers understand in two seconds. What should be on it?"),
            (A, "The danger level as a number and a colour (1 to 5), one pictogram, and one instruction such as "
                "'do not stop for the next 10 km', with the date updated every day."),
            (U, "Number, picture, one instruction. Drivers read nothing else anyway."),
            (A, "Exactly, keep it that simple."),
        ]),
        check("current", FRU, "2027-01-20 09:00", predicate="city", expect=["Karakol"]),
        check("current", FRU, "2027-01-20 09:00", predicate="partner_name", expect=["Nurzada"]),
        check("current", FRU, "2027-01-20 09:00", predicate="child_name", expect=["Bektur"]),
        check("current", FRU, "2027-01-20 09:00", predicate="employer", expect=["Ala-Too"]),
        check("as_of", FRU, "2027-01-20 09:00", valid_at="2026-09-01 12:00", predicate="city",
              expect=["Naryn"]),
        check("as_of", FRU, "2027-01-20 09:00", valid_at="2026-11-15 12:00", predicate="city",
              expect=["Karakol"]),
        check("history", FRU, "2027-01-20 09:00", predicate="city", expect=["Naryn", "Karakol"]),
        check("recall", FRU, "2027-01-20 09:00", query="Who is Bektur's komuz teacher?", k=5,
              must_include=["Toktobekova"]),
    ],
)

# 4 -------------------------------------------------------------------------
LJU = "Europe/Ljubljana"
scenario(
    "krvavica-at-grandpas-eightieth-piran-salt",
    "Smoking: a dated plan to stop on Ash Wednesday (18 February; checked two days after with no session), "
    "stopped, then smoking again since a dated wedding night (Saturday 22 August); vegetarian from a birthday "
    "(Saturday 14 March) until a grandfather's eightieth (Sunday 5 July); a colleague who stops and smokes at "
    "parties.",
    [
        session("s1", LJU, "2026-01-27 19:30", [
            (U, "It's January, so the salt pans are asleep and so am I, mostly. I'm a salt maker at Soline "
                "Fontanigge, down at Sečovlje, in summer I rake the salt by hand the old way with the wooden "
                "tools, and in winter we repair the dykes and the little channels and I drink too much coffee in "
                "the old magazine building. We live in Piran, a flat in the old town so narrow you can touch both "
                "walls from the bed. Okay, confession: I smoke, about ten a day, and my niece drew me a picture "
                "of black lungs for Christmas, which worked. I've decided: I stop on Ash Wednesday, the 18th of "
                "February, I give it up for Lent and then I just don't start again. My colleague Vesna stopped in "
                "November with patches and says she's never felt better, and then she smokes at every party, so "
                "she's not my model. Also my brother Matevž is getting married in August in Izola and I'm the "
                "best man, which means a speech, which scares me more than the cigarettes. What actually helps "
                "in the first week without cigarettes?"),
            (A, "Plan a replacement for each moment you usually smoke (gum, a short walk, a glass of water), "
                "tell the people around you, break the coffee-and-cigarette routine for the first week, and "
                "think about patches or nicotine gum; cravings are worst in the first three days and each one "
                "passes in a few minutes."),
            (U, "The coffee routine is the killer. Maybe I drink tea for a week, my grandfather will laugh at me."),
            (A, "Tea for a week sounds like a good plan."),
        ]),
        check("current", LJU, "2026-02-20 09:00", predicate="smoking_status", expect=["non-smoker"]),
        session("s2", LJU, "2026-04-22 20:00", [
            (U, "Nine weeks without a cigarette! Ash Wednesday came and I just stopped, and I haven't had a single "
                "one since, I chew so much gum my jaw has muscles now. And another change: I haven't eaten meat "
                "since my birthday, Saturday the 14th of March. I watched a documentary about pig farms with my "
                "girlfriend and that was it, I'm a vegetarian now, Vesna says it's a phase. The salt season starts "
                "in a few weeks, we're cleaning the crystallisation pans and laying the petola, the layer at the "
                "bottom, it has to be perfect or the salt comes out grey. My question: what should a vegetarian "
                "eat for lunch when he works outside all day in the sun and does heavy work?"),
            (A, "Something with protein and salt: a bean or lentil salad, eggs, cheese, a chickpea wrap, plus "
                "fruit, nuts for a snack and a lot of water."),
            (U, "Beans and eggs, okay. Salt at least I have."),
            (A, "Plenty of it, fresh from the pans."),
        ]),
        session("s3", LJU, "2026-09-16 20:00", [
            (U, "Report from the end of the summer. The harvest was good, a hot July, perfect salt flowers. But, "
                "well. My grandfather turned eighty on Sunday the 5th of July in Ptuj, and he made his famous "
                "krvavica, and he looked at me, and I ate two, and since then I just eat meat again, the "
                "vegetarian thing is over, Vesna was right, don't tell her. And worse: at Matevž's wedding in "
                "Izola, Saturday the 22nd of August, somebody offered me a cigarette after my speech and I took "
                "it, and since that night I'm smoking again, ten a day, like before. I know, I know. My question "
                "is about the pans: the winter storms always break the same part of the dyke. How do we make a "
                "clay dyke hold better against the sea?"),
            (A, "Build the clay up in thin, damp, well-compacted layers, protect the sea side with stone or a "
                "geotextile, plant salt-tolerant grass on the crown, and fix small breaks immediately, before the "
                "next storm makes them bigger."),
            (U, "Stone on the sea side, we used to have it, and the old men took it away for their gardens."),
            (A, "Then maybe it's time to ask for it back."),
        ]),
        check("current", LJU, "2026-09-17 09:00", predicate="smoking_status", expect=["smoker"]),
        check("current", LJU, "2026-09-17 09:00", predicate="city", expect=["Piran"]),
        check("current", LJU, "2026-09-17 09:00", predicate="employer", expect=["Fontanigge"]),
        check("absent", LJU, "2026-09-17 09:00", predicate="dietary_restriction"),
        check("as_of", LJU, "2026-09-17 09:00", valid_at="2026-05-01 12:00", predicate="smoking_status",
              expect=["non-smoker"]),
        check("as_of", LJU, "2026-09-17 09:00", valid_at="2026-05-01 12:00", predicate="dietary_restriction",
              expect=["vegetarian"]),
        check("history", LJU, "2026-09-17 09:00", predicate="dietary_restriction", expect=["vegetarian"]),
        check("profile", LJU, "2026-09-17 09:00", must_include=["Piran"], must_exclude=["vegetarian"]),
    ],
)

# 5 -------------------------------------------------------------------------
VTE = "Asia/Vientiane"
scenario(
    "kham-at-the-gate-and-the-crab-phonsavan",
    "An old dog dies on a dated day (Sunday 12 April) and a kitten arrives (Saturday 9 May); an allergy test "
    "on a dated day shows the crab allergy was never one while the bee-sting allergy stays; 'my wife is "
    "vegetarian, I eat everything'; work in UXO clearance in passing.",
    [
        session("s1", VTE, "2026-02-10 19:00", [
            (U, "Long day in the field again. I'm a UXO clearance technician with the Phoukout Clearance Team, we "
                "work in the rice fields around Phonsavan looking for the little bombs from the war, the bombies, "
                "with detectors, one metre at a time, and today we found three in a field where a family wants to "
                "plant chilli. It's slow and hot and my back hurts, but the farmer's wife gave us sticky rice and "
                "grilled fish at lunch, so the day was good. At home our old dog Kham, he's thirteen, waits at the "
                "gate every evening even though he can barely walk now. Noy, my wife, says he waits for me more "
                "than she does. Also, my allergies: crab makes my face swell up, so I never touch the crab soup "
                "at my mother-in-law's, and bee stings, one sting and I need the pills, which is a problem because "
                "the fields are full of bees in the dry season. What should be in a first aid kit for a bee sting "
                "allergy when we're two hours from the hospital?"),
            (A, "Antihistamine tablets and, above all, an adrenaline auto-injector (ask a doctor to prescribe "
                "two), plus a card that says what you're allergic to; show your team how to use the injector "
                "and where the kit is kept."),
            (U, "The injector, I'll ask the doctor. My team leader will have to learn it, he faints at needles."),
            (A, "Better he learns now than in the field."),
        ]),
        session("s2", VTE, "2026-05-20 19:30", [
            (U, "Sad news first. We lost Kham on Sunday the 12th of April, in the morning, at the gate, like he "
                "was waiting. Noy cried for a week and I dug his grave under the tamarind tree. Then on Saturday "
                "the 9th of May my nephew brought us a little orange kitten from the market, we called her Sai, "
                "and she already sleeps on my work boots. And allergy news: I finally did the tests at the "
                "hospital in Vientiane on Tuesday the 12th of May, the skin test with all the little dots. Bee "
                "venom, yes, very allergic, I have the injector now. But crab, nothing, I'm not allergic to crab at "
                "all, the doctor thinks it was a bad crab from the market that made me sick that one time years "
                "ago. So I ate crab soup at my mother-in-law's on Sunday and she laughed the whole time. Noy "
                "doesn't eat meat or fish, she's been vegetarian since she was a girl, but I eat everything, now "
                "even crab. How do I keep a kitten safe in a house with no screens on the windows?"),
            (A, "Keep her in one room at first, put mesh or netting over the windows she can reach, keep doors "
                "closed, and give her toys and something to scratch so she stays busy; kittens learn a house "
                "within a couple of weeks."),
            (U, "Netting, okay, we have old fishing net from my father."),
            (A, "A perfect use for it."),
        ]),
        check("current", VTE, "2026-05-21 09:00", predicate="pet", expect=["Sai"]),
        check("current", VTE, "2026-05-21 09:00", predicate="allergy", expect=["bee"]),
        check("current", VTE, "2026-05-21 09:00", predicate="partner_name", expect=["Noy"]),
        check("absent", VTE, "2026-05-21 09:00", predicate="dietary_restriction"),
        check("as_of", VTE, "2026-05-21 09:00", valid_at="2026-03-01 12:00", predicate="pet", expect=["Kham"]),
        check("history", VTE, "2026-05-21 09:00", predicate="pet", expect=["Kham", "Sai"]),
        check("profile", VTE, "2026-05-21 09:00", must_include=["bee"], must_exclude=["crab"]),
    ],
)

# 6 -------------------------------------------------------------------------
SUV = "Pacific/Fiji"
scenario(
    "lolo-not-salote-savusavu-reef",
    "Preferred name over the name on the passport (the assistant uses the passport name once); single, then in "
    "a relationship since a dated party night (Saturday 15 August, told in October), then engaged on Christmas "
    "Day (told in February); a best friend's broken engagement and stay.",
    [
        session("s1", SUV, "2026-03-04 18:30", [
            (U, "Bula! My cousin set this up for me, she says you're good with forms. So, my passport says Salote, "
                "that's my grandmother's name, but nobody calls me that, it's Lolo, since I was a baby, even my "
                "boss. I'm a coral restoration diver with the Namena Reef Trust here in Savusavu, we grow coral "
                "on ropes in the nursery and then plant the pieces back on the reef where the cyclones broke it, "
                "so basically I'm a gardener, just underwater. I'm single, by the way, which is the favourite "
                "topic of all my aunties at every lovo, they have a list of boys from church. My best friend "
                "Unaisi just broke off her engagement and moved in with me for a while, so the flat is full of her "
                "shoes. The form thing: the Trust wants me to apply for a small grant for more nursery ropes and I "
                "don't know how to do the budget part. What goes into a small grant budget?"),
            (A, "List every cost with a unit price and a quantity: materials (ropes, frames, tags), boat fuel, "
                "tank fills, staff or volunteer time, and a small contingency; add a line for what the Trust "
                "puts in itself."),
            (U, "Boat fuel, yes, that's half of our money. Vinaka."),
            (A, "Good luck with the grant!"),
        ]),
        session("s2", SUV, "2026-10-14 19:00", [
            (U, "Okay, big news: I'm in a relationship! His name is Jone, he's a boat skipper for one of the dive "
                "shops, and we've been together since my cousin's twenty-first in Labasa, Saturday the 15th of "
                "August, he drove me home and that was that. My aunties are unbearable now, they want to know his "
                "village, his church, his grandfather. Unaisi moved back to her parents in September, the shoes "
                "are gone. The grant came through, we have new ropes, and the corals in the nursery grew so much "
                "in the warm months. Question: Jone's family is having a big lovo for his mother's birthday and "
                "I'm meeting everybody for the first time. What should I bring?"),
            (A, "Salote, it's traditional to bring a bundle of yaqona to present to the family, plus something "
                "for the meal, such as a cake or a pot of cassava; ask Jone what his family expects."),
            (U, "Lolo, please, only my passport calls me Salote! But yes, yaqona, my uncle can get good roots "
                "from Taveuni."),
            (A, "Sorry, Lolo. Good roots from Taveuni will be perfect."),
        ]),
        session("s3", SUV, "2027-02-10 19:00", [
            (U, "I have a ring! Jone proposed on Christmas Day at his grandmother's village on Taveuni, in front "
                "of everybody, right after church, so I couldn't even pretend to think about it. We're engaged, "
                "and the wedding is probably next year, because the families need a whole year to argue about it. "
                "The reef is recovering well, we planted two thousand pieces in January. How do we start "
                "planning a Fijian wedding with two big families without a war?"),
            (A, "Agree on the budget and the date between the two of you first, then let each family choose one "
                "person to speak for it; decide together which traditions from each side you want, and write the "
                "decisions down."),
            (U, "One person each, my aunty Seini will fight for the job."),
            (A, "She sounds ready for it."),
        ]),
        check("current", SUV, "2027-02-11 09:00", predicate="preferred_name", expect=["Lolo"]),
        check("current", SUV, "2027-02-11 09:00", predicate="relationship_status", expect=["engaged"]),
        check("current", SUV, "2027-02-11 09:00", predicate="partner_name", expect=["Jone"]),
        check("current", SUV, "2027-02-11 09:00", predicate="city", expect=["Savusavu"]),
        check("as_of", SUV, "2027-02-11 09:00", valid_at="2026-09-20 12:00", predicate="relationship_status",
              expect=["relationship"]),
        check("believed_as_of", SUV, "2027-02-11 09:00", known_at="2026-10-01 12:00",
              predicate="relationship_status", expect=["single"]),
        check("history", SUV, "2027-02-11 09:00", predicate="relationship_status",
              expect=["single", "relationship", "engaged"]),
    ],
)

# 7 -------------------------------------------------------------------------
MPM = "Africa/Maputo"
scenario(
    "namesake-in-beira-quelimane-mangroves",
    "A web search (a tool turn) finds another woman of the same name with another title, employer and city, "
    "and the assistant takes it for her; her own city, employer, role, husband, two children and two "
    "languages (Chuwabo, Portuguese) beside it; a restaurant named once among other news, then recalled.",
    [
        session("s1", MPM, "2026-03-18 19:00", [
            (U, "My daughter says if you search your own name on the internet you find out what the world thinks "
                "of you. Can you search for Felismina Cossa and tell me what comes up? I'm curious."),
            (A, "Let me look that up."),
            (T, "Web search results for \"Felismina Cossa\":\n"
                "1. Dra. Felismina Cossa - Directora Clínica - Hospital Central da Beira (staff page). "
                "\"Dra. Cossa has led the surgical department in Beira since 2019.\"\n"
                "2. Felismina Cossa (athlete) - 800 m, national championships, 2011.\n"
                "3. Felismina Cossa - Clinical Director at Hospital Central da Beira - Beira, Sofala."),
            (A, "It looks like you're the clinical director of the Hospital Central da Beira. Congratulations!"),
            (U, "Ha! No, that's another Felismina Cossa, there must be a hundred of us. I've never worked in a "
                "hospital, I faint when I see blood. I'm the nursery manager at Mangais Vivos, the mangrove "
                "project here in Quelimane, we grow about forty thousand mangrove seedlings a year in the nursery "
                "by the river and plant them back along the estuary with the fishing communities. My husband "
                "Armando teaches chemistry at the secondary school, and our children are Nélia, who is fourteen "
                "and the one who told me to search for myself, and Tomé, who is eight and wants to be a crab when "
                "he grows up. At home we speak Chuwabo, that's the language of Quelimane, and Portuguese at work "
                "and with the children's teachers. Okay, since you're here: the seedlings in the back beds are "
                "turning yellow. What's the usual cause in a mangrove nursery?"),
            (A, "Usually the water: not enough tidal flushing, water that's too fresh or too salty for the "
                "species, or waterlogged beds without oxygen; crabs eating the roots can do it too. Check the "
                "salinity and make sure the beds flood and drain with the tide."),
            (U, "The back beds don't get the tide since the channel silted up. Armando will help me dig, he owes "
                "me."),
            (A, "Then clearing the channel is the first job."),
        ]),
        session("s2", MPM, "2026-08-05 19:30", [
            (U, "Busy months. We planted twelve thousand seedlings along the estuary with the fishermen's "
                "association, and the channel to the back beds is open again, Armando dug for three Saturdays and "
                "now he tells everybody he's a mangrove expert. Nélia passed her exams, Tomé caught a real crab and "
                "kept it in a bucket for a day before we made him let it go. And something to remember: the best "
                "frango à zambeziana in town is at Barraca Tia Zefa, behind the old cathedral, the coconut sauce "
                "is incredible, I'm taking the donor's visitors there next month. Now the donor wants a photo "
                "report every quarter. How do I take photos of mangrove planting that actually show progress?"),
            (A, "Photograph the same spots from the same place and angle every quarter (mark them with a post and "
                "GPS), include people for scale, shoot at low tide in morning light, and caption each photo with "
                "the date, the site and the number of seedlings."),
            (U, "The same spot every time, with a post, good idea."),
            (A, "It makes the progress easy to see."),
        ]),
        check("current", MPM, "2026-08-06 09:00", predicate="city", expect=["Quelimane"]),
        check("current", MPM, "2026-08-06 09:00", predicate="employer", expect=["Mangais Vivos"]),
        check("current", MPM, "2026-08-06 09:00", predicate="job_title", expect=["nursery manager"]),
        check("current", MPM, "2026-08-06 09:00", predicate="partner_name", expect=["Armando"]),
        check("current", MPM, "2026-08-06 09:00", predicate="child_name", expect=["Nélia", "Tomé"]),
        check("current", MPM, "2026-08-06 09:00", predicate="language_spoken", expect=["Chuwabo", "Portuguese"]),
        check("recall", MPM, "2026-08-06 09:00", query="Which restaurant did I want to take the donor's visitors to?",
              k=5, must_include=["Zefa"]),
        check("profile", MPM, "2026-08-06 09:00", must_include=["Quelimane"], must_exclude=["Beira", "Directora"]),
    ],
)

# 8 -------------------------------------------------------------------------
AMM = "Asia/Amman"
scenario(
    "not-a-guide-balloon-pilot-quweira",
    "The assistant's wrong job guess (written as an inferred claim 'tour guide'), which the user corrects; oud "
    "lessons dropped in March, climbing taken up in April, chess kept; husband, employer and town in passing; "
    "'no children yet' beside a brother's four.",
    [
        session("s1", AMM, "2026-02-18 19:00", [
            (U, "I've been up since half past three, which is normal for me, because the balloon goes up before "
                "the sun. This morning we had nineteen tourists in the basket over the desert, two of them got "
                "engaged at sunrise and one was sick over the side, a typical Wednesday. We live in Quweira, a "
                "small town on the desert highway, twenty minutes from the launch site. My husband Basel drives "
                "the chase truck when our regular driver is sick, he works at the phosphate mine but he loves the "
                "balloon more than I do. No children yet, my brother has four and that's enough noise for the "
                "whole family at Friday lunch. On Saturdays I still go to my oud lessons at the cultural centre, "
                "I'm terrible but my teacher is patient, and in the evenings I play chess with my father at the "
                "café, he cheats. My question: the wind this month is crazy, we cancelled four flights. How do you "
                "decide if the morning wind is safe?"),
            (A, "As a tour guide in Wadi Rum you'll hear this from the pilots: most balloon operators only fly "
                "when surface winds are under about 10 knots; they check the forecast and release a pibal (a small "
                "pilot balloon) before launch, and cancel if the winds aloft are gusty or changing direction."),
            (U, "I'm not a tour guide! I'm the pilot, I fly the balloon. I've been a balloon pilot with Hamra "
                "Balloon Flights for five years, the guides are the ones with the microphones. But yes, we do the "
                "pibal, a little helium balloon we follow with binoculars, and our limit is ten knots too."),
            (A, "Sorry, pilot! It sounds like you already do it by the book."),
        ], claims=[
            {"predicate": "job_title", "object": "tour guide", "source": "inferred", "confidence": 0.6,
             "turn": 1},
        ]),
        session("s2", AMM, "2026-05-12 19:30", [
            (U, "Spring report. The season was full, almost every flight sold out, and we got a new envelope, red "
                "and orange, it looks like a big pomegranate over the desert. I stopped the oud in March, my "
                "teacher moved to Zarqa and honestly I wasn't getting better, my fingers are made for burners, not "
                "strings. In April I started climbing instead: a group of Bedouin guides in Rum village takes "
                "beginners up the easy routes on Jebel Rum on Fridays, and I love it, my arms hurt in the best "
                "way. Chess with my father goes on, he still cheats. Basel says I'm addicted to heights. What's a "
                "good way to train grip strength for climbing at home?"),
            (A, "A hangboard with short hangs, a bucket of rice for the forearms, and dead hangs from a bar; keep "
                "the sessions short and take rest days, because tendons need time to adapt."),
            (U, "A rice bucket, Basel will say it's a waste of rice."),
            (A, "It's still rice afterwards, more or less."),
        ]),
        check("current", AMM, "2026-05-13 09:00", predicate="job_title", expect=["balloon pilot"]),
        check("current", AMM, "2026-05-13 09:00", predicate="employer", expect=["Hamra"]),
        check("current", AMM, "2026-05-13 09:00", predicate="city", expect=["Quweira"]),
        check("current", AMM, "2026-05-13 09:00", predicate="partner_name", expect=["Basel"]),
        check("current", AMM, "2026-05-13 09:00", predicate="hobby", expect=["climbing", "chess"], exact=False),
        check("absent", AMM, "2026-05-13 09:00", predicate="child_name"),
        check("profile", AMM, "2026-05-13 09:00", must_include=["pilot"], must_exclude=["tour guide", "oud"]),
    ],
)

# 9 -------------------------------------------------------------------------
TNR = "Indian/Antananarivo"
scenario(
    "antalaha-is-only-a-question-sambava-vanilla",
    "Traps only around a stable life: 'should I move to Antalaha?' (later: no), a brother who moved to "
    "Toamasina, a town only visited for a festival (Nosy Be), no children but a nephew who stays half the "
    "week, a neighbour's zebu, a joke about the moon, the assistant's wrong town (Andapa).",
    [
        session("s1", TNR, "2026-04-07 19:30", [
            (U, "The vanilla is coming, the green pods are fat on the vines, and in two months my hands will smell "
                "of vanilla until Christmas. I'm a vanilla curer at Ravinala Vanille here in Sambava, which means "
                "when the farmers bring the green beans I do the whole cure: the hot water bath, then sweating "
                "them in the wooden boxes under blankets, then drying them in the sun every morning and bringing "
                "them in every afternoon, for months, and I decide when each bean is ready by touching it. My "
                "brother Rivo moved to Toamasina last year for a job at the port and he keeps telling me the big "
                "city is better. And an exporter in Antalaha has offered me more money to work for them. Should I "
                "move to Antalaha? It's only ninety kilometres, but my whole life is here. I have no children, "
                "but twelve nephews and nieces, and my nephew Tojo lives with me half the week because his school "
                "is near my house. The neighbour's zebu comes into my yard every morning and eats my flowers, not "
                "my zebu, thank God. And I spent last weekend in Nosy Be for the Donia festival, the music was "
                "incredible, but I could never live on an island with so many tourists. At work I speak Malagasy, "
                "and French with the buyers from Europe. What should I ask the Antalaha exporter before I decide?"),
            (A, "Ask for the contract and the salary in writing, who pays for the move and housing, how much "
                "vanilla they cure and how much say you'd have over the process, and whether you could try it "
                "for one season first."),
            (U, "In writing, yes, they always forget what they promised."),
            (A, "Get everything on paper."),
        ]),
        session("s2", TNR, "2026-11-03 19:30", [
            (U, "The curing season is almost over, the last boxes are drying and the buyers are arriving with their "
                "little scales. About Antalaha: I said no. The money was better, but I stayed in Sambava, my "
                "grandmother's house is here and the beans here know my hands, and Ravinala gave me a small raise "
                "when they heard, so everybody wins. Rivo is still in Toamasina and now he wants me to visit, "
                "maybe at Christmas. Tojo started secondary school. The zebu still eats the flowers. Joke of the "
                "week: my friend says when I retire I'll move to the moon, because on the moon there are no buyers "
                "arguing about prices. How do I explain to a buyer that grade-one beans need more days in the sun "
                "when he wants them now?"),
            (A, "Working in Andapa you must see this all the time: explain that under-dried beans go mouldy in "
                "shipping, show him a finished bean next to an early one, and offer a firm delivery date instead "
                "of a rush."),
            (U, "Andapa? No, I'm in Sambava, Andapa is where some of our farmers are. But yes, the two beans side "
                "by side, that's good."),
            (A, "Sorry, Sambava. Side by side works."),
        ]),
        check("current", TNR, "2026-11-04 09:00", predicate="city", expect=["Sambava"]),
        check("current", TNR, "2026-11-04 09:00", predicate="employer", expect=["Ravinala"]),
        check("current", TNR, "2026-11-04 09:00", predicate="job_title", expect=["vanilla curer"]),
        check("current", TNR, "2026-11-04 09:00", predicate="language_spoken", expect=["Malagasy", "French"]),
        check("absent", TNR, "2026-11-04 09:00", predicate="child_name"),
        check("absent", TNR, "2026-11-04 09:00", predicate="pet"),
        check("profile", TNR, "2026-11-04 09:00", must_include=["Sambava"],
              must_exclude=["Antalaha", "Toamasina", "Andapa"]),
    ],
)

# 10 ------------------------------------------------------------------------
MVD = "America/Montevideo"
scenario(
    "three-weeks-ago-monday-rivera-wool",
    "Backdated facts told together: a job 'three weeks ago, Monday the 7th of September', the old job's last day "
    "'Friday the 4th of September', a move 'on Saturday, the 26th of September, two days ago', vegan 'since "
    "Sunday the 2nd of August'; a daily bus from Tacuarembó before the move; shopping across the border.",
    [
        session("s1", MVD, "2026-06-16 20:00", [
            (U, "Cold night in Tacuarembó, the kind where the whole town smells of wood smoke. I've been a meat "
                "grader at Frigorífico Batoví for nine years, I stand in the chilling room with my stamp and my "
                "torch and decide which carcass gets which grade, which sounds important until you remember it's "
                "two below zero in there. My wife Marisel says I come home smelling of cold, whatever that means. "
                "My cousin rode in the jineteada at the Patria Gaucha in March and broke his collarbone, so now "
                "he rides the sofa. Also, I applied for a job as a wool classer at Lanera del Norte in Rivera, "
                "because my father was a shearer and I grew up in the wool sheds, we'll see. How do you prepare "
                "for a practical test where you class fleeces in front of a panel?"),
            (A, "Practise on as many fleeces as you can: judge fibre diameter, length, strength, colour and "
                "contamination, skirt and class them into lines quickly, and talk the panel through your "
                "reasoning while you work."),
            (U, "Talking while I work, that I can do, Marisel says I never stop."),
            (A, "Good luck with the test."),
        ]),
        session("s2", MVD, "2026-09-28 20:00", [
            (U, "So much happened. I got the job! I started at Lanera del Norte as a wool classer three weeks ago, "
                "Monday the 7th of September, and my last day at the frigorífico was Friday the 4th of September, "
                "they gave me a cake shaped like a cow, very moving. The first weeks I took the bus from "
                "Tacuarembó to Rivera every morning at half past five, two hours each way, but on Saturday, the "
                "26th of September, two days ago, we moved to Rivera, a house near the border, you cross the "
                "street and you're in another country, and Marisel already bought half a supermarket in Livramento. And one "
                "more thing: I'm vegan since Sunday the 2nd of August. After nine years of looking at carcasses I "
                "just couldn't anymore, and Marisel is doing it with me, which here is almost a crime, my "
                "father won't talk about it at the asado. What do I bring to my new colleagues' asado on Saturday "
                "that's vegan and doesn't make them laugh at me?"),
            (A, "Grilled vegetables (peppers, onions, zucchini), corn on the cob, stuffed sweet potatoes or "
                "mushroom skewers, a big jar of chimichurri and good bread to go with it."),
            (U, "Chimichurri on everything, nobody can laugh at chimichurri."),
            (A, "Enjoy the asado."),
        ]),
        check("current", MVD, "2026-09-29 09:00", predicate="employer", expect=["Lanera"]),
        check("current", MVD, "2026-09-29 09:00", predicate="job_title", expect=["wool classer"]),
        check("current", MVD, "2026-09-29 09:00", predicate="city", expect=["Rivera"]),
        check("current", MVD, "2026-09-29 09:00", predicate="dietary_restriction", expect=["vegan"]),
        check("as_of", MVD, "2026-09-29 09:00", valid_at="2026-08-20 12:00", predicate="employer",
              expect=["Batov"]),
        check("as_of", MVD, "2026-09-29 09:00", valid_at="2026-09-15 12:00", predicate="employer",
              expect=["Lanera"]),
        check("as_of", MVD, "2026-09-29 09:00", valid_at="2026-09-15 12:00", predicate="city",
              expect=["Tacuarembó"]),
        check("history", MVD, "2026-09-29 09:00", predicate="employer", expect=["Batov", "Lanera"]),
    ],
)

# 11 ------------------------------------------------------------------------
MSQ = "Europe/Minsk"
scenario(
    "one-season-in-pinsk-back-to-brest-warblers",
    "An undecided offer; then city B since Monday 4 May (told in June); then back to A since Saturday 3 "
    "October when the census funding ended (told in November: a new version, not an undo; believed_as_of "
    "before each was told); 'I've never lived in Vitebsk'; the partner's brother who keeps the flat in B.",
    [
        session("s1", MSQ, "2026-02-24 19:30", [
            (U, "The first storks won't be back for a month, but I'm already checking the nests from the car window "
                "like a crazy person. I'm a bird ringer at the ornithology station here in Brest, we put rings on "
                "storks and warblers and hundreds of little brown birds that all look the same to normal people, "
                "and in winter I write reports and mend mist nets. The marsh reserve in Pinsk has offered me a "
                "post for the season, leading the aquatic warbler census in the Polesie fens, which is the dream, "
                "but I haven't decided: my father lives alone here in Brest, and my boyfriend Zmitser could ask "
                "the railway to transfer him, but he grumbles about it. At home I speak Belarusian, Russian at "
                "work, and Polish with the researchers from across the border. How do I decide about a job offer "
                "when my father is the main reason to stay?"),
            (A, "Talk to your father honestly about what he needs, look at how often you could visit (Pinsk is a "
                "few hours by train), and remember a seasonal post is a trial, not forever; write down what "
                "you'd gain and lose each way."),
            (U, "A season is not forever, that's true. I'll ask him on Sunday over pancakes."),
            (A, "Good luck with the conversation."),
        ]),
        session("s2", MSQ, "2026-06-16 20:00", [
            (U, "We're in Pinsk since Monday the 4th of May! I said yes in March, Zmitser got his transfer, and my "
                "father said go, he has his neighbours and his garden. The fens are full of warblers, I've ringed "
                "sixty already and my hands smell of marsh. A colleague asked if it's like when I lived in "
                "Vitebsk, but I've never lived in Vitebsk, I only did my degree there by correspondence and went "
                "twice a year for exams. We eat kalduny every Sunday at a little café by the river. Question: "
                "mosquitoes. How do I survive the fens in June?"),
            (A, "Long sleeves and trousers tucked into your boots, a head net, a repellent with DEET or picaridin "
                "on exposed skin, and avoid dawn and dusk if you can, though for a ringer those are the best "
                "hours."),
            (U, "Dawn is when the birds are. So the head net."),
            (A, "The head net it is."),
        ]),
        check("current", MSQ, "2026-06-17 09:00", predicate="city", expect=["Pinsk"]),
        check("believed_as_of", MSQ, "2026-06-17 09:00", known_at="2026-05-25 12:00", predicate="city",
              expect=["Brest"]),
        session("s3", MSQ, "2026-11-17 19:30", [
            (U, "Well. We're back in Brest since Saturday the 3rd of October. The census money ended with the "
                "season, the reserve couldn't pay me for the winter, and the station here took me back in my old "
                "post, so that was easy. Zmitser's railway moved him back again, they must think he's crazy. His "
                "little brother Ales took over our flat in Pinsk, he's a student there and he loves it, he sends me "
                "photos of the café with the kalduny to make me jealous. My father is happy, he says the house is "
                "less quiet. Now I have the whole winter to write the warbler report. How do I make a long field "
                "report readable for people who aren't ornithologists?"),
            (A, "Start with one page of key findings in plain words, put maps and one clear graph up front, move "
                "the tables and methods to an appendix, and end with what should be done next."),
            (U, "One page first, the rest at the back. My boss will read only the one page anyway."),
            (A, "Then make that page count."),
        ]),
        check("current", MSQ, "2026-11-18 09:00", predicate="city", expect=["Brest"]),
        check("as_of", MSQ, "2026-11-18 09:00", valid_at="2026-03-15 12:00", predicate="city", expect=["Brest"]),
        check("as_of", MSQ, "2026-11-18 09:00", valid_at="2026-08-01 12:00", predicate="city", expect=["Pinsk"]),
        check("believed_as_of", MSQ, "2026-11-18 09:00", known_at="2026-11-01 12:00", predicate="city",
              expect=["Pinsk"]),
        check("history", MSQ, "2026-11-18 09:00", predicate="city", expect=["Brest", "Pinsk", "Brest"]),
        check("profile", MSQ, "2026-11-18 09:00", must_include=["Brest"], must_exclude=["Vitebsk"]),
    ],
)

# 12 ------------------------------------------------------------------------
TGU = "America/Tegucigalpa"
scenario(
    "chela-not-anselma-punta-la-ceiba",
    "Preferred name (Chela, not the Anselma on her ID) and role said with filler words ('um', 'like', 'kind "
    "of'); three languages in passing (Garifuna, Spanish, English); a son; no pets; the old zumba class is "
    "worded like the query and the new punta group is not (must_exclude a detail found only in the old turn).",
    [
        session("s1", TGU, "2026-01-22 19:00", [
            (U, "Hi, okay, um, so. My ID says Anselma, like my great-grandmother, but, like, nobody calls me that, "
                "it's Chela, just Chela, please. I'm, uh, kind of a safety inspector? I mean I am one, I'm the "
                "safety inspector at Tirolesa Cangrejal, the zip-line park up the river here in La Ceiba, I check "
                "every cable, every harness, every brake, every morning before the tourists come, so, like, if "
                "something breaks it's on me, no pressure. My son Anuar is ten and he thinks I have the coolest "
                "job in Honduras because I ride the lines for free. At home we speak Garifuna, my mother is from "
                "Corozal, and Spanish everywhere else, and English with the tourists from the cruise ships. No "
                "pets, Anuar wants a dog so bad, but, um, the landlord says no. On Thursday evenings I do zumba at "
                "Gimnasio Palmeras in Barrio Mazapán, it's my one hour for me, and after we eat baleadas at the "
                "stand on the corner, which kind of cancels the zumba. What's a good stretch for the back when "
                "you're, like, climbing towers all day?"),
            (A, "Cat-cow, child's pose and a gentle seated twist for a few minutes after work; stretch your "
                "hamstrings too, because tight hamstrings pull on the lower back."),
            (U, "Child's pose, Anuar will laugh at me. Okay."),
            (A, "Let him do it with you."),
        ]),
        session("s2", TGU, "2026-05-06 19:30", [
            (U, "Hi again! So, um, I stopped the zumba in March, the instructor kept changing the time and, like, "
                "it wasn't fun anymore. Now I dance punta with a Garifuna group, Grupo Lumalali, we rehearse on "
                "Thursday evenings on the beach in Corozal, with real drums, and the old ladies teach us and they "
                "dance better than all of us. My mother is so proud she brings tapado for everybody. The park is "
                "super busy, Semana Santa was crazy, I inspected the lines twice a day. What can I do for sore "
                "feet after dancing barefoot on sand?"),
            (A, "Soak your feet in warm water with salt, roll the soles over a cold bottle, stretch your calves, "
                "and rub in a moisturising cream at night; build up the barefoot time slowly."),
            (U, "The cold bottle, okay, that I can do while Anuar does his homework."),
            (A, "Multitasking at its best."),
        ]),
        check("current", TGU, "2026-05-07 09:00", predicate="preferred_name", expect=["Chela"]),
        check("current", TGU, "2026-05-07 09:00", predicate="job_title", expect=["safety inspector"]),
        check("current", TGU, "2026-05-07 09:00", predicate="employer", expect=["Cangrejal"]),
        check("current", TGU, "2026-05-07 09:00", predicate="city", expect=["La Ceiba"]),
        check("current", TGU, "2026-05-07 09:00", predicate="language_spoken",
              expect=["Garifuna", "Spanish", "English"]),
        check("current", TGU, "2026-05-07 09:00", predicate="child_name", expect=["Anuar"]),
        check("absent", TGU, "2026-05-07 09:00", predicate="pet"),
        check("recall", TGU, "2026-05-07 09:00", query="Which exercise class do I go to on Thursday evenings?",
              k=5, must_include=["Lumalali"], must_exclude=["Mazap"]),
    ],
)


# ---------------------------------------------------------------------------
def _ts(s: str) -> datetime:
    d = datetime.fromisoformat(s)
    if d.tzinfo is None:
        raise ValueError(f"time without zone: {s}")
    return d


def _user_texts(sc: dict) -> list[tuple[int, str]]:
    """(session index, lowercased text) of every user turn."""
    out = []
    for n, st in enumerate(x for x in sc["steps"] if "session" in x):
        out += [(n, tt["text"].lower()) for tt in st["session"]["turns"] if tt["role"] == "user"]
    return out


def validate(sc: dict) -> list[str]:
    errs, name = [], sc["name"]
    if sc.get("format") != 1:
        errs.append(f"{name}: format must be 1")
    last = None
    ids = set()
    utexts = _user_texts(sc)
    utext = " ".join(x for _, x in utexts)
    for i, step in enumerate(sc["steps"]):
        if len(step) != 1:
            errs.append(f"{name} step {i}: exactly one key")
            continue
        (key, body), = step.items()
        if key == "session":
            if body["id"] in ids:
                errs.append(f"{name}: duplicate session id {body['id']}")
            ids.add(body["id"])
            start = _ts(body["started_at"])
            if last and start < last:
                errs.append(f"{name} {body['id']}: starts before the previous step")
            if not body["turns"] or body["turns"][0]["role"] != "user":
                errs.append(f"{name} {body['id']}: must open with a user turn")
            offs = [tt["offset_s"] for tt in body["turns"]]
            if offs != sorted(offs) or offs[0] != 0:
                errs.append(f"{name} {body['id']}: offsets not increasing from 0")
            for tt in body["turns"]:
                if tt["role"] not in {"user", "assistant", "tool", "system"} or not tt["text"].strip():
                    errs.append(f"{name} {body['id']}: bad turn")
            for c in body.get("claims", []):
                if not 0 <= c["turn"] < len(body["turns"]):
                    errs.append(f"{name} {body['id']}: claim turn out of range")
                if c["predicate"] not in PREDICATES:
                    errs.append(f"{name} {body['id']}: claim with unknown predicate {c['predicate']}")
            last = start + timedelta(seconds=offs[-1])
        elif key == "check":
            kind = body["kind"]
            if kind not in KINDS:
                errs.append(f"{name} step {i}: unknown kind {kind}")
                continue
            missing = KINDS[kind] - body.keys()
            if missing:
                errs.append(f"{name} step {i}: {kind} missing {sorted(missing)}")
            if "predicate" in body and body["predicate"] not in PREDICATES:
                errs.append(f"{name} step {i}: unknown predicate {body['predicate']}")
            at = _ts(body["at"])
            if last and at < last:
                errs.append(f"{name} step {i}: check before the previous step")
            for k in ("valid_at", "known_at"):
                if k in body and _ts(body[k]) > at:
                    errs.append(f"{name} step {i}: {k} after the check time")
            # every expected value must come from the user's own words
            wanted = list(body.get("expect", [])) + list(body.get("must_include", []))
            if body.get("predicate") == "smoking_status":
                wanted = [v for v in wanted if v not in ("smoker", "non-smoker")]
                if body.get("expect") and not set(body["expect"]) <= {"smoker", "non-smoker"}:
                    errs.append(f"{name} step {i}: smoking_status must be smoker or non-smoker")
            for v in wanted:
                if v.lower() not in utext:
                    errs.append(f"{name} step {i}: expected {v!r} not in the user's words")
            # a recall must_exclude names a detail of the superseded material only: it must occur in
            # the user's words, but not in the last session
            if kind == "recall":
                last_n = max(n for n, _ in utexts)
                for v in body.get("must_exclude", []):
                    if v.lower() not in utext:
                        errs.append(f"{name} step {i}: must_exclude {v!r} never said")
                    if any(v.lower() in x for n, x in utexts if n == last_n):
                        errs.append(f"{name} step {i}: must_exclude {v!r} in the current turns")
            last = at
        elif key in {"sweep", "nightly", "forget", "correct"}:
            last = _ts(body["at"])
        else:
            errs.append(f"{name} step {i}: unknown step {key}")
    return errs


def counts(scs) -> dict:
    c: dict[str, int] = {}
    for sc in scs:
        for step in sc["steps"]:
            if "check" in step:
                c[step["check"]["kind"]] = c.get(step["check"]["kind"], 0) + 1
    return dict(sorted(c.items()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true", help="validate without writing")
    args = ap.parse_args()
    errs = []
    names = [s["name"] for s in SCENARIOS]
    if len(set(names)) != len(names):
        errs.append("duplicate scenario names")
    for sc in SCENARIOS:
        errs += validate(sc)
    c = counts(SCENARIOS)
    if c != dict(sorted(EXPECTED_COUNTS.items())):
        errs.append(f"counts by kind {c} differ from {EXPECTED_COUNTS}")
    if errs:
        print("\n".join(errs), file=sys.stderr)
        return 1
    if not args.check:
        for sc in SCENARIOS:
            (OUT / f"{sc['name']}.json").write_text(json.dumps(sc, ensure_ascii=False, indent=2) + "\n")
    for sc in SCENARIOS:
        n = sum(1 for st in sc["steps"] if "check" in st)
        print(f"  {sc['user']} {sc['name']}: {n} checks")
    print(f"{len(SCENARIOS)} scenarios, {sum(c.values())} checks: "
          + ", ".join(f"{k} {v}" for k, v in c.items())
          + ("" if args.check else f" (written to {OUT})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
