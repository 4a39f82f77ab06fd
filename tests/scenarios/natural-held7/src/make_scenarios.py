#!/usr/bin/env python3
"""Write the held7 natural multi-session scenarios (format v1) to the parent folder.

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
NAMESPACE = "held7"

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
        "user": f"h7-{len(SCENARIOS) + 1:02d}",
        "steps": steps,
    })


# 1 -------------------------------------------------------------------------
HEL = "Europe/Helsinki"
scenario(
    "since-we-got-to-jyvaskyla",
    "Employer and role named inside talk about winter light; a move told as context in the next session "
    "('since we got to Jyväskylä ... we moved down on the first of February'); a sister's move to Kuopio, "
    "which the assistant then gives to the user.",
    [
        session("s1", HEL, "2025-10-02 19:10", [
            (U, "ok so it's only october and the sun is already gone before I leave the office, which I know is "
                "nothing yet, but this year I want to be ahead of it instead of crying into my oatmeal in "
                "January like last winter, when I basically hibernated. Our team at Vesilinja just got handed "
                "the spring flood forecasts for every river between here and Kajaani, and since I'm the only "
                "hydrologist on the team who actually enjoys snow-depth data, guess who's presenting them to the "
                "municipalities in March. Here in Oulu the kids are already cycling to school with reflective "
                "vests and head torches, it's very cute. My sister Heli moved to Kuopio last month for a nursing "
                "job and keeps sending me photos of lakes, as if we don't have water up here. Anyway: is a light "
                "therapy lamp actually worth the money, and when in the day should I use it?"),
            (A, "They can help with winter low mood. Use a 10,000 lux lamp for 20 to 30 minutes soon after you "
                "wake up, placed at an angle rather than straight in your eyes, and keep the evenings dim."),
            (U, "mornings, got it. my partner Tuomas will complain it looks like an interrogation room at the "
                "breakfast table but he'll survive. I also need to remember to get studded tyres on the bike "
                "before the first ice, last year I went down on the bridge in front of half the office."),
            (A, "Fit the studded tyres before the first frost, not after it. Your dignity will thank you."),
        ]),
        session("s2", HEL, "2026-04-20 18:30", [
            (U, "Flood presentations done, all eleven of them, and not one municipality asked the question I "
                "had prepared the most slides for, typical. Life is a lot calmer since we got to Jyväskylä. We "
                "moved down on the first of February, the day of that horrible sleet storm, with Tuomas driving "
                "the van at forty the whole way. His new lectureship is at the university here, and Vesilinja "
                "let me keep my position and work remotely, so nothing changed for me job-wise except that I "
                "now see the team on a screen and my commute is twelve steps. What I want now: the paths round "
                "the lake are finally clearing and I'd like to start running again. I haven't run since 2022, "
                "maybe. Can you give me an eight-week plan that starts really, really gently?"),
            (A, "Kuopio is lovely in spring! Here's a plan: weeks 1-2, alternate one minute of running with two "
                "of walking for 20 minutes, three times a week, and build up to 30 minutes of continuous running "
                "by week 8."),
            (U, "Kuopio is Heli, not me, we're in Jyväskylä. The plan looks doable though. Starting Thursday."),
            (A, "Sorry, Jyväskylä. Good luck on Thursday."),
        ]),
        check("current", HEL, "2026-04-21 09:00", predicate="city", expect=["Jyv"]),
        check("current", HEL, "2026-04-21 09:00", predicate="employer", expect=["Vesilinja"]),
        check("current", HEL, "2026-04-21 09:00", predicate="job_title", expect=["hydrologist"]),
        check("current", HEL, "2026-04-21 09:00", predicate="partner_name", expect=["Tuomas"]),
        check("as_of", HEL, "2026-04-21 09:00", valid_at="2025-12-01 12:00", predicate="city",
              expect=["Oulu"]),
        check("as_of", HEL, "2026-04-21 09:00", valid_at="2026-03-01 12:00", predicate="city",
              expect=["Jyv"]),
        check("believed_as_of", HEL, "2026-04-21 09:00", known_at="2026-03-15 12:00", predicate="city",
              expect=["Oulu"]),
        check("history", HEL, "2026-04-21 09:00", predicate="city", expect=["Oulu", "Jyv"]),
    ],
)

# 2 -------------------------------------------------------------------------
SAO = "America/Sao_Paulo"
scenario(
    "thirty-days-notice-joinville",
    "Thirty days' notice: last day Friday 29 May at the old employer, start Monday 1 June at the new one as "
    "project engineer; the switch has no session of its own. A pasted welcome email has the wrong title, "
    "the wrong plant and the wrong start date.",
    [
        session("s1", SAO, "2026-04-22 20:40", [
            (U, "Yesterday I finally did it, I walked into my boss's office at Tupinambá Metalúrgica and handed "
                "him the letter. Thirty days of notice, that's the law, so I'm there until Friday the 29th of "
                "May, and on Monday the 1st of June I start at Ondaverde Energia as a project engineer. Eleven "
                "years as the CAD designer who draws every bracket and flange in that factory, and now I get to "
                "run actual projects, substations for wind farms! Anselmo opened the sparkling wine we were "
                "keeping for our anniversary, so now we need another bottle for that. The good thing is that "
                "Ondaverde's office is here in Joinville too, so nothing changes at home. The awkward part is "
                "that I have to train my replacement, a boy straight out of technical school who is very sweet "
                "and has never opened our part library. How do I organise four weeks of training without "
                "losing my mind?"),
            (A, "Congratulations! Week 1: the part library and naming rules. Week 2: he draws, you review. "
                "Week 3: he takes real requests with you watching. Week 4: he works alone and you only answer "
                "questions."),
            (U, "Good, library first, that's where the bodies are buried. He's inheriting my chair too. It "
                "squeaks, he'll learn."),
            (A, "A squeaky chair builds character."),
        ]),
        session("s2", SAO, "2026-05-12 21:05", [
            (U, "Ondaverde's HR sent the welcome email and I laughed out loud. Look at this:\n\n"
                "> Welcome to Ondaverde Energia!\n> Position: Project Coordinator\n> Location: Blumenau plant\n"
                "> Start date: 15/06/2026\n> Please bring your work card on your first day.\n\n"
                "Coordinator would be a lovely promotion that I have not earned, I'm a project engineer. I'll "
                "be at the Joinville office, which is the whole reason I said yes, it's fifteen minutes from our "
                "house, I am not driving to Blumenau every morning. And it's the 1st of June, it's in the "
                "contract I signed. Can you help me answer without sounding like I'm correcting my new bosses "
                "twenty days before I even start?"),
            (A, "Here's a draft: 'Thank you for the warm welcome! Just to keep your records right: my position "
                "is Project Engineer, at the Joinville office, starting 1 June 2026. I'll bring my work card. "
                "See you soon!'"),
            (U, "Short and friendly, perfect. Sent."),
            (A, "Good luck with the last weeks of training."),
        ]),
        check("current", SAO, "2026-05-13 09:00", predicate="employer", expect=["Tupinamb"]),
        check("current", SAO, "2026-05-13 09:00", predicate="job_title", expect=["CAD"]),
        check("current", SAO, "2026-06-08 09:00", predicate="employer", expect=["Ondaverde"]),
        check("current", SAO, "2026-06-08 09:00", predicate="job_title", expect=["project engineer"]),
        check("current", SAO, "2026-06-08 09:00", predicate="city", expect=["Joinville"]),
        check("current", SAO, "2026-06-08 09:00", predicate="partner_name", expect=["Anselmo"]),
        check("as_of", SAO, "2026-06-08 09:00", valid_at="2026-05-25 12:00", predicate="employer",
              expect=["Tupinamb"]),
        check("as_of", SAO, "2026-06-08 09:00", valid_at="2026-06-03 12:00", predicate="employer",
              expect=["Ondaverde"]),
        check("believed_as_of", SAO, "2026-06-08 09:00", known_at="2026-05-20 12:00", predicate="employer",
              expect=["Tupinamb"]),
        check("history", SAO, "2026-06-08 09:00", predicate="employer", expect=["Tupinamb", "Ondaverde"]),
        check("profile", SAO, "2026-06-08 09:00", must_include=["Joinville"],
              must_exclude=["Blumenau", "Coordinator"]),
    ],
)

# 3 -------------------------------------------------------------------------
TOR, VAN = "America/Toronto", "America/Vancouver"
scenario(
    "flight-on-the-ninth-kelowna",
    "'We're moving to Kelowna next month': a dated flight (Mon 9 February) and a dated job start; the city "
    "must change by itself with no session; the father's 'why not Kamloops?'. Partner, child and role in "
    "passing.",
    [
        session("s1", TOR, "2026-01-14 19:30", [
            (U, "I'm typing this sitting on a box of pots because most of our furniture left on a truck this "
                "morning. We're moving to Kelowna next month! Our flight out of Sudbury is Monday the 9th of "
                "February and we get the keys to the new place that same evening. I've been an ICU nurse here "
                "for nine years and I start in the ICU out there on the 16th, same week Wren starts grade two "
                "at her new school. Imogen is handling the house sale because I can't look at another real "
                "estate form without crying. My question is about Wren, she's seven and she keeps asking if her "
                "friends will forget her. How do I help a kid say goodbye without making it a huge sad thing?"),
            (A, "Let her make a memory book with photos and addresses of her friends, plan a small goodbye "
                "party, and set up one video call with her best friend for the first weekend after the move."),
            (U, "The memory book is perfect, she'll cover it in stickers. She's already told her whole class she's "
                "moving 'to the lake with the monster', so at least she's excited about something."),
            (A, "A lake monster is a strong selling point for a seven-year-old."),
        ]),
        session("s2", TOR, "2026-01-31 10:15", [
            (U, "Last Saturday in Sudbury, and it's minus twenty-eight, which is the city saying goodbye in its "
                "own way. My dad came over to help tape boxes and spent the whole time showing me house "
                "listings in Kamloops, 'why not Kamloops, it's cheaper', as if we hadn't spent a year deciding. "
                "We're not moving to Kamloops, Dad. Anyway, practical question: we've got six house plants that "
                "we're not allowed to put on the truck. Can they go in checked luggage on a flight?"),
            (A, "Usually yes on a domestic flight: wrap the pots in plastic bags, pack them tightly in a box, and check "
                "with your airline first."),
            (U, "Okay, the fiddle leaf fig is flying with us then."),
            (A, "Give it a window seat."),
        ]),
        check("current", TOR, "2026-02-01 09:00", predicate="city", expect=["Sudbury"]),
        check("current", VAN, "2026-02-20 09:00", predicate="city", expect=["Kelowna"]),
        session("s3", VAN, "2026-09-08 20:15", [
            (U, "Seven months in Kelowna and I still pull over sometimes just to look at the lake. Wren is in "
                "grade three now and has decided she's going to be the person who finally photographs the lake "
                "monster. Imogen got a job at a winery tasting room on the west side and comes home smelling of "
                "oak barrels. The ICU here is busier than I expected, especially in fire season. Which is my "
                "actual question: the smoke in August was awful, the air quality was off the chart for days. "
                "Which kind of air purifier should we get for the bedrooms before next summer?"),
            (A, "A HEPA purifier sized for each room, with a CADR rating that matches the room's area; run it "
                "on high with the windows closed on smoky days."),
            (U, "HEPA, got it. Buying two in the fall sales."),
            (A, "Good plan, they go on sale after the summer."),
        ]),
        check("current", VAN, "2026-09-09 09:00", predicate="city", expect=["Kelowna"]),
        check("current", VAN, "2026-09-09 09:00", predicate="partner_name", expect=["Imogen"]),
        check("current", VAN, "2026-09-09 09:00", predicate="child_name", expect=["Wren"]),
        check("current", VAN, "2026-09-09 09:00", predicate="job_title", expect=["nurse"]),
        check("as_of", VAN, "2026-09-09 09:00", valid_at="2026-01-25 12:00", predicate="city",
              expect=["Sudbury"]),
        check("as_of", VAN, "2026-09-09 09:00", valid_at="2026-03-01 12:00", predicate="city",
              expect=["Kelowna"]),
        check("history", VAN, "2026-09-09 09:00", predicate="city", expect=["Sudbury", "Kelowna"]),
    ],
)

# 4 -------------------------------------------------------------------------
SOF = "Europe/Sofia"
scenario(
    "varna-for-a-season-back-to-plovdiv",
    "Plovdiv, then a summer season in Varna (told after the move, 'since the 2nd of May'), then back to "
    "Plovdiv from the 5th of October: the return is a new version. 'I've never lived in Burgas'; a friend "
    "takes over the room in Varna afterwards.",
    [
        session("s1", SOF, "2025-03-10 21:00", [
            (U, "I need help scaling a recipe and my brain is fried. I'm the pastry chef at Zlatna Loza, the "
                "wedding hall up by the Roman stadium, and on Saturday we have three hundred guests who all "
                "want my grandmother's walnut banitsa, which I normally make in one tray for twelve. Her recipe "
                "says 'flour, as much as it takes' and 'butter, enough'. Also, funny thing, my aunt keeps "
                "telling everyone at church that I live in Burgas, because my ex did. I have never lived in "
                "Burgas, I've lived my whole life in Plovdiv, thirty-one years in the same four streets. Anyway, "
                "how do I turn one tray into twenty-five without it going soggy in the middle?"),
            (A, "Don't just multiply: bake in many standard trays, not bigger ones, weigh everything for one "
                "tray first, then scale by weight. Brush each layer lightly, and bake the trays in rotation."),
            (U, "Weighing my grandmother's 'enough', she would be horrified. A hotel in Varna also asked if I "
                "want to do their summer season. I don't know yet, I'll think about it."),
            (A, "Let me know what you decide, I can help you compare the offers."),
        ]),
        session("s2", SOF, "2025-07-20 22:30", [
            (U, "Writing from the staff balcony in Varna! I said yes in the end: I moved here on the 2nd of May, "
                "and I'm pastry chef at the Morska Zvezda for the season, contract until the end of September. "
                "Four hundred guests a day and every single one of them wants ice cream, which is the one thing "
                "our machine hates. It broke again this morning. How do I make sorbets without a machine, for "
                "that many people?"),
            (A, "Use the granita method: freeze the sorbet base in shallow trays and scrape it with a fork every "
                "half hour, or freeze it solid in blocks and blitz it in a food processor just before service."),
            (U, "Blitzing frozen blocks, I love it, that's what I'll do for the dinner buffet."),
            (A, "A little alcohol or invert sugar in the base will keep it softer too."),
        ]),
        session("s3", SOF, "2026-01-25 18:00", [
            (U, "Happy new year, a bit late. I'm home! Back in Plovdiv since the 5th of October, in my old flat "
                "even, the tenant moved out just in time. The sea was nice but I missed the hills and my "
                "grandmother's terrible coffee. Zlatna Loza took me back as pastry chef, so I'm doing "
                "weddings again. My friend Desislava took over my old room in Varna, she's doing the winter "
                "season at the same hotel and sends me photos of the empty beach. Now: a couple wants a tasting "
                "menu of five cakes for their wedding in June. Can you suggest a set that goes from light to "
                "heavy? The best banitsa in Bulgaria is not on the list, they were very clear."),
            (A, "Start with a lemon and elderflower sponge, then strawberry and yoghurt, a pistachio and "
                "raspberry cake, a honey cake, and finish with dark chocolate and rose."),
            (U, "Honey cake is a good idea, it's the season. Thanks."),
            (A, "Enjoy the tasting!"),
        ]),
        check("current", SOF, "2026-01-26 09:00", predicate="city", expect=["Plovdiv"]),
        check("current", SOF, "2026-01-26 09:00", predicate="country", expect=["Bulgaria"]),
        check("current", SOF, "2026-01-26 09:00", predicate="job_title", expect=["pastry"]),
        check("as_of", SOF, "2026-01-26 09:00", valid_at="2025-08-01 12:00", predicate="city",
              expect=["Varna"]),
        check("believed_as_of", SOF, "2026-01-26 09:00", known_at="2025-09-01 12:00", predicate="city",
              expect=["Varna"]),
        check("history", SOF, "2026-01-26 09:00", predicate="city", expect=["Plovdiv", "Varna", "Plovdiv"]),
        check("profile", SOF, "2026-01-26 09:00", must_include=["Plovdiv"], must_exclude=["Burgas"]),
    ],
)

# 5 -------------------------------------------------------------------------
DUB = "Europe/Dublin"
scenario(
    "the-stag-in-ennis-kilkenny",
    "A smoker plans to stop on his 40th birthday (26 October), has stopped by the next session, then starts "
    "again at a stag party on 18 April; pescatarian from 1 September until Christmas Day; a friend who quit "
    "for good; a work site in another town.",
    [
        session("s1", DUB, "2025-09-22 20:00", [
            (U, "Long day up the scaffolding at the cathedral. We're repointing the tower for Nore Valley "
                "Restoration and the wind up there would skin you. Right, the reason I'm here: I've decided I'm "
                "giving up the smokes on my 40th, which is Sunday the 26th of October, and I want a proper plan. "
                "At the minute I'm on about fifteen a day, more on site, because everyone goes out together at "
                "break. Clodagh is thrilled, obviously. We've also both gone pescatarian since the first of "
                "September, her idea, so it's fish on a Friday and a lot of barley soup the rest of the week, and "
                "I'm not even complaining. My mate Dara gave up cigarettes two years ago with the gum and never "
                "went back, fair play to him. What should I be doing this next month to get ready? The cathedral "
                "is ten minutes' walk from our flat in Kilkenny, so at least I can walk off the cravings."),
            (A, "Pick your quit method now (patches plus gum is a strong combination), tell the lads on site, "
                "cut down to ten a day over the next weeks, and plan what you'll do with your hands at break."),
            (U, "Break times are going to be the killer. I'll bring a flask of tea up the scaffold instead."),
            (A, "Tea on the scaffold is a good replacement ritual."),
        ]),
        session("s2", DUB, "2026-01-20 19:45", [
            (U, "Quick update and then a question. Not a single cigarette since the morning of my birthday, the "
                "26th, that's twelve weeks now, and my chest feels like it belongs to a younger fella. The fish "
                "thing is finished though: my mam's ham beat us at Christmas, and to be honest we've been eating "
                "meat since Christmas Day, the pair of us, so that's that. The question is about work. The lads "
                "still go out for a smoke at break and I stand there with my flask like a lemon. How do I get "
                "out of that habit without being antisocial? Love living in Kilkenny but the site crew is my "
                "whole social life."),
            (A, "Stay for the chat but stand upwind, or suggest a walk to the van for tea. After a few weeks "
                "it gets easier to skip the smoke break altogether."),
            (U, "Upwind, ha. Grand, I'll try that."),
            (A, "Twelve weeks is a great start, well done."),
        ]),
        session("s3", DUB, "2026-05-11 21:10", [
            (U, "Bad news, I'm smoking again. It started at Dara's brother's stag in Ennis, the 18th of April: "
                "one off someone at two in the morning, a packet the next day, and now I'm back on maybe eight a "
                "day. Clodagh is disappointed but not cross, which is worse. The cathedral job is done and "
                "we're on a castle wall out in Thomastown now, same crew, same Nore Valley van, same smoke "
                "breaks. Would patches have saved me, do you think? Tell me honestly what to do differently "
                "the next time."),
            (A, "A slip after months is common. Next time, plan for high-risk nights like a stag in advance, "
                "carry nicotine gum, and set a new quit date within the next few weeks while the motivation is "
                "there."),
            (U, "A date, right. After the summer, I'll pick one."),
            (A, "Good. Tell me when you've picked it."),
        ]),
        check("current", DUB, "2026-05-12 09:00", predicate="smoking_status", expect=["smoker"]),
        check("current", DUB, "2026-05-12 09:00", predicate="city", expect=["Kilkenny"]),
        check("current", DUB, "2026-05-12 09:00", predicate="employer", expect=["Nore Valley"]),
        check("current", DUB, "2026-05-12 09:00", predicate="partner_name", expect=["Clodagh"]),
        check("absent", DUB, "2026-05-12 09:00", predicate="dietary_restriction"),
        check("as_of", DUB, "2026-05-12 09:00", valid_at="2026-02-15 12:00", predicate="smoking_status",
              expect=["non-smoker"]),
        check("as_of", DUB, "2026-05-12 09:00", valid_at="2025-10-01 12:00", predicate="dietary_restriction",
              expect=["pescatarian"]),
        check("history", DUB, "2026-05-12 09:00", predicate="smoking_status",
              expect=["smoker", "non-smoker", "smoker"]),
        check("profile", DUB, "2026-05-12 09:00", must_include=["Kilkenny"], must_exclude=["pescatarian"]),
    ],
)

# 6 -------------------------------------------------------------------------
KOL = "Asia/Kolkata"
scenario(
    "bholu-and-the-allergy-test-mysuru",
    "An old dog dies in February and a street puppy arrives in August; a penicillin allergy turns out "
    "never to have been one, the cashew allergy stays; 'I'm not vegetarian' (the husband is); a neighbour's "
    "kitten turned down.",
    [
        session("s1", KOL, "2025-12-05 20:30", [
            (U, "Our Bholu is fourteen now and his back legs are going. He slips on the tiles every morning and "
                "then looks at me as if it's my fault. The vet says arthritis and gave tablets, but I want to do "
                "more at home. Even here in Mysuru the mornings get chilly in December and he's stiffer then. I'm "
                "also supposed to be setting the chemistry paper for the second PU prelims at college this week, "
                "so half my brain is in titrations. One thing to keep in mind for me: I'm allergic to penicillin, "
                "I was told when I was small, and to cashews, properly, my throat closes, so if I ever ask you "
                "for recipes, no kaju anything. And no, I'm not vegetarian, whatever people assume. Prakash is, "
                "I eat chicken and fish, we just cook two curries. So, for Bholu: what can we do at home?"),
            (A, "Put rugs or yoga mats on the tiles where he walks, raise his food and water bowls, give him a "
                "thick bed in a warm spot, keep his weight down, and keep walks short and frequent."),
            (U, "Rugs on the tiles, yes. He'll love a bed by the window, he likes watching the street dogs."),
            (A, "A window bed will keep him entertained."),
        ]),
        session("s2", KOL, "2026-04-14 19:00", [
            (U, "We lost Bholu on the 11th of February. In his sleep, on his rug by the window, and I'm "
                "grateful for that at least. The house is very quiet; Prakash still looks at the door at walk "
                "time. One actual piece of good news: I finally did the allergy test my doctor kept pushing, and "
                "it turns out I was never allergic to penicillin at all. The rash when I was six was probably a "
                "virus. The cashew allergy is very real though, that one lit up on the test like Diwali. My "
                "neighbour has offered us one of her cat's kittens but we're not ready, we told her no for now. "
                "Can you help me write a few lines about Bholu for the family group? My mother wants to print "
                "it and put it with his photo."),
            (A, "'Bholu, fourteen years of muddy paws and wagging tails. He guarded our gate, stole our chapatis "
                "and loved us without conditions. The window is empty without him.'"),
            (U, "The chapatis part made me laugh and cry. Perfect."),
            (A, "I'm sorry for your loss."),
        ]),
        session("s3", KOL, "2026-08-30 11:30", [
            (U, "We have a new family member!! A street puppy was living near the college gate, the security "
                "uncle was feeding him biscuits, and last week Prakash just picked him up and brought him home "
                "without asking me. We've named him Chikku because he's exactly the colour of one. He's maybe "
                "four months old and he chews everything, including my exam papers. Two questions: which "
                "vaccines does an indie puppy need, and how do I stop him biting my ankles while I'm cooking?"),
            (A, "He'll need the DHPPi/L combination (two or three doses, a few weeks apart) and rabies, plus "
                "deworming. For the ankles: freeze, go boring, and give him a chew toy every time he bites."),
            (U, "Freeze and go boring. I can do boring."),
            (A, "He'll learn fast at that age."),
        ]),
        check("current", KOL, "2026-08-31 09:00", predicate="pet", expect=["Chikku"]),
        check("current", KOL, "2026-08-31 09:00", predicate="allergy", expect=["cashew"]),
        check("current", KOL, "2026-08-31 09:00", predicate="city", expect=["Mys"]),
        check("absent", KOL, "2026-08-31 09:00", predicate="dietary_restriction"),
        check("as_of", KOL, "2026-08-31 09:00", valid_at="2026-01-10 12:00", predicate="pet",
              expect=["Bholu"]),
        check("history", KOL, "2026-08-31 09:00", predicate="pet", expect=["Bholu", "Chikku"]),
        check("profile", KOL, "2026-08-31 09:00", must_include=["Chikku"], must_exclude=["penicillin", "Bholu"]),
    ],
)

# 7 -------------------------------------------------------------------------
HCM = "Asia/Ho_Chi_Minh"
scenario(
    "call-me-bong-nha-trang",
    "Preferred name over the name on paper (the assistant uses the paper name once); single, then seeing "
    "Phong since Tet, then a break-up on 20 July when he leaves for a job in Da Lat; a friend's wedding.",
    [
        session("s1", HCM, "2025-11-03 21:00", [
            (U, "hi! first time using this. my name on paper is Tran Thi Ngoc Lan but honestly nobody has called "
                "me that since primary school, everyone calls me Bong, so please call me Bong. I'm a dive "
                "instructor at Hai Ly Divers here in Nha Trang, mostly open water courses for tourists who "
                "panic the first time they have to clear their mask lol. it's low season now and the rain is "
                "crazy. I'm single, happily, my mum asks every phone call when I'll bring a boyfriend home and I "
                "tell her the fish are my boyfriends. anyway I want to write a better safety briefing for the "
                "boat, in english, short, something people actually listen to. can you help?"),
            (A, "Sure, Bong! Keep it to five points: buddy system, hand signals, air checks at 100 bar, how to "
                "ascend, and what to do if you lose your group. Demonstrate the hand signals instead of "
                "describing them."),
            (U, "good, much shorter than mine. hand signals first is smart, people remember what they see."),
            (A, "Exactly, and it wakes them up."),
        ]),
        session("s2", HCM, "2026-03-09 20:00", [
            (U, "sooo... I'm seeing someone!! since Tet, we met at my cousin's Tet party. his name is Phong, he's "
                "a chef at one of the big resorts on the beach, and he cooks for me on his days off which is "
                "very dangerous for my wetsuit. it's only three weeks but my mum already wants to meet him, no "
                "pressure. anyway the season is starting and the shop wants me to plan a night dive programme. "
                "what equipment and extra safety steps do I need?"),
            (A, "That's lovely news, Ngoc Lan! For night dives: a primary and a backup torch for each diver, a "
                "tank light or glow stick, a strobe on the boat and on the mooring line, a daylight briefing on "
                "the same site first, and smaller groups."),
            (U, "Bong please, Ngoc Lan is for the bank haha. the list is good, I'll add a head count before and "
                "after."),
            (A, "Sorry, Bong. A head count is essential at night."),
        ]),
        session("s3", HCM, "2026-09-14 19:30", [
            (U, "love life update since you're the only one who doesn't judge: Phong and I broke up on the 20th "
                "of July. nothing dramatic, he got a head chef job in Da Lat and we both knew long distance "
                "wasn't for us. so I'm single again and weirdly fine, I have the sea. my friend Thao is getting "
                "married in November and I'm a bridesmaid, and I have to give a short speech in front of two "
                "hundred people, which scares me more than any night dive. help?"),
            (A, "Open with how you met her, one funny story, one sentence about what she's like as a friend, "
                "one about the couple, then a toast. Two minutes is plenty."),
            (U, "two minutes I can do. the funny story is the one with the jellyfish."),
            (A, "Jellyfish stories always land."),
        ]),
        check("current", HCM, "2026-09-15 09:00", predicate="preferred_name", expect=["Bong"]),
        check("current", HCM, "2026-09-15 09:00", predicate="relationship_status", expect=["single"]),
        check("absent", HCM, "2026-09-15 09:00", predicate="partner_name"),
        check("current", HCM, "2026-09-15 09:00", predicate="job_title", expect=["dive instructor"]),
        check("current", HCM, "2026-09-15 09:00", predicate="employer", expect=["Hai Ly"]),
        check("current", HCM, "2026-09-15 09:00", predicate="city", expect=["Nha Trang"]),
        check("as_of", HCM, "2026-09-15 09:00", valid_at="2026-05-01 12:00", predicate="partner_name",
              expect=["Phong"]),
        check("history", HCM, "2026-09-15 09:00", predicate="partner_name", expect=["Phong"]),
    ],
)

# 8 -------------------------------------------------------------------------
DAR = "Africa/Dar_es_Salaam"
scenario(
    "fair-badge-arusha",
    "A tourism fair's badge record pasted with an old title, company and city; her own city, employer, "
    "role, husband and two children around it; a lodge named once among other things, then recalled.",
    [
        session("s1", DAR, "2026-02-10 20:00", [
            (U, "Habari! I need help with something boring. I do operations at Kilele Expeditions, officially "
                "I'm the operations manager, in practice I'm the one who finds a spare tyre at five in the "
                "morning, and we're exhibiting at the big tourism fair in June. The organisers sent us the "
                "badge details to check and they've pulled my record from some ancient list:\n\n"
                "NAME: Rehema Mollel\nTITLE: Driver Guide\nCOMPANY: Serengeti Wheels Ltd\nCITY: Moshi\n\n"
                "I did drive for Serengeti Wheels, but I left them in 2021, and I have never lived in Moshi, "
                "that was just their head office. I live here in Arusha and I've been with Kilele almost five "
                "years. Can you write a short correction for them? And please make it sound like I'm not a "
                "grumpy auntie. I am a grumpy auntie, but they don't need to know."),
            (A, "'Dear organisers, thank you for the badge details. Please update mine to: Rehema Mollel, "
                "Operations Manager, Kilele Expeditions, Arusha. Looking forward to the fair!'"),
            (U, "Ha, good, very sweet. Now I must go, Neema has a science project on volcanoes due tomorrow and "
                "of course she told me at seven tonight. Her little brother Jabari is 'helping', which means "
                "eating the baking soda. My husband Elibariki is hiding in the garage pretending to fix the car."),
            (A, "Good luck with the volcano. Keep the vinegar away from Jabari."),
        ]),
        session("s2", DAR, "2026-06-23 21:15", [
            (U, "The fair was good, we signed two new agents from Switzerland and a school group from Rwanda, and my "
                "feet have still not forgiven me. Peak season is starting and I'm drowning in rosters. Some "
                "things happened I want to note: the Swiss birdwatching group, fourteen people with lenses "
                "bigger than my car, we put at Msitu Mdogo Lodge near Karatu for their three nights, and they "
                "loved it, they saw some bird they'd been chasing for ten years. Car number four needs new "
                "brake pads before Friday. And Jabari turned eight on Saturday and demanded a cake shaped like "
                "a Land Cruiser, which Elibariki made, badly, with love. My question: how do I build a driver "
                "roster for July and August so nobody works more than twelve days in a row and the good drivers "
                "don't all end up on the same week?"),
            (A, "List drivers by skill level, group them into three rotations that each mix senior and junior "
                "drivers, cap every rotation at twelve days on and three off, and fill the calendar rotation by "
                "rotation, then adjust for leave."),
            (U, "Three rotations, I can see it. Thank you, that's my evening."),
            (A, "Good luck with the season."),
        ]),
        session("s3", DAR, "2026-11-02 19:40", [
            (U, "Short rains are here and the roads to the crater are mud soup. Neema's exams are next week and "
                "she's decided she's going to be a vet, this week. I want to plan the office Christmas lunch "
                "for twenty-two people on a small budget, nothing fancy, nyama choma and music. Can you make me "
                "a checklist and a rough budget so I don't forget anything?"),
            (A, "Venue or garden, meat and sides per person, drinks, music, a small gift for each driver, "
                "transport home, and a ten percent buffer. Set the date early so the drivers can plan."),
            (U, "Transport home, yes, very important. Thank you."),
            (A, "Enjoy the lunch!"),
        ]),
        check("current", DAR, "2026-11-03 09:00", predicate="city", expect=["Arusha"]),
        check("current", DAR, "2026-11-03 09:00", predicate="employer", expect=["Kilele"]),
        check("current", DAR, "2026-11-03 09:00", predicate="job_title", expect=["operations manager"]),
        check("current", DAR, "2026-11-03 09:00", predicate="child_name", expect=["Neema", "Jabari"]),
        check("current", DAR, "2026-11-03 09:00", predicate="partner_name", expect=["Elibariki"]),
        check("profile", DAR, "2026-11-03 09:00", must_include=["Arusha"],
              must_exclude=["Moshi", "Serengeti Wheels", "Driver Guide"]),
        check("recall", DAR, "2026-11-03 09:00", query="Which lodge did we use for the Swiss birdwatching group?",
              k=5, must_include=["Msitu Mdogo"], must_exclude=[]),
    ],
)

# 9 -------------------------------------------------------------------------
TSV = "Australia/Brisbane"
scenario(
    "crane-not-coral-townsville",
    "The assistant's wrong job guess (written as an inferred claim 'marine biologist'), which the user "
    "corrects; roller derby given up in May, pottery since August, fishing kept; partner named in passing.",
    [
        session("s1", TSV, "2026-02-16 19:30", [
            (U, "Wet season's finally doing its thing, third day of rain, which means the port shuts the cranes "
                "down every time the wind picks up and I get sent home early, not complaining. I'm a crane "
                "operator, I drive one of the ship-to-shore cranes down at the harbour for Coral Sea Stevedoring, twelve-hour shifts, so "
                "my days off are sacred: derby training with the Rattler Rollers on Tuesday and Thursday nights, "
                "and fishing off the rock wall with Keelan on Sundays when it isn't bucketing down. Townsville "
                "in the wet is all mozzies and mould, but I love it. Question: I've been asked to run a fitness "
                "session for the new derby girls, an hour, mixed levels. Can you help me plan it? Also, the news "
                "says the reef is bleaching again, which is grim."),
            (A, "Sure! With your work on the reef as a marine biologist you could even theme it. Plan: a 10 min "
                "warm-up, 15 min of footwork drills, 15 min of core and balance, 15 min of falls and getting up, "
                "and a 5 min cool-down."),
            (U, "Ha, no, I lift shipping containers, not coral. The reef thing was just the news. The plan's "
                "great though, falls and getting up is exactly what they need."),
            (A, "Crane operator, got it. Falling safely is the first thing every skater should learn."),
        ], claims=[{"predicate": "job_title", "object": "marine biologist", "source": "inferred",
                    "confidence": 0.5, "turn": 1}]),
        session("s2", TSV, "2026-10-05 20:00", [
            (U, "Bit of a life update. I hung up my skates in May, second concussion in a year and the doctor "
                "gave me the talk, so that's derby done, which I'm still sulking about. Since August I've been "
                "doing pottery on Wednesday nights at a community studio in the city, and it turns out I'm much "
                "better at throwing bowls than at throwing people. Still fishing with Keelan most Sundays, "
                "caught a decent mangrove jack last week off the rocks. Question: I want to make Keelan a set of mugs "
                "for his birthday in December. How long does it take from throwing to glazed and fired, so I "
                "know when to start?"),
            (A, "Allow about three to four weeks: a week for the mugs to dry to leather-hard and get handles, a "
                "week to dry fully and be bisque fired, then glazing and the glaze firing. Start by early "
                "November."),
            (U, "Early November, done. He'll have to pretend to love them either way."),
            (A, "Handmade mugs are always loved."),
        ]),
        check("current", TSV, "2026-10-06 09:00", predicate="hobby", expect=["pottery", "fish"], exact=False),
        check("current", TSV, "2026-10-06 09:00", predicate="job_title", expect=["crane"]),
        check("current", TSV, "2026-10-06 09:00", predicate="employer", expect=["Coral Sea"]),
        check("current", TSV, "2026-10-06 09:00", predicate="city", expect=["Townsville"]),
        check("current", TSV, "2026-10-06 09:00", predicate="partner_name", expect=["Keelan"]),
        check("profile", TSV, "2026-10-06 09:00", must_include=["Townsville"],
              must_exclude=["derby", "marine biologist"]),
    ],
)

# 10 ------------------------------------------------------------------------
LIM = "America/Lima"
scenario(
    "piura-no-thanks-trujillo",
    "Only traps around a stable life: 'should I move to Piura?' and the answer no; a brother's move to "
    "Chiclayo; a weekend visit to Huancayo; 'no kids, unless you count the interns'; no pet; a Mars joke; "
    "the assistant's wrong city.",
    [
        session("s1", LIM, "2026-03-03 22:00", [
            (U, "Okay I need a sounding board. I'm the producer of the morning news show at Radio Chimú here in "
                "Trujillo, the five-to-nine slot, which means I get up at half three and my social life is a "
                "rumour. A station in Piura has been hinting that they'd give me my own programme if I moved up "
                "there. Should I even consider it? Piura is hotter, it's further from my mum, and I don't know a "
                "soul there. My brother Renzo moved to Chiclayo last year and says the north is wonderful, but "
                "Renzo would say that about anywhere with a good shambar. Honest pros and cons, please. And if "
                "one more politician rings me at four in the morning I'm moving to Mars, so put that on the "
                "list too."),
            (A, "Pros: your own show, a step up, a new market. Cons: leaving your network and your family, the "
                "heat, starting over socially. The key question is whether Chimú would give you a show if you "
                "asked."),
            (U, "Good point, I never asked. Unrelated: I spent last weekend in Huancayo for a friend's birthday, "
                "my first time in the sierra. Beautiful, but I've never lived anywhere that cold and my lungs "
                "hated the altitude. And yes, in theory moving is easy for me, I don't have kids, unless you "
                "count the interns, who follow me around like ducklings."),
            (A, "Ducklings who need coffee, probably. Ask Chimú first, then decide."),
        ]),
        session("s2", LIM, "2026-08-18 21:30", [
            (U, "I should have told you months ago: I said no to Piura. I asked Chimú, like you said, and they "
                "gave me a raise to stay, so now I produce the morning show AND the weekend culture hour. "
                "Staying in Trujillo, staying near my mum, staying near the Monday shambar. Now the station wants "
                "a podcast version of the morning show and they've put me in charge. How long should the "
                "episodes be, and what do we cut?"),
            (A, "Great! Now that you've settled in Piura, a podcast is a smart way to reach people there too. "
                "Aim for 20-25 minutes: keep the two main stories and the interview, cut traffic, weather and "
                "the ad breaks."),
            (U, "Trujillo!! I said NO to Piura 😄 Keep up. And before you suggest a podcast mascot, no, I still "
                "don't have a pet, the building manager would throw me out and I can't even keep a cactus "
                "alive. 20-25 minutes sounds right."),
            (A, "Sorry, Trujillo. Twenty-five minutes, no mascot."),
        ]),
        check("current", LIM, "2026-08-19 09:00", predicate="city", expect=["Trujillo"]),
        check("current", LIM, "2026-08-19 09:00", predicate="employer", expect=["Chim"]),
        check("current", LIM, "2026-08-19 09:00", predicate="job_title", expect=["producer"]),
        check("absent", LIM, "2026-08-19 09:00", predicate="pet"),
        check("absent", LIM, "2026-08-19 09:00", predicate="child_name"),
        check("history", LIM, "2026-08-19 09:00", predicate="city", expect=["Trujillo"]),
        check("profile", LIM, "2026-08-19 09:00", must_include=["Trujillo"],
              must_exclude=["Piura", "Chiclayo", "Huancayo"]),
    ],
)

# 11 ------------------------------------------------------------------------
IST = "Europe/Istanbul"
scenario(
    "last-friday-eskisehir",
    "Backdated facts told together: a new job 'since the 4th of May, two weeks ago today', the old one "
    "ended on 30 April, a move 'last Friday, the 15th', vegan 'since the start of March'; two weeks of "
    "driving over from the old city before the move.",
    [
        session("s1", IST, "2026-02-10 21:00", [
            (U, "I've been staring at the same batch of fabric for an hour. I'm the dyehouse chemist at Zeytinli "
                "Tekstil here in Bursa, and a customer says our navy is 'purple in daylight', which, between us, "
                "it is a little bit. Kerem says I bring the colours home with me; on Sunday I apparently "
                "described the sky as 'slightly under-reduced indigo'. Separate thing: I have an interview next "
                "week with a ceramics company in Eskişehir, for glaze work, which would be a dream, but it's two "
                "and a half hours away and Kerem would have to find something there. How do I prepare for a "
                "technical interview when I've only ever worked in textiles?"),
            (A, "Show how your skills transfer: colour measurement, recipe control, batch consistency, "
                "troubleshooting. Read up on glaze basics (oxides, firing ranges, defects like crawling and "
                "pinholing), and prepare two stories where you solved a colour problem."),
            (U, "Good. I'll bring fabric samples anyway, they're my comfort blanket."),
            (A, "Samples make a good story too. Good luck!"),
        ]),
        session("s2", IST, "2026-05-18 20:30", [
            (U, "So much has happened. I got the job! I've been a glaze technologist at Porsuk Seramik since the "
                "4th of May, two weeks ago today, and we moved to Eskişehir last Friday, the 15th. Kerem drove "
                "the van, I held the plants. My last day at Zeytinli was the 30th of April, and they gave me a "
                "scarf dyed in the exact purple navy as a joke, which I will wear with pride. For the first two "
                "weeks I was still living in Bursa and driving over every morning, two and a half hours each "
                "way, never again. Also, I've been vegan since the start of March, mostly because of a "
                "documentary, and it's been easier here than I feared. Now the fun part: the new flat has a "
                "balcony with full afternoon sun and I want to grow herbs. Which ones survive that kind of heat?"),
            (A, "Rosemary, thyme, oregano and sage love heat and sun; basil works if you water it daily. Use "
                "large pots and water in the evening."),
            (U, "Rosemary and thyme it is. Basil will die, I know myself."),
            (A, "Give the basil a shadier corner and it might surprise you."),
        ]),
        check("current", IST, "2026-05-19 09:00", predicate="city", expect=["Eski"]),
        check("current", IST, "2026-05-19 09:00", predicate="employer", expect=["Porsuk"]),
        check("current", IST, "2026-05-19 09:00", predicate="job_title", expect=["glaze"]),
        check("current", IST, "2026-05-19 09:00", predicate="dietary_restriction", expect=["vegan"]),
        check("as_of", IST, "2026-05-19 09:00", valid_at="2026-05-10 12:00", predicate="city",
              expect=["Bursa"]),
        check("as_of", IST, "2026-05-19 09:00", valid_at="2026-05-06 12:00", predicate="employer",
              expect=["Porsuk"]),
        check("believed_as_of", IST, "2026-05-19 09:00", known_at="2026-04-01 12:00", predicate="employer",
              expect=["Zeytinli"]),
        check("history", IST, "2026-05-19 09:00", predicate="employer", expect=["Zeytinli", "Porsuk"]),
    ],
)

# 12 ------------------------------------------------------------------------
EDM = "America/Edmonton"
scenario(
    "sidepull-and-a-canoe-lethbridge",
    "Preferred name and role said with filler words; three languages in passing; no pets; the old "
    "bouldering gym is worded like the query and the new one is not (must_exclude a detail only in the old "
    "turn); a canoe's name said once.",
    [
        session("s1", EDM, "2025-06-10 20:00", [
            (U, "Hi, okay, so, intro I guess. It's Wilhelmina on my licence, after my dad's grandma, but, like, "
                "literally nobody says that, it's Billie, just Billie. I'm, um, basically a vet tech, a "
                "registered veterinary technologist if we're being fancy, at Oldman River Animal Hospital here "
                "in Lethbridge. My mom's side is Kainai and she still makes me practise my Blackfoot with her on "
                "the phone every Sunday, and my dad's side is Ukrainian, and my baba refused to speak English to "
                "us kids, so I speak Ukrainian pretty well too. No pets of my own, my landlord has a strict no "
                "animals clause, so I get my fix at work. After work I go bouldering at Coulee Boulders "
                "basically every other night, even though the chalk there is awful and the parking lot floods "
                "every time it rains. Anyway, real question: we had a family put their old dog down today and I "
                "never know what to say in the room. Any advice?"),
            (A, "You don't need many words: say the dog's name, acknowledge the love ('she was so lucky to have "
                "you'), give them time, and don't rush the goodbye. Silence is fine."),
            (U, "Say the name. That's good. I'll remember that."),
            (A, "It means a lot to people."),
        ]),
        session("s2", EDM, "2025-08-24 19:15", [
            (U, "Long weekend report: my roommate Jess and I bought a used canoe off a guy in Coaldale for three "
                "hundred bucks, and it's ugly and green and leaks a tiny bit, and we named it the Wobbly Varenyk "
                "in honour of my baba. First paddle on the Oldman River on Saturday and we only tipped once. "
                "Also the clinic's getting a new ultrasound machine and I'm the one who has to learn it first, "
                "so, pressure. And we had a porcupine case on Thursday, quills everywhere, never again. "
                "Question: what's a good way to remember a long list of drug dosages without carrying a "
                "notebook everywhere?"),
            (A, "Make flashcards in a spaced-repetition app, group the drugs by class, and practise calculating "
                "doses out loud with a colleague. Laminated cheat sheets at each station help too."),
            (U, "Flashcards, okay. Jess will quiz me in the canoe."),
            (A, "Maybe not in the canoe, given the tipping."),
        ]),
        session("s3", EDM, "2026-01-19 18:45", [
            (U, "Happy new year! Quick one, my finger's sore. I cancelled my Coulee membership in the fall and "
                "since November I climb at the Sidepull on the north side instead, cheaper, better setters, "
                "and the floor doesn't smell like feet. The problem is I've been crimping way too hard and now "
                "my ring finger hurts at the base when I pull. Is that a pulley thing, and should I stop "
                "climbing completely?"),
            (A, "It might be a pulley strain. Stop hard crimping for a couple of weeks, climb easy open-hand "
                "routes only if it doesn't hurt, and see a physio if it's swollen or you felt a pop."),
            (U, "No pop, just sore. Easy routes for two weeks then."),
            (A, "Good, and warm up slowly when you go back."),
        ]),
        check("current", EDM, "2026-01-20 09:00", predicate="preferred_name", expect=["Billie"]),
        check("current", EDM, "2026-01-20 09:00", predicate="language_spoken",
              expect=["Blackfoot", "Ukrainian", "English"]),
        check("current", EDM, "2026-01-20 09:00", predicate="job_title", expect=["vet"]),
        check("current", EDM, "2026-01-20 09:00", predicate="employer", expect=["Oldman River"]),
        check("current", EDM, "2026-01-20 09:00", predicate="city", expect=["Lethbridge"]),
        check("absent", EDM, "2026-01-20 09:00", predicate="pet"),
        check("recall", EDM, "2026-01-20 09:00", query="Where do I go bouldering these days?", k=5,
              must_include=["Sidepull"], must_exclude=["parking lot floods"]),
        check("recall", EDM, "2026-01-20 09:00", query="What did we name the canoe?", k=5,
              must_include=["Wobbly Varenyk"], must_exclude=[]),
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
