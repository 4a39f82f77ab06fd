#!/usr/bin/env python3
"""Write the held8 natural multi-session scenarios (format v1) to the parent folder.

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
NAMESPACE = "held8"

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
            # reading + typing time: users type slowly, assistants answer quickly
            off += 10 if role == "assistant" else max(25, len(text) // 5)
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


U, A = "user", "assistant"
SCENARIOS = []


def scenario(name, description, steps):
    SCENARIOS.append({
        "format": 1,
        "name": name,
        "description": description,
        "namespace": NAMESPACE,
        "user": f"h8-{len(SCENARIOS) + 1:02d}",
        "steps": steps,
    })

# 1 -------------------------------------------------------------------------
CAS = "Africa/Casablanca"
scenario(
    "since-the-fourteenth-of-march-fes",
    "A court interpreter's employer, role and three languages said in passing; a move from Meknes to Fes told "
    "two months late ('since we moved to Fes on Saturday the 14th of March'), while the office stays in Meknes; "
    "a brother's move to Tangier, which the assistant then gives to the user.",
    [
        session("s1", CAS, "2026-01-27 19:40", [
            (U, "Long day. I spent the whole afternoon at the appeals court with a farmer from the mountains who "
                "only speaks Tamazight, and a judge who talks very fast and expects me to keep up, which "
                "I did, thank you very much. Five years as a sworn court interpreter at Cabinet Berrada and the "
                "land disputes are still the hardest, because every argan tree has three owners and a "
                "grandfather. At home it's Darija, with my grandmother it's Tamazight, and the foreign clients "
                "get my English, so my head is a radio that changes station every ten minutes. my husband Othmane "
                "made harira tonight because he says I come home too tired to be a person, he's right. Other news: my "
                "little brother Anas is moving to Tangier in February for a job with a shipping company at the "
                "new port, my mother has already cried twice. So my question: my voice is completely gone by "
                "Thursday every week. Are there exercises interpreters use to protect their voice?"),
            (A, "Yes: drink water steadily through the day, warm up with humming and lip trills before a "
                "hearing, speak from the breath rather than the throat, and rest your voice completely at lunch."),
            (U, "Lip trills in the court corridor, the lawyers will think I've lost my mind. I'll try it in the "
                "car first."),
            (A, "The car is a good practice room."),
        ]),
        session("s2", CAS, "2026-05-19 20:10", [
            (U, "So much has happened. Since we moved to Fes on Saturday the 14th of March, I take the early "
                "train to Meknes three days a week, because Cabinet Berrada didn't want to lose me and honestly "
                "I didn't want to lose them either, and the other two days I do document work from home. The "
                "flat is in the new town, near Othmane's parents, which was the whole point, his father is not "
                "well and now we're ten minutes away instead of an hour. The train is actually nice, I read, I "
                "drink sweet mint tea, I watch the wheat fields turn yellow. Two weeks ago I finally got the "
                "terminology list for the new land registry law, it's two hundred pages. What's the best way to "
                "memorise legal vocabulary in three languages without going crazy?"),
            (A, "How nice that you're settling into Tangier! For vocabulary, use spaced-repetition flashcards "
                "with the term in all three languages on one card, and review twenty minutes a day on the "
                "train."),
            (U, "Tangier is Anas, not me. We're in Fes. But flashcards on the train, yes, that works."),
            (A, "Sorry, Fes. Good luck with the two hundred pages."),
        ]),
        check("current", CAS, "2026-05-20 09:00", predicate="city", expect=["Fes"]),
        check("current", CAS, "2026-05-20 09:00", predicate="employer", expect=["Berrada"]),
        check("current", CAS, "2026-05-20 09:00", predicate="job_title", expect=["interpreter"]),
        check("current", CAS, "2026-05-20 09:00", predicate="language_spoken",
              expect=["Darija", "Tamazight", "English"]),
        check("as_of", CAS, "2026-05-20 09:00", valid_at="2026-02-15 12:00", predicate="city",
              expect=["Meknes"]),
        check("as_of", CAS, "2026-05-20 09:00", valid_at="2026-04-10 12:00", predicate="city",
              expect=["Fes"]),
        check("believed_as_of", CAS, "2026-05-20 09:00", known_at="2026-04-10 12:00", predicate="city",
              expect=["Meknes"]),
        check("history", CAS, "2026-05-20 09:00", predicate="city", expect=["Meknes", "Fes"]),
        check("profile", CAS, "2026-05-20 09:00", must_include=["Fes"], must_exclude=["Tangier"]),
    ],
)

# 2 -------------------------------------------------------------------------
JKT = "Asia/Jakarta"
scenario(
    "last-day-the-thirtieth-semarang",
    "A month's notice: last day Thursday 30 April at a cracker factory as food technologist, start Monday 4 May "
    "at a coffee roaster as quality assurance manager, with no session on either day; the pasted offer letter "
    "has the wrong title, the wrong site and the wrong start date.",
    [
        session("s1", JKT, "2026-03-27 20:15", [
            (U, "Okay I need to tell someone who isn't my mother. This morning I gave my resignation letter at "
                "Sari Gurih, after six years as a food technologist there testing the same cassava crackers for "
                "crunch every single day. The contract says one month notice, so my last day is Thursday the "
                "30th of April, and on Monday the 4th of May I start at Sangrai Merbabu as quality assurance "
                "manager. Coffee! Finally something that smells good. Bayu says he's happy for me but I think "
                "he's mostly happy about the free coffee. The roastery is on the other side of Semarang, near "
                "the old town, so we don't have to move, just a longer ride on the scooter. Now the hard part, "
                "I have to write the handover documents for my replacement and there are about forty test "
                "methods that only exist in my head. How do I write a handover that someone can actually use?"),
            (A, "Congratulations! Write one page per test method: purpose, equipment, step-by-step procedure, "
                "acceptance limits and what to do when a result is out of range. Then walk your replacement "
                "through the five most frequent ones in person."),
            (U, "One page per method, okay. The crunch test is going to need two pages and a drawing."),
            (A, "A drawing is allowed. Good luck with the handover."),
        ]),
        session("s2", JKT, "2026-04-14 21:00", [
            (U, "The offer letter from Sangrai Merbabu finally came and I don't know whether to laugh. Here:\n\n"
                "> Dear Ibu Wulan,\n> We are pleased to confirm your appointment as QA Supervisor at our "
                "Salatiga roastery, starting 11 May 2026.\n> Please bring your ID card and tax number.\n\n"
                "Supervisor is not what we agreed, I'm coming in as quality assurance manager, it's in the "
                "contract I signed in March. And I'm going to be at the Semarang roastery, I'm not riding up "
                "the mountain to Salatiga every morning, no way. And it's the 4th of May, not the 11th, I already "
                "told Sari Gurih my last day. How do I ask them to fix it without sounding rude before I even "
                "start?"),
            (A, "Try: 'Thank you for the letter, I'm looking forward to joining. For your records, my agreed "
                "role is Quality Assurance Manager at the Semarang roastery, starting 4 May 2026. Could you send "
                "a corrected copy? Thank you!'"),
            (U, "Polite and clear. Sending it now, with a smiley so they know I'm not angry."),
            (A, "The smiley is a good touch."),
        ]),
        check("current", JKT, "2026-04-15 09:00", predicate="employer", expect=["Sari Gurih"]),
        check("current", JKT, "2026-04-15 09:00", predicate="job_title", expect=["food technologist"]),
        check("current", JKT, "2026-05-12 09:00", predicate="employer", expect=["Merbabu"]),
        check("current", JKT, "2026-05-12 09:00", predicate="job_title", expect=["quality assurance"]),
        check("current", JKT, "2026-05-12 09:00", predicate="city", expect=["Semarang"]),
        check("as_of", JKT, "2026-05-12 09:00", valid_at="2026-04-28 12:00", predicate="employer",
              expect=["Sari Gurih"]),
        check("as_of", JKT, "2026-05-12 09:00", valid_at="2026-05-06 12:00", predicate="employer",
              expect=["Merbabu"]),
        check("believed_as_of", JKT, "2026-05-12 09:00", known_at="2026-04-20 12:00", predicate="employer",
              expect=["Sari Gurih"]),
        check("history", JKT, "2026-05-12 09:00", predicate="employer", expect=["Sari Gurih", "Merbabu"]),
        check("profile", JKT, "2026-05-12 09:00", must_include=["Semarang"],
              must_exclude=["Salatiga", "Supervisor"]),
    ],
)

# 3 -------------------------------------------------------------------------
ULN = "Asia/Ulaanbaatar"
scenario(
    "train-on-the-eighteenth-erdenet",
    "'We're moving to Erdenet next month': a dated train (Saturday 18 April); the city must change by itself "
    "with no session; the father's 'why not Darkhan?'; a son's orthodontist named once with a dated "
    "appointment. Wife, son and job in passing.",
    [
        session("s1", ULN, "2026-03-10 19:00", [
            (U, "Half our flat is in boxes and the other half is my son's Lego, which apparently cannot go in "
                "boxes. We're moving to Erdenet next month, my wife Oyuna got the job she wanted at the copper plant, "
                "process engineer, and we decided that if we're ever going to leave the smog it's now. The train "
                "is on Saturday the 18th of April and the new flat is ours from that day. I've taught chemistry "
                "at the same school in Ulaanbaatar for twelve years and I already have a place at a school in "
                "Erdenet from the new term, so that part is settled. Our son Temuulen is nine and very worried he will "
                "not find anyone there who likes rockets as much as he does. Before we go, his orthodontist, "
                "Dr. Enkhjargal, wants to see him one last time on Thursday the 9th of April to check the brace "
                "and give us the papers for a doctor up there. My question is about Temuulen: how do I make a "
                "new school less scary for a boy who hates new things?"),
            (A, "Visit the school together before his first day, find a club that matches what he loves, like "
                "a science or model rocket club, and invite one classmate home in the first couple of weeks."),
            (U, "A rocket club would make him the happiest boy in Orkhon province. I'll ask the school."),
            (A, "Let me know what they say."),
        ]),
        session("s2", ULN, "2026-03-28 12:30", [
            (U, "My father came to help with the boxes today and spent three hours telling me we should go to "
                "Darkhan instead, 'why not Darkhan, it's closer to us, the flats are cheaper', as if the job "
                "was in Darkhan. We are not moving to Darkhan, Father. I love him but he did not pack one box. "
                "Practical question: we have an upright piano that belonged to Oyuna's grandmother. Is it "
                "safe to send it by train in winter, or will the cold ruin it?"),
            (A, "It can travel if it is wrapped in blankets and plastic, kept upright and strapped, and left "
                "to warm up to room temperature for a day before anyone opens or plays it."),
            (U, "Blankets and patience, okay. And a tuner after, I suppose."),
            (A, "Yes, book a tuning two or three weeks after it arrives."),
        ]),
        check("current", ULN, "2026-04-01 09:00", predicate="city", expect=["Ulaanbaatar"]),
        check("recall", ULN, "2026-04-01 09:00", query="Who is Temuulen's orthodontist?", k=5,
              must_include=["Enkhjargal"], must_exclude=[]),
        check("current", ULN, "2026-04-25 09:00", predicate="city", expect=["Erdenet"]),
        session("s3", ULN, "2026-10-05 20:00", [
            (U, "Half a year in Erdenet already. The air is so clean I sometimes open the window just to "
                "breathe, which in Ulaanbaatar I never did. Temuulen joined the rocket club at school in his "
                "second week and now our balcony smells like burnt cardboard every weekend. Oyuna works long "
                "shifts at the plant but she's happier than I've seen her in years. My chemistry classes are "
                "smaller here, twenty-two students instead of forty, so I can finally do real experiments. "
                "Which brings me to my question: what are three safe, impressive chemistry demonstrations for "
                "thirteen-year-olds that don't need expensive chemicals?"),
            (A, "Elephant toothpaste with yeast and hydrogen peroxide, turmeric solution that turns red with soap as a pH indicator, "
                "and a candle under a glass to show that burning uses oxygen."),
            (U, "Turmeric and soap, perfect, my wife has plenty of turmeric. Thank you."),
            (A, "Enjoy the colours."),
        ]),
        check("current", ULN, "2026-10-06 09:00", predicate="city", expect=["Erdenet"]),
        check("current", ULN, "2026-10-06 09:00", predicate="partner_name", expect=["Oyuna"]),
        check("current", ULN, "2026-10-06 09:00", predicate="child_name", expect=["Temuulen"]),
        check("as_of", ULN, "2026-10-06 09:00", valid_at="2026-04-10 12:00", predicate="city",
              expect=["Ulaanbaatar"]),
        check("as_of", ULN, "2026-10-06 09:00", valid_at="2026-05-01 12:00", predicate="city",
              expect=["Erdenet"]),
        check("history", ULN, "2026-10-06 09:00", predicate="city", expect=["Ulaanbaatar", "Erdenet"]),
    ],
)

# 4 -------------------------------------------------------------------------
BUD = "Europe/Budapest"
scenario(
    "one-behind-the-marquee-debrecen",
    "Smoking: a dated plan to stop (Monday 12 January), stopped, then started again at a cousin's wedding on "
    "Saturday 23 May; vegan from New Year's Day until Easter Sunday; a friend who quit for good; a tram "
    "driver's employer and city in passing.",
    [
        session("s1", BUD, "2026-01-08 21:30", [
            (U, "New year, new me, or at least that's the plan. I'm smoking the last pack now, on purpose, "
                "slowly, and from Monday the 12th I stop. My doctor gave me patches and a lecture. I've also "
                "been vegan since New Year's Day, my flatmate talked me into it, so that's two big things at "
                "once, probably stupid. The worst part will be work, I drive the number 2 tram for Hajdú "
                "Közlekedés here in Debrecen, and at the end of the line everybody lights up during the break, it's "
                "like a little smoking club. My friend Gergő quit four years ago and never touched one again, he "
                "says the first two weeks are hell and then it's just boring. What should I do with my hands "
                "during those breaks?"),
            (A, "Keep something to hold, like a stress ball or a pen, carry sugar-free gum or dried apricots, "
                "and step away from the smokers to walk for five minutes instead."),
            (U, "Dried apricots, my grandmother would approve. My dentist will not."),
            (A, "Keep them in your jacket pocket for the breaks."),
        ]),
        check("current", BUD, "2026-01-09 09:00", predicate="smoking_status", expect=["smoker"]),
        check("current", BUD, "2026-01-14 09:00", predicate="smoking_status", expect=["non-smoker"]),
        session("s2", BUD, "2026-02-20 20:45", [
            (U, "Five and a half weeks without a single cigarette! The first two weeks were exactly the hell "
                "Gergő promised, and now it is indeed boring, which I'll take. I can smell things again, which is "
                "not always good on a tram in February. The vegan thing is harder than the cigarettes, to be "
                "honest, my whole family cooks with lard. Anyway, I have a week off in March and I want to do "
                "something for myself. Is a thermal bath weekend in Hajdúszoboszló nice in March or is it only "
                "for pensioners?"),
            (A, "It's lovely in March, the outdoor pools are warm and steaming in the cold air, and it's quieter "
                "than in summer. Go midweek if you can."),
            (U, "Steaming pools in the cold, sold."),
            (A, "Enjoy the week off."),
        ]),
        session("s3", BUD, "2026-06-15 22:10", [
            (U, "Confession time. My cousin Réka got married on Saturday the 23rd of May, beautiful wedding, "
                "and at two in the morning somebody offered me one behind the marquee and I took it, and since "
                "that night I'm smoking again, about half a pack a day, back where I started. I'm so annoyed "
                "with myself. And while I'm confessing, the vegan thing ended at Easter, on Easter Sunday my "
                "grandmother put töltött káposzta in front of me and I didn't even pretend to fight. Tomorrow I "
                "have an early shift at six. Be honest: is it easier to quit a second time, or harder?"),
            (A, "Many people need several attempts, and each one teaches you something. You already know your "
                "triggers, the breaks and the parties, so plan for those first and set a new date soon."),
            (U, "The breaks and the parties. Yes. I'll pick a date this week."),
            (A, "Tell me when you've picked it."),
        ]),
        check("current", BUD, "2026-06-16 09:00", predicate="smoking_status", expect=["smoker"]),
        check("current", BUD, "2026-06-16 09:00", predicate="city", expect=["Debrecen"]),
        check("as_of", BUD, "2026-06-16 09:00", valid_at="2026-04-01 12:00", predicate="smoking_status",
              expect=["non-smoker"]),
        check("as_of", BUD, "2026-06-16 09:00", valid_at="2026-03-01 12:00", predicate="dietary_restriction",
              expect=["vegan"]),
        check("absent", BUD, "2026-06-16 09:00", predicate="dietary_restriction"),
        check("profile", BUD, "2026-06-16 09:00", must_include=["Debrecen"], must_exclude=["vegan"]),
    ],
)

# 5 -------------------------------------------------------------------------
CMB = "Asia/Colombo"
scenario(
    "sudu-and-the-allergy-test-kandy",
    "An old dog dies on a dated day (Monday 2 March) and a kitten arrives in June; an allergy test (dated "
    "appointment) shows that one allergy was never one, the other stays; 'I'm not vegetarian, my wife is'; a "
    "neighbour's puppy turned down.",
    [
        session("s1", CMB, "2026-02-10 20:00", [
            (U, "Good evening. Busy week at the auctions, we tasted something like three hundred samples "
                "yesterday and my tongue feels like sandpaper. Being a tea taster at Hantane Tea Brokers sounds "
                "romantic until you spit out tea for eight hours. At home it's quiet, our old dog Sudu is "
                "fourteen now and sleeps most of the day on the cool floor by the door. My wife Nimali wants to cook "
                "for my colleagues next month, she's vegetarian but I'm not, so she's making a full rice and "
                "curry with one fish curry just for me and the brokers. Problem: I'm allergic to jackfruit and "
                "to mustard, and half the recipes she likes use mustard seeds. What can she use instead of "
                "mustard seeds for that flavour?"),
            (A, "She can temper cumin seeds and curry leaves in oil, or add a little fenugreek, and use black "
                "pepper for heat. Check any spice mixes she buys for mustard."),
            (U, "Cumin and curry leaves, she already has both. Good."),
            (A, "Enjoy the dinner."),
        ]),
        session("s2", CMB, "2026-03-25 19:15", [
            (U, "Sad news first. We lost Sudu on Monday the 2nd of March, in her sleep, on her spot by the door. "
                "Fourteen years. I still look for her when I come home. The neighbour's dog had puppies and he "
                "offered us one, very kind, but we said no, not yet, it's too soon. The other news is medical: "
                "my doctor finally sent me for a proper allergy test, it's on Tuesday the 14th of April at the "
                "hospital in Peradeniya, so I'll know what is real and what is just my mother's opinion. What "
                "should I stop taking before a skin prick test?"),
            (A, "I'm sorry about Sudu. Before a skin prick test you usually stop antihistamines for several days; "
                "the hospital will give you the exact list, so ask them when you confirm the appointment."),
            (U, "Thank you. I'll call them tomorrow."),
            (A, "Good luck with the test."),
        ]),
        session("s3", CMB, "2026-07-20 20:30", [
            (U, "Update. The test results came: I am not allergic to jackfruit at all, never was, the doctor "
                "thinks it was the sticky sap on my hands when I was a boy. The mustard is real though, a big "
                "red bump, so that one stays. My mother refuses to believe the jackfruit part. And we have a "
                "new member of the family, Nimali came home from the temple in June with a tiny grey kitten, "
                "Kiri, who now sleeps exactly where Sudu used to. Next month the brokers have their annual "
                "dinner at a hotel. How do I tell a hotel kitchen about a mustard allergy so they take it "
                "seriously?"),
            (A, "Tell the organiser and the hotel in writing beforehand, say it's an allergy and not a "
                "preference, ask them to avoid mustard seeds, oil and powder in your dish, and remind the waiter "
                "on the night."),
            (U, "In writing, then again on the night. Okay."),
            (A, "That should keep you safe."),
        ]),
        check("current", CMB, "2026-07-21 09:00", predicate="pet", expect=["Kiri"]),
        check("current", CMB, "2026-07-21 09:00", predicate="allergy", expect=["mustard"]),
        check("current", CMB, "2026-07-21 09:00", predicate="job_title", expect=["tea taster"]),
        check("current", CMB, "2026-07-21 09:00", predicate="partner_name", expect=["Nimali"]),
        check("as_of", CMB, "2026-07-21 09:00", valid_at="2026-02-20 12:00", predicate="pet",
              expect=["Sudu"]),
        check("history", CMB, "2026-07-21 09:00", predicate="pet", expect=["Sudu", "Kiri"]),
        check("absent", CMB, "2026-07-21 09:00", predicate="dietary_restriction"),
        check("profile", CMB, "2026-07-21 09:00", must_include=["mustard"], must_exclude=["jackfruit"]),
    ],
)

# 6 -------------------------------------------------------------------------
ASU = "America/Asuncion"
scenario(
    "chali-not-rosalia-asuncion",
    "Preferred name over the name on paper (the assistant uses the paper name once); single, then seeing "
    "someone since San Juan night (24 June), then a dated break-up (Saturday 17 October); the ex's move to "
    "Encarnación; a friend's wedding; two languages in passing.",
    [
        session("s1", ASU, "2026-05-05 19:30", [
            (U, "Hi! My niece says you remember things, so let's try. My ID says Rosalía, but nobody has called "
                "me that since baptism, everyone calls me Chali. I make harps, Paraguayan harps, in a workshop "
                "behind my house here in Asunción, cedar and thirty-six strings, and right now I have an order "
                "from a music school in the Netherlands for three of them, which is wonderful and terrifying. I speak "
                "Guaraní with my grandmother and with half my clients, and the foreign clients get my English, which is "
                "from the radio. My mother asks every Sunday when I'm going to find a boyfriend, I'm single and "
                "very busy, thank you, Mamá. My question: how do I pack a harp so it survives a flight to "
                "Europe?"),
            (A, "Hello Rosalía! Loosen the strings a little, pad the neck and the pillar with foam, fill every "
                "gap in a wooden crate so nothing can move, and mark the crate 'fragile, this side up'."),
            (U, "Chali, please, Rosalía is only for the notary. Crates, okay, my cousin builds those."),
            (A, "Sorry, Chali. A crate from your cousin sounds ideal."),
        ]),
        session("s2", ASU, "2026-08-12 20:00", [
            (U, "The harps arrived in the Netherlands in one piece, the school sent a video of the students playing "
                "and I cried a bit. Other news, and don't tell my mother yet: I've been seeing someone since San "
                "Juan night, the 24th of June, we met jumping over the fire at my friend's party. His name is "
                "Osvaldo, he's a sound engineer, he laughs at my jokes, it's going well. My friend Lourdes got "
                "married on Saturday, by the way, a huge wedding, and everybody asked me if I'm next, and I "
                "said no, calm down, it's been seven weeks. What's a nice present for a couple who already have "
                "everything?"),
            (A, "An experience rather than a thing: a dinner at a good restaurant, a weekend away, or a "
                "framed print of a photo from their wedding."),
            (U, "A framed photo, yes, I have a great one of them dancing."),
            (A, "That will mean a lot to them."),
        ]),
        session("s3", ASU, "2026-11-20 19:00", [
            (U, "So, Osvaldo and I broke up on Saturday the 17th of October. No drama, it just stopped working, "
                "and a week later he moved to Encarnación for a job at a studio there, so that's that. I'm "
                "single again and honestly fine. The workshop saved me, I have five harps to finish before "
                "Christmas. My grandmother says I should play more and build less, in Guaraní that sounds even "
                "more like an order. Question: how do I keep cedar from cracking when the heat goes over forty "
                "degrees in the workshop?"),
            (A, "Keep the humidity steady with a humidifier or bowls of water, keep the wood away from direct "
                "sun and fans, and store finished pieces in the coolest room."),
            (U, "Bowls of water everywhere, my cat will love it."),
            (A, "Maybe put one where the cat can't reach."),
        ]),
        check("current", ASU, "2026-11-21 09:00", predicate="preferred_name", expect=["Chali"]),
        check("current", ASU, "2026-11-21 09:00", predicate="relationship_status", expect=["single"]),
        check("absent", ASU, "2026-11-21 09:00", predicate="partner_name"),
        check("current", ASU, "2026-11-21 09:00", predicate="city", expect=["Asunci"]),
        check("current", ASU, "2026-11-21 09:00", predicate="language_spoken", expect=["Guaran", "English"]),
        check("as_of", ASU, "2026-11-21 09:00", valid_at="2026-09-15 12:00", predicate="partner_name",
              expect=["Osvaldo"]),
        check("believed_as_of", ASU, "2026-11-21 09:00", known_at="2026-11-01 12:00",
              predicate="partner_name", expect=["Osvaldo"]),
        check("profile", ASU, "2026-11-21 09:00", must_include=["Chali"], must_exclude=["Encarnaci"]),
    ],
)

# 7 -------------------------------------------------------------------------
DKR = "Africa/Dakar"
scenario(
    "speaker-bio-saint-louis",
    "A conference's pasted speaker bio with an old title, another employer and another city; her own city, "
    "employer, role, husband, two children and three languages around it; a lunch place named once among "
    "other things, then recalled.",
    [
        session("s1", DKR, "2026-02-16 21:00", [
            (U, "Bonsoir! I just came back from three days on the boats with the fishermen of Guet Ndar for a "
                "series on the new fishing quotas, I smell like diesel and I'm very happy. I'm the fisheries "
                "reporter at Radio Ndar, here in Saint-Louis, so the boats are basically my office. On the last "
                "day the crew took me to lunch at Chez Yacine, a little place on the Langue de Barbarie with "
                "plastic chairs in the sand, and the thieboudienne was the best I have had in my life, don't "
                "tell my mother-in-law. My husband Modou kept our kids, Awa and Ibrahima, alive while I was away, which means they "
                "ate tinned sardines and instant soup for three days. The interviews are in Wolof and some in Pulaar, and I "
                "need to cut them into a twelve-minute piece. How do I choose what to keep when every fisherman "
                "has a good story?"),
            (A, "Pick one main voice to carry the story, keep only the clips that move it forward or add a "
                "new angle, and let the sound of the boats and the sea fill the transitions."),
            (U, "One main voice. It has to be old Pape, he talks like a poet."),
            (A, "A poet is a good narrator."),
        ]),
        session("s2", DKR, "2026-04-20 20:30", [
            (U, "A small disaster. I'm speaking at a media conference in Dakar next month and they sent me the "
                "programme with my bio, look:\n\n\"Coumba Diallo is Senior Editor at Sud Horizon Media in "
                "Dakar, where she leads the politics desk.\"\n\nI was never senior anything at Sud Horizon, I "
                "was an intern there nine years ago and I left. I'm the fisheries reporter at Radio Ndar and I "
                "live in Saint-Louis, not Dakar, and I have never covered politics in my life, I cover fish. "
                "Someone copied an old website. Can you help me write a two-line bio to send them? Short, "
                "please, I talk all day already: Wolof with Modou at home, Serer with my mother, Pulaar with "
                "my father and with half the fishermen."),
            (A, "'Coumba Diallo is the fisheries reporter at Radio Ndar in Saint-Louis. She covers fishing "
                "communities, the sea and the people who live from it.'"),
            (U, "Perfect, short and true. Sent."),
            (A, "Good luck with the talk."),
        ]),
        check("current", DKR, "2026-04-21 09:00", predicate="city", expect=["Saint-Louis"]),
        check("current", DKR, "2026-04-21 09:00", predicate="employer", expect=["Radio Ndar"]),
        check("current", DKR, "2026-04-21 09:00", predicate="job_title", expect=["reporter"]),
        check("current", DKR, "2026-04-21 09:00", predicate="partner_name", expect=["Modou"]),
        check("current", DKR, "2026-04-21 09:00", predicate="child_name", expect=["Awa", "Ibrahima"]),
        check("current", DKR, "2026-04-21 09:00", predicate="language_spoken",
              expect=["Wolof", "Pulaar", "Serer"]),
        check("profile", DKR, "2026-04-21 09:00", must_include=["Saint-Louis"],
              must_exclude=["Sud Horizon", "Senior Editor"]),
        check("recall", DKR, "2026-04-21 09:00", query="Where did I have lunch on the Langue de Barbarie?",
              k=5, must_include=["Chez Yacine"], must_exclude=[]),
    ],
)

# 8 -------------------------------------------------------------------------
RIX = "Europe/Riga"
scenario(
    "inspector-not-architect-liepaja",
    "The assistant's wrong job guess (written as an inferred claim 'architect'), which the user corrects; "
    "amateur theatre given up in March, amber hunting taken up in April, basketball kept; partner, employer "
    "and city in passing.",
    [
        session("s1", RIX, "2026-01-19 20:30", [
            (U, "Cold one today, minus fourteen and wind off the sea, and I spent four hours under the "
                "old swing bridge over the canal with a torch and a hammer, tapping rivets. Kurzemes Tilti has "
                "me on the winter round of every bridge between here and Ventspils, and the drawings for that "
                "one are from 1906 and wrong in three places. Evenings are the opposite, we're rehearsing a "
                "comedy with the amateur theatre group at the culture house, I play a drunk postman, typecasting, "
                "says my wife Sarmīte. And Thursdays are basketball with the guys from the port, which is the only "
                "exercise I get in January. Here in Liepāja everyone is either a basketball fan or a liar. My "
                "question: my hands go completely numb after an hour outside. What gloves let you hold a "
                "hammer and still feel anything?"),
            (A, "As an architect on site in that cold, you want thin merino liner gloves under windproof "
                "work gloves with a grippy palm, and a pair of heated hand warmers in your pockets for breaks."),
            (U, "I'm not an architect, architects draw the pretty ones. I'm a bridge inspector, I check that "
                "they don't fall down. But the liner idea is good."),
            (A, "Bridge inspector, got it. Liners and warmers, then."),
        ], claims=[{"predicate": "job_title", "object": "architect", "source": "inferred",
                    "confidence": 0.5, "turn": 1}]),
        session("s2", RIX, "2026-06-02 21:00", [
            (U, "Summer finally. Some changes: I left the theatre group in March, right after the premiere, the "
                "rehearsals three nights a week were too much with the spring inspections and I was always "
                "tired, so that's done. Instead, since April I go amber hunting on the beach after storms, "
                "early in the morning with a net and a torch, and I've already found a piece with a little "
                "insect inside. Sarmīte thinks it's a beetle, I think it's a fly. Basketball is still every "
                "Thursday, that one I'll never drop. How can I tell real amber from plastic or glass without "
                "damaging it?"),
            (A, "Real amber floats in very salty water while glass sinks, it feels warm and light in the hand, "
                "and rubbing it on wool makes it attract small bits of paper."),
            (U, "The salt water test, nice. My kitchen is about to become a lab."),
            (A, "Use a lot of salt."),
        ]),
        check("current", RIX, "2026-06-03 09:00", predicate="job_title", expect=["bridge inspector"]),
        check("history", RIX, "2026-06-03 09:00", predicate="job_title", expect=["bridge inspector"]),
        check("current", RIX, "2026-06-03 09:00", predicate="employer", expect=["Kurzemes Tilti"]),
        check("current", RIX, "2026-06-03 09:00", predicate="city", expect=["Liep"]),
        check("current", RIX, "2026-06-03 09:00", predicate="partner_name", expect=["Sarm"]),
        check("current", RIX, "2026-06-03 09:00", predicate="hobby", expect=["amber", "basketball"],
              exact=False),
        check("profile", RIX, "2026-06-03 09:00", must_include=["amber"], must_exclude=["theatre", "architect"]),
    ],
)

# 9 -------------------------------------------------------------------------
ZAG = "Europe/Zagreb"
scenario(
    "zadar-is-dario-osijek",
    "Traps only around a stable life: 'should I move to Zadar?' (later: no), a brother who moved there, a "
    "city only visited for a festival, no children ('forty pupils a week is plenty'), a neighbour's cat that "
    "is not hers, a joke about Antarctica, the assistant's wrong city.",
    [
        session("s1", ZAG, "2026-03-03 20:00", [
            (U, "Can I think out loud at you? My brother Dario moved to Zadar in January, he works at a hotel "
                "on the coast now, and every week he sends me photos of the sea and says come, come, there's a "
                "music school there that needs an accordion teacher. And I'm sitting in Osijek in the fog "
                "wondering, should I move to Zadar? I've been the accordion teacher at Glazbena škola Sunčanica "
                "for eight years, I know every pupil's grandmother, my flat is five minutes from the river "
                "promenade, which I love even in fog. I'm not saying yes. I'm asking what questions I should ask myself "
                "before even applying. And if the heating bill goes up one more time I'm emigrating to "
                "Antarctica, that's decided."),
            (A, "Ask yourself what you'd gain and what you'd lose: your pupils, friends and routines in "
                "Osijek against the sea and your brother in Zadar; whether the job there is really better; and "
                "whether you want the move, or just a change."),
            (U, "Whether I want the move or just a change. That's the question, yes."),
            (A, "Take your time with it."),
        ]),
        session("s2", ZAG, "2026-05-26 19:45", [
            (U, "I went to Pula last weekend for an accordion festival, three days, I played in a tent in the "
                "rain and it was glorious. On the train back I decided: I'm staying in Osijek. Zadar is Dario's "
                "life, not mine, and I'd miss my pupils too much. Forty pupils a week is plenty of children for "
                "me, by the way, I don't have kids of my own and I'm not in a hurry. And no pets, although the "
                "neighbour's cat Mrva sits on my balcony every evening like she pays the rent. She's not mine, "
                "officially. Now the end-of-year concert is in three weeks and my youngest group is a mess. How "
                "do I get eight-year-olds to start together?"),
            (A, "Since you're in Vukovar, maybe the town's cultural centre could lend you a room for extra "
                "rehearsals. For starting together: count in out loud, breathe in on the last beat, and have "
                "them watch one leader's bellows."),
            (U, "Not Vukovar, Osijek, I said so twice. But breathing on the last beat, good idea."),
            (A, "Sorry, Osijek. Good luck with the concert."),
        ]),
        check("current", ZAG, "2026-05-27 09:00", predicate="city", expect=["Osijek"]),
        check("history", ZAG, "2026-05-27 09:00", predicate="city", expect=["Osijek"]),
        check("current", ZAG, "2026-05-27 09:00", predicate="job_title", expect=["accordion"]),
        check("current", ZAG, "2026-05-27 09:00", predicate="employer", expect=["Sunčanica"]),
        check("absent", ZAG, "2026-05-27 09:00", predicate="child_name"),
        check("absent", ZAG, "2026-05-27 09:00", predicate="pet"),
        check("profile", ZAG, "2026-05-27 09:00", must_include=["Osijek"],
              must_exclude=["Zadar", "Pula", "Vukovar", "Mrva"]),
    ],
)

# 10 ------------------------------------------------------------------------
LPB = "America/La_Paz"
scenario(
    "three-weeks-ago-today-sucre",
    "Backdated facts told together: a new job 'three weeks ago today, Tuesday the 25th of August', the old "
    "job's last day on the Friday before, a move 'last Saturday, the 12th', vegetarian 'since the start of "
    "August'; a weekly bus commute from the old city before the move.",
    [
        session("s1", LPB, "2026-01-20 20:00", [
            (U, "Buenas. Long shift, I've been underground since six. I'm the safety officer at Cooperativa "
                "Minera Kari Kari, which means I'm the annoying guy who checks the air, the helmets and the "
                "props in the tunnels, and everyone hates me until something goes wrong. Here in Potosí you "
                "don't argue with the mountain. My wife Roxana says I come home grey, literally, from the dust. We're "
                "thinking about the future, she's from Sucre and would like to go back one day, but for now "
                "we're here. My question: the guys refuse to wear dust masks because they say they can't "
                "breathe with them at four thousand metres. How can I convince them?"),
            (A, "Let them try a few mask models and pick the one they find easiest to breathe through, explain "
                "silicosis with real cases from the area, and make the older, respected miners your allies."),
            (U, "The old ones, yes, if don Eusebio wears it, everyone wears it."),
            (A, "Start with don Eusebio, then."),
        ]),
        session("s2", LPB, "2026-09-15 19:30", [
            (U, "Big changes, let me catch you up. Three weeks ago today, on Tuesday the 25th of August, I "
                "started as safety manager at Hormigones del Sur, the concrete plant in Sucre, so no more "
                "tunnels. My last day at Kari Kari was the Friday before, the 21st. For the first two weeks I "
                "took the bus from Potosí every Monday morning and slept in a hostel during the week, which was "
                "terrible, and then last Saturday, the 12th, we finally moved to Sucre, into a flat two streets "
                "from Roxana's parents. Also, since the start of August I'm vegetarian, Roxana and I decided it "
                "together after a documentary, and my mother thinks it's a phase. At the plant the problem is "
                "noise, not dust. What's a good way to run a hearing protection campaign?"),
            (A, "Measure the noise levels and put the numbers on the walls, give out comfortable ear "
                "protection for people to try, and do short talks with a hearing test at the end."),
            (U, "Numbers on the walls, good, engineers love numbers."),
            (A, "And operators love comfort. Good luck."),
        ]),
        check("current", LPB, "2026-09-16 09:00", predicate="employer", expect=["Hormigones"]),
        check("current", LPB, "2026-09-16 09:00", predicate="job_title", expect=["safety manager"]),
        check("current", LPB, "2026-09-16 09:00", predicate="city", expect=["Sucre"]),
        check("current", LPB, "2026-09-16 09:00", predicate="dietary_restriction", expect=["vegetarian"]),
        check("as_of", LPB, "2026-09-16 09:00", valid_at="2026-08-10 12:00", predicate="employer",
              expect=["Kari Kari"]),
        check("as_of", LPB, "2026-09-16 09:00", valid_at="2026-09-01 12:00", predicate="city",
              expect=["Potos"]),
        check("history", LPB, "2026-09-16 09:00", predicate="employer", expect=["Kari Kari", "Hormigones"]),
        check("history", LPB, "2026-09-16 09:00", predicate="city", expect=["Potos", "Sucre"]),
    ],
)

# 11 ------------------------------------------------------------------------
WDH = "Africa/Windhoek"
scenario(
    "six-months-at-the-coast-back-to-windhoek",
    "City A, then B for a six-month stint (told after the move, backdated to Wednesday 1 April), then back "
    "to A (Saturday 3 October, told in November: a new version, not an undo); an undecided offer first; "
    "'I've never lived in Walvis Bay'; a friend moving to B after they left.",
    [
        session("s1", WDH, "2026-02-03 19:30", [
            (U, "Hi, quick brain dump. Ombili Medical Imaging offered me a six-month stint at their Swakopmund "
                "branch, their radiographer there is going on maternity leave and they need someone who can "
                "run the CT alone. I haven't decided. I've lived in Windhoek my whole life, my husband Tjaka's garage "
                "is here, and my mother would say the fog at the coast is bad for my chest, which it isn't. On the "
                "other hand, six months by the sea. Tjaka says he can leave his business partner in charge for "
                "a while. Anyway, my actual question: I keep getting pain between my shoulder blades from "
                "positioning patients all day. Any stretches I can do between scans?"),
            (A, "Try shoulder blade squeezes, doorway chest stretches and slow neck rolls, ten of each every "
                "couple of hours, and raise the table so you aren't bending over patients."),
            (U, "Raising the table, I always forget that. Thanks."),
            (A, "Your back will thank you."),
        ]),
        session("s2", WDH, "2026-05-18 20:00", [
            (U, "I said yes in the end! We've been in Swakopmund since Wednesday the 1st of April, in a little "
                "rented house four streets from the beach, and Tjaka found a garage here that lets him fix "
                "cars two days a week. The fog is real but I love it. Funny thing, everyone in Windhoek assumes "
                "we live in Walvis Bay, I've never lived in Walvis Bay, I only drive there on Sundays to look at "
                "the flamingos. Last Friday we had the first proper storm and the sea came right up the road. "
                "What are some good day trips from here for when my sister visits in June?"),
            (A, "The Moon Landscape and the Welwitschia plains, a boat trip from Walvis Bay to see seals and "
                "dolphins, sandboarding on the dunes, and a drive up the coast to the seal colony."),
            (U, "Sandboarding, she'll hate it and I'll film it. Perfect."),
            (A, "Sounds like a plan."),
        ]),
        session("s3", WDH, "2026-11-10 19:15", [
            (U, "The six months are over, we're back in Windhoek since Saturday the 3rd of October, same old "
                "house, same old dust, and Tjaka is back at his own garage. I miss the sea more than I "
                "expected. The funny part: my friend Ndapewa moved to Swakopmund two weeks after we left, she "
                "took a job at the hotel on the jetty, so now I have a reason to visit. At Ombili I'm back on "
                "the day shift here and they put me in charge of training the new radiographers. How do I "
                "teach someone to position for a chest X-ray without boring them?"),
            (A, "Show one, then let them do it on each other with you correcting, give them a short checklist, "
                "and review their first real images together."),
            (U, "Practising on each other, they'll laugh, that's good."),
            (A, "Laughing helps people remember."),
        ]),
        check("current", WDH, "2026-11-11 09:00", predicate="city", expect=["Windhoek"]),
        check("current", WDH, "2026-11-11 09:00", predicate="job_title", expect=["radiographer"]),
        check("current", WDH, "2026-11-11 09:00", predicate="partner_name", expect=["Tjaka"]),
        check("as_of", WDH, "2026-11-11 09:00", valid_at="2026-03-01 12:00", predicate="city",
              expect=["Windhoek"]),
        check("as_of", WDH, "2026-11-11 09:00", valid_at="2026-06-01 12:00", predicate="city",
              expect=["Swakopmund"]),
        check("as_of", WDH, "2026-11-11 09:00", valid_at="2026-10-20 12:00", predicate="city",
              expect=["Windhoek"]),
        check("believed_as_of", WDH, "2026-11-11 09:00", known_at="2026-10-20 12:00", predicate="city",
              expect=["Swakopmund"]),
        check("history", WDH, "2026-11-11 09:00", predicate="city",
              expect=["Windhoek", "Swakopmund", "Windhoek"]),
    ],
)

# 12 ------------------------------------------------------------------------
SKD = "Asia/Samarkand"
scenario(
    "the-pool-not-the-gym-samarkand",
    "Preferred name and role said with filler words; three languages in passing; a daughter; no pets; the old "
    "gym is worded like the query and the new pool is not (must_exclude a detail found only in the old "
    "turn).",
    [
        session("s1", SKD, "2026-01-12 19:00", [
            (U, "Um, hi. So my name on paper is Dilnoza, but, like, just Noza, everyone says Noza. I'm, uh, "
                "basically a carpet designer, I draw the patterns for the silk carpets at Afrosiyob Gilam, the "
                "workshop behind the Registan, and then the weavers spend a year making what I drew in a week, "
                "which makes me feel guilty every time. At home it's Uzbek with my husband's family, Tajik with "
                "my own mum, because in Samarkand half of us are Tajik at home, and English with the tourists "
                "in the shop. My daughter Malika is six and wants to be a weaver, not a designer, because "
                "'weavers get to sit on the floor'. No pets, my landlady would faint. Okay, my question: my "
                "gym is Vertikal, on University Boulevard, and the coach there, the one with the gold tooth, "
                "makes us do burpees until I see stars. Is it normal to feel dizzy after a gym class?"),
            (A, "Mild breathlessness is normal, but dizziness can mean you're pushing too hard, are dehydrated "
                "or haven't eaten. Drink water, eat a small snack an hour before, and tell the coach to let you "
                "rest when you need to."),
            (U, "I never eat before, that's probably it. Thank you."),
            (A, "A small snack an hour before can make a big difference."),
        ]),
        session("s2", SKD, "2026-04-28 20:30", [
            (U, "Hi again. So I left that gym in March, the burpees won, I give up. Now I swim at the Zarafshon "
                "pool three mornings a week, at seven, before the workshop opens, and I love it, it's quiet and "
                "nobody shouts. Malika comes on Saturdays and does her lessons in the small pool. At work we "
                "just started a huge carpet for a hotel in the old city, eight metres, the biggest design I've "
                "ever done, in pomegranate reds. How do I stop my goggles from fogging?"),
            (A, "Rinse them in cold water before you put them on, don't touch the inside of the lenses, and use "
                "an anti-fog spray or a drop of baby shampoo rinsed off."),
            (U, "Baby shampoo, I have plenty of that. Thanks!"),
            (A, "Enjoy your swims."),
        ]),
        check("current", SKD, "2026-04-29 09:00", predicate="preferred_name", expect=["Noza"]),
        check("current", SKD, "2026-04-29 09:00", predicate="job_title", expect=["carpet designer"]),
        check("current", SKD, "2026-04-29 09:00", predicate="employer", expect=["Afrosiyob"]),
        check("current", SKD, "2026-04-29 09:00", predicate="city", expect=["Samarkand"]),
        check("current", SKD, "2026-04-29 09:00", predicate="language_spoken",
              expect=["Uzbek", "Tajik", "English"]),
        check("current", SKD, "2026-04-29 09:00", predicate="child_name", expect=["Malika"]),
        check("absent", SKD, "2026-04-29 09:00", predicate="pet"),
        check("recall", SKD, "2026-04-29 09:00", query="Which gym do I go to these days?", k=5,
              must_include=["Zarafshon"], must_exclude=["University Boulevard"]),
    ],
)


# ---------------------------------------------------------------------------
def _ts(s: str) -> datetime:
    d = datetime.fromisoformat(s)
    if d.tzinfo is None:
        raise ValueError(f"time without zone: {s}")
    return d


def _user_text(sc: dict) -> str:
    return " ".join(tt["text"] for st in sc["steps"] if "session" in st
                    for tt in st["session"]["turns"] if tt["role"] == "user").lower()


def validate(sc: dict) -> list[str]:
    errs, name = [], sc["name"]
    if sc.get("format") != 1:
        errs.append(f"{name}: format must be 1")
    last = None
    ids = set()
    utext = _user_text(sc)
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
            if offs != sorted(offs):
                errs.append(f"{name} {body['id']}: offsets not increasing")
            for tt in body["turns"]:
                if tt["role"] not in {"user", "assistant", "tool", "system"} or not tt["text"].strip():
                    errs.append(f"{name} {body['id']}: bad turn")
            for c in body.get("claims", []):
                if not 0 <= c["turn"] < len(body["turns"]):
                    errs.append(f"{name} {body['id']}: claim turn out of range")
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
                wanted = []
            for v in wanted:
                if v.lower() not in utext:
                    errs.append(f"{name} step {i}: expected {v!r} not in the user's words")
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
    if errs:
        print("\n".join(errs), file=sys.stderr)
        return 1
    c = counts(SCENARIOS)
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
