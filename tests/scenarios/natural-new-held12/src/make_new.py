#!/usr/bin/env python3
"""Write the held12 new-user conversations (format v1 plus an `intended` block).

Four people tell an assistant about their own lives over five sessions each. Every file
carries, beside its steps, what the author meant the memory to hold at the end:
`intended.facts` (must be current at `intended.at`), `intended.also_true` (true, not
required) and `intended.not_stored` (documentary: things said in the conversation that must
not be current facts of the user at `intended.at`; the scorer does not read it).

Edit this script, not the JSON.  `python make_new.py` writes the files to the parent
folder; `python make_new.py --check` validates without writing.

Times are local wall-clock times in the user's IANA zone, converted with zoneinfo.
"""
from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

OUT = Path(__file__).resolve().parent.parent
NAMESPACE = "held12new"

SINGLE = {"preferred_name", "pronouns", "language", "timezone", "city", "country", "employer",
          "job_title", "relationship_status", "current_project", "current_goal",
          "partner_name", "smoking_status"}
MULTI = {"allergy", "dietary_restriction", "accessibility_need", "pet", "child_name", "hobby",
         "language_spoken", "likes", "dislikes"}


def lt(tz: str, local: str) -> str:
    """'2026-02-10 19:30' in zone tz -> ISO-8601 with offset."""
    return datetime.strptime(local, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(tz)).isoformat()


def session(sid: str, tz: str, local: str, *turns: tuple[str, str]) -> dict:
    """Turns alternate user/assistant; offsets follow typing and reading time."""
    out, t = [], 0
    for i, (role, text) in enumerate(turns):
        if i:
            t += 15 + len(text) // (6 if role == "user" else 25)
        out.append({"role": role, "text": text, "offset_s": t})
    return {"session": {"id": sid, "started_at": lt(tz, local), "turns": out}}


U, A = "user", "assistant"


# ---------------------------------------------------------------------------------------
# 1. Ice carver in Rovaniemi, they/them: ice sculptor at one workshop, then head carver at a
#    snow castle from Monday 2 November (no session on the day); partner; two old huskies, one
#    dies in June, a puppy in August; a birch pollen allergy; Finnish, Northern Sámi and
#    English; ice swimming and kantele taken up, orienteering dropped. Traps: a sister's move
#    to Tornio, a childhood in Inari, an offer from a snow hotel in Levi, refused, the
#    assistant's "Kittilä", a newsletter with a wrong title and town (Kemi).
# ---------------------------------------------------------------------------------------
HEL = "Europe/Helsinki"
KAISLA = {
    "name": "kaisla-head-carver-rovaniemi",
    "description": "An ice sculptor in Rovaniemi (they/them) who becomes head carver at a snow "
                   "castle: partner, an old husky who dies and a puppy, a birch pollen allergy, "
                   "three languages, ice swimming and kantele taken up, orienteering dropped; a "
                   "newsletter with false details.",
    "user": "h12n-01",
    "steps": [
        session("s1", HEL, "2026-01-12 19:00",
                (U, "Hei! First time using one of these, a colleague swears by it. Quick thing before "
                    "anything else: I'm they/them, please. I'm an ice sculptor at Jääpaja Kemijoki here in "
                    "Rovaniemi, in December we cut the blocks out of the frozen river with a chainsaw and "
                    "then carve them for the hotels and the Christmas tourists, and right now I'm making a "
                    "two-metre reindeer for a hotel lobby and its antlers keep snapping off. This winter I "
                    "also started avanto, ice swimming, three evenings a week in the hole by the sauna "
                    "club, and my partner Sampsa thinks I've lost my mind. How do I keep thin ice antlers "
                    "from breaking while I carve?"),
                (A, "Carve the thin parts last, keep the block at a steady temperature well below zero so "
                    "it's less brittle, leave a temporary ice bridge to support each antler and cut it away "
                    "at the very end, and use sharp chisels instead of the chainsaw near the tips."),
                (U, "An ice bridge, of course. Sampsa says hi, he's on the sofa with a dog on each side, "
                    "Halla and Routa, our two retired sled dogs, they think the sofa is a sled."),
                (A, "Sounds like a cosy team.")),
        session("s2", HEL, "2026-04-27 19:30",
                (U, "Spring in Lapland: everything melts, and then my eyes start. The doctor did the tests "
                    "last week and it's official, I'm allergic to birch pollen, which up here is like "
                    "being allergic to air, there are birches everywhere. I have tablets and eye drops now. "
                    "My sister Minttu is moving to Tornio in June, she got a job at the border office, and "
                    "she wants me to help her pack, which means I pack and she talks. At work it's the "
                    "summer stuff, ice bars for hotel parties, small pieces. I speak Finnish at work, "
                    "obviously, Northern Sámi with my grandmother in Inari, where I grew up, and English "
                    "with half the tourists. And the orienteering season starts, I've done orienteering "
                    "since school, the first race is in May. Any tips for orienteering with a birch pollen "
                    "allergy?"),
                (A, "Take your tablet in the morning before the race, wear wraparound sunglasses, shower and "
                    "wash your hair afterwards, and check the pollen forecast; birch pollen peaks in May."),
                (U, "Wraparound sunglasses, I'll look like a cyclist. Fine."),
                (A, "A fast cyclist, at least.")),
        session("s3", HEL, "2026-06-22 20:00",
                (U, "A sad month. We had to put Halla to sleep on the 3rd of June, she was fifteen and her "
                    "kidneys were failing. Routa looked for her all over the house for a week. Sampsa built "
                    "a little cairn for her at the cottage. And I've given up orienteering, my knee said no "
                    "in the first race and the physio agreed, so that's finished, I'll stick to the ice "
                    "swimming in winter. Midsummer at the cottage was quiet, we needed that. How do I help "
                    "an old dog who's grieving for her companion?"),
                (A, "Keep Routa's routine the same, give her extra walks and attention, and let her take her "
                    "time; some dogs are helped by a calm new companion after a few weeks, but don't rush it."),
                (U, "Extra walks, she'll like that. Me too, to be honest."),
                (A, "It helps both of you.")),
        session("s4", HEL, "2026-08-24 19:30",
                (U, "Lots of news! First, we got a puppy, a little Lapponian herder called Tykky, and Routa "
                    "is teaching him everything, mostly how to steal socks. Second, from Monday the 2nd of "
                    "November I'm the head carver at Napapiirin Lumilinna, the snow castle out on the polar circle "
                    "line, I'll lead the team that builds the whole castle every winter. A snow hotel in "
                    "Levi offered me a job too, more money, but I said no, Sampsa's job is here and I don't "
                    "want to drive three hours in the dark. Third, I started kantele lessons, the little "
                    "Finnish harp, on Tuesday evenings at the music institute, and my grandmother cried on "
                    "the phone. How do I lead a team of carvers who are older than me?"),
                (A, "Congratulations on the move to Kittilä! Ask the experienced carvers for advice early, "
                    "give each of them ownership of a part of the build, be clear about the plan and the "
                    "deadlines, and thank people in front of the team."),
                (U, "Kittilä? No, Levi is in Kittilä and I said no to it. I'm staying in Rovaniemi, the snow "
                    "castle is ten minutes from home. But yes, give them their own parts, good."),
                (A, "Sorry, Rovaniemi. Their own parts and clear deadlines, then.")),
        session("s5", HEL, "2026-11-23 19:00",
                (U, "Three weeks as head carver and the castle walls are up. Look what the tourism "
                    "newsletter wrote about me:\n\n"
                    "> Napapiirin Lumilinna welcomes its new Chief Designer, Kaisla Rautio, who joins us from "
                    "Kemi.\n\n"
                    "Chief Designer? I'm the head carver, I carve, I don't design logos. And I've never lived "
                    "in Kemi, I grew up in Inari and I live in Rovaniemi. Can you help me write a short "
                    "correction that doesn't sound grumpy? Sampsa says I'm grumpy about titles."),
                (A, "Hi! Thanks so much for the lovely welcome. One small correction: I'm the head carver at "
                    "Napapiirin Lumilinna (not Chief Designer), and I'm from Rovaniemi, not Kemi. See you at "
                    "the castle! Kaisla (they/them)"),
                (U, "Perfect, and the pronouns too, nice. Tykky just ate the corner of my glove, I have to go."),
                (A, "Good luck with Tykky!")),
    ],
    "intended": {
        "at": lt(HEL, "2026-11-24 09:00"),
        "facts": [
            ["pronouns", "they/them"],
            ["city", "Rovaniemi"],
            ["employer", "Napapiirin Lumilinna"],
            ["job_title", "head carver"],
            ["partner_name", "Sampsa"],
            ["pet", "Routa"],
            ["pet", "Tykky"],
            ["allergy", "birch"],
            ["language_spoken", "Finnish"],
            ["language_spoken", "Sámi"],
            ["language_spoken", "English"],
            ["hobby", "ice swimming"],
            ["hobby", "kantele"],
        ],
        "also_true": [
            ["hobby", "avanto"],
        ],
        "not_stored": [
            ["pet", "Halla"],
            ["hobby", "orienteering"],
            ["city", "Tornio"],
            ["city", "Inari"],
            ["city", "Levi"],
            ["city", "Kittilä"],
            ["city", "Kemi"],
            ["employer", "Jääpaja Kemijoki"],
            ["job_title", "ice sculptor"],
            ["job_title", "Chief Designer"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 2. Ulan: projectionist at an old cinema in Osh, then sound engineer at a radio station from
#    Monday 6 July (no session on the day); the name on paper and the one he uses; married, a
#    daughter born on Tuesday 19 May; a cat; stopped smoking on Saturday 21 March (Nooruz) and
#    still stopped; a penicillin allergy; Kyrgyz, Uzbek and Russian; kok-boru kept (a pause in
#    summer), billiards dropped. Traps: a brother's job in Moscow, a studio in Bishkek refused
#    (and the assistant's "move to Bishkek"), a father from Uzgen, a website bio with a wrong
#    title and town (Batken).
# ---------------------------------------------------------------------------------------
FRU = "Asia/Bishkek"
ULAN = {
    "name": "ulan-sound-engineer-osh",
    "description": "A cinema projectionist in Osh who becomes a radio sound engineer: the name he "
                   "uses, a wife and a newborn daughter, a cat, stopped smoking for the baby, a "
                   "penicillin allergy, three languages, kok-boru kept and billiards dropped; a "
                   "website bio with false details.",
    "user": "h12n-02",
    "steps": [
        session("s1", FRU, "2026-02-09 20:00",
                (U, "Salam! My passport says Ulanbek, but call me Ulan, everybody does, except my mother "
                    "when she's angry. I'm the projectionist at Kinoteatr Alai here in Osh, the old cinema "
                    "near the bazaar, mostly digital now, but on Fridays I still run real 35 mm film for the "
                    "old films club, and the old men clap when the reel changes. I'm married, my wife "
                    "Jyldyz is pregnant, the baby comes in May, and I promised her I'd stop smoking before "
                    "then. I smoke maybe a pack a day, in the projection booth, the fan takes it out. How do "
                    "I stop before the baby comes? I have three months."),
                (A, "Pick a quit date soon, tell Jyldyz and your colleagues, clear the cigarettes out of the "
                    "booth, replace the smoking moments (after a reel change, say) with something else, and "
                    "ask a doctor about nicotine gum; many people need more than one try, so start early."),
                (U, "A date. Okay, Nooruz, that's a good day for a new start. We also have a grey cat, Boz, "
                    "who sleeps on the projector because it's warm, he'll have to change his habits before "
                    "the baby too, ha."),
                (A, "Nooruz is a fine day to start.")),
        session("s2", FRU, "2026-04-13 20:00",
                (U, "Report: I stopped smoking on Nooruz, Saturday the 21st of March, three weeks now, and I "
                    "chew sunflower seeds like a hamster. Jyldyz says the booth smells like a cinema again "
                    "instead of a bus station. Boz hates the new baby cot, he sat in it once and now he just "
                    "stares at it. My brother Nurlan got a job on a building site in Moscow and flew out "
                    "last week, my mother cries every evening. On Sundays I still ride in kok-boru with the "
                    "team from my father's village, Jyldyz says it's my last season before I'm a father, we "
                    "will see. At home it's Kyrgyz, at the bazaar Uzbek, and Russian at work with the film "
                    "distributors. What do I need to prepare at home for a newborn? I'm lost."),
                (A, "A safe place to sleep (the cot, a firm mattress, nothing else in it), nappies and wipes, "
                    "a few sets of clothes, a car seat if you drive, muslin cloths, and a plan for who helps "
                    "at night in the first weeks."),
                (U, "A plan for the nights, yes, that's the real question."),
                (A, "Sleep in shifts if you can.")),
        session("s3", FRU, "2026-06-01 20:00",
                (U, "She's here! Our daughter Aiperi was born on Tuesday the 19th of May, 3.4 kilos, loud, "
                    "perfect, and I haven't slept for two weeks. And big work news: the cinema is closing "
                    "the projection booth, everything goes automatic, but I found a new job, from Monday the "
                    "6th of July I'm the sound engineer at Radio Sulaiman-Too, the station here in Osh, I "
                    "did the sound for concerts for years, so it's not so new. A studio in Bishkek wanted me "
                    "too, but Bishkek with a newborn, no, Jyldyz's mother is here and she's our night shift. "
                    "I gave up billiards, no time, my cue is in the cupboard. And no cigarettes, ten weeks "
                    "now. How do I get a baby to sleep more than two hours?"),
                (A, "Congratulations! With the move to Bishkek coming, keep her routine simple: feed, change, "
                    "sleep in a dark room, swaddle her, and put her down drowsy; at her age two to three "
                    "hours is normal, it gets longer after a few months."),
                (U, "We're not moving, I said no to Bishkek, the radio is here in Osh. But two or three "
                    "hours is normal? Okay, that helps my head."),
                (A, "Sorry, Osh. Yes, it's normal, it gets better.")),
        session("s4", FRU, "2026-08-17 20:00",
                (U, "Six weeks at the radio now and I love it, I sit in a quiet room with headphones and "
                    "nobody asks me to fix the air conditioning in hall two. Small drama: I had a tooth "
                    "infection in July, the dentist gave me penicillin and I came out in a rash all over, "
                    "and the doctor says I'm allergic to penicillin, so now it's written on my medical card. "
                    "Aiperi smiles now. Kok-boru is on a pause this summer, but I'll be back in September, I "
                    "promised the team. People at the radio think I'm from Uzgen because my father is, but I "
                    "grew up right here in Osh. How do I make a phone-in show sound less echoey? The studio "
                    "is a concrete box."),
                (A, "Put absorbent panels (or thick blankets, to start) on the walls at the height of the "
                    "microphones, a rug on the floor, use a directional microphone close to the presenter, "
                    "and a little noise gate on the phone line."),
                (U, "Blankets first, the station has no money for panels until next year."),
                (A, "Blankets work surprisingly well.")),
        session("s5", FRU, "2026-11-02 20:00",
                (U, "Look what the radio put on its website:\n\n"
                    "> Ulanbek T. - Chief Editor. Ulanbek joins Radio Sulaiman-Too from Batken.\n\n"
                    "Chief editor? I'm the sound engineer, I don't edit anything except audio. And Batken, "
                    "I've never lived there, I'm from Osh. Can you write me a polite message for the web "
                    "person? Also Aiperi can sit now, seven months without a cigarette for me, and I'm back "
                    "in kok-boru since September, Jyldyz gave up arguing."),
                (A, "Hi! Thanks for the nice profile. Two small fixes, please: I'm the sound engineer, not "
                    "Chief Editor, and I'm from Osh, not Batken. And if you can, use Ulan, that's what "
                    "everyone calls me. Thank you!"),
                (U, "Good, short and friendly. Sending it."),
                (A, "Glad to help.")),
    ],
    "intended": {
        "at": lt(FRU, "2026-11-03 09:00"),
        "facts": [
            ["preferred_name", "Ulan"],
            ["city", "Osh"],
            ["employer", "Sulaiman-Too"],
            ["job_title", "sound engineer"],
            ["partner_name", "Jyldyz"],
            ["relationship_status", "married"],
            ["child_name", "Aiperi"],
            ["pet", "Boz"],
            ["smoking_status", "non-smoker"],
            ["allergy", "penicillin"],
            ["language_spoken", "Kyrgyz"],
            ["language_spoken", "Uzbek"],
            ["language_spoken", "Russian"],
            ["hobby", "kok-boru"],
        ],
        "also_true": [
            ["preferred_name", "Ulanbek"],
        ],
        "not_stored": [
            ["city", "Bishkek"],
            ["city", "Moscow"],
            ["city", "Uzgen"],
            ["city", "Batken"],
            ["employer", "Kinoteatr Alai"],
            ["job_title", "projectionist"],
            ["job_title", "Chief Editor"],
            ["hobby", "billiards"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 3. A silk dyer at a weaving house's workshop in Nong Khiaw who moves to Luang Prabang on
#    Saturday 14 March as head dyer of its new studio (no session on the day); a wheelchair
#    user; a girlfriend; a cat; Lao, Khmu and English; vegetarian since April; wheelchair
#    basketball and the khene taken up. Traps: a brother in Vientiane, the assistant's
#    "Vang Vieng", an offer from a hotel in Udon Thani, refused, a blog calling her the owner
#    of a shop in Pakbeng.
# ---------------------------------------------------------------------------------------
VTE = "Asia/Vientiane"
MANIVONE = {
    "name": "manivone-head-dyer-luang-prabang",
    "description": "A silk dyer who moves from Nong Khiaw to Luang Prabang to run her weaving "
                   "house's new dye studio: a wheelchair user, a girlfriend, a cat, three "
                   "languages, vegetarian, basketball and the khene; a blog with false details.",
    "user": "h12n-03",
    "steps": [
        session("s1", VTE, "2026-01-26 19:00",
                (U, "Sabaidee! My friend Dao set this up for me, well, she's my girlfriend, we've been "
                    "together four years. I'm a silk dyer at Hueakham Weaving House, we have a small "
                    "workshop here in Nong Khiaw by the river, and all the colours come from plants: indigo "
                    "for blue, lac for red, jackfruit wood for yellow, and my hands are blue until April. I "
                    "use a wheelchair since a motorbike accident when I was nineteen, so the workshop has a "
                    "ramp and low vats, my boss built them for me. My question: how do I get a deeper "
                    "indigo without the vat going bad?"),
                (A, "Dip many times for a short time rather than once for long, let the cloth oxidise in the "
                    "air between dips, keep the vat warm and feed it regularly (fruit or sugar and lime), "
                    "and check the smell and the coppery film on top to know it's healthy."),
                (U, "Feed it, like a pet. We have a real pet too, a fat cat called Mokkha who sleeps on the "
                    "dried silk."),
                (A, "A cat with good taste in fabric.")),
        session("s2", VTE, "2026-03-02 19:30",
                (U, "Big change coming! The weaving house is opening a new dye studio in Luang Prabang, in "
                    "the old town, and I'll run it, so from Saturday the 14th of March I'm the head dyer "
                    "there and we move to Luang Prabang, Dao and me and Mokkha, we found a ground-floor "
                    "house with no steps. I'm excited and scared. At home I speak Lao, with my mother Khmu "
                    "because she's from a Khmu village up the valley, and English with the tourists who "
                    "watch us dye. My brother works at a bank in Vientiane and says Luang Prabang is a "
                    "village, he's a city boy now. How do I set up a dye studio that visitors can watch "
                    "without getting in the way?"),
                (A, "For the new studio in Vang Vieng: put a low rail or a step-free viewing area along one "
                    "side, keep the vats and hot water away from it, add a small table where visitors can "
                    "touch dyed samples, and set fixed demonstration times."),
                (U, "Not Vang Vieng, Luang Prabang! Vang Vieng is for the backpackers. But a viewing area "
                    "with no step, yes, so people in wheelchairs can watch too."),
                (A, "Sorry, Luang Prabang. A step-free viewing area is a great idea.")),
        session("s3", VTE, "2026-05-18 19:00",
                (U, "Two months in Luang Prabang now. The studio is beautiful, the tourists love the indigo "
                    "vat and the children put their hands in it. Dao sells her coconut pancakes at the night "
                    "market. And I've become vegetarian: since the temple retreat at Lao New Year in April "
                    "I don't eat meat or fish, not even padaek, which my mother says is impossible for a Lao "
                    "person. I also found a wheelchair basketball team that plays on Sunday mornings at the "
                    "school court, I'm the smallest and the fastest. How do I get enough protein as a "
                    "vegetarian who plays basketball?"),
                (A, "Eggs and dairy if you eat them, tofu, beans and lentils, peanuts and sesame, sticky rice "
                    "with a bean dish, and a snack with protein after each game."),
                (U, "Tofu and peanuts, easy, the market has everything."),
                (A, "Then you're set.")),
        session("s4", VTE, "2026-08-10 19:30",
                (U, "Rainy season, the river is brown and huge. I started learning the khene, the bamboo "
                    "mouth organ, from an old man near the temple, on Wednesday evenings, and my lungs are "
                    "not ready. A boutique hotel in Udon Thani across the border offered me a job making "
                    "colours for their shop, good money, but I said no, Luang Prabang is home now and Dao's "
                    "mother lives here. Mokkha caught a frog and brought it into the bed. How do I stop "
                    "indigo from fading in the rainy season?"),
                (A, "Let each dyed piece cure for a few days before washing, rinse well with a little vinegar "
                    "to remove loose dye, dry it in the shade, and store it dry with air around it."),
                (U, "Dry in the shade, yes, the sun eats the colour."),
                (A, "Exactly.")),
        session("s5", VTE, "2026-10-26 19:00",
                (U, "Look at this travel blog about our studio:\n\n"
                    "> We met Manivone, the owner of Hueakham Weaving House, at her riverside shop in "
                    "Pakbeng, where she dyes silk with flowers.\n\n"
                    "I'm not the owner! I'm the head dyer, the owner is Mrs. Bounmy. And Pakbeng? We're in "
                    "Luang Prabang. Can you help me write a friendly comment to correct it? Also, basketball "
                    "news: we won on Sunday and I scored twice."),
                (A, "Thank you for visiting and for the kind words! A small correction: I'm the head dyer at "
                    "Hueakham Weaving House (the owner is Mrs. Bounmy), and our studio is in Luang Prabang. "
                    "Come back any time!"),
                (U, "Perfect, and congratulations to me for the two baskets, please."),
                (A, "Congratulations on the two baskets!")),
    ],
    "intended": {
        "at": lt(VTE, "2026-10-27 09:00"),
        "facts": [
            ["city", "Luang Prabang"],
            ["employer", "Hueakham"],
            ["job_title", "head dyer"],
            ["accessibility_need", "wheelchair"],
            ["partner_name", "Dao"],
            ["pet", "Mokkha"],
            ["language_spoken", "Lao"],
            ["language_spoken", "Khmu"],
            ["language_spoken", "English"],
            ["dietary_restriction", "vegetarian"],
            ["hobby", "basketball"],
            ["hobby", "khene"],
        ],
        "also_true": [
            ["hobby", "wheelchair basketball"],
            ["relationship_status", "in a relationship"],
        ],
        "not_stored": [
            ["city", "Nong Khiaw"],
            ["city", "Vientiane"],
            ["city", "Vang Vieng"],
            ["city", "Udon Thani"],
            ["city", "Pakbeng"],
            ["job_title", "silk dyer"],
            ["job_title", "owner"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 4. Dodo: a sign-language interpreter at the court in Mafraq, then head interpreter at a deaf
#    centre from Sunday 6 September (no session on the day); the name on her ID and the one she
#    uses; husband and son; the son's tortoise; stopped smoking on the first day of Ramadan
#    (Wednesday 18 February) and still stopped; vegan since March; Arabic, Jordanian Sign
#    Language and English; tatreez taken up, swimming dropped. Traps: a sister's move to
#    Madaba, the assistant's "Jerash", studies in Ramtha, an offer from a channel in Kuwait,
#    refused, a newsletter with a wrong title and town (Ajloun).
# ---------------------------------------------------------------------------------------
AMM = "Asia/Amman"
DODO = {
    "name": "dodo-head-interpreter-mafraq",
    "description": "A court sign-language interpreter in Mafraq who becomes head interpreter at a "
                   "deaf centre: the name she uses, husband and son, a tortoise, stopped smoking for "
                   "Ramadan, vegan, three languages, tatreez taken up and swimming dropped; a "
                   "newsletter with false details.",
    "user": "h12n-04",
    "steps": [
        session("s1", AMM, "2026-01-20 20:00",
                (U, "Marhaba. My ID says Hadeel, but everyone calls me Dodo, since primary school, even the "
                    "judges. I'm a sign-language interpreter at the Mafraq court, I interpret for deaf "
                    "people in hearings, I sign for the judge and speak for the deaf person, and sometimes "
                    "I'm the only one in the room everybody understands. My parents are both deaf, so "
                    "Jordanian Sign Language was really my first language, then Arabic, and English I "
                    "learned at university. My husband Murad teaches physics at Al al-Bayt University, and "
                    "our son Laith is six and already signs faster than me. I smoke, not much, four or five "
                    "a day, and I want to stop for Ramadan. How do I use Ramadan to stop smoking for good?"),
                (A, "Ramadan is a good start because you already go without during the day: decide now that "
                    "you won't smoke after iftar either, replace the after-iftar cigarette with a walk or "
                    "tea, tell your family, and keep going after Eid, the hardest test."),
                (U, "After Eid, yes, that's where everyone fails. Also my sister Rasha is moving to Madaba "
                    "in February with her husband, so I'm losing my babysitter."),
                (A, "Maybe Laith will enjoy visits to Madaba.")),
        session("s2", AMM, "2026-03-25 19:30",
                (U, "Eid mubarak, a few days late! I stopped smoking on the first day of Ramadan, Wednesday "
                    "the 18th of February, and I didn't start again after Eid, five weeks now. And Murad "
                    "and I went vegan at the beginning of March, his cholesterol was scary and I said I'll "
                    "do it with you, so now it's lentils, lentils, lentils, and my mother thinks we joined a "
                    "cult. Laith got a tortoise for Eid, he named it Fustuq, pistachio, because it's green. "
                    "And I stopped swimming at the club, the pool closed for repairs in January and I never "
                    "went back. Any vegan ideas for a family lunch with my in-laws on Friday?"),
                (A, "Mujaddara with crispy onions, a big fattoush, stuffed vine leaves with rice, hummus and "
                    "mutabbal, roasted cauliflower with tahini, and fruit with a little date syrup."),
                (U, "Mujaddara, my mother-in-law can't say no to that."),
                (A, "A safe choice for everybody.")),
        session("s3", AMM, "2026-06-08 20:00",
                (U, "News! From Sunday the 6th of September I'm the head interpreter at the Sanabel Deaf "
                    "Centre, here in Mafraq, I'll lead the team of interpreters and train the new ones, and "
                    "no more courtrooms at eight in the morning. A news channel in Kuwait also asked me to "
                    "sign the news for them, but I said no, my parents are here and Laith has his school. "
                    "And I started tatreez, the embroidery, with my neighbour on Thursday evenings. How do I "
                    "hand over my court cases to the next interpreter?"),
                (A, "Congratulations on the move to Jerash! Write a short note for each ongoing case (the "
                    "people, the signs they use, the next hearing dates), introduce the new interpreter to "
                    "the regular deaf clients, and do the first hearing together if you can."),
                (U, "Jerash? No, I stay in Mafraq, the centre is five minutes from my house. Jerash is only "
                    "where we go for the festival. But yes, the notes and one hearing together."),
                (A, "Sorry, Mafraq. Notes and one shared hearing, then.")),
        session("s4", AMM, "2026-08-03 19:30",
                (U, "Summer. Laith is at the centre's summer camp with the deaf children, he's the only "
                    "hearing one and the best signer. Fustuq escaped twice, we found him under the fridge. "
                    "My tatreez: I finished my first cushion, cross-stitch cypress trees, and my "
                    "mother-in-law said it's almost good, which from her is a medal. People at the centre "
                    "think I'm from Ramtha because I studied at the university there, but I was born and "
                    "raised in Mafraq. How do I teach basic signs to hearing parents of deaf babies?"),
                (A, "Start with ten everyday signs (milk, eat, sleep, more, mother, father, bath...), use them "
                    "in real moments, keep sessions short, and give the parents a sheet or a video to "
                    "practise at home."),
                (U, "A video, good, the parents are always on their phones anyway."),
                (A, "Then the phone becomes the classroom.")),
        session("s5", AMM, "2026-10-26 20:00",
                (U, "Look at the centre's newsletter:\n\n"
                    "> Sanabel Deaf Centre welcomes Hadeel M., our new Sign Language Teacher, who joins us "
                    "from Ajloun.\n\n"
                    "Teacher? I'm the head interpreter. And I've never worked in Ajloun, I came from the "
                    "court here in Mafraq. Can you help me write a correction? And eight months without a "
                    "cigarette, Murad says I should frame the date."),
                (A, "Dear colleagues, thank you for the warm welcome! A small correction for the next issue: "
                    "I'm the head interpreter (not a sign language teacher), and I joined from the Mafraq "
                    "court, not Ajloun. Most people know me as Dodo. Thank you!"),
                (U, "Perfect, and Dodo, yes, nobody will know who Hadeel is."),
                (A, "Dodo it is.")),
    ],
    "intended": {
        "at": lt(AMM, "2026-10-27 09:00"),
        "facts": [
            ["preferred_name", "Dodo"],
            ["city", "Mafraq"],
            ["employer", "Sanabel"],
            ["job_title", "head interpreter"],
            ["partner_name", "Murad"],
            ["child_name", "Laith"],
            ["pet", "Fustuq"],
            ["smoking_status", "non-smoker"],
            ["dietary_restriction", "vegan"],
            ["language_spoken", "Arabic"],
            ["language_spoken", "Sign Language"],
            ["language_spoken", "English"],
            ["hobby", "tatreez"],
        ],
        "also_true": [
            ["preferred_name", "Hadeel"],
            ["hobby", "embroidery"],
        ],
        "not_stored": [
            ["city", "Madaba"],
            ["city", "Jerash"],
            ["city", "Ramtha"],
            ["city", "Kuwait"],
            ["city", "Ajloun"],
            ["employer", "Mafraq court"],
            ["job_title", "Sign Language Teacher"],
            ["hobby", "swimming"],
        ],
    },
}


USERS = [KAISLA, ULAN, MANIVONE, DODO]
#: the brief: 4-5 users, about 51-60 intended facts in total
TOTAL_FACTS = (51, 60)


def _time(value: str, where: str) -> datetime:
    t = datetime.fromisoformat(value)
    if t.tzinfo is None:
        raise ValueError(f"{where}: time without a zone: {value}")
    return t


def build(spec: dict) -> dict:
    doc = {"format": 1, "name": spec["name"], "description": spec["description"],
           "namespace": NAMESPACE, "user": spec["user"], "steps": spec["steps"],
           "intended": spec["intended"]}
    validate(doc)
    return doc


def validate(doc: dict) -> None:
    name = doc["name"]
    last = None
    ids = set()
    last_turn = None
    for i, step in enumerate(doc["steps"]):
        if len(step) != 1 or "session" not in step:
            raise ValueError(f"{name} step {i}: expected exactly one 'session' key")
        s = step["session"]
        if s["id"] in ids:
            raise ValueError(f"{name}: duplicate session id {s['id']}")
        ids.add(s["id"])
        start = _time(s["started_at"], f"{name}/{s['id']}")
        if last is not None and start <= last:
            raise ValueError(f"{name}/{s['id']}: sessions out of order")
        offsets = [t["offset_s"] for t in s["turns"]]
        if offsets != sorted(offsets) or offsets[0] != 0:
            raise ValueError(f"{name}/{s['id']}: offsets not increasing from 0")
        for t in s["turns"]:
            if t["role"] not in {"user", "assistant", "tool", "system"} or not t["text"].strip():
                raise ValueError(f"{name}/{s['id']}: bad turn {t}")
        roles = [t["role"] for t in s["turns"]]
        if roles[0] != "user":
            raise ValueError(f"{name}/{s['id']}: first turn is not the user's")
        last = start
        last_turn = start.timestamp() + offsets[-1]
    n = len(ids)
    if n != 5:
        raise ValueError(f"{name}: {n} sessions, expected five")
    intended = doc["intended"]
    at = _time(intended["at"], f"{name}/intended.at")
    if at.timestamp() <= last_turn:
        raise ValueError(f"{name}: intended.at is not after the last turn")
    text = " ".join(t["text"] for st in doc["steps"] for t in st["session"]["turns"]
                    if t["role"] == "user").lower()
    alltext = " ".join(t["text"] for st in doc["steps"] for t in st["session"]["turns"]).lower()
    for key in ("facts", "also_true", "not_stored"):
        for pair in intended[key]:
            predicate, value = pair
            if predicate not in SINGLE | MULTI:
                raise ValueError(f"{name}/{key}: unknown predicate {predicate}")
            if key != "facts" and predicate not in {"smoking_status", "relationship_status"} \
                    and value.lower() not in alltext:
                raise ValueError(f"{name}/{key}: {predicate}={value} not in the conversation")
    if not 12 <= len(intended["facts"]) <= 14:
        raise ValueError(f"{name}: {len(intended['facts'])} intended facts, expected 12-14")
    seen_single = set()
    for predicate, value in intended["facts"]:
        if predicate in SINGLE:
            if predicate in seen_single:
                raise ValueError(f"{name}: two intended values for single-valued {predicate}")
            seen_single.add(predicate)
        if predicate == "smoking_status" and value not in {"smoker", "non-smoker"}:
            raise ValueError(f"{name}: smoking_status must be smoker or non-smoker")
        if predicate not in {"smoking_status", "relationship_status"} \
                and value.lower() not in text:
            raise ValueError(f"{name}: intended {predicate}={value} not in the user's words")
    facts = {tuple(p) for p in intended["facts"]}
    for pair in intended["not_stored"]:
        if tuple(pair) in facts:
            raise ValueError(f"{name}: {pair} both intended and not_stored")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    docs = [build(spec) for spec in USERS]
    names = [d["name"] for d in docs]
    if len(set(names)) != len(names) or len({d["user"] for d in docs}) != len(docs):
        raise ValueError("duplicate scenario name or user")
    total = sum(len(d["intended"]["facts"]) for d in docs)
    if not (4 <= len(docs) <= 5 and TOTAL_FACTS[0] <= total <= TOTAL_FACTS[1]):
        raise ValueError(f"{len(docs)} users, {total} intended facts: expected 4-5 and {TOTAL_FACTS}")
    for doc in docs:
        i = doc["intended"]
        line = (f"{doc['user']} {doc['name']}: {len(doc['steps'])} sessions, {len(i['facts'])} intended, "
                f"{len(i['also_true'])} also_true, {len(i['not_stored'])} not_stored")
        if not check:
            path = OUT / f"{doc['name']}.json"
            path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            line += f" -> {path}"
        print(line)
    print(f"{total} intended facts in {len(docs)} files")
    print("ok" if check else f"wrote {len(docs)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
