#!/usr/bin/env python3
"""Write the held10 natural multi-session scenarios (format v1) to the parent folder.

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
NAMESPACE = "held10"

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
        "user": f"h10-{len(SCENARIOS) + 1:02d}",
        "steps": steps,
    })

# 1 -------------------------------------------------------------------------
LIM = "America/Lima"
scenario(
    "juliaca-since-the-eighth-puno-lab",
    "A limnologist's employer, role and two languages said inside talk about a field day on the lake; a move "
    "from Puno to Juliaca told two months late ('we've been living in Juliaca since Sunday the 8th of March'), "
    "while the lab stays in Puno (a colectivo commute); a sister's move to Tacna, which the assistant then "
    "gives to the user.",
    [
        session("s1", LIM, "2026-01-20 19:30", [
            (U, "I smell like lake and diesel, sorry, you can't smell me but trust me. We were out on the boat "
                "since six taking water samples near the reed islands, and the engine died twice, and the "
                "boatman just laughed and lit a cigarette. I've been the limnologist at the Instituto "
                "Lacustre del Altiplano here in Puno for almost four years and I still get seasick on a lake, "
                "which is embarrassing for someone whose whole job is water. The fishermen only talk to me "
                "because I answer them in Aymara, my grandmother would be proud, and the visiting researchers "
                "from Greece get my English, which is getting better because of them. Teodoro, my husband, "
                "picked me up at the pier with a thermos of coca tea, he's a saint. Also my little sister "
                "Yolanda told us on Sunday she's moving to Tacna in March, she got a post at a school there, "
                "and my mother is already planning which blankets to send. Anyway, my real question: the "
                "algae bloom in the inner bay is back and I have to explain it to the municipal council next "
                "week, people who have never seen a microscope. How do I explain eutrophication to "
                "politicians in five minutes?"),
            (A, "Use one picture and one comparison: too much fertiliser from sewage and farms feeds the algae "
                "like too much sugar feeds a child; the algae die, rot and use up the oxygen the fish need. "
                "Then show one graph of oxygen over the years and end with the two things they can fund."),
            (U, "Sugar and a child, they will understand that, half of them are grandfathers. Thank you."),
            (A, "Good luck with the council."),
        ]),
        session("s2", LIM, "2026-05-12 20:00", [
            (U, "I owe you news. We've been living in Juliaca since Sunday the 8th of March, I know, I didn't "
                "tell you, it was chaos. Teodoro's workshop is there and the rent is half of what we paid in "
                "Puno, so it made sense, even if Juliaca is noisy and dusty and everybody honks. I still work "
                "at the Instituto Lacustre, nothing changed there, I take a colectivo to Puno at half past six "
                "and I'm at the lab by a quarter past seven, forty-five minutes if the driver is in a hurry, "
                "which he always is. The good part: I read papers on the way. The bad part: I read papers on "
                "the way and get dizzy. The council did fund the new treatment pond, by the way, the sugar "
                "thing worked. Now I need to write a grant report in English by June. Any tips to make a "
                "long report less painful to write?"),
            (A, "Congratulations on settling into Tacna! For the report: write the results section first, "
                "then the methods, and leave the introduction and summary for last; one heading per funded "
                "activity, and ten minutes of writing every morning rather than one long weekend."),
            (U, "Tacna is Yolanda, not me! We are in Juliaca. But results first, okay, I like that."),
            (A, "Sorry, Juliaca. Results first, and good luck with the report."),
        ]),
        check("current", LIM, "2026-05-13 09:00", predicate="city", expect=["Juliaca"]),
        check("current", LIM, "2026-05-13 09:00", predicate="employer", expect=["Lacustre"]),
        check("current", LIM, "2026-05-13 09:00", predicate="job_title", expect=["limnologist"]),
        check("current", LIM, "2026-05-13 09:00", predicate="language_spoken", expect=["Aymara", "English"]),
        check("as_of", LIM, "2026-05-13 09:00", valid_at="2026-02-15 12:00", predicate="city",
              expect=["Puno"]),
        check("as_of", LIM, "2026-05-13 09:00", valid_at="2026-04-10 12:00", predicate="city",
              expect=["Juliaca"]),
        check("believed_as_of", LIM, "2026-05-13 09:00", known_at="2026-04-10 12:00", predicate="city",
              expect=["Puno"]),
        check("history", LIM, "2026-05-13 09:00", predicate="city", expect=["Puno", "Juliaca"]),
        check("profile", LIM, "2026-05-13 09:00", must_include=["Juliaca"], must_exclude=["Tacna"]),
    ],
)

# 2 -------------------------------------------------------------------------
ACC = "Africa/Accra"
scenario(
    "last-day-friday-the-29th-koforidua",
    "Notice to the end of the month after: last day Friday 29 May as cocoa grader at a cocoa buyer, start "
    "Monday 8 June as sourcing manager at a chocolate maker in the same town, with no session on either day; a "
    "pasted HR message gives the wrong title, the wrong factory town and the wrong date.",
    [
        session("s1", ACC, "2026-04-24 19:45", [
            (U, "I did it. This morning I walked into my manager's office at Densu Cocoa Buyers and handed him "
                "my letter, after eight years as a cocoa grader, cutting beans in half and counting the purple "
                "ones and the mouldy ones until I see beans when I close my eyes. My contract says notice runs "
                "to the end of the month after, so my last day there is Friday the 29th of May, and on Monday "
                "the 8th of June I start at Abrewa Chocolate as sourcing manager. A whole week off in between, "
                "I don't remember the last time that happened. Fiifi says I should sleep for the whole week and "
                "honestly that's the plan. we live in Koforidua and Abrewa's factory is on the other side of "
                "town, so nothing changes at home, I'll even be closer to the children's school. The hard part now: I "
                "have to train the new grader before I go, a young man straight from college who has never seen "
                "a fermented bean. How do I teach grading fast without him making a mess of the first "
                "shipments?"),
            (A, "Congratulations! Sit him next to you for the first week and grade the same samples side by side, "
                "then let him grade first while you check; keep a photo board of each defect next to the "
                "cutting table, and double-check every lot he signs for the first month."),
            (U, "A photo board, yes, he's the phone generation, he'll like that."),
            (A, "He'll learn quickly with it."),
        ]),
        session("s2", ACC, "2026-05-13 20:30", [
            (U, "So Abrewa's HR lady sent me this on WhatsApp today, look:\n\n"
                "> Good afternoon Madam Adjoa, welcome to the Abrewa family! Your appointment as Sourcing "
                "Officer at our Nkawkaw factory begins on Monday 15 June 2026. Kindly report at 7:30am with "
                "your Ghana Card.\n\n"
                "Officer?? I'm coming as sourcing manager, it's written in the contract I signed. And I'm not "
                "going to Nkawkaw, I'm at the Koforidua factory, that's the whole reason I took the job, I'm "
                "not sitting in traffic on the Accra-Kumasi road every morning. And it's the 8th of June, not "
                "the 15th, Densu already has my last day. How do I tell her without starting on the wrong "
                "foot?"),
            (A, "Try: 'Thank you, I'm excited to join! Just so our records match: my role is Sourcing Manager at "
                "the Koforidua factory, starting Monday 8 June, as in my signed contract. Could you send a "
                "corrected letter? Many thanks.'"),
            (U, "Perfect, friendly and firm. Sending it before Fiifi tells me to calm down."),
            (A, "Good luck on the 8th."),
        ]),
        check("current", ACC, "2026-05-14 09:00", predicate="employer", expect=["Densu"]),
        check("current", ACC, "2026-05-14 09:00", predicate="job_title", expect=["cocoa grader"]),
        check("current", ACC, "2026-06-10 09:00", predicate="employer", expect=["Abrewa"]),
        check("current", ACC, "2026-06-10 09:00", predicate="job_title", expect=["sourcing manager"]),
        check("current", ACC, "2026-06-10 09:00", predicate="city", expect=["Koforidua"]),
        check("as_of", ACC, "2026-06-10 09:00", valid_at="2026-05-27 12:00", predicate="employer",
              expect=["Densu"]),
        check("as_of", ACC, "2026-06-10 09:00", valid_at="2026-06-09 12:00", predicate="employer",
              expect=["Abrewa"]),
        check("believed_as_of", ACC, "2026-06-10 09:00", known_at="2026-05-20 12:00", predicate="employer",
              expect=["Densu"]),
        check("history", ACC, "2026-06-10 09:00", predicate="employer", expect=["Densu", "Abrewa"]),
        check("profile", ACC, "2026-06-10 09:00", must_include=["Koforidua"],
              must_exclude=["Nkawkaw", "Officer"]),
    ],
)

# 3 -------------------------------------------------------------------------
ALA = "Asia/Almaty"
scenario(
    "night-train-on-the-19th-pavlodar",
    "'The company is moving me to Pavlodar': a dated night train (Sunday 19 April); the city must change by "
    "itself with no session (checked before, after and months later); the father's 'why not Kostanay?'; wife, "
    "daughter and job in passing; the daughter's speech therapist named once with a dated appointment, then "
    "recalled.",
    [
        session("s1", ALA, "2026-03-24 20:00", [
            (U, "Big news in our family. Dala Akustika is opening an office in Pavlodar and they want me to "
                "run the measurements there, so we're moving: the van takes our things on Saturday and we take "
                "the night train from Karaganda on Sunday the 19th of April, and from then on we're Pavlodar "
                "people. I've been an acoustic engineer with them for six years here in Karaganda, mostly concert halls and "
                "noisy factories, and in Pavlodar it's a new aluminium plant, so, noisy. Gulnur is already "
                "looking at flats near the Irtysh embankment because she wants to walk by the river in the "
                "evenings. My father called and asked why not Kostanay, where his brother lives, as if I choose "
                "where the company opens offices. The one thing I already sorted out: our daughter Aliya, she's "
                "five, has a lisp and the kindergarten recommended a speech therapist in Pavlodar, Dr. Abenova, "
                "and she has her first appointment on Tuesday the 28th of April at ten. So, question: how do I "
                "prepare a five-year-old for a move so she's not scared?"),
            (A, "Tell her early and simply, show her pictures of the new flat, the river and her new "
                "kindergarten, let her pack one box of her own treasures that rides with you on the train, and "
                "keep bedtime the same on the first nights."),
            (U, "Her own box, she'll love that, she'll want to take the cat from downstairs too, which is not "
                "ours."),
            (A, "Maybe a photo of the cat for the box."),
        ]),
        check("current", ALA, "2026-04-10 09:00", predicate="city", expect=["Karaganda"]),
        check("current", ALA, "2026-04-21 09:00", predicate="city", expect=["Pavlodar"]),
        session("s2", ALA, "2026-07-08 20:30", [
            (U, "Three months in Pavlodar and I can report: the wind is worse than Karaganda, the river is "
                "better, and the aluminium plant is exactly as loud as I feared, I measured 104 decibels next "
                "to the rolling mill. Aliya's lisp is almost gone, the speech sessions every Tuesday are "
                "working, she now says 'sun' instead of 'thun' and she says it a hundred times a day to prove "
                "it. Gulnur found a job at a pharmacy near the embankment. My question today is about work: "
                "the workers at the mill refuse to wear earmuffs in summer because they're hot. What are the "
                "alternatives that people actually wear?"),
            (A, "Foam or moulded earplugs are cooler than earmuffs; custom-moulded plugs with filters are "
                "comfortable for a full shift. Let workers try a few types and choose, and explain the "
                "104 dB figure in terms of minutes of safe exposure."),
            (U, "Minutes of safe exposure, good, numbers scare them more than I do."),
            (A, "Numbers often work better than rules."),
        ]),
        check("current", ALA, "2026-07-09 09:00", predicate="city", expect=["Pavlodar"]),
        check("current", ALA, "2026-07-09 09:00", predicate="partner_name", expect=["Gulnur"]),
        check("current", ALA, "2026-07-09 09:00", predicate="child_name", expect=["Aliya"]),
        check("current", ALA, "2026-07-09 09:00", predicate="job_title", expect=["acoustic engineer"]),
        check("as_of", ALA, "2026-07-09 09:00", valid_at="2026-04-01 12:00", predicate="city",
              expect=["Karaganda"]),
        check("history", ALA, "2026-07-09 09:00", predicate="city", expect=["Karaganda", "Pavlodar"]),
        check("recall", ALA, "2026-07-09 09:00", query="What is the name of Aliya's speech therapist?", k=5,
              must_include=["Abenova"]),
    ],
)

# 4 -------------------------------------------------------------------------
LIS = "Europe/Lisbon"
scenario(
    "one-at-the-sao-joao-fair-evora",
    "Smoking: a dated plan to stop (Monday 2 February, a birthday; checked two days after with no session), "
    "stopped, then smoking again since the São João fair night (Tuesday 23 June); vegetarian from Saturday 7 "
    "March until an uncle's pig roast on Saturday 13 June; a colleague who stopped too.",
    [
        session("s1", LIS, "2026-01-22 21:00", [
            (U, "Okay, I'm putting this in writing so I can't pretend later. I'm going to stop smoking on "
                "Monday the 2nd of February, my fortieth birthday, because a woman of forty with a cigarette "
                "behind the temple of Diana at ten at night is not the image I want. Twenty a day, since I was "
                "seventeen. The worst is at the workshop: I restore azulejos at Ateliê Giraldo here in Évora, the old tile "
                "panels from churches and palaces, and every time I finish cleaning one panel I go outside for "
                "one, it's a reward, so I need a new reward. My colleague Inês says she'll stop with me, which "
                "is nice, but she smokes five a week so it's not the same fight. Any practical advice for the "
                "first week?"),
            (A, "Pick a replacement reward for each finished panel (a walk round the block, a coffee, a piece "
                "of fruit), tell everyone the date, clear out lighters and ashtrays the night before, and keep "
                "your hands busy in the evenings. Nicotine patches or gum can take the edge off the first "
                "weeks."),
            (U, "Patches, yes, I'll buy them on Saturday. And I'll tell my mother, that's like signing a "
                "contract."),
            (A, "Good luck on the 2nd, and happy birthday in advance."),
        ]),
        check("current", LIS, "2026-01-23 09:00", predicate="smoking_status", expect=["smoker"]),
        check("current", LIS, "2026-02-04 09:00", predicate="smoking_status", expect=["non-smoker"]),
        session("s2", LIS, "2026-04-14 20:15", [
            (U, "Ten weeks without a single cigarette, can you believe it. The patches are finished, the "
                "reward for a panel is now an orange from the market, and my skin looks better, my mother says. "
                "Inês is smoking again but only at weddings, she says, and there are a lot of weddings. Other "
                "change: I'm vegetarian since Saturday the 7th of March, I watched a documentary about pig "
                "farms and that was it, no more meat, and in Évora that's not easy, everything is pork with "
                "clams or lamb. At work we're on a huge panel from a convent, eighteenth century, blue and "
                "white, a hunting scene with a missing dog, I have to paint the dog back in. Can you give me "
                "some vegetarian dishes from the Alentejo that aren't just bread soup?"),
            (A, "Try açorda with coriander and garlic, migas with wild asparagus, tomato soup "
                "Alentejo-style with poached eggs, grão com espinafres, and cheese from Serpa with figs."),
            (U, "Migas with asparagus, yes, it's asparagus season, perfect."),
            (A, "Enjoy them."),
        ]),
        check("current", LIS, "2026-04-15 09:00", predicate="dietary_restriction", expect=["vegetarian"]),
        session("s3", LIS, "2026-07-02 21:30", [
            (U, "Confession time. On the night of the São João fair, Tuesday the 23rd of June, my cousin was "
                "smoking at the fairground bar and I took one, and then another, and since then I'm smoking "
                "again, maybe ten a day. So, a smoker again, I'm not hiding it from you. And the vegetarian "
                "thing ended too, before that even: at my uncle's pig roast on Saturday the 13th of June I ate "
                "the meat, and I've been eating meat since, I missed it too much. My mother is very pleased "
                "about the meat and very angry about the cigarettes. The convent panel is finished, the dog "
                "looks great. What's a good way to try again with the cigarettes, since the first time worked "
                "for a while?"),
            (A, "Look at what broke it (a party, a cousin, a drink) and plan for that moment next time; set a "
                "new date soon, reuse what worked (patches, the orange reward) and have an answer ready when "
                "someone offers you one."),
            (U, "An answer ready. 'No thanks, I restore tiles, my hands must be steady.' That's my line."),
            (A, "That's a good line."),
        ]),
        check("current", LIS, "2026-07-03 09:00", predicate="smoking_status", expect=["smoker"]),
        check("absent", LIS, "2026-07-03 09:00", predicate="dietary_restriction"),
        check("as_of", LIS, "2026-07-03 09:00", valid_at="2026-04-01 12:00", predicate="smoking_status",
              expect=["non-smoker"]),
        check("as_of", LIS, "2026-07-03 09:00", valid_at="2026-05-01 12:00", predicate="dietary_restriction",
              expect=["vegetarian"]),
        check("profile", LIS, "2026-07-03 09:00", must_include=["vora"], must_exclude=["vegetarian"]),
    ],
)

# 5 -------------------------------------------------------------------------
HCM = "Asia/Ho_Chi_Minh"
scenario(
    "khoai-and-the-allergy-test-hoi-an",
    "An old cat dies on a dated day (Sunday 15 March), a puppy arrives (Saturday 2 May); a dated allergy test "
    "(Tuesday 21 April) shows one allergy (mango) was never one, the other (peanuts) stays; 'my wife is "
    "vegetarian, I'm not'; a neighbour's parrot turned down.",
    [
        session("s1", HCM, "2026-02-03 20:00", [
            (U, "Good evening. The lunar new year is coming and the workshop is crazy, everybody wants red lanterns, I've made "
                "more than two hundred this month. I'm a lantern maker, I bend the bamboo frames and stretch the "
                "silk, my father did it before me in the same shop on Nguyễn Thái Học street in Hội An, and the "
                "tourists watch me like I'm a television. At home it's quiet, just my wife Thảo and our old cat "
                "Khoai, who is sixteen and sleeps on the warm rice cooker. Thảo is vegetarian, she has been for "
                "ten years, I'm not, I eat everything except what makes me sick: I'm allergic to mango and to "
                "peanuts, which here is a tragedy, peanuts are in everything. For the new year we are cooking for "
                "twenty people. Can you help me plan a menu where Thảo has vegetarian dishes and I don't have to "
                "worry about peanuts?"),
            (A, "Sure: bánh chưng with a mung bean filling for everyone, a vegetarian spring roll platter with "
                "a soy-based dipping sauce instead of peanut sauce, braised tofu and mushrooms in coconut "
                "water, pickled onions, and for you braised pork with eggs; ask the sweet-seller to leave "
                "peanuts off the sticky rice."),
            (U, "Soy sauce dip, good, my aunt will complain there's no peanut sauce but she complains "
                "anyway."),
            (A, "Happy new year!"),
        ]),
        check("current", HCM, "2026-02-04 09:00", predicate="pet", expect=["Khoai"]),
        session("s2", HCM, "2026-06-09 19:30", [
            (U, "A lot has changed. Khoai died on Sunday the 15th of March, in her sleep on the rice cooker, "
                "sixteen and a half years old. We buried her under the star fruit tree. The house was so empty "
                "that on Saturday the 2nd of May we brought home a puppy from the market, a little yellow dog we "
                "named Bắp, because she's the colour of corn, and she has already eaten one of my lantern frames. "
                "Then the allergy news: I finally did the proper allergy test at the hospital in Đà Nẵng on "
                "Tuesday the 21st of April, and I am not allergic to mango at all, never was, the rash as a boy "
                "was something else. Peanuts, yes, that one is real, the doctor said be careful. My neighbour "
                "wants to give me his parrot, which talks all night, and I said no thank you, one animal that "
                "eats my lanterns is enough. How do I stop a puppy from chewing bamboo?"),
            (A, "Give her her own chew toys and swap them in whenever she goes for bamboo, keep the frames up "
                "high or behind a gate, praise her when she chews the right thing, and make sure she gets "
                "enough walks to be tired."),
            (U, "A gate in the workshop, okay. She'll still look at me with those eyes."),
            (A, "Those eyes are hard to resist."),
        ]),
        check("current", HCM, "2026-06-10 09:00", predicate="pet", expect=["Bắp"]),
        check("history", HCM, "2026-06-10 09:00", predicate="pet", expect=["Khoai", "Bắp"]),
        check("as_of", HCM, "2026-06-10 09:00", valid_at="2026-03-01 12:00", predicate="pet", expect=["Khoai"]),
        check("current", HCM, "2026-06-10 09:00", predicate="allergy", expect=["peanut"]),
        check("absent", HCM, "2026-06-10 09:00", predicate="dietary_restriction"),
        check("current", HCM, "2026-06-10 09:00", predicate="job_title", expect=["lantern maker"]),
        check("profile", HCM, "2026-06-10 09:00", must_include=["peanut"], must_exclude=["mango"]),
    ],
)

# 6 -------------------------------------------------------------------------
REK = "Atlantic/Reykjavik"
scenario(
    "silla-not-sigurlaug-isafjordur",
    "Preferred name over the name on paper (the assistant uses the paper name once); single, then in a "
    "relationship since the Þorrablót on Saturday 7 February (told in April), then engaged on New Year's Eve "
    "(told in January, a year after the first session); a friend's separation.",
    [
        session("s1", REK, "2026-01-15 18:30", [
            (U, "Hi. Quick thing before anything else: my passport says Sigurlaug, but nobody has called me "
                "that since confirmation, I'm Silla, please use Silla. I'm a harbour pilot in Ísafjörður, I "
                "take the big ships in and out of the fjord, mostly trawlers and in summer the cruise ships, "
                "which are like driving a block of flats through a keyhole. Winter is dark, we get maybe four "
                "hours of light, and the sun disappears behind the mountains until the end of January, we have "
                "a whole festival when it comes back. I'm single, and my mother reminds me every Sunday at "
                "dinner, she has a list of fishermen. My best friend Hrefna just separated from her husband "
                "after twelve years and she's sleeping on my sofa for now, so my flat is full of her plants. "
                "My question: how do I stay awake and sharp on night shifts in the dark months?"),
            (A, "Use bright light in the first hours of the shift, keep caffeine to the first half, eat a "
                "light meal rather than a heavy one, take a short nap before the shift, and keep your bedroom "
                "fully dark for sleeping in the day."),
            (U, "A light box, my colleague has one, I'll steal it. Thanks."),
            (A, "Take care on the night shifts, Sigurlaug."),
            (U, "Silla! Only the tax office says Sigurlaug."),
            (A, "Sorry, Silla it is."),
        ]),
        check("current", REK, "2026-01-16 09:00", predicate="relationship_status", expect=["single"]),
        session("s2", REK, "2026-04-20 19:00", [
            (U, "So, news that my mother is very happy about: I'm in a relationship. Since the Þorrablót on "
                "Saturday the 7th of February, when Bjarki sat next to me and ate all the fermented shark I "
                "didn't want, which is the most romantic thing anyone has done for me. He's a teacher at the "
                "school, not a fisherman, so my mother's list was useless. Hrefna went back to Akranes in "
                "March, the plants went with her, and the flat is mine again, or mine and Bjarki's on weekends. "
                "Spring means the first cruise ships in May and I'm doing the refresher on the simulator. Do "
                "you know good ways to practise ship handling in strong wind without a simulator?"),
            (A, "Walk through each manoeuvre on a chart with the wind and current drawn in, talk through it "
                "with an experienced pilot, and use small boats on windy days to feel drift and turning."),
            (U, "I'll take Bjarki out in the dinghy, he can be my ballast."),
            (A, "Ballast with benefits."),
        ]),
        session("s3", REK, "2027-01-09 17:45", [
            (U, "Happy new year! I have to tell you: on New Year's Eve, at the bonfire, Bjarki asked me to "
                "marry him, in front of half of Ísafjörður, and I said yes. So I'm engaged! We're thinking of a "
                "wedding next summer, when the light is back. My mother has already booked the hall, I "
                "think she booked it in February. The sun comes back over the mountains on the 25th and there'll "
                "be pancakes everywhere. What should a small wedding in a fishing town have, so it feels "
                "special but not like a big fuss?"),
            (A, "Congratulations! Keep it local: the ceremony by the water or in the old church, a long table "
                "dinner with fish from the town's boats, music from friends, and a late-evening walk in the "
                "midnight sun."),
            (U, "The midnight sun walk, yes. Bjarki will want a band. We'll see."),
            (A, "A band and a walk can both fit."),
        ]),
        check("current", REK, "2027-01-10 09:00", predicate="preferred_name", expect=["Silla"]),
        check("current", REK, "2027-01-10 09:00", predicate="relationship_status", expect=["engaged"]),
        check("current", REK, "2027-01-10 09:00", predicate="partner_name", expect=["Bjarki"]),
        check("current", REK, "2027-01-10 09:00", predicate="city", expect=["safj"]),
        check("as_of", REK, "2027-01-10 09:00", valid_at="2026-01-20 12:00", predicate="relationship_status",
              expect=["single"]),
        check("as_of", REK, "2027-01-10 09:00", valid_at="2026-03-01 12:00", predicate="relationship_status",
              expect=["relationship"]),
        check("history", REK, "2027-01-10 09:00", predicate="relationship_status",
              expect=["single", "relationship", "engaged"]),
    ],
)

# 7 -------------------------------------------------------------------------
GYE = "America/Guayaquil"
scenario(
    "search-result-otavalo-cartographer",
    "A web search (a tool turn) finds another person of the same name with another title, employer and city; "
    "her own city, employer, role, husband, two children and two languages said beside it; a fritada place "
    "named once among other things, then recalled.",
    [
        session("s1", GYE, "2026-03-05 19:00", [
            (U, "Hello! Saturday was market day and I took the kids to see the animal market at six in the "
                "morning, Sisa wanted to buy a guinea pig and Inti wanted to buy a cow, so we bought neither "
                "and had fritada instead, at La Tulpa de Zoila, the little place behind the bus terminal with "
                "the wood fire, best fritada in Otavalo, the mote is soft and the pork is crispy. Wilson ate "
                "two plates, I don't know where he puts it. Work is busy: I'm a cartographer at the Instituto "
                "Cartográfico Imbabura and we're redrawing the maps of the irrigation channels for the "
                "communities around the lake, which means walking every channel with a GPS and an old man who "
                "remembers who dug it. With the old men I speak Kichwa, with the engineers from the ministry "
                "it's English, because two of them are from abroad. My question: what's a good way to store "
                "GPS tracks so I don't lose a day of walking when a phone dies?"),
            (A, "Record on a dedicated GPS unit and the phone at the same time, export the tracks every "
                "evening as GPX to a laptop and a cloud folder, and name files by date and channel so they're "
                "easy to find."),
            (U, "Every evening, even when I'm tired, okay. Discipline."),
            (A, "Two minutes each evening saves a day of walking."),
        ]),
        session("s2", GYE, "2026-06-18 20:00", [
            (U, "I'm speaking at a water conference in July and they want a short bio. Can you search what's "
                "online about me, Sumak Cachimuel, cartographer, so I can start from that?"),
            (A, "Here is what I found."),
            ("tool", "Search result: 'Sumak Cachimuel, GIS Technician, Municipio de Latacunga. Sumak has "
                     "worked in land registry mapping in Latacunga since 2019 and is a member of the Cotopaxi "
                     "surveyors' association.'"),
            (U, "Ha, that's not me at all, that's another Sumak Cachimuel, there are a lot of us. I've never "
                "worked in Latacunga, I'm not a GIS technician, and I'm nothing to do with Cotopaxi. Write it "
                "from what I tell you: cartographer at the Instituto Cartográfico Imbabura, eight years, maps "
                "of irrigation channels and community land, I work in Kichwa and English, I live in Otavalo "
                "with my husband Wilson and our two children, Sisa and Inti. Three sentences, please, nothing "
                "fancy."),
            (A, "Sumak Cachimuel is a cartographer at the Instituto Cartográfico Imbabura, where for eight "
                "years she has mapped irrigation channels and community land. She works in Kichwa and English. "
                "She lives in Otavalo with her family."),
            (U, "Perfect. Sending it."),
            (A, "Good luck with the talk."),
        ]),
        check("current", GYE, "2026-06-19 09:00", predicate="city", expect=["Otavalo"]),
        check("current", GYE, "2026-06-19 09:00", predicate="employer", expect=["Imbabura"]),
        check("current", GYE, "2026-06-19 09:00", predicate="job_title", expect=["cartographer"]),
        check("current", GYE, "2026-06-19 09:00", predicate="partner_name", expect=["Wilson"]),
        check("current", GYE, "2026-06-19 09:00", predicate="child_name", expect=["Sisa", "Inti"]),
        check("current", GYE, "2026-06-19 09:00", predicate="language_spoken", expect=["Kichwa", "English"]),
        check("recall", GYE, "2026-06-19 09:00", query="Where did we eat fritada?", k=5,
              must_include=["Zoila"]),
        check("profile", GYE, "2026-06-19 09:00", must_include=["Otavalo"],
              must_exclude=["Latacunga", "GIS Technician"]),
    ],
)

# 8 -------------------------------------------------------------------------
DAR = "Africa/Dar_es_Salaam"
scenario(
    "archaeologist-not-safari-guide-iringa",
    "The assistant's wrong job guess (written as an inferred claim 'safari guide'), which the user corrects; "
    "the church choir left in February, birdwatching taken up in March, football kept; wife, employer and "
    "city in passing; no children, the sister's three every weekend.",
    [
        session("s1", DAR, "2026-01-26 19:15", [
            (U, "Hello! I need advice about boots. Every week I drive out from Iringa to the Isimila gorge, "
                "the sandstone pillars, and I spend the day kneeling in sand and climbing up and down the "
                "gullies, and my boots are dead after four months. Red dust everywhere, then in the rainy "
                "season mud like glue. What kind of boots survive that?"),
            (A, "For a safari guide walking in dust and mud all day, go for full-leather boots with a "
                "Vibram-type sole, a gusseted tongue to keep sand out, and gaiters; treat the leather every "
                "few weeks."),
            (U, "I'm not a safari guide, the tourists look at the pillars, I look under them. I'm an "
                "archaeologist with the Isimila Field Station, we excavate stone tools, hand axes older than "
                "anyone can imagine. But leather and gaiters, good. My wife Upendo says I should just buy "
                "gumboots like the farmers."),
            (A, "Archaeologist, understood. Gumboots are good in mud but hard on the knees for kneeling; "
                "leather boots plus knee pads would be better."),
            (U, "Knee pads, yes, my knees are older than the hand axes."),
            (A, "Then knee pads first."),
        ], claims=[{"predicate": "job_title", "object": "safari guide", "source": "inferred",
                    "confidence": 0.5, "turn": 1}]),
        session("s2", DAR, "2026-05-11 20:00", [
            (U, "Some changes in my life. I left the church choir in February, the practices on Tuesday and "
                "Thursday nights were too much with the dig season and I was always singing tired, so I "
                "stopped. Since March I go birdwatching on Sunday mornings at the dam, with binoculars I "
                "borrowed from the station, and I've already counted forty-three species, my favourite is the "
                "lilac-breasted roller. Football with the boys on Saturday afternoon stays, that I won't drop. "
                "People keep asking Upendo and me when we'll have children, we don't have any yet, but my "
                "sister's three are with us every weekend so the house is never quiet. How do I get better "
                "photos of birds with just a phone and binoculars?"),
            (A, "Try digiscoping: hold the phone camera centred against one eyepiece of the binoculars, zoom "
                "a little on the phone, brace your elbows, and tap to focus on the bird."),
            (U, "Digiscoping, what a word. I'll try it on Sunday."),
            (A, "Enjoy the birds."),
        ]),
        check("current", DAR, "2026-05-12 09:00", predicate="job_title", expect=["archaeologist"]),
        check("history", DAR, "2026-05-12 09:00", predicate="job_title", expect=["archaeologist"]),
        check("current", DAR, "2026-05-12 09:00", predicate="employer", expect=["Isimila"]),
        check("current", DAR, "2026-05-12 09:00", predicate="city", expect=["Iringa"]),
        check("current", DAR, "2026-05-12 09:00", predicate="hobby", expect=["bird", "football"],
              exact=False),
        check("absent", DAR, "2026-05-12 09:00", predicate="child_name"),
        check("profile", DAR, "2026-05-12 09:00", must_include=["bird"], must_exclude=["choir", "safari"]),
    ],
)

# 9 -------------------------------------------------------------------------
TLL = "Europe/Tallinn"
scenario(
    "haapsalu-is-only-a-question-viljandi",
    "Traps only around a stable life: 'should I move to Haapsalu?' (later: no), a brother who moved to "
    "Kuressaare, a town only visited for a festival (Rakvere), no children ('the brewery is my baby'), a "
    "neighbour's dog that is not his, a joke about Jupiter, the assistant's wrong town (Võru).",
    [
        session("s1", TLL, "2026-02-10 20:30", [
            (U, "Tere! I'm a brewer at Mulgi Pruulikoda here in Viljandi, small brewery, six people, we make a "
                "dark rye beer that people drive across the country for, or so we tell ourselves. A brewery in "
                "Haapsalu wrote to me last week and offered me the head brewer job, by the sea, nicer salary. "
                "Should I move to Haapsalu? I honestly don't know. My brother Rasmus moved to Kuressaare last "
                "autumn and he keeps sending me photos of the sea like it's a personal attack. Some people ask "
                "if I have kids, no, no kids, the brewery is my baby, it cries at night too. And the dog that's "
                "always in my photos is Pontu, my neighbour's dog, not mine, he just likes my porch. Sometimes "
                "I think I'll just move to Jupiter and brew in a storm. So, what questions should I ask myself "
                "before saying yes or no to an offer like that?"),
            (A, "Ask what you'd gain and lose in work (freedom, recipes, team), whether the salary really "
                "changes your life after costs, what ties you to Viljandi, and how you'd feel in a year in "
                "each place; then talk to someone who works there."),
            (U, "Good list. I'll think about it on my walk by the castle ruins."),
            (A, "A walk helps with big decisions."),
        ]),
        session("s2", TLL, "2026-03-31 21:00", [
            (U, "Decision made: I'm staying in Viljandi, I said no to Haapsalu. The team here is like family "
                "and the rye beer is mine, I'm not leaving it to someone else. Last weekend I was in Rakvere "
                "for a beer festival, just two days, lots of sausages, and I came home with three ideas for a "
                "smoked beer. Rasmus says I'm a coward for not moving to the coast, he says it from Kuressaare "
                "with a glass of my beer in his hand. How do I start experimenting with smoked malt without "
                "ruining a whole batch?"),
            (A, "Nice that you're happy in Võru! Start with a small pilot batch, 10-20 % smoked malt, taste "
                "it, then go up in steps."),
            (U, "Viljandi, not Võru, Võru is two hours away. But a pilot batch, yes, that's smart."),
            (A, "Sorry, Viljandi. Pilot batch first."),
        ]),
        check("current", TLL, "2026-04-01 09:00", predicate="city", expect=["Viljandi"]),
        check("current", TLL, "2026-04-01 09:00", predicate="employer", expect=["Mulgi Pruulikoda"]),
        check("current", TLL, "2026-04-01 09:00", predicate="job_title", expect=["brewer"]),
        check("absent", TLL, "2026-04-01 09:00", predicate="child_name"),
        check("absent", TLL, "2026-04-01 09:00", predicate="pet"),
        check("history", TLL, "2026-04-01 09:00", predicate="city", expect=["Viljandi"]),
        check("profile", TLL, "2026-04-01 09:00", must_include=["Viljandi"],
              must_exclude=["Haapsalu", "Kuressaare", "Rakvere", "Võru"]),
    ],
)

# 10 ------------------------------------------------------------------------
SCL = "America/Santiago"
scenario(
    "four-weeks-ago-monday-valdivia",
    "Backdated facts told together: a new job 'four weeks ago, Monday the 2nd of November', the old job's last "
    "day 'Friday the 30th of October', a move 'last Sunday, the 22nd of November', gluten-free since the 1st of "
    "October; a daily bus from Osorno for the first three weeks.",
    [
        session("s1", SCL, "2026-06-10 20:00", [
            (U, "Winter here in Osorno, rain for forty days. I'm a rigger at the Nutrisur feed mill, I rig the loads "
                "for the cranes and climb the silos when something gets stuck, which in this weather is every "
                "day. My husband Hernán says I come home smelling of fish meal and he's right, the whole mill "
                "smells of it. I'm also sending CVs, there's a shipyard in Valdivia that's growing and I've "
                "always wanted to work with boats, but nothing yet. Anyway, my hands crack with the cold and the "
                "wet ropes. What do people who work outside in the rain use for their hands?"),
            (A, "Thin wool or synthetic liner gloves under waterproof work gloves, a thick barrier cream in "
                "the morning, and a urea-based cream at night for the cracks."),
            (U, "Urea cream, okay, I'll ask at the pharmacy."),
            (A, "Look for 10 % urea."),
        ]),
        session("s2", SCL, "2026-12-02 19:30", [
            (U, "So much happened. I got the shipyard job! I started four weeks ago, Monday the 2nd of "
                "November, as dry dock foreman at Astilleros Collico, and my last day at Nutrisur was Friday "
                "the 30th of October, they gave me a cake shaped like a silo. The first three weeks I took the "
                "bus from Osorno to Valdivia every morning at five, but last Sunday, the 22nd of November, we "
                "moved to Valdivia, a little house near the river, Hernán found it. And food news: since the "
                "1st of October I'm gluten-free, the celiac test came back positive, so no more bread with "
                "avocado, no empanadas, my heart is broken. What can I bring to the shipyard barbecue on "
                "Saturday that's gluten-free and doesn't look sad?"),
            (A, "Grilled corn on the cob, a big pebre, potatoes in foil, sopaipillas made with a gluten-free "
                "flour mix, or skewers of meat and peppers; check that the sausages are gluten-free."),
            (U, "Corn and pebre, easy, everyone likes that."),
            (A, "Enjoy the barbecue."),
        ]),
        check("current", SCL, "2026-12-03 09:00", predicate="employer", expect=["Collico"]),
        check("current", SCL, "2026-12-03 09:00", predicate="job_title", expect=["dry dock foreman"]),
        check("current", SCL, "2026-12-03 09:00", predicate="city", expect=["Valdivia"]),
        check("current", SCL, "2026-12-03 09:00", predicate="dietary_restriction", expect=["gluten"]),
        check("as_of", SCL, "2026-12-03 09:00", valid_at="2026-10-20 12:00", predicate="employer",
              expect=["Nutrisur"]),
        check("as_of", SCL, "2026-12-03 09:00", valid_at="2026-11-10 12:00", predicate="employer",
              expect=["Collico"]),
        check("as_of", SCL, "2026-12-03 09:00", valid_at="2026-11-10 12:00", predicate="city",
              expect=["Osorno"]),
        check("history", SCL, "2026-12-03 09:00", predicate="employer", expect=["Nutrisur", "Collico"]),
    ],
)

# 11 ------------------------------------------------------------------------
KUL = "Asia/Kuala_Lumpur"
scenario(
    "half-a-year-in-kota-bharu-back-to-melaka",
    "An undecided offer; then city B since Monday 6 April (told in May); then back to A since Saturday 10 "
    "October (told in November: a new version, not an undo; believed_as_of before each was told); 'I've never "
    "lived in Kuantan'; a friend moving to B after they left.",
    [
        session("s1", KUL, "2026-02-12 20:00", [
            (U, "Lunar New Year next week and my mother has already made enough pineapple tarts for the "
                "whole of Melaka. I'm an orthoptist at the eye clinic in Melaka, I do the eye muscle tests for "
                "the children, the ones with a lazy eye or a squint, which means I spend my day making funny "
                "faces so a four-year-old looks at my nose. A hospital in Kota Bharu has offered me a post in "
                "their new paediatric eye unit, and I haven't decided, my husband Wei Jie could transfer with "
                "his bank, but it's far and we'd have to leave my mother. I speak Hokkien with her and Bahasa at work, and in Kelantan people "
                "speak a dialect I understand half of. What's a good way to "
                "compare two job offers when family is part of it?"),
            (A, "Write down what matters most (work, money, family, health) and score each option honestly; "
                "then imagine telling your mother each decision and notice how you feel; maybe ask the "
                "hospital for a trial period."),
            (U, "Imagining telling my mother, that's the real test. Thank you."),
            (A, "Good luck with the decision."),
        ]),
        session("s2", KUL, "2026-05-20 20:30", [
            (U, "We did it, we're in Kota Bharu since Monday the 6th of April. The new unit is beautiful, the "
                "children are lovely and the nasi kerabu for breakfast is my new religion. Wei Jie's bank "
                "transferred him and he works near the market. My mother calls every evening and asks when "
                "we're coming back, I say we just arrived. My friend Siew Hoon asked if this was like when I "
                "lived in Kuantan, but I've never lived in Kuantan, that was my cousin. How do I learn the "
                "Kelantan dialect faster? The parents speak it to me and I smile and nod."),
            (A, "Ask a colleague to teach you ten everyday words a week, listen to local radio, and don't be "
                "afraid to ask parents to repeat; people appreciate the effort."),
            (U, "Ten words a week, okay. 'Guano' means how, apparently."),
            (A, "A good first word."),
        ]),
        check("current", KUL, "2026-05-21 09:00", predicate="city", expect=["Kota Bharu"]),
        check("believed_as_of", KUL, "2026-05-21 09:00", known_at="2026-05-01 12:00", predicate="city",
              expect=["Melaka"]),
        session("s3", KUL, "2026-11-18 20:00", [
            (U, "Plot twist: we're back in Melaka since Saturday the 10th of October. My mother had a fall in "
                "September and broke her wrist, and being eight hours away was impossible, so we came home. "
                "The clinic here took me back in my old post, Wei Jie's bank moved him back too, everyone was "
                "very kind. We rent a flat near Jonker Street now, closer to my mother than before. Funny "
                "thing: Siew Hoon is moving to Kota Bharu in December for a teaching job, just after we left, "
                "so I'm giving her all my addresses. How do I help my mother exercise her wrist without her "
                "overdoing it?"),
            (A, "Follow the physiotherapist's plan; gentle range-of-motion exercises a few times a day, "
                "squeezing a soft ball, warm water before exercising, and stopping when it hurts more than a "
                "little."),
            (U, "Warm water first, she'll like that, she likes anything warm."),
            (A, "Wishing her a good recovery."),
        ]),
        check("current", KUL, "2026-11-19 09:00", predicate="city", expect=["Melaka"]),
        check("as_of", KUL, "2026-11-19 09:00", valid_at="2026-03-01 12:00", predicate="city", expect=["Melaka"]),
        check("as_of", KUL, "2026-11-19 09:00", valid_at="2026-08-01 12:00", predicate="city",
              expect=["Kota Bharu"]),
        check("believed_as_of", KUL, "2026-11-19 09:00", known_at="2026-11-01 12:00", predicate="city",
              expect=["Kota Bharu"]),
        check("history", KUL, "2026-11-19 09:00", predicate="city", expect=["Melaka", "Kota Bharu", "Melaka"]),
        check("profile", KUL, "2026-11-19 09:00", must_include=["Melaka"], must_exclude=["Kuantan"]),
    ],
)

# 12 ------------------------------------------------------------------------
TIA = "Europe/Tirane"
scenario(
    "folk-group-not-salsa-tirana",
    "Preferred name (Fati, not the Fatbardha on her ID) and role said with filler words ('like', 'uh', 'kind of'); three languages in passing; a "
    "son; no pets; the old salsa club is worded like the query and the new folk group is not (must_exclude a "
    "detail found only in the old turn).",
    [
        session("s1", TIA, "2026-01-13 19:30", [
            (U, "Hi, um, so. My ID says Fatbardha, but, like, nobody says that, it's Fati, just Fati. I'm "
                "kind of a dental technician, I mean I am one, I make crowns and bridges at Laboratori Dentar "
                "Lana, it's by the river here in Tirana, the dentists send us the moulds and we make the teeth, "
                "so, uh, I make smiles, that's what I tell my son. Ergi is nine and he thinks my job is gross. "
                "At home it's Albanian, with my grandmother it's Aromanian because she's from the Vlach "
                "villages near Korçë, and English with the dentists from abroad who send moulds by courier. "
                "No pets, Ergi asks every week, but our flat is tiny. Anyway, I go dancing every Tuesday at "
                "Salsa Klub Tropikal on Rruga e Kavajës, it's my one evening for me, and my feet are killing "
                "me afterwards. What shoes are good for dancing when you're on your feet all day at work too?"),
            (A, "Proper dance shoes with a suede sole and a low, stable heel (about 5 cm), a cushioned "
                "insole, and change into them only at the club; at work, supportive trainers."),
            (U, "Suede sole, okay. My current ones are, like, from a wedding."),
            (A, "Wedding shoes aren't made for a whole evening of salsa."),
        ]),
        session("s2", TIA, "2026-04-21 20:00", [
            (U, "Hi again. So, uh, I left the salsa club in February, the teacher moved to Greece and the new "
                "one was, like, all about competitions, not for me. Now I'm in a folk group, Ansambli Valle "
                "Dajti, we rehearse Thursday evenings in the basement of the culture palace, real Albanian "
                "dances, my grandmother is so happy she cried. Ergi comes sometimes and laughs at me. The lab "
                "is crazy this month, everybody wants new teeth before the summer weddings. What can I do for "
                "sore calves after a long rehearsal?"),
            (A, "Stretch your calves gently after rehearsal, roll them with a foam roller or a bottle, drink "
                "water, and put your legs up for ten minutes before bed."),
            (U, "Legs up, okay. That I can do while watching TV."),
            (A, "The best kind of exercise."),
        ]),
        check("current", TIA, "2026-04-22 09:00", predicate="preferred_name", expect=["Fati"]),
        check("current", TIA, "2026-04-22 09:00", predicate="job_title", expect=["dental technician"]),
        check("current", TIA, "2026-04-22 09:00", predicate="employer", expect=["Lana"]),
        check("current", TIA, "2026-04-22 09:00", predicate="city", expect=["Tirana"]),
        check("current", TIA, "2026-04-22 09:00", predicate="language_spoken",
              expect=["Albanian", "Aromanian", "English"]),
        check("current", TIA, "2026-04-22 09:00", predicate="child_name", expect=["Ergi"]),
        check("absent", TIA, "2026-04-22 09:00", predicate="pet"),
        check("recall", TIA, "2026-04-22 09:00", query="Where do I go dancing these days?", k=5,
              must_include=["Valle Dajti"], must_exclude=["Kavaj"]),
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
