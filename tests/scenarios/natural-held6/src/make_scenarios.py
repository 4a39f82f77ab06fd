#!/usr/bin/env python3
"""Write the held6 natural multi-session scenarios (format v1) to the parent folder.

Edit this script, not the JSON.  `--check` validates without writing.

Times are written as local wall-clock times in the user's own IANA time zone and
converted here (zoneinfo) to ISO-8601 with the correct UTC offset for that date.
"""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

OUT = Path(__file__).resolve().parent.parent
NAMESPACE = "held6"

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
            off += 9 if role == "assistant" else max(20, len(text) // 5)
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
        "user": f"h6-{len(SCENARIOS) + 1:02d}",
        "steps": steps,
    })


# 1 -------------------------------------------------------------------------
SCL = "America/Santiago"
scenario(
    "la-serena-since-the-fifteenth",
    "Residence, employer and role said inside sentences about a night shift; a move down the coast told "
    "three months late ('we moved down to La Serena on the 15th of March'); a sister's move to Santiago.",
    [
        session("s1", SCL, "2026-01-12 16:40", [
            (U, "I slept until two in the afternoon again, which is the glamorous life of a night telescope "
                "operator. I'm on the Cerro Pangue Observatory rota, seven nights up the mountain and seven "
                "down, and on the down weeks I'm at home in Antofagasta trying to remember what daylight is. "
                "My sister Josefa just told me she's moving to Santiago in February for a master's, so I've been "
                "volunteered to drive her boxes down, twelve hundred kilometres, great. Anyway, what I actually "
                "need: a sleep schedule that gets me back to normal hours in three days without feeling "
                "like a zombie at her farewell asado on Saturday."),
            (A, "Shift your bedtime two to three hours earlier each day, get bright light as soon as you wake, "
                "and keep caffeine before noon."),
            (U, "Caffeine before noon is going to hurt. The visiting astronomers from the German team keep "
                "bringing me chocolate at 3am, which doesn't help either, but I'm not complaining."),
            (A, "Keep the chocolate for the mountain weeks, then."),
        ]),
        session("s2", SCL, "2026-06-08 11:15", [
            (U, "Winter's here and the sky has been perfect, which means I've barely been home. Home is La "
                "Serena now, by the way: we moved down to La Serena on the 15th of March, because the drive to "
                "the mountain from here is an hour and forty instead of most of a day, and my partner found "
                "work at the port in Coquimbo. Still operating the same telescope for Cerro Pangue, same rota, "
                "I just get to sleep in my own bed sooner. My question: the observatory wants operators to give "
                "a public talk at the visitor centre, twenty minutes, for families. Can you help me outline "
                "something about what a night on the mountain is actually like?"),
            (A, "Sure: sunset and the dome opening, the first calibration, a target list through the night, "
                "the weather worries, and sunrise. End with a question from the kids."),
            (U, "Love it. I'll end with the chocolate story."),
            (A, "That will be everyone's favourite part."),
        ]),
        check("current", SCL, "2026-06-09 09:00", predicate="city", expect=["La Serena"]),
        check("current", SCL, "2026-06-09 09:00", predicate="country", expect=["Chile"]),
        check("current", SCL, "2026-06-09 09:00", predicate="employer", expect=["Cerro Pangue"]),
        check("current", SCL, "2026-06-09 09:00", predicate="job_title", expect=["telescope operator"]),
        check("as_of", SCL, "2026-06-09 09:00", valid_at="2026-02-01 12:00", predicate="city",
              expect=["Antofagasta"]),
        check("as_of", SCL, "2026-06-09 09:00", valid_at="2026-04-10 12:00", predicate="city",
              expect=["La Serena"]),
        check("believed_as_of", SCL, "2026-06-09 09:00", known_at="2026-05-01 12:00", predicate="city",
              expect=["Antofagasta"]),
        check("history", SCL, "2026-06-09 09:00", predicate="city", expect=["Antofagasta", "La Serena"]),
    ],
)

# 2 -------------------------------------------------------------------------
TYO = "Asia/Tokyo"
scenario(
    "two-months-notice-nagoya",
    "Two months' notice with a dated last day (Fri 30 October) and a dated start (Mon 2 November) at a "
    "new employer; the switch happens with no session. The assistant gets the start wrong; a pasted HR "
    "form has the wrong date, a wrong seniority and the wrong office.",
    [
        session("s1", TYO, "2026-08-20 21:30", [
            (U, "So I did it. This afternoon I told my manager at Hoshino Ceramics that I'm leaving. Our contract "
                "says two months' notice, so my last day is Friday the 30th of October, and on Monday the 2nd "
                "of November I start at Tsubame Robotics as a test engineer. Eight years as a quality engineer "
                "checking glaze thickness on toilet bowls, and I'm finally going to break robots for a living. "
                "Yui, my wife, says I've been smiling like an idiot since lunch. The hard part is the handover: "
                "I'm the only person who understands our inspection spreadsheets. Can you help me plan the "
                "handover across ten weeks so nobody is lost when I go?"),
            (A, "Congratulations! So you start at Tsubame on the 1st of October. Here's a plan: weeks 1-2 "
                "document, 3-6 shadowing, 7-9 reverse shadowing, week 10 buffer."),
            (U, "No no, October 30th is my LAST day at Hoshino, and Tsubame starts on November 2nd. But the "
                "plan structure is good, I like the reverse shadowing."),
            (A, "Sorry: Hoshino until 30 October, Tsubame from 2 November. Reverse shadowing is the bit that "
                "catches the gaps."),
        ]),
        session("s2", TYO, "2026-09-15 20:05", [
            (U, "Tsubame's HR sent me their onboarding form to check, and it's a mess. Here's what they "
                "filled in:\n\n---\nNew hire: Mr. Kenji Arakawa\nPosition: Senior Test Engineer\nStart date: "
                "1 October 2026\nWork location: Osaka office (relocation package B)\n---\n\nThree mistakes. "
                "It's the 2nd of November, as I said in every email. I'm not senior, just test engineer, which "
                "is what my offer letter says. And I'm staying at the Nagoya office, I'm not relocating to Osaka, "
                "we just renewed the lease on our flat in Nagoya. Can you write a polite reply listing the corrections without "
                "sounding annoyed? I'm a bit annoyed."),
            (A, "Here's a draft: 'Thank you for the form. Could you please correct three details: start date "
                "2 November 2026, position Test Engineer, and work location Nagoya office, with no relocation.'"),
            (U, "Perfect, polite and clear. Sending."),
            (A, "Good luck with the remaining handover weeks."),
        ]),
        check("current", TYO, "2026-09-16 09:00", predicate="employer", expect=["Hoshino"]),
        check("current", TYO, "2026-09-16 09:00", predicate="job_title", expect=["quality engineer"]),
        check("current", TYO, "2026-11-10 09:00", predicate="employer", expect=["Tsubame"]),
        check("current", TYO, "2026-11-10 09:00", predicate="job_title", expect=["test engineer"]),
        check("current", TYO, "2026-11-10 09:00", predicate="city", expect=["Nagoya"]),
        check("current", TYO, "2026-11-10 09:00", predicate="partner_name", expect=["Yui"]),
        check("as_of", TYO, "2026-11-10 09:00", valid_at="2026-10-15 12:00", predicate="employer",
              expect=["Hoshino"]),
        check("as_of", TYO, "2026-11-10 09:00", valid_at="2026-11-05 12:00", predicate="employer",
              expect=["Tsubame"]),
        check("history", TYO, "2026-11-10 09:00", predicate="employer", expect=["Hoshino", "Tsubame"]),
        check("believed_as_of", TYO, "2026-11-10 09:00", known_at="2026-09-20 12:00", predicate="employer",
              expect=["Hoshino"]),
        check("profile", TYO, "2026-11-10 09:00", must_include=["Nagoya"], must_exclude=["Osaka", "Senior"]),
    ],
)

# 3 -------------------------------------------------------------------------
LJU, TRS = "Europe/Ljubljana", "Europe/Rome"
scenario(
    "trieste-and-back-to-maribor",
    "Maribor, then Trieste for the partner's orchestra contract, then back to Maribor: the return is a "
    "new version. A friend moving to Trieste afterwards is not the user.",
    [
        session("s1", LJU, "2025-04-14 20:20", [
            (U, "I translate technical manuals from German into Slovenian for a living, freelance, which "
                "means this week I've learned more about industrial dishwashers than anyone should. The flat "
                "in Maribor is getting cramped with two desks and my girlfriend Nika's cello in the living room, and our "
                "neighbour downstairs has started banging on the ceiling when she practises scales. Any ideas "
                "for cheap soundproofing a practice corner that a landlord won't mind?"),
            (A, "Heavy curtains, a thick rug with underlay, bookshelves on the shared wall and a practice mute "
                "for the cello go a long way without any drilling."),
            (U, "The practice mute she will hate. Rug and curtains, then."),
            (A, "Start with the rug: most of the noise downstairs comes through the floor."),
        ]),
        session("s2", TRS, "2025-10-02 19:00", [
            (U, "Ciao from the seaside! We've been living in Trieste since the start of September: Nika got a "
                "one-year contract with the opera orchestra here, and I can translate from anywhere with wifi. "
                "The bora wind nearly took my bike into the sea on Tuesday. My Italian is dreadful, so could "
                "you give me ten phrases I'll actually need with a landlord and at the market?"),
            (A, "Here are ten: 'C'è un problema con il riscaldamento', 'Quanto costa al chilo?', ..."),
        ]),
        session("s3", LJU, "2026-10-06 21:00", [
            (U, "Home again. We've been back in Maribor since the 1st of August, when the opera contract ended "
                "and wasn't renewed, and honestly I missed the Drava and my mother's cooking. New flat, ground "
                "floor, no neighbour below to bang on anything. Funny timing: my friend Luka has just moved to "
                "Trieste for a shipping job, so I gave him the whole list of market phrases. I'm still doing "
                "the manuals, dishwashers again this month. Can you help me write a welcome-back note for the "
                "building noticeboard introducing us and asking if anyone minds cello in the afternoons?"),
            (A, "Of course: 'Hello neighbours! We're Nika and her translator, new on the ground floor...'"),
        ]),
        check("current", LJU, "2026-10-07 09:00", predicate="city", expect=["Maribor"]),
        check("current", LJU, "2026-10-07 09:00", predicate="country", expect=["Sloven"]),
        check("history", LJU, "2026-10-07 09:00", predicate="city", expect=["Maribor", "Trieste", "Maribor"]),
        check("as_of", LJU, "2026-10-07 09:00", valid_at="2026-01-15 12:00", predicate="city",
              expect=["Trieste"]),
        check("believed_as_of", LJU, "2026-10-07 09:00", known_at="2025-08-01 12:00", predicate="city",
              expect=["Maribor"]),
        check("current", LJU, "2026-10-07 09:00", predicate="partner_name", expect=["Nika"]),
        check("current", LJU, "2026-10-07 09:00", predicate="job_title", expect=["translator"]),
    ],
)

# 4 -------------------------------------------------------------------------
REG, NST = "America/Regina", "America/St_Johns"
scenario(
    "moving-next-month-st-johns",
    "A dated move next month (fly out on 14 August) and a dated new job (1 September) after a last day "
    "on 31 July: Saskatoon and the old employer stay current until then, the new city and job are current "
    "afterwards with no new session. The father's 'what about Moncton' is a question.",
    [
        session("s1", REG, "2026-07-09 19:10", [
            (U, "We're moving next month! The truck comes on the 12th of August and we fly out of Saskatoon on "
                "the 14th, so from the 14th we're officially St. John's people. Newfoundland, yes, the other end "
                "of the country. My last day as an agronomist at Northgate Seed Co. is the 31st of July, and on "
                "the 1st of September I start at Cabot Marine Research as a lab manager. Two weeks of nothing in "
                "between, which I intend to spend eating fish and chips. My dad keeps asking whether we "
                "wouldn't rather look at Moncton, as if we hadn't already signed the lease. Can you help me "
                "make a checklist for changing provinces: health card, licence, insurance, all of that?"),
            (A, "Here's a checklist: provincial health card (apply on arrival), driver's licence within 90 "
                "days, vehicle registration, home insurance, address changes with CRA and your bank."),
            (U, "Health card on arrival, got it. Our dog Rutabaga is flying with us too, in the cabin if "
                "she fits, which she won't."),
            (A, "Book her spot with the airline now, and get a vet certificate dated within ten days of the "
                "flight."),
        ]),
        check("current", REG, "2026-07-10 09:00", predicate="city", expect=["Saskatoon"]),
        check("current", REG, "2026-07-10 09:00", predicate="employer", expect=["Northgate"]),
        check("current", NST, "2026-09-10 09:00", predicate="city", expect=["John"]),
        check("current", NST, "2026-09-10 09:00", predicate="employer", expect=["Cabot"]),
        check("current", NST, "2026-09-10 09:00", predicate="job_title", expect=["lab manager"]),
        check("as_of", NST, "2026-09-10 09:00", valid_at="2026-08-01 12:00", predicate="city",
              expect=["Saskatoon"]),
        check("as_of", NST, "2026-09-10 09:00", valid_at="2026-08-25 12:00", predicate="city",
              expect=["John"]),
        check("believed_as_of", NST, "2026-09-10 09:00", known_at="2026-07-20 12:00", predicate="city",
              expect=["Saskatoon"]),
        check("profile", NST, "2026-09-10 09:00", must_include=["Rutabaga"], must_exclude=["Moncton"]),
    ],
)

# 5 -------------------------------------------------------------------------
EVN = "Asia/Yerevan"
scenario(
    "patches-and-a-wedding-yerevan",
    "A smoker who stops with patches in February and starts again at a cousin's wedding in May; vegetarian "
    "from New Year until Easter; a friend who quits for good is not the user.",
    [
        session("s1", EVN, "2026-01-18 20:30", [
            (U, "My doctor gave me the full lecture today. I'm on about fifteen cigarettes a day, more when a "
                "deadline's on, and my blood pressure is 'not great for a man of thirty-six', his words. So the "
                "plan is nicotine patches from the 1st of February. I've also been vegetarian since New Year, "
                "which surprised everyone in my family, my grandmother thinks I'm ill. I work from home in "
                "Yerevan doing backend code for a Dutch logistics company, so I'm at the desk ten hours a day. "
                "Could you suggest some things to do with my hands during calls instead of smoking?"),
            (A, "Try a stress ball or a pen to click, a glass of water to sip, standing up and walking during "
                "calls, and a short walk outside instead of a cigarette break."),
            (U, "Walking calls I can do. My friend Anahit quit cold turkey last year and she's insufferable "
                "about it."),
            (A, "Then you'll be allowed to be insufferable too, in a few weeks."),
        ]),
        session("s2", EVN, "2026-03-10 19:45", [
            (U, "Five weeks without a single cigarette! The patches did most of the work, and I gave my lighter "
                "to my nephew for his science kit. I still want one after coffee, but it passes. Still "
                "vegetarian as well, two months now, my grandmother has started making me lentil soup in "
                "self-defence. Question: I have more energy in the evenings now and want to start running. A "
                "plan for a complete beginner, please?"),
            (A, "Start with run-walk: one minute running, two walking, eight times, three days a week, and add "
                "a minute of running each week."),
        ]),
        check("current", EVN, "2026-03-11 09:00", predicate="smoking_status", expect=["non-smoker"]),
        check("current", EVN, "2026-03-11 09:00", predicate="dietary_restriction", expect=["vegetarian"]),
        session("s3", EVN, "2026-06-02 21:10", [
            (U, "Confession time. I started smoking again at my cousin Armen's wedding in May, someone handed me "
                "one at two in the morning and that was that, I'm back to most of a pack a day. And the "
                "vegetarian thing is over too, it ended at Easter with my grandmother's khorovats, I didn't "
                "stand a chance. I'm annoyed with myself about the cigarettes, not the lamb. Still running, at "
                "least, twice a week. Can you help me think about trying again in a way that sticks this time?"),
            (A, "Of course. Pick a date, plan for weddings and late nights in advance, and consider talking to "
                "your doctor about combining patches with a short-acting form like gum."),
        ]),
        check("current", EVN, "2026-06-03 09:00", predicate="smoking_status", expect=["smoker"]),
        check("history", EVN, "2026-06-03 09:00", predicate="smoking_status",
              expect=["smoker", "non-smoker", "smoker"]),
        check("as_of", EVN, "2026-06-03 09:00", valid_at="2026-03-20 12:00", predicate="smoking_status",
              expect=["non-smoker"]),
        check("absent", EVN, "2026-06-03 09:00", predicate="dietary_restriction"),
        check("current", EVN, "2026-06-03 09:00", predicate="city", expect=["Yerevan"]),
        check("profile", EVN, "2026-06-03 09:00", must_include=["Yerevan"], must_exclude=["vegetarian"]),
    ],
)

# 6 -------------------------------------------------------------------------
KCH = "Asia/Kuching"
scenario(
    "kopi-and-lada-kuching",
    "An old dog dies in February and a kitten arrives in March; a mango allergy turns out not to be one, "
    "the wasp-venom allergy stays; 'I'm not vegetarian'; a neighbour's puppy offered and declined.",
    [
        session("s1", KCH, "2025-11-03 19:30", [
            (U, "Rainy season here in Kuching and Kopi, our beagle, refuses to go out in it, so I'm mopping up after "
                "a fourteen-year-old dog at 7am. He's slowing down a lot this year. Different topic: I have a "
                "company dinner on Friday and the caterer wants dietary requirements. I'm allergic to mango, "
                "I come up in hives, and I'm seriously allergic to wasp stings, I carry an adrenaline pen. Is "
                "it weird to mention the wasp thing on a catering form, or only the mango?"),
            (A, "Only food allergies matter to a caterer, so mention the mango. Keep the adrenaline pen with "
                "you anyway, in case the dinner is outdoors."),
            (U, "It's at the waterfront, so yes, outdoors. Pen goes in the bag."),
            (A, "Good. Enjoy the dinner."),
        ]),
        session("s2", KCH, "2026-03-20 20:00", [
            (U, "It's been a heavy few weeks. We lost Kopi in February, he just didn't wake up one morning, "
                "fourteen is a good age for a beagle but the house felt wrong. Last weekend we brought home a "
                "kitten from the shelter, a little tabby, and my daughter named her Lada, pepper in Malay, "
                "because she bites. Other news: I finally did the allergy tests and I'm not allergic to mango "
                "at all, the hives that time were from a new sunscreen. The wasp venom one is very real though, "
                "the skin test lit up. And no, before you ask like my colleagues do, I'm not vegetarian, I just "
                "don't cook meat at home. Our neighbour offered us one of his dog's puppies but we said no, one "
                "small animal is enough. Can you give me a kitten-proofing checklist for the house?"),
            (A, "Hide cables, close off gaps behind appliances, move toxic plants like lilies, keep the toilet "
                "lid down and put away hair ties and string."),
        ]),
        check("current", KCH, "2026-03-21 09:00", predicate="pet", expect=["Lada"]),
        check("current", KCH, "2026-03-21 09:00", predicate="allergy", expect=["wasp"]),
        check("absent", KCH, "2026-03-21 09:00", predicate="dietary_restriction"),
        check("current", KCH, "2026-03-21 09:00", predicate="city", expect=["Kuching"]),
        check("as_of", KCH, "2026-03-21 09:00", valid_at="2026-01-10 12:00", predicate="pet", expect=["Kopi"]),
        check("history", KCH, "2026-03-21 09:00", predicate="pet", expect=["Kopi", "Lada"]),
        check("profile", KCH, "2026-03-21 09:00", must_include=["Lada"], must_exclude=["mango", "Kopi"]),
    ],
)

# 7 -------------------------------------------------------------------------
POA = "America/Sao_Paulo"
scenario(
    "call-me-duda-porto-alegre",
    "Preferred name (the assistant uses the badge name once); single, then seeing Thiago since Carnival, "
    "a break-up in June, and Renata since the start of October; a friend's engagement is hers.",
    [
        session("s1", POA, "2025-12-01 20:00", [
            (U, "Oi! Quick thing before we start: my badge at the clinic says Maria Eduarda, but only my "
                "grandmother calls me that, everybody else says Duda, so please use Duda. I'm a physiotherapist "
                "at Clínica Guaíba here in Porto Alegre, mostly knees and shoulders, lots of footballers who "
                "think they're twenty. My best friend Luciana just got engaged and I'm her maid of honour, "
                "which is why I'm here: I need a toast for the engagement party, funny but not embarrassing. "
                "Single and thriving, by the way, in case the toast needs a self-deprecating line."),
            (A, "Here's a start, Duda: 'I've known Luciana since we were both terrible at volleyball...'"),
            (U, "Ha, that's true, actually. Keep going like that."),
            (A, "'...she was terrible at volleyball, and brilliant at everything else, including choosing Caio.'"),
        ]),
        check("current", POA, "2025-12-02 09:00", predicate="preferred_name", expect=["Duda"]),
        session("s2", POA, "2026-03-02 21:15", [
            (U, "Small update for the memory files: I've been seeing someone since Carnival, his name is "
                "Thiago, we met at a bloco in the middle of February when he spilled a caipirinha on my shoes. "
                "Early days but it's good. He's a sound technician, so he's always out at night when I'm "
                "asleep, which we'll figure out. Can you suggest some cheap date ideas in the city that work "
                "on a Sunday afternoon?"),
            (A, "The Redenção park market, a sunset walk at the Usina do Gasômetro, a matinée at the Casa de "
                "Cultura Mario Quintana, or a chimarrão picnic by the Guaíba."),
        ]),
        check("current", POA, "2026-03-03 09:00", predicate="partner_name", expect=["Thiago"]),
        session("s3", POA, "2026-07-20 19:30", [
            (U, "So Thiago and I broke up in June. No drama, the night-shift thing never got better and we "
                "both knew it. I'm single again and mostly fine, I've thrown myself into the clinic and I've "
                "started doing the Sunday morning run at the Orla. Can you help me write a training plan for "
                "a 10k in October?"),
            (A, "Of course, Maria Eduarda. Here's a 12-week plan: three runs a week, one long, one easy, one "
                "with intervals."),
            (U, "Duda, please! Nobody calls me Maria Eduarda except my avó. The plan looks good though."),
            (A, "Sorry, Duda. Noted for good."),
        ]),
        check("absent", POA, "2026-07-21 09:00", predicate="partner_name"),
        check("current", POA, "2026-07-21 09:00", predicate="relationship_status", expect=["single"]),
        session("s4", POA, "2026-11-10 20:40", [
            (U, "Finished the 10k in 58 minutes! And the other news: Renata and I have been together since the "
                "start of October. She's a nurse at the hospital next to the clinic, we kept bumping into each "
                "other at the coffee cart. Luciana says she called it months ago. For Renata's birthday next "
                "week, can you help me plan a surprise dinner at home, something Gaúcho but not a full "
                "churrasco, my flat has no balcony?"),
            (A, "How about arroz carreteiro, a tomato and onion salad, and pudim for dessert? Cozy and "
                "very Gaúcho."),
        ]),
        check("current", POA, "2026-11-11 09:00", predicate="partner_name", expect=["Renata"]),
        check("current", POA, "2026-11-11 09:00", predicate="preferred_name", expect=["Duda"]),
        check("history", POA, "2026-11-11 09:00", predicate="partner_name", expect=["Thiago", "Renata"]),
        check("current", POA, "2026-11-11 09:00", predicate="job_title", expect=["physiotherapist"]),
    ],
)

# 8 -------------------------------------------------------------------------
ACC = "Africa/Accra"
scenario(
    "registration-form-tamale",
    "A pasted conference registration form filled from an old record (Takoradi, Volta Grid Services, "
    "junior technician); the user's own city, employer, role, children and three languages beside it; "
    "a detail said once is recalled.",
    [
        session("s1", ACC, "2026-04-13 18:45", [
            (U, "Good evening. I'm registering for the West Africa solar installers' conference in Accra and "
                "their system filled the form from some ancient record. This is what it shows:\n\n---\n"
                "Name: Mrs. Adwoa Mensah-Iddrisu\nCity: Takoradi\nOrganisation: Volta Grid Services\n"
                "Title: Junior Technician\nDietary needs: none\n---\n\nThat was me six years ago when I was in "
                "Takoradi. Now I live in Tamale and I'm the lead installer at Savanna Sun Solar, I run a team of "
                "five. Can you help me write to the organisers to fix it? Also they ask which languages I can "
                "present in, and I speak Dagbani, Twi and English, so put all three."),
            (A, "Here's a note: 'Please update my registration: City: Tamale; Organisation: Savanna Sun "
                "Solar; Title: Lead Installer. I can present in Dagbani, Twi or English.'"),
            (U, "Good. While you're here: this week we quoted a 15 kVA inverter for the maternity clinic in "
                "Savelugu, and the director wants it explained without jargon. Two sentences?"),
            (A, "'The inverter turns the sun's power into the electricity your clinic uses, and stores some for "
                "the night. It's sized so the delivery room never goes dark.'"),
        ]),
        session("s2", ACC, "2026-05-28 20:10", [
            (U, "The harmattan dust is finally gone and the panels are shining again. Home-front report: my daughter Akosua "
                "has her BECE exams next month and is revising at the kitchen table every night, and my son Yaw, who "
                "is nine, has decided he's going to be a footballer and a pilot at the same time. I'm their "
                "only timetable-keeper. Could you make a revision timetable for Akosua, four weeks, six "
                "subjects, with Sundays off?"),
            (A, "Here's one: two subjects a day Monday to Saturday in rotation, past papers in the last week, "
                "and Sundays free."),
        ]),
        check("current", ACC, "2026-05-29 09:00", predicate="city", expect=["Tamale"]),
        check("current", ACC, "2026-05-29 09:00", predicate="employer", expect=["Savanna Sun"]),
        check("current", ACC, "2026-05-29 09:00", predicate="job_title", expect=["installer"]),
        check("current", ACC, "2026-05-29 09:00", predicate="child_name", expect=["Akosua", "Yaw"]),
        check("current", ACC, "2026-05-29 09:00", predicate="language_spoken", expect=["Dagbani", "Twi", "English"]),
        check("profile", ACC, "2026-05-29 09:00", must_include=["Tamale"],
              must_exclude=["Takoradi", "Volta", "Junior"]),
        check("recall", ACC, "2026-05-29 09:00", query="What size inverter did we quote for the Savelugu clinic?",
              k=5, must_include=["15 kVA"], must_exclude=[]),
    ],
)

# 9 -------------------------------------------------------------------------
AKL = "Pacific/Auckland"
scenario(
    "choir-to-sea-swimming-nelson",
    "The assistant's wrong guess about the job (written as an inferred claim), corrected by the user; "
    "choir dropped in July, sea swimming since the start of October, tramping kept; partner named in passing.",
    [
        session("s1", AKL, "2026-03-10 19:00", [
            (U, "Apple harvest is in full swing so I'm shattered. I manage the orchard at Moutere Hills Orchard "
                "half an hour outside Nelson, where we live, forty hectares of Braeburn and Jazz, and the pickers' rosters are my whole "
                "life till May. The only things I protect are Tuesday nights with the Nelson Community Choir "
                "and tramping at the weekend when the weather lets me. My partner Mereana says I should "
                "delegate more. Can you help me make a weekly roster template for twenty-two pickers?"),
            (A, "Sure! Running a vineyard at harvest is brutal. Here's a template: pickers by row block, start "
                "times, bin counts and a spare column for rain days."),
            (U, "Orchard, not vineyard, apples, not grapes! Nelson has both, I know. Template looks good."),
            (A, "Apples, got it. Add a column for the variety each block is picking that day."),
        ], claims=[{"predicate": "job_title", "object": "vineyard manager", "source": "inferred",
                    "confidence": 0.5, "turn": 1}]),
        session("s2", AKL, "2026-11-18 20:30", [
            (U, "Spring at last. Big change in my routine: I gave up the choir in July, after eleven years, my "
                "voice just wasn't enjoying it any more and Tuesday nights felt like homework. Since the start "
                "of October I've been sea swimming at Tahunanui every morning before work instead, freezing and "
                "wonderful. Still tramping, we did the Abel Tasman coast track with Mereana's sister last "
                "month. Can you suggest what to wear so I stop losing feeling in my toes in the water?"),
            (A, "Neoprene socks and gloves, a thermal swim cap, and get dressed fast afterwards with a warm "
                "drink ready."),
        ]),
        check("current", AKL, "2026-11-19 09:00", predicate="hobby", expect=["swim", "tramp"], exact=False),
        check("current", AKL, "2026-11-19 09:00", predicate="job_title", expect=["orchard"]),
        check("current", AKL, "2026-11-19 09:00", predicate="employer", expect=["Moutere"]),
        check("current", AKL, "2026-11-19 09:00", predicate="city", expect=["Nelson"]),
        check("current", AKL, "2026-11-19 09:00", predicate="partner_name", expect=["Mereana"]),
        check("profile", AKL, "2026-11-19 09:00", must_include=["Nelson"], must_exclude=["choir", "vineyard"]),
    ],
)

# 10 ------------------------------------------------------------------------
BOG = "America/Bogota"
scenario(
    "questions-and-jokes-pereira",
    "Traps around a researcher in Pereira: a sister's move to Madrid, 'should I move to Bogotá?', a friend's "
    "hypothetical Lisbon offer, a joke about being married to an espresso machine, 'no kids, just a fern', "
    "a hypothetical dog's name, and the assistant's wrong city.",
    [
        session("s1", BOG, "2026-02-16 20:00", [
            (U, "Okay I need a sounding board. I'm a UX researcher at Quetzal Pagos, the payments app, and I "
                "work from home in Pereira, which I love, coffee hills, my mum twenty minutes away. But my "
                "sister Catalina just moved to Madrid for a design job and now everyone asks when I'm leaving "
                "too. Honest question: should I move to Bogotá? The market is bigger, the salaries are better, "
                "and I'd be miserable in the cold. A friend keeps saying that if his Lisbon startup gets "
                "funded he'd hire me and I'd go, which is a lot of ifs. Help me think it through?"),
            (A, "Of course. Since you're in Manizales already, the question is what Bogotá gives you that "
                "remote work doesn't: list the two or three things you'd actually gain."),
            (U, "Pereira, not Manizales, different city, don't let anyone from either hear you mix them up. "
                "And honestly what I'd gain is conferences, that's about it."),
            (A, "Pereira, sorry. Then conferences are a few trips a year, not a reason to move."),
        ]),
        session("s2", BOG, "2026-04-07 21:00", [
            (U, "Decided to stay put, you were right. Celebrated by buying a ridiculous espresso machine, I'm "
                "basically married to it now, we have a very committed relationship. No kids, no husband, just "
                "a fern I've kept alive for six years, which is my proudest achievement. If I ever get a dog "
                "I'll call him Tinto, but not in this flat. Now, work: I'm running six interviews with shop "
                "owners next week about how they get paid. Can you draft an interview guide?"),
            (A, "Here's a guide: warm-up about their shop, how they take payments today, the last time a payment "
                "went wrong, what they'd change, and a closing question about trust."),
        ]),
        check("current", BOG, "2026-04-08 09:00", predicate="city", expect=["Pereira"]),
        check("current", BOG, "2026-04-08 09:00", predicate="employer", expect=["Quetzal"]),
        check("current", BOG, "2026-04-08 09:00", predicate="job_title", expect=["UX researcher"]),
        check("absent", BOG, "2026-04-08 09:00", predicate="child_name"),
        check("absent", BOG, "2026-04-08 09:00", predicate="pet"),
        check("absent", BOG, "2026-04-08 09:00", predicate="partner_name"),
        check("profile", BOG, "2026-04-08 09:00", must_include=["Pereira"],
              must_exclude=["Madrid", "Bogot", "Lisbon", "Manizales", "Tinto"]),
    ],
)

# 11 ------------------------------------------------------------------------
ATH = "Europe/Athens"
scenario(
    "two-weeks-ago-ioannina",
    "Backdated facts: a move 'two weeks ago' (from the session date), a job 'since March' after leaving "
    "the old one 'at the end of February', vegetarian 'since January'; checked with as_of and history.",
    [
        session("s1", ATH, "2026-06-22 19:30", [
            (U, "Greetings from the mountains! We moved to Ioannina two weeks ago, on Monday the 8th, after "
                "eleven years in Patras, and I still get lost between the lake and the old town. The move only "
                "worked because of the job: I left Kyma Telecom at the end of February, and I've been a food "
                "safety auditor at Elaia Foods since the 2nd of March, fully remote, so I can audit olive oil "
                "mills from anywhere with a car. I've been vegetarian since January too, which in Epirus, land "
                "of the pies full of meat, is a sport. Can you recommend some vegetarian Epirus dishes I "
                "should look for?"),
            (A, "Look for hortopita (greens pie), prasopita (leek pie), kolokythopita, trahanas soup and "
                "giant beans baked with tomato."),
            (U, "Hortopita is already my best friend. My old colleague Stavros from Kyma just moved to Patras, "
                "funnily enough, so he's taking over my favourite bakery."),
            (A, "A fair exchange."),
        ]),
        session("s2", ATH, "2026-10-12 20:15", [
            (U, "First proper cold snap in Ioannina and the lake is steaming in the mornings. The autumn audits "
                "at Elaia are done, eleven mills in three weeks, and I'm writing up findings. Can you help me "
                "phrase a finding about unlabelled cleaning chemicals that's firm but not insulting to the "
                "mill owner?"),
            (A, "'Cleaning chemicals were stored without labels next to the bottling area. Please label all "
                "containers and store them separately by the next visit.'"),
        ]),
        check("current", ATH, "2026-10-13 09:00", predicate="city", expect=["Ioannina"]),
        check("as_of", ATH, "2026-10-13 09:00", valid_at="2026-05-15 12:00", predicate="city", expect=["Patras"]),
        check("as_of", ATH, "2026-10-13 09:00", valid_at="2026-06-15 12:00", predicate="city",
              expect=["Ioannina"]),
        check("history", ATH, "2026-10-13 09:00", predicate="city", expect=["Patras", "Ioannina"]),
        check("current", ATH, "2026-10-13 09:00", predicate="employer", expect=["Elaia"]),
        check("as_of", ATH, "2026-10-13 09:00", valid_at="2026-04-15 12:00", predicate="employer",
              expect=["Elaia"]),
        check("as_of", ATH, "2026-10-13 09:00", valid_at="2026-02-10 12:00", predicate="employer",
              expect=["Kyma"]),
        check("history", ATH, "2026-10-13 09:00", predicate="employer", expect=["Kyma", "Elaia"]),
        check("current", ATH, "2026-10-13 09:00", predicate="dietary_restriction", expect=["vegetarian"]),
        check("current", ATH, "2026-10-13 09:00", predicate="job_title", expect=["food safety auditor"]),
    ],
)

# 12 ------------------------------------------------------------------------
TOR = "America/Toronto"
scenario(
    "pistache-and-la-forge-sherbrooke",
    "Three languages said in passing; a budgie dies and another arrives; the old gym is worded like the "
    "query and the new one is not; a rented chalet's name said once among other things.",
    [
        session("s1", TOR, "2026-01-25 19:00", [
            (U, "Minus twenty-five here in Sherbrooke this morning and the car said no. I'm working from home and "
                "the only one happy about it is Pistache, our budgie, who sings at the laptop all day. Work is "
                "French with the team and English with the Toronto clients, and on Thursdays I practise my "
                "Spanish with a conversation group, I lived in Valencia for a year at uni so it's still pretty "
                "good. Also: the gym I go to is Studio Magog Fitness, and they've just raised the price by "
                "thirty percent. Is that legal mid-contract in Quebec? And can you help me plan a weekend for "
                "my parents' anniversary? We rented the Chalet des Trois Huards near Orford for the 14th."),
            (A, "In Quebec a fitness contract can't change the price mid-term without your agreement, so ask "
                "them to honour the original rate. For the weekend: snowshoeing on the Saturday, a dinner at "
                "the chalet, and a slow brunch on Sunday."),
            (U, "Snowshoeing yes, my dad will complain and love it."),
            (A, "That's the best kind of outing."),
        ]),
        session("s2", TOR, "2026-05-04 20:30", [
            (U, "Sad news first: we lost Pistache in April, she was eleven, which is very old for a budgie. "
                "The house was too quiet, so last week we got a new one, a blue boy called Gaspard, who so far "
                "only says one thing, which is the microwave beep. Also I cancelled Studio Magog after the "
                "price fight and I now lift at La Forge, a small barbell club on Wellington Street, with "
                "coaches who actually watch your form. Can you give me a beginner's weekly plan for "
                "deadlift, squat and bench, three days a week?"),
            (A, "Three days, full body: squat, bench and deadlift each session at light weights, adding a small "
                "amount each week, with accessories like rows and lunges."),
        ]),
        check("current", TOR, "2026-05-05 09:00", predicate="city", expect=["Sherbrooke"]),
        check("current", TOR, "2026-05-05 09:00", predicate="language_spoken",
              expect=["French", "English", "Spanish"]),
        check("current", TOR, "2026-05-05 09:00", predicate="pet", expect=["Gaspard"]),
        check("history", TOR, "2026-05-05 09:00", predicate="pet", expect=["Pistache", "Gaspard"]),
        check("recall", TOR, "2026-05-05 09:00", query="Which gym do I go to?", k=5,
              must_include=["La Forge"], must_exclude=["price by thirty percent"]),
        check("recall", TOR, "2026-05-05 09:00", query="Which chalet did we rent for my parents' anniversary?",
              k=5, must_include=["Trois Huards"], must_exclude=[]),
    ],
)


# ---------------------------------------------------------------------------
def _ts(s: str) -> datetime:
    d = datetime.fromisoformat(s)
    if d.tzinfo is None:
        raise ValueError(f"time without zone: {s}")
    return d


def validate(sc: dict) -> list[str]:
    errs, name = [], sc["name"]
    if sc.get("format") != 1:
        errs.append(f"{name}: format must be 1")
    last = None
    for i, step in enumerate(sc["steps"]):
        if len(step) != 1:
            errs.append(f"{name} step {i}: exactly one key")
            continue
        (key, body), = step.items()
        if key == "session":
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
            from datetime import timedelta
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
    print(f"{len(SCENARIOS)} scenarios, {sum(c.values())} checks: "
          + ", ".join(f"{k} {v}" for k, v in c.items())
          + ("" if args.check else f" (written to {OUT})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
