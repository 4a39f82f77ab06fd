#!/usr/bin/env python3
"""Write the held13 natural multi-session scenarios (format v1) to the parent folder.

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
NAMESPACE = "held13"

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
        "user": f"h13-{len(SCENARIOS) + 1:02d}",
        "steps": steps,
    })

# 1 -------------------------------------------------------------------------
DAK = "Africa/Dakar"
scenario(
    "last-day-friday-the-28th-kayar",
    "An outboard mechanic hands in his notice: last day Friday 28 August at the repair yard, start Monday 7 "
    "September as engine instructor at a fisheries training institute in the same town, with no session on "
    "either day; a pasted welcome message gives the wrong title, the wrong town (Mboro) and the wrong date.",
    [
        session("s1", DAK, "2026-07-20 20:15", [
            (U, "Long day. The pirogues came in late because of the swell and half of them had engine trouble, "
                "so I was at the yard until the muezzin. But the big news first: this morning I gave my letter "
                "to Monsieur Sarr. Eleven years I've been the outboard mechanic at Mécanique Marine Sarr, since "
                "I was a boy holding the spanners for his brother, and now I'm leaving. My contract says one "
                "month of notice counted to the end of a month, so my last day at the yard is Friday the 28th "
                "of August, and on Monday the 7th of September I start at the Institut Thiof de Formation "
                "Maritime as engine instructor. Teaching the young fishermen to look after their own engines, "
                "so they stop drowning them in salt water and then crying at my door. We live here in Kayar and "
                "the Institut is next to the new fish market, I can walk there in ten minutes, so nothing "
                "changes for the family. Mariètou says I'll finally come home without grease to my elbows, she "
                "doesn't believe it. Her brother, by the way, got a post in Thiès at the railway workshop, so "
                "the whole family is changing jobs this year. My question: how do I teach engine maintenance to "
                "boys of nineteen or twenty without boring them? They fall asleep if you talk for more than "
                "five minutes."),
            (A, "Congratulations! Keep the talking short and put an engine in front of them from day one: "
                "strip and rebuild one outboard in small groups, give each group a fault to find, and turn the "
                "checklist into a race against the clock."),
            (U, "A race, yes. They race their pirogues to the beach every evening, they will like that."),
            (A, "Then use it. Good luck with the last weeks at the yard."),
        ]),
        session("s2", DAK, "2026-08-12 21:00", [
            (U, "Look what the secretary of the Institut sent me on WhatsApp this afternoon:\n\n"
                "> Bonjour M. Faye, bienvenue à l'Institut Thiof ! Votre poste d'assistant instructor à notre "
                "annexe de Mboro débute le lundi 14 septembre 2026. Merci de vous présenter à 8h avec votre "
                "carte d'identité. Mme Diatta\n\n"
                "Assistant instructor? I signed as engine instructor, it's in black and white in the contract. "
                "And Mboro! I'm not going to Mboro, that's the other annex, forty minutes up the coast, I took "
                "this job because it's in Kayar, next to my house. And it's the 7th, not the 14th, Sarr already "
                "has my last day written down. Meanwhile at the yard everybody is sad, the apprentices made "
                "thiakry for me at lunch as if I was already gone. How do I answer Madame Diatta without "
                "sounding angry before I've even started?"),
            (A, "Something like: 'Merci beaucoup, I look forward to joining! To keep our records right: my "
                "post is engine instructor at the Kayar site, starting Monday 7 September, as in my signed "
                "contract. Could you send a corrected letter? Bien cordialement.'"),
            (U, "Good, polite but clear. I'll send it before I change my mind and send something worse."),
            (A, "Good luck on the 7th."),
        ]),
        check("current", DAK, "2026-08-13 09:00", predicate="employer", expect=["Sarr"]),
        check("current", DAK, "2026-08-13 09:00", predicate="job_title", expect=["outboard mechanic"]),
        check("current", DAK, "2026-09-09 09:00", predicate="employer", expect=["Thiof"]),
        check("current", DAK, "2026-09-09 09:00", predicate="job_title", expect=["engine instructor"]),
        check("current", DAK, "2026-09-09 09:00", predicate="city", expect=["Kayar"]),
        check("as_of", DAK, "2026-09-09 09:00", valid_at="2026-08-25 12:00", predicate="employer",
              expect=["Sarr"]),
        check("as_of", DAK, "2026-09-09 09:00", valid_at="2026-09-08 12:00", predicate="employer",
              expect=["Thiof"]),
        check("believed_as_of", DAK, "2026-09-09 09:00", known_at="2026-08-20 12:00", predicate="employer",
              expect=["Sarr"]),
        check("history", DAK, "2026-09-09 09:00", predicate="employer", expect=["Sarr", "Thiof"]),
        check("profile", DAK, "2026-09-09 09:00", must_include=["Kayar"],
              must_exclude=["Mboro", "assistant instructor"]),
    ],
)

# 2 -------------------------------------------------------------------------
EVN = "Asia/Yerevan"
scenario(
    "artik-since-the-fourteenth-gyumri-vault",
    "A seismic station technician's employer, role and two languages (Armenian, Kurmanji) said inside talk "
    "about a frozen instrument vault; a move from Gyumri to Artik told two months late, while the work stays "
    "in Gyumri (a marshrutka commute); a brother's move to Vanadzor, which the assistant then gives to the "
    "user.",
    [
        session("s1", EVN, "2026-01-22 19:40", [
            (U, "My fingers are still not working. It was minus twenty-two this morning and the heater in the "
                "instrument vault died again, so I spent two hours on my knees next to the seismometer with a "
                "hair dryer on an extension cable, like a hairdresser for machines. I'm the seismic station "
                "technician at the Shirak Seismic Observatory here in Gyumri, six years now, and every winter "
                "the same story. Samvel came at lunch with khash in a thermos, at least I have a husband who "
                "understands that a vault at minus twenty needs soup. With the old engineers I speak Armenian, "
                "of course, and at home with my mother it's Kurmanji, she's Yezidi, from a village near Aparan, "
                "and she corrects my grammar every single time. Also, my brother Hovhannes told us on Sunday "
                "that he's moving to Vanadzor in March, he got a job at the hospital there, so my mother is "
                "already crying and packing jars of pickles for him. Anyway: next week a class of ten-year-olds "
                "visits the observatory. How do I explain earthquake magnitude to children without scaring "
                "them? In this city everybody has a grandmother with a story about 1988."),
            (A, "Use steps they can feel: a jump on the floor is a tiny quake the seismometer can see, and each "
                "step up the scale is about thirty times more energy. Show them the live trace, let them jump, "
                "and end with what the observatory does to keep people safe rather than with the disaster."),
            (U, "Let them jump, yes, they'll love that, and the trace will go crazy. Thank you."),
            (A, "Have fun with the class."),
        ]),
        session("s2", EVN, "2026-05-19 20:10", [
            (U, "I have to confess something, we moved and I didn't tell you. We've been living in Artik since "
                "Saturday the 14th of March, in Samvel's late grandmother's house, the one made of pink tuff "
                "with the walnut tree. The rent in Gyumri was eating us alive and here we pay nothing but the "
                "roof repairs. I still work at the Shirak Seismic Observatory, nothing changed there, I take "
                "the marshrutka at seven and I'm in Gyumri by a quarter to eight, if the driver doesn't stop "
                "for every cousin on the road. The children's visit went great by the way, they jumped so hard "
                "a teacher fell over. Now I have to write the yearly maintenance report for the network, in "
                "Armenian, twenty pages, and I hate writing more than I hate frozen vaults. Any advice to make "
                "it less painful?"),
            (A, "Congratulations on settling in Vanadzor! For the report: start with a table of every station "
                "and what was done, then write one short paragraph per problem; the introduction goes last. "
                "Half an hour a day beats one terrible weekend."),
            (U, "Vanadzor is Hovhannes, not me! We're in Artik. But the table first, that I can do."),
            (A, "Sorry, Artik. Table first, and good luck with the report."),
        ]),
        check("current", EVN, "2026-05-20 09:00", predicate="city", expect=["Artik"]),
        check("current", EVN, "2026-05-20 09:00", predicate="employer", expect=["Shirak"]),
        check("current", EVN, "2026-05-20 09:00", predicate="job_title", expect=["technician"]),
        check("current", EVN, "2026-05-20 09:00", predicate="language_spoken",
              expect=["Armenian", "Kurmanji"]),
        check("as_of", EVN, "2026-05-20 09:00", valid_at="2026-02-20 12:00", predicate="city",
              expect=["Gyumri"]),
        check("as_of", EVN, "2026-05-20 09:00", valid_at="2026-04-15 12:00", predicate="city",
              expect=["Artik"]),
        check("believed_as_of", EVN, "2026-05-20 09:00", known_at="2026-04-15 12:00", predicate="city",
              expect=["Gyumri"]),
        check("history", EVN, "2026-05-20 09:00", predicate="city", expect=["Gyumri", "Artik"]),
        check("profile", EVN, "2026-05-20 09:00", must_include=["Artik"], must_exclude=["Vanadzor"]),
    ],
)

# 3 -------------------------------------------------------------------------
RIX = "Europe/Riga"
scenario(
    "truck-on-sunday-the-21st-valmiera",
    "A bridge inspector's transfer with a dated move (first said as Saturday 20 June, corrected in the same turn "
    "to Sunday 21 June); the city must change by itself with no session (checked before, after and months "
    "later); the father's 'why not Jekabpils?'; wife, daughter and employer in passing; the daughter's new "
    "piano teacher named once with a dated trial lesson, then recalled.",
    [
        session("s1", RIX, "2026-02-10 20:30", [
            (U, "Evening. I spent the day under a railway bridge over the Daugava with a hammer and a torch, "
                "tapping rivets and listening to them, which sounds like a joke but it's the job: I'm a bridge "
                "inspector at Sēlija Bridgeworks, and a loose rivet sounds different, you learn it like music. "
                "Big news in the family: the company is moving me to the Valmiera office, they have three new "
                "bridges over the Gauja to look after and nobody there wants to crawl under them in winter. So "
                "we leave Daugavpils this summer. We move on Saturday the 20th of June, no wait, Sunday the "
                "21st, the truck is booked for Sunday, Saturday is Zane's sister's birthday and she would never "
                "forgive us. Zane is happy, she grew up near the Gauja. Elza is nine and not happy at all, she "
                "has her friends and her piano teacher here. My father asked why not Jēkabpils, it's halfway "
                "and closer to them, but there is no office in Jēkabpils, so that's that. How do you tell a "
                "nine-year-old she's changing schools without a week of tears?"),
            (A, "Tell her early and give her things to choose: her new room's colour, which toys travel in her "
                "own box, a visit to the new school before summer. Promise concrete things, like a weekend back "
                "in Daugavpils to see her friends, and keep that promise."),
            (U, "The room colour, good, she will choose purple and I will suffer. Thanks."),
            (A, "Purple it is, then."),
        ]),
        session("s2", RIX, "2026-05-19 21:00", [
            (U, "Progress! We found a flat in Valmiera, third floor, you can see the river from the kitchen if "
                "you lean a bit. Elza chose purple, as predicted. And the best news for her: she has a new "
                "piano teacher in Valmiera already, Austra Bērziņa, a retired lady from the music school, very "
                "strict, very kind, and the trial lesson is on Thursday the 2nd of July at four. Zane found her "
                "through a colleague. Meanwhile I'm packing my tools, and my problem is that half my tools are "
                "not mine, they belong to the Daugavpils office, and I have to leave them and get new ones in "
                "Valmiera. What should a bridge inspector's personal kit have, the things you never want to "
                "borrow?"),
            (A, "Your own hammer and feeler gauges, a head torch and a spare, a good harness that fits you, a "
                "crack-width card, a notebook that survives rain, and a thermos. Everything heavy can be the "
                "office's."),
            (U, "The thermos is the most important, you understand the job. Thank you."),
            (A, "Good luck with the move."),
        ]),
        check("current", RIX, "2026-06-15 12:00", predicate="city", expect=["Daugavpils"]),
        check("current", RIX, "2026-06-25 12:00", predicate="city", expect=["Valmiera"]),
        session("s3", RIX, "2026-10-06 20:00", [
            (U, "Autumn already, the Gauja is all yellow and red, Zane takes photos every morning on the way to "
                "work. We survived the move, the truck came on the Sunday as planned and we ate grey peas with "
                "bacon on boxes that night. Elza loves her piano lessons, she practises without being told, "
                "which is a miracle. At work I have the worst bridge of my life: an old road bridge with a crack "
                "in the bearing seat that someone painted over, painted over! Sēlija wants a report by Friday "
                "and a recommendation: close it to trucks or not. How do I write a recommendation that the "
                "municipality can't ignore?"),
            (A, "Lead with the recommendation in one sentence, then the evidence: photos with a scale, "
                "measurements, what happens if nothing is done, and by when a decision is needed. Keep the "
                "engineering detail in an appendix."),
            (U, "One sentence first. Okay, they will read at least that."),
            (A, "That's the idea."),
        ]),
        check("current", RIX, "2026-10-07 09:00", predicate="employer", expect=["Sēlija"]),
        check("current", RIX, "2026-10-07 09:00", predicate="partner_name", expect=["Zane"]),
        check("current", RIX, "2026-10-07 09:00", predicate="child_name", expect=["Elza"]),
        check("as_of", RIX, "2026-10-07 09:00", valid_at="2026-06-10 12:00", predicate="city",
              expect=["Daugavpils"]),
        check("history", RIX, "2026-10-07 09:00", predicate="city", expect=["Daugavpils", "Valmiera"]),
        check("recall", RIX, "2026-10-07 09:00", query="Who is Elza's piano teacher?", k=5,
              must_include=["Bērziņa"]),
    ],
)

# 4 -------------------------------------------------------------------------
ASU = "America/Asuncion"
scenario(
    "cigarette-at-the-wedding-in-aregua-luque",
    "Smoking: a dated plan to stop (Monday 1 June, a fortieth birthday; checked two days after with no session), "
    "stopped, then smoking again since a dated wedding night (Saturday 12 September); vegetarian since Ash "
    "Wednesday (18 February) until a birthday lunch on Sunday 19 July; a colleague who says he quit and doesn't.",
    [
        session("s1", ASU, "2026-05-20 20:00", [
            (U, "Good evening. I have sawdust in my ears and cedar in my nose, we're finishing a harp for a "
                "group from Pilar and the soundboard fought me all day. I build harps at Arpas Mbaracayú "
                "here in Luque, fifteen years now, my father did it before me. And I'm a smoker, twenty years, "
                "a pack a day, which with sawdust and varnish is a stupid combination, I know. So: I'm stopping "
                "on Monday the 1st of June, my fortieth birthday, Nilda made me promise in front of her mother, "
                "so there's no way back. The other promise is older: I haven't eaten meat since Ash Wednesday, "
                "the 18th of February, it started as a Lent promise and I just kept going, so I'm vegetarian "
                "now, Nilda makes sopa paraguaya and mbejú and I don't miss anything, or almost. Ño Cipriano at "
                "the workshop says he quit smoking in January, but I saw him behind the drying shed yesterday "
                "with a cigarette, so he's no example. How do I get through the cravings at the bench, where I "
                "always smoked while the glue dried?"),
            (A, "Change the ritual at the exact moments: while the glue dries, go outside for a glass of cold "
                "tereré or chew something, and keep your hands busy with sanding. The first two weeks are the "
                "worst; tell the workshop so they don't offer you one."),
            (U, "Tereré instead of a cigarette, Paraguayan medicine. Okay."),
            (A, "Good luck on the 1st, and happy birthday in advance."),
        ]),
        check("current", ASU, "2026-06-03 12:00", predicate="smoking_status", expect=["non-smoker"]),
        session("s2", ASU, "2026-08-05 19:30", [
            (U, "Report: two months without a cigarette, since the 1st of June, not one. I drink so much tereré "
                "I should buy a share in the yerba company. The vegetarian thing is over, though: at my "
                "brother-in-law Nery's birthday lunch on Sunday the 19th of July I ate two plates of bife "
                "koygua and a bowl of so'o apu'a, and since then I eat meat again like before, Nilda laughs at me every Sunday. And Ño "
                "Cipriano, who 'quit in January', now smokes openly again, at least he stopped lying. Work "
                "question: a client wants a harp with more strings than usual, forty-two instead of "
                "thirty-six. What should I worry about with the extra tension on the neck?"),
            (A, "The total string tension rises a lot, so the neck and the soundboard joint take the load: "
                "use a harder wood or a laminated neck, reinforce the joint, and bring it up to pitch slowly "
                "over a few days and watch for movement."),
            (U, "Laminated, yes, I was afraid of that. Thank you."),
            (A, "You're welcome."),
        ]),
        session("s3", ASU, "2026-10-14 20:45", [
            (U, "Bad news, I'm smoking again. At my friend's wedding in Areguá on Saturday the 12th of "
                "September, at two in the morning someone put a cigarette in my hand and I took it, and then "
                "another one, and now I buy my own pack again, one every two days. Nilda didn't say anything, "
                "which is worse than shouting. The forty-two string harp is done, by the way, the neck held, "
                "the client cried when he played it. How do I start again with stopping? The second time feels "
                "harder than the first."),
            (A, "It often is, but you already know what worked: the tereré ritual and telling people. Pick a "
                "new date close by, throw out the pack the night before, and think of the lapse as one bad "
                "night, not as failing."),
            (U, "One bad night that became a month. But okay, a new date. I'll think about it."),
            (A, "That's a start."),
        ]),
        check("current", ASU, "2026-10-15 09:00", predicate="smoking_status", expect=["smoker"]),
        check("current", ASU, "2026-10-15 09:00", predicate="city", expect=["Luque"]),
        check("as_of", ASU, "2026-10-15 09:00", valid_at="2026-08-01 12:00", predicate="smoking_status",
              expect=["non-smoker"]),
        check("as_of", ASU, "2026-10-15 09:00", valid_at="2026-09-25 12:00", predicate="smoking_status",
              expect=["smoker"]),
        check("history", ASU, "2026-10-15 09:00", predicate="smoking_status",
              expect=["smoker", "non-smoker", "smoker"]),
        check("absent", ASU, "2026-10-15 09:00", predicate="dietary_restriction"),
        check("as_of", ASU, "2026-10-15 09:00", valid_at="2026-04-01 12:00", predicate="dietary_restriction",
              expect=["vegetarian"]),
        check("profile", ASU, "2026-10-15 09:00", must_include=["Luque"], must_exclude=["vegetarian"]),
    ],
)

# 5 -------------------------------------------------------------------------
CMB = "Asia/Colombo"
scenario(
    "podi-and-the-allergy-clinic-ratnapura",
    "An old dog dies on a dated day and a kitten arrives in April; a dated allergy test; one allergy (prawns) "
    "was never one, the other (cashews) is confirmed; 'my wife is vegetarian, I'm not'; a neighbour's mynah "
    "bird turned down.",
    [
        session("s1", CMB, "2026-01-26 19:00", [
            (U, "Ayubowan. The rain stopped for once and the gem pits are full of water again, so the miners "
                "are idle and bring me their stones to look at all day. I'm a gem cutter at Sabaragamuwa Gem "
                "Cutters in Ratnapura, mostly blue sapphires, some cat's eyes, and the old men come and stand "
                "behind my wheel to make sure I don't steal a carat. Tikiri, our old dog, fourteen years old, "
                "sleeps under my bench at home while I cut the small private stones, he doesn't care about "
                "sapphires, only about the fish heads. About food: prawns make me itchy, I think I'm allergic, "
                "and cashews for sure, my throat closed at a wedding once after a cashew curry. Dilrukshi, my "
                "wife, is vegetarian, but I'm not, I eat fish and chicken, so she cooks two curries every day "
                "and complains about it to her sister. My question: I want better light at my bench at home. "
                "Daylight lamp or warm lamp for judging the colour of a blue stone?"),
            (A, "For judging colour, use a daylight-balanced lamp of around 5500-6500 K with a high colour "
                "rendering index, and compare against real north daylight when you can; warm light flatters "
                "blue stones badly."),
            (U, "Daylight, good, that's what my teacher said too, but he is eighty so I wanted a second opinion."),
            (A, "He's right."),
        ]),
        session("s2", CMB, "2026-04-20 20:00", [
            (U, "Sad news first. We lost Tikiri on Tuesday the 3rd of March, he just didn't wake up in the "
                "morning, under my bench, where he always slept. We buried him under the jak tree. The house "
                "was so quiet that Dilrukshi couldn't stand it, so since Sunday the 12th of April we have a "
                "kitten, white with one black ear, she named her Podi, which means small, and she is very "
                "small and very loud. Our neighbour Mr Jayasuriya wanted to give us his mynah bird too, it "
                "talks and says bad words in Sinhala, but we said no thank you, one animal is enough. Also I "
                "finally booked the allergy test, Thursday the 14th of May at the allergy clinic of the "
                "hospital here, to know once and for all about the prawns and the cashews. What should I do "
                "before a skin prick test?"),
            (A, "Usually you stop antihistamines for several days before, as the clinic tells you; eat "
                "normally, wear a short-sleeved shirt, and bring a list of what happened with each food and "
                "when."),
            (U, "A list, yes, the cashew wedding is the star of the list. Thank you."),
            (A, "Good luck with the test, and welcome, Podi."),
        ]),
        session("s3", CMB, "2026-06-02 19:30", [
            (U, "Results! The doctor said I'm not allergic to prawns at all, the itching was probably the heat "
                "and the chilli, so one allergy less after thirty years of being careful for nothing. The "
                "cashew one is real, strongly positive, she gave me an adrenaline pen and told me to carry it "
                "always, even to the gem market. Podi has discovered my bench and sits exactly where Tikiri "
                "used to sleep, Dilrukshi says it's a sign. Now a cutting question: a client wants a "
                "cushion-shaped sapphire recut to an oval to get rid of a chip. How much weight will I lose?"),
            (A, "It depends on the chip's depth and the proportions, but recutting a cushion to an oval "
                "typically costs somewhere around 10-25% of the weight; measure the chip first and plan the "
                "new outline around it."),
            (U, "He will scream at twenty-five percent. I'll measure first."),
            (A, "Good plan."),
        ]),
        check("current", CMB, "2026-06-03 09:00", predicate="pet", expect=["Podi"]),
        check("as_of", CMB, "2026-06-03 09:00", valid_at="2026-02-15 12:00", predicate="pet",
              expect=["Tikiri"]),
        check("history", CMB, "2026-06-03 09:00", predicate="pet", expect=["Tikiri", "Podi"]),
        check("current", CMB, "2026-06-03 09:00", predicate="allergy", expect=["cashew"]),
        check("absent", CMB, "2026-06-03 09:00", predicate="dietary_restriction"),
        check("current", CMB, "2026-06-03 09:00", predicate="city", expect=["Ratnapura"]),
        check("current", CMB, "2026-06-03 09:00", predicate="job_title", expect=["gem cutter"]),
        check("profile", CMB, "2026-06-03 09:00", must_include=["Podi"], must_exclude=["prawn"]),
    ],
)

# 6 -------------------------------------------------------------------------
WDH = "Africa/Windhoek"
scenario(
    "nelly-not-ndinelao-luderitz",
    "Preferred name over the name on the passport (the assistant uses the paper name once); single, then in "
    "a relationship since a dated festival night (told in June), then engaged on a dated Sunday in December "
    "(told the next January); a friend's separation and move to Keetmanshoop.",
    [
        session("s1", WDH, "2026-03-10 19:15", [
            (U, "Hi. Quick thing before anything else: my passport says Ndinelao Hamutenya, but nobody has "
                "called me that since primary school, it's Nelly, please, only my grandmother uses the full "
                "thing. I'm an oyster farm technician at Diaz Point Oysters here in Lüderitz, which means I "
                "spend my mornings on a raft in the Benguela water lifting baskets and my afternoons scraping "
                "barnacles off them, and I love it, even when the wind tries to throw me in. I'm single, "
                "happily, my mother disagrees with the happily. My friend Saara is separating from her "
                "husband, she's been on my couch for two weeks now, and she's talking about moving to "
                "Keetmanshoop where her aunt lives. My question is boring: my wetsuit smells like a dead seal. "
                "How do I clean neoprene without destroying it?"),
            (A, "Rinse it in fresh water after every use, then soak it in lukewarm water with a neoprene "
                "shampoo or a little mild baby shampoo, rinse again and dry it inside out in the shade, never "
                "in the sun."),
            (U, "Baby shampoo. I'll smell like a baby seal instead. Progress."),
            (A, "Definitely progress."),
        ]),
        session("s2", WDH, "2026-06-16 20:00", [
            (U, "Okay, news. I'm in a relationship! Since the crayfish festival, Saturday the 2nd of May, with "
                "Tuhafeni, he's a commercial diver at the harbour, we danced until the generator died. My "
                "mother is already planning a wedding, I told her to calm down. Saara did move to Keetmanshoop "
                "in May, she calls every night, she says it's so hot there she misses the fog. Question: "
                "Tuhafeni and I want a first trip together in August, a long weekend, not too far, we both "
                "hate long drives. Ideas?"),
            (A, "How lovely, Ndinelao! For a short trip: the Aus area and the wild horses are close, or the "
                "Fish River Canyon viewpoints if you can bear a bit more driving."),
            (U, "Nelly! Only my grandmother, remember. But the wild horses, yes, that's perfect."),
            (A, "Sorry, Nelly. Enjoy the horses."),
        ]),
        session("s3", WDH, "2027-01-12 19:45", [
            (U, "Happy new year! I have the biggest news: we're engaged! Tuhafeni asked me on Sunday the 20th "
                "of December, his birthday, which is backwards, it should be me giving presents, on the rocks "
                "at Agate Beach at sunset, and he had the ring in a mussel shell, of course. The oysters had a "
                "bad month with the warm water, but I don't care. Now: how do we plan a wedding in a small town "
                "where everybody expects to be invited?"),
            (A, "Congratulations! Decide the number first and the list second: pick a venue that caps the "
                "size, invite by family group, and hold an open gathering or a braai before or after for the "
                "wider town."),
            (U, "A braai for the whole town, a smaller wedding. My mother will faint, but okay."),
            (A, "Congratulations again."),
        ]),
        check("current", WDH, "2027-01-13 09:00", predicate="preferred_name", expect=["Nelly"]),
        check("current", WDH, "2027-01-13 09:00", predicate="relationship_status", expect=["engaged"]),
        check("current", WDH, "2027-01-13 09:00", predicate="partner_name", expect=["Tuhafeni"]),
        check("as_of", WDH, "2027-01-13 09:00", valid_at="2026-04-10 12:00", predicate="relationship_status",
              expect=["single"]),
        check("as_of", WDH, "2027-01-13 09:00", valid_at="2026-09-01 12:00", predicate="relationship_status",
              expect=["relationship"]),
        check("believed_as_of", WDH, "2027-01-13 09:00", known_at="2026-06-01 12:00",
              predicate="relationship_status", expect=["single"]),
        check("history", WDH, "2027-01-13 09:00", predicate="relationship_status",
              expect=["single", "relationship", "engaged"]),
        check("profile", WDH, "2027-01-13 09:00", must_include=["Nelly"], must_exclude=["Keetmanshoop"]),
    ],
)

# 7 -------------------------------------------------------------------------
SKP = "Europe/Skopje"
scenario(
    "search-result-bitola-apple-breeder",
    "A web search (a tool turn) finds another woman of the same name with another title, employer and city "
    "(Bitola); her own city, employer, role, husband, two children and three languages beside it; a fish "
    "restaurant on Lake Prespa named once among other things, then recalled months later.",
    [
        session("s1", SKP, "2026-02-09 20:00", [
            (U, "Hello! A strange request to start. A grower from one of the villages told me today that he "
                "googled me and found 'a very elegant lady in a hotel', and I want to know what the internet "
                "says about me, because I am not elegant, I spend my days in rubber boots in an orchard. Can "
                "you search for Biljana Trpkovska? For context, that's me: I'm an apple breeder at the Prespa "
                "Orchard Institute in Resen, I cross old local varieties with new ones and wait eight years to "
                "see if the apple is any good, it's a job for patient people. I talk Macedonian with everybody "
                "here, Slovene from my years studying in Koper, and English at conferences, badly but "
                "loudly. Goce, my husband, says I should be happy someone thinks I'm elegant."),
            (A, "Let me search for that name."),
            (T, "Search results for \"Biljana Trpkovska\":\n"
                "1. Biljana Trpkovska - Head of Sales - Hotel Sirok Sokak, Bitola | professional profile. "
                "Experienced hospitality professional based in Bitola, North Macedonia.\n"
                "2. Hotel Sirok Sokak Bitola - Our team: Biljana Trpkovska, Head of Sales, welcomes business "
                "travellers and wedding parties.\n"
                "3. Bitola wedding fair 2025 - speakers include Biljana Trpkovska (Hotel Sirok Sokak)."),
            (A, "The results are about a Biljana Trpkovska who is Head of Sales at Hotel Sirok Sokak in Bitola. "
                "Is that you?"),
            (U, "No! That's the elegant lady, another Biljana Trpkovska, I've never worked in a hotel in my "
                "life and I don't live in Bitola. I'm in Resen, with the apples. Good, the mystery is solved. "
                "Now a real question: my daughter Mila is eleven and wants to come to the orchard on "
                "Saturdays, and my son Kiril, who is seven, wants whatever Mila wants. What small tasks can children "
                "do in an orchard in winter without breaking anything?"),
            (A, "In winter they can help collect and label pruned branches, fill bird feeders, count buds on "
                "marked branches with you, and draw the trees for a 'tree diary'. Keep them away from ladders "
                "and saws."),
            (U, "A tree diary, Mila will love it, Kiril will draw dinosaurs on it. Thanks."),
            (A, "Enjoy the Saturdays."),
        ]),
        session("s2", SKP, "2026-05-18 19:30", [
            (U, "It's grafting season, my hands are covered in wax and tape and I have cut myself twice. A few "
                "things. Mila's violin concert is on Friday and she wants me to wear something that is not "
                "rubber boots, so I'm in trouble. Kiril lost his first tooth at school and sold it to a "
                "classmate, this child will be a banker. Goce's birthday was on Saturday and we took him to "
                "Kaj Dimče, the fish place on the shore in Stenje, fried carp and a huge shopska salad, and the "
                "owner sang for him, terribly. And at the institute we had a visit from the ministry who wanted "
                "to see 'the new apple' and I had to explain that the new apple is a stick in the ground for "
                "seven more years. How do I explain long-term breeding to people who think in four-year "
                "terms?"),
            (A, "Show them the path, not the end: one slide with the timeline, one apple that came out of the "
                "same programme years ago and what it earns now, and a milestone they can announce each year, "
                "like first flowering or first taste test."),
            (U, "A milestone every year, clever, then they have something to cut a ribbon for."),
            (A, "Exactly."),
        ]),
        session("s3", SKP, "2026-10-12 20:15", [
            (U, "Harvest is over and I'm so tired I could sleep standing like a horse. The good news: one of "
                "the crosses from 2019 gave fruit for the first time and it's sweet and crisp and doesn't go "
                "brown when you cut it, I nearly cried in the orchard. The grower from the village who googled "
                "me came to taste it and said it's elegant, so now the apple is the elegant one. I need to "
                "write a short description for the institute's newsletter. How do you describe the taste of "
                "an apple without sounding like a wine snob?"),
            (A, "Use plain comparisons: sweetness like honey or like pear, acidity like a green apple or a "
                "lemon, the crunch, the juice, and how it keeps. One sentence about where it came from, one "
                "about how it tastes, one about what it's good for."),
            (U, "Honey and crunch. Simple. Thank you."),
            (A, "Congratulations on the first fruit."),
        ]),
        check("current", SKP, "2026-10-13 09:00", predicate="city", expect=["Resen"]),
        check("current", SKP, "2026-10-13 09:00", predicate="employer", expect=["Orchard Institute"]),
        check("current", SKP, "2026-10-13 09:00", predicate="job_title", expect=["apple breeder"]),
        check("current", SKP, "2026-10-13 09:00", predicate="partner_name", expect=["Goce"]),
        check("current", SKP, "2026-10-13 09:00", predicate="child_name", expect=["Mila", "Kiril"]),
        check("current", SKP, "2026-10-13 09:00", predicate="language_spoken",
              expect=["Macedonian", "Slovene", "English"]),
        check("recall", SKP, "2026-10-13 09:00", query="Where did we go for Goce's birthday dinner?", k=5,
              must_include=["Dimče"]),
        check("profile", SKP, "2026-10-13 09:00", must_include=["Resen"],
              must_exclude=["Bitola", "Head of Sales"]),
    ],
)

# 8 -------------------------------------------------------------------------
GUA = "America/Guatemala"
scenario(
    "volcano-observer-not-tour-guide-quetzaltenango",
    "The assistant's wrong job guess (written as an inferred claim 'tour guide'), which the user corrects; "
    "marimba band left in February, chess taken up in March, cycling kept; wife, employer and city in passing; "
    "'no children yet' beside a brother's four.",
    [
        session("s1", GUA, "2026-01-15 19:00", [
            (U, "I haven't slept properly in three days. The volcano had a restless week, small explosions "
                "every forty minutes, and I was on the night shift at the observatory, counting them, checking "
                "the camera and the seismograph, and writing the bulletin at five in the morning with cold "
                "coffee. In the mornings the tourists at the café on the corner, here in Quetzaltenango everybody "
                "comes to that café, see my jacket and ask me if "
                "it's safe to go up, every single day. Rosalba, my wife, says I should charge them. On "
                "Saturdays I still play with my cousins' marimba band at weddings, and on Sundays I go cycling, "
                "up to the viewpoint on my old bike, which is the only exercise I get. My brother Byron has four kids "
                "and tells me every Christmas it's my turn, but we don't have children yet, Rosalba finishes "
                "her nursing degree first. My question: how do I keep my body clock working when I switch "
                "between night and day shifts every week?"),
            (A, "As a tour guide you must get asked that a lot! Try to shift gradually: keep the same wake-up "
                "time on your days off where you can, sleep in a fully dark room, get bright light when your "
                "'day' starts, and avoid coffee in the last six hours before sleep."),
            (U, "I'm not a tour guide! The tourists ask me because of the jacket. I'm a volcano observer at "
                "the Observatorio Siete Orejas, I watch Santiaguito for a living, I don't walk anybody up "
                "anything. But the dark room, okay, I'll buy thicker curtains."),
            (A, "Sorry, volcano observer, understood. Thick curtains and a fixed wake-up time, then."),
            (U, "Good. And no coffee at four in the morning, I'll try."),
            (A, "Good luck with the shifts."),
        ], claims=[{"predicate": "job_title", "object": "tour guide", "source": "inferred",
                    "confidence": 0.5, "turn": 1}]),
        session("s2", GUA, "2026-04-21 20:00", [
            (U, "Some changes. I left the marimba band in February, the night shifts and the weddings were "
                "killing me, I was playing half asleep and my cousin said I was hitting the wrong keys on "
                "purpose. Since March I play chess at a club in the Pasaje Enriquez on Wednesday evenings, old "
                "men with moustaches who destroy me every week and I love it. The cycling I keep, every "
                "Sunday up to the viewpoint, that stays. Rosalba passed her exams, so now everybody asks about children again, "
                "and the answer is still no children yet, maybe next year. At the observatory we got a new "
                "thermal camera and I'm the only one who read the manual, so now I'm the expert. Can you "
                "recommend a chess opening for a beginner who wants to survive the first ten moves?"),
            (A, "As White try 1.e4 e5 2.Nf3 Nc6 3.Bc4: simple ideas, fast development, castle early. As Black "
                "against 1.e4, answer 1...e5 and develop your knights before your bishops."),
            (U, "Bishop to c4, good, the old men will laugh, but at least I'll lose slower."),
            (A, "Enjoy the games."),
        ]),
        check("current", GUA, "2026-04-22 09:00", predicate="job_title", expect=["volcano observer"]),
        check("current", GUA, "2026-04-22 09:00", predicate="hobby", expect=["chess", "cycling"],
              exact=False),
        check("current", GUA, "2026-04-22 09:00", predicate="partner_name", expect=["Rosalba"]),
        check("current", GUA, "2026-04-22 09:00", predicate="city", expect=["Quetzaltenango"]),
        check("current", GUA, "2026-04-22 09:00", predicate="employer", expect=["Siete Orejas"]),
        check("absent", GUA, "2026-04-22 09:00", predicate="child_name"),
        check("profile", GUA, "2026-04-22 09:00", must_include=["chess"],
              must_exclude=["tour guide", "marimba"]),
    ],
)

# 9 -------------------------------------------------------------------------
ULN = "Asia/Ulaanbaatar"
scenario(
    "choibalsan-is-only-a-question-dalanzadgad",
    "Traps only around a stable life over a year: 'should I move to Choibalsan?' (later: no), a sister who "
    "moved to Khovd, a town only visited for a festival (Kharkhorin), studies abroad (Irkutsk), no children "
    "('only a drawer of teeth'), a neighbour's dog, a joke about being a fossil, the assistant's wrong city.",
    [
        session("s1", ULN, "2026-03-05 19:30", [
            (U, "Sain baina uu. I spent the whole day with a dentist's pick and a tiny air drill taking "
                "sandstone off a Tarbosaurus jaw, one millimetre an hour, and I'm so happy I can't feel my "
                "back. I'm a fossil preparator at the Nemegt Fossil Laboratory in Dalanzadgad, eleven years "
                "now, and after eleven years with dinosaurs I'm basically a fossil myself, my students say I "
                "creak. Big question of the month: the museum in Choibalsan wants a preparator and they asked "
                "me. Should I move to Choibalsan? More money, a big new museum, but so far from the fossil beds, "
                "and the lab here is my whole life. My sister Nomin moved to Khovd last month with her husband and she says a small "
                "city is paradise, but she says that about everything. No children, no wife, just a drawer full "
                "of Velociraptor teeth, and they don't call me on my birthday. The neighbour's dog, Arslan, "
                "barks all night, he's not mine, thank god, I would have strangled him. I speak Mongolian, of "
                "course, and Buryat with my grandmother who is from Dornod; I studied in Irkutsk, but that was "
                "twenty years ago and I came straight back. What dust mask "
                "should I use for sandstone? The lab's masks are a joke."),
            (A, "For sandstone dust, which contains silica, use at least an FFP2 or better FFP3 (or N95/P100) "
                "respirator that fits your face, and use the air drill under extraction or with wet methods "
                "where you can."),
            (U, "FFP3, I'll buy my own and not wait for the director."),
            (A, "Good idea."),
        ]),
        session("s2", ULN, "2026-08-18 20:00", [
            (U, "I decided: no Choibalsan. I told the museum thank you but no, the Tarbosaurus jaw is not "
                "finished and I'm not leaving it to a student. In July I took the bus to Kharkhorin for the "
                "Naadam there, only four days, archery and horse races and too much khuushuur, and came back "
                "sunburnt. Nomin still loves Khovd and still tells me to come. At work we have a visiting team "
                "of foreign researchers, and they bring very good snacks. How do you store fossils that are still drying "
                "after consolidation, so they don't crack?"),
            (A, "How is life in Khovd treating you? For drying: keep them in a room with stable, moderate "
                "humidity, away from heaters and sun, on padded supports, and let the consolidant dry slowly "
                "under a loose cover rather than in a draught."),
            (U, "Khovd is my sister! I live in Dalanzadgad, I've never lived anywhere else except the student "
                "years. But the slow drying, thanks."),
            (A, "Sorry, Dalanzadgad, of course."),
        ]),
        session("s3", ULN, "2027-03-09 19:45", [
            (U, "A year later and nothing changed, which is how I like it. Still at the Nemegt lab, still in "
                "Dalanzadgad, still no kids, the drawer of teeth is now two drawers. The Tarbosaurus jaw is "
                "finished and on display, I stand next to it on Saturdays and pretend to be a visitor to hear "
                "what people say. Arslan next door had puppies, so now it's four dogs barking, still not mine. "
                "Question: a school asked me to bring a real fossil to a class. What's safe to bring and how "
                "do I pack it?"),
            (A, "Bring a robust specimen, like a dinosaur bone fragment or a fossil shell, not anything "
                "catalogued or fragile; wrap it in tissue, then bubble wrap, in a padded box, and let the "
                "children touch only the one you bring for touching."),
            (U, "One for touching, one for looking. Good rule."),
            (A, "Have fun with the class."),
        ]),
        check("current", ULN, "2027-03-10 09:00", predicate="city", expect=["Dalanzadgad"]),
        check("current", ULN, "2027-03-10 09:00", predicate="employer", expect=["Nemegt"]),
        check("current", ULN, "2027-03-10 09:00", predicate="job_title", expect=["preparator"]),
        check("current", ULN, "2027-03-10 09:00", predicate="language_spoken", expect=["Mongolian", "Buryat"]),
        check("absent", ULN, "2027-03-10 09:00", predicate="child_name"),
        check("absent", ULN, "2027-03-10 09:00", predicate="pet"),
        check("profile", ULN, "2027-03-10 09:00", must_include=["Dalanzadgad"],
              must_exclude=["Choibalsan", "Khovd"]),
    ],
)

# 10 ------------------------------------------------------------------------
TUN = "Africa/Tunis"
scenario(
    "three-weeks-ago-monday-nabeul-glaze",
    "Backdated facts told together: a job 'three weeks ago, Monday the 5th of October', the old job's last "
    "day 'Friday the 25th of September', a move 'last Saturday, the 24th of October', a low-salt diet 'since "
    "the 1st of September'; weeknights at an aunt's in another town before the move (home stays Sfax).",
    [
        session("s1", TUN, "2026-05-11 20:00", [
            (U, "Aslema! I'm an olive oil taster at Huilerie Thyna here in Sfax, which sounds like a dream job "
                "until you taste forty oils before lunch and spit them all into a blue glass. Today we had a "
                "whole batch that smelled of fusty, the olives waited too long in the sun, and I had to tell "
                "the farmer, who is my uncle's friend, so now the whole family knows. Anis, my husband, teaches "
                "physics at a lycée and says my job is chemistry with bread. My cousin keeps telling me there's "
                "a job in a ceramics factory in Nabeul for a chemist, but it's just talk for now, I haven't "
                "even applied. Question: I want to train my nose at home for the defects, rancid, musty, "
                "winey. Is there a cheap way to do it?"),
            (A, "Yes: make reference samples from a neutral refined oil with small amounts of the culprits: "
                "a few drops of old oil left in the light for rancid, a mushy olive left in a closed jar for "
                "fusty, a splash of wine vinegar for winey. Smell them blind, a few at a time."),
            (U, "Anis will love the kitchen smelling of rancid oil. Thanks."),
            (A, "Keep the windows open."),
        ]),
        session("s2", TUN, "2026-10-26 19:30", [
            (U, "So much has happened, I'll tell you everything at once. Three weeks ago, Monday the 5th of "
                "October, I started as glaze chemist at Céramiques Sidi Mahrsi in Nabeul, my cousin was right "
                "after all, I applied in July. My last day at Huilerie Thyna was Friday the 25th of September, "
                "they gave me a bottle of the best oil and a speech that made me cry. For the first three weeks "
                "I slept at my aunt's in Dar Chaabane during the week and drove back to Sfax on Friday nights, "
                "our home was still in Sfax, Anis was there. Last Saturday, the 24th of October, we finally "
                "moved into a flat in Nabeul, ten minutes from the factory, and Anis got a transfer to a lycée "
                "here. And since the 1st of September I'm on a low-salt diet, the doctor says my blood pressure "
                "is an old woman's, so no more olives by the handful and lablabi without the salt, which is "
                "sad. Now the real question: our blue glaze is crawling on the big plates, it pulls away from "
                "the clay in patches. What causes crawling?"),
            (A, "Crawling usually comes from a glaze that shrinks too much as it dries (too much raw clay or "
                "too thick a coat), from dust or oil on the bisque, or from the glaze drying too fast. Try a "
                "thinner coat, calcine part of the clay, and wipe the bisque with a damp sponge first."),
            (U, "Too thick, I bet. The old glazer puts it on like yoghurt. Thank you."),
            (A, "Good luck with the plates."),
        ]),
        check("current", TUN, "2026-10-27 09:00", predicate="employer", expect=["Mahrsi"]),
        check("current", TUN, "2026-10-27 09:00", predicate="job_title", expect=["glaze chemist"]),
        check("current", TUN, "2026-10-27 09:00", predicate="city", expect=["Nabeul"]),
        check("current", TUN, "2026-10-27 09:00", predicate="dietary_restriction", expect=["salt"]),
        check("current", TUN, "2026-10-27 09:00", predicate="partner_name", expect=["Anis"]),
        check("as_of", TUN, "2026-10-27 09:00", valid_at="2026-09-20 12:00", predicate="employer",
              expect=["Thyna"]),
        check("as_of", TUN, "2026-10-27 09:00", valid_at="2026-10-12 12:00", predicate="city",
              expect=["Sfax"]),
        check("history", TUN, "2026-10-27 09:00", predicate="employer", expect=["Thyna", "Mahrsi"]),
        check("history", TUN, "2026-10-27 09:00", predicate="city", expect=["Sfax", "Nabeul"]),
    ],
)

# 11 ------------------------------------------------------------------------
ZAG = "Europe/Zagreb"
scenario(
    "half-a-year-in-rovinj-back-to-sibenik",
    "An undecided offer; then city B since Wednesday 1 April (told in May); then back to A since Saturday 3 "
    "October (told in November: a new version, not an undo; believed_as_of before the return was told); "
    "'I've never lived in Makarska' after the assistant's wrong guess; a friend moving to B after they left.",
    [
        session("s1", ZAG, "2026-02-16 20:00", [
            (U, "Bura all day, the whole loft was shaking and we had to hold the big genoa down with four "
                "people. I'm a sail maker at Jedra Krka in Šibenik, twelve years, I can sew a sail in my sleep "
                "and sometimes I do, Nives says I move my hands at night. The news: a yacht yard in Rovinj, "
                "Jedra Katarina, offered me a job, head of their sail loft, more money, new machines, a loft "
                "with a view of the old town. I haven't decided anything. Nives would have to leave the "
                "hospital here and her mother is in Šibenik, and my father says Istria is another country. "
                "Can you help me think about it? Not decide, just think."),
            (A, "Sure. Write down what each choice costs and gives for each of you: money, work, family, "
                "friends, the sea. Then ask what you'd regret more in five years, and whether a trial is "
                "possible, like asking Rovinj for a start date that gives Nives time to look for work."),
            (U, "Regret in five years, that's a good question. I'll talk with Nives this weekend."),
            (A, "Good luck with the talk."),
        ]),
        session("s2", ZAG, "2026-05-12 19:30", [
            (U, "We did it, we've been living in Rovinj since Wednesday the 1st of April, no joke, April "
                "Fools' Day, Nives thought it was funny. I took the job at Jedra Katarina, the machines are "
                "beautiful, the apprentices speak with that Istrian accent I can't follow. Nives found work at "
                "the hospital here after three weeks. The town is full of tourists already and I get lost in "
                "the little streets. Everybody asks me for truffle advice, as if I knew anything. What's a good "
                "simple thing to cook with a fresh truffle that doesn't waste it?"),
            (A, "Since you grew up in Makarska you'll love it: the classic is fuži or tagliatelle with butter "
                "and a little Parmesan, with the truffle shaved on top at the end, or scrambled eggs with "
                "truffle shaved in. Don't cook the truffle."),
            (U, "I've never lived in Makarska, that's where we go on holiday in summer! Šibenik, born and "
                "raised. But the eggs, yes, simple."),
            (A, "Sorry, Šibenik. Enjoy the truffles."),
        ]),
        session("s3", ZAG, "2026-11-10 20:00", [
            (U, "Well. We're back in Šibenik, since Saturday the 3rd of October. Rovinj was beautiful, but "
                "Nives's mother got sick in the summer and we couldn't keep driving five hours every weekend. "
                "Jedra Krka took me back, same bench, same sewing machine, the boss pretended to be angry for "
                "one day. The funny part: my friend Frane is moving to Rovinj next month, he took my old job "
                "at Jedra Katarina, so the Šibenik people are colonising Istria. Question: we're renting a "
                "flat again and the landlord wants a twelve-month contract. Should I ask for a clause to leave "
                "early, just in case?"),
            (A, "It's reasonable to ask for an early-termination clause, for example leaving with two or "
                "three months' notice after the first six months; put any agreement in writing in the "
                "contract."),
            (U, "After the last year, yes, a clause. Just in case."),
            (A, "Welcome back to Šibenik."),
        ]),
        check("current", ZAG, "2026-11-11 09:00", predicate="city", expect=["ibenik"]),
        check("current", ZAG, "2026-11-11 09:00", predicate="employer", expect=["Krka"]),
        check("current", ZAG, "2026-11-11 09:00", predicate="job_title", expect=["sail maker"]),
        check("as_of", ZAG, "2026-11-11 09:00", valid_at="2026-06-15 12:00", predicate="city",
              expect=["Rovinj"]),
        check("as_of", ZAG, "2026-11-11 09:00", valid_at="2026-10-20 12:00", predicate="city",
              expect=["ibenik"]),
        check("believed_as_of", ZAG, "2026-11-11 09:00", known_at="2026-10-20 12:00", predicate="city",
              expect=["Rovinj"]),
        check("history", ZAG, "2026-11-11 09:00", predicate="city", expect=["ibenik", "Rovinj", "ibenik"]),
    ],
)

# 12 ------------------------------------------------------------------------
PNH = "Asia/Phnom_Penh"
scenario(
    "volleyball-not-boxing-pailin",
    "Preferred name (not a substring of the paper name) and role said with filler words ('um', 'like', 'kind "
    "of'); three languages in passing (Khmer, Lao, English); a son; no pets (the rats belong to the programme); "
    "the old boxing gym is worded like the query and the new volleyball team is not (must_exclude a detail "
    "found only in the old turn).",
    [
        session("s1", PNH, "2026-02-03 19:00", [
            (U, "Um, hi. So, my name on the ID card is Sokunthea Pich but, like, everyone calls me Nita, kind "
                "of since I was a baby, so Nita is fine. I'm, um, a rat handler, like, a mine-detection rat "
                "handler, I guess that's the title, at Tonle Mine Action here in Pailin. We train the big "
                "African rats to smell TNT, they walk on a line over the field and scratch when they find "
                "something, and they're, like, better than any machine. The rats belong to the programme, not "
                "me, at home we have no animals at all, my son Virak begs for a puppy every day and I say no. "
                "At work I speak Khmer with the team and English with the trainers from Mozambique, and Lao with "
                "my mother, she's from a village near the Lao border, and with the Lao deminers who visit. For "
                "myself, I train Kun Khmer boxing in the evenings at Samnang's gym behind the market, Monday "
                "and Thursday, it's, um, the best way to stop thinking about mines. My question: in the hot "
                "season the rats get lazy after ten in the morning. How do I keep them motivated?"),
            (A, "Work them early, from first light until it gets hot, keep sessions short with frequent "
                "rewards, give them shade and water between runs, and end each session on a success."),
            (U, "Short sessions, early. Okay, like, we start at six already, maybe half past five then."),
            (A, "That should help."),
        ]),
        session("s2", PNH, "2026-06-09 19:30", [
            (U, "Um, updates. I stopped the boxing in April, my wrist, the doctor said no more punching for a "
                "year, so that's over. Now I play volleyball with the Phnom Yat team on Sunday afternoons, on "
                "the court next to the pagoda, we're, like, terrible, but the snacks after are amazing. Virak "
                "comes and collects the balls. At work we cleared a whole field last month, the rats found "
                "eleven mines, one rat found four by herself, we call her the queen. The villagers brought us "
                "nom banh chok to say thank you. Question, kind of random: how do I strengthen my wrist again "
                "without hurting it?"),
            (A, "Once your doctor agrees, start with gentle range-of-motion exercises, then light grip work "
                "with a soft ball, then wrist curls with a very light weight; stop if it hurts, and a "
                "physiotherapist can give you a plan."),
            (U, "Soft ball, okay. Virak has a hundred of those."),
            (A, "Perfect, then."),
        ]),
        check("current", PNH, "2026-06-10 09:00", predicate="preferred_name", expect=["Nita"]),
        check("current", PNH, "2026-06-10 09:00", predicate="job_title", expect=["rat handler"]),
        check("current", PNH, "2026-06-10 09:00", predicate="employer", expect=["Tonle"]),
        check("current", PNH, "2026-06-10 09:00", predicate="language_spoken",
              expect=["Khmer", "Lao", "English"]),
        check("current", PNH, "2026-06-10 09:00", predicate="child_name", expect=["Virak"]),
        check("current", PNH, "2026-06-10 09:00", predicate="city", expect=["Pailin"]),
        check("absent", PNH, "2026-06-10 09:00", predicate="pet"),
        check("recall", PNH, "2026-06-10 09:00", query="Where do I train these days?", k=5,
              must_include=["Phnom Yat"], must_exclude=["Samnang"]),
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
