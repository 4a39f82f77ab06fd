#!/usr/bin/env python3
"""Write the held13 new-user conversations (format v1 plus an `intended` block).

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
NAMESPACE = "held13new"

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
# 1. Goga: ranger, then senior ranger from Tuesday 1 September (no session on the day), at
#    Dilijan National Park; the name on her passport and the one she uses; husband and son;
#    a shepherd puppy; a bee-sting allergy found on patrol; Armenian, Persian and English;
#    woodcarving taken up, volleyball dropped. Traps: a brother's move to Ijevan, the
#    assistant's "Sevan", a childhood in Berd, a refused offer from Tsaghkadzor, a newsletter
#    with a wrong title and town (Noyemberyan).
# ---------------------------------------------------------------------------------------
EVN = "Asia/Yerevan"
GOGA = {
    "name": "goga-senior-ranger-dilijan",
    "description": "A forest ranger in Dilijan who becomes senior ranger: the name she uses, "
                   "husband and son, a shepherd puppy, a bee-sting allergy, three languages, "
                   "woodcarving taken up and volleyball dropped; a newsletter with false details.",
    "user": "h13n-01",
    "steps": [
        session("s1", EVN, "2026-01-13 20:00",
                (U, "Hello. My colleague says you keep notes about people, so let's try. My passport "
                    "says Gohar, but please call me Goga, everybody does, even the director. I'm a "
                    "ranger at Dilijan National Park, which in January means walking in snow up to my "
                    "knees looking for poachers' traps and counting deer tracks, and drinking tea from "
                    "a thermos that freezes at the top. We live here in Dilijan, in an old wooden house "
                    "above the river, with Artak, my husband, he's a carpenter, and our son Davit, who "
                    "is six and thinks I'm a policewoman for animals. My question: are snowshoes worth "
                    "it, or are good boots and gaiters enough for the forest?"),
                (A, "In deep, soft snow snowshoes save a lot of energy, since you sink much less; with "
                    "good boots and gaiters you stay dry but work much harder. For patrols off the trails, "
                    "snowshoes are worth it."),
                (U, "Then I'll ask the park for snowshoes, and if they say no, Artak will make me a pair."),
                (A, "A carpenter husband is useful.")),
        session("s2", EVN, "2026-03-10 19:30",
                (U, "Hi again, it's Goga. We have a new family member: since February we have a puppy, a "
                    "gampr, an Armenian shepherd dog, his name is Chalo and he's already bigger than "
                    "Davit's chair. He'll come on patrol with me when he's older. Other news: my brother "
                    "Hayk moved to Ijevan for his wife's job, so now Sunday lunch is a phone call. At "
                    "the park we get more and more Iranian hikers in spring, and I'm the only ranger who "
                    "speaks Persian, I studied it at university in Yerevan, so I'm the one at the visitor "
                    "centre every weekend. English too, for the Europeans, and Armenian for everybody "
                    "else of course. How do I train a shepherd puppy not to chase the deer?"),
                (A, "Start early with a long line and a strong recall, reward him for looking at you "
                    "when deer or other animals appear, keep him leashed in the forest until the recall "
                    "is reliable, and give him a job, like carrying a small pack, so he isn't bored."),
                (U, "A small pack, he'll love it, he already carries Davit's shoes around."),
                (A, "A future ranger.")),
        session("s3", EVN, "2026-05-26 20:15",
                (U, "Scary week. On Saturday I got stung by a bee on patrol near Parz Lake and my face "
                    "swelled up like a pumpkin, my colleague drove me to the hospital in Dilijan, and the "
                    "doctor said I'm allergic to bee stings, now I carry an adrenaline pen in my jacket. "
                    "Twenty years in forests and nothing, and now this. Also, the ski resort in "
                    "Tsaghkadzor called and offered me a job as safety manager, good money, but I said "
                    "no, I'm not leaving the forest for a ski lift. I stopped playing volleyball too, my "
                    "knee says no more jumping, so Thursday evenings are free. What could I do in the "
                    "evenings that is calm but with my hands?"),
                (A, "How about something with wood, since Lake Sevan winters are long? Woodcarving, "
                    "spoon carving, or whittling small animals are calm and need only a few tools."),
                (U, "Sevan? We're in Dilijan, the lake is an hour away! I grew up in Berd, but I've lived "
                    "here for ten years. But woodcarving, yes, Artak has all the tools already."),
                (A, "Sorry, Dilijan. Woodcarving with Artak sounds perfect.")),
        session("s4", EVN, "2026-08-18 19:45",
                (U, "Big news: I'm promoted. From Tuesday the 1st of September I'll be senior ranger, "
                    "with three rangers under me and the whole northern section. But look what the park "
                    "newsletter wrote today:\n\n"
                    "> Congratulations to Gohar Melkonyan, our new Head of Tourism at the Noyemberyan "
                    "visitor centre, from 1 September!\n\n"
                    "Head of Tourism? I'm going to be senior ranger, here in Dilijan, not in Noyemberyan, "
                    "I've never even been to that centre. Someone copied the wrong line. And since June "
                    "I'm carving wood with Artak every evening, I made a little deer for Davit and a "
                    "spoon that nobody can use. How do I ask the newsletter to correct it without making "
                    "the editor feel stupid?"),
                (A, "Keep it light: 'Thank you so much for the kind words! A small correction: from 1 "
                    "September I'll be Senior Ranger for the northern section, based in Dilijan. Could you "
                    "update the next issue? Thanks!'"),
                (U, "Perfect, short and friendly."),
                (A, "Congratulations on the promotion.")),
        session("s5", EVN, "2026-10-27 20:00",
                (U, "Two months as senior ranger and I have learned that being the boss means more "
                    "paperwork and less forest. My three rangers are good, one is very young and wants to "
                    "catch every poacher alone. Chalo comes with me on patrol now, with his little pack, "
                    "he's very proud. I keep the adrenaline pen in the pack too, after the bee. Davit "
                    "started school and says his mother is the boss of the forest. How do I give "
                    "feedback to a young ranger who takes too many risks, without killing his "
                    "enthusiasm?"),
                (A, "Praise the commitment first and specifically, then be clear about the rule and "
                    "why: nobody confronts poachers alone, because you want him back every evening. Give "
                    "him a responsibility that uses his energy safely, like leading the camera-trap "
                    "checks."),
                (U, "The camera traps, yes, he'll love that. Thank you."),
                (A, "Good luck with the team.")),
    ],
    "intended": {
        "at": lt(EVN, "2026-10-28 09:00"),
        "facts": [
            ["preferred_name", "Goga"],
            ["city", "Dilijan"],
            ["employer", "National Park"],
            ["job_title", "senior ranger"],
            ["relationship_status", "married"],
            ["partner_name", "Artak"],
            ["child_name", "Davit"],
            ["pet", "Chalo"],
            ["allergy", "bee"],
            ["language_spoken", "Armenian"],
            ["language_spoken", "Persian"],
            ["language_spoken", "English"],
            ["hobby", "woodcarving"],
        ],
        "also_true": [
            ["preferred_name", "Gohar"],
        ],
        "not_stored": [
            ["city", "Ijevan"],
            ["city", "Sevan"],
            ["city", "Berd"],
            ["city", "Tsaghkadzor"],
            ["city", "Noyemberyan"],
            ["job_title", "Head of Tourism"],
            ["job_title", "safety manager"],
            ["hobby", "volleyball"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 2. Pheakdey: dolphin monitor at a river dolphin project near Kratie; moves from Chhlong to
#    Kratie on Saturday 13 June; a girlfriend, then engaged; stopped smoking at the Cambodian new year
#    and still stopped; colour-blind; a market cat; Khmer, English and Bunong; fishing kept,
#    chapei lessons taken up. Traps: a brother's move to Sihanoukville, a refused offer in
#    Kep, a tour website with a wrong title, the assistant's wrong name for the fiancée.
# ---------------------------------------------------------------------------------------
PNH = "Asia/Phnom_Penh"
PHEAKDEY = {
    "name": "pheakdey-dolphin-monitor-kratie",
    "description": "A river dolphin monitor who moves into Kratie, gets engaged, stops smoking, "
                   "adopts a cat and takes up the chapei; colour-blind; three languages; a tour "
                   "website with a wrong title.",
    "user": "h13n-02",
    "steps": [
        session("s1", PNH, "2026-02-17 19:00",
                (U, "Hello, I'm Pheakdey. I'm a dolphin monitor at the Kampi Dolphin Project, on the "
                    "Mekong north of Kratie, we count the river dolphins from a small boat every morning "
                    "and take photos of their fins, every fin is like a fingerprint. I live in Chhlong "
                    "with my mother for now, forty minutes on the motorbike every morning, and my "
                    "girlfriend Sreyleak is a nurse in Kratie, so I drive a lot. Also I smoke, about ten "
                    "a day, the boatmen all smoke and it's hard to be the only one who doesn't. My "
                    "problem today: I'm colour-blind, red-green, and the new survey app shows the "
                    "dolphin groups in red and green dots on the map. I can't tell them apart at all. "
                    "What can I ask the developers to change?"),
                (A, "Ask for a colour-blind-safe palette (blue and orange instead of red and green), "
                    "different shapes or labels for each group, not only colours, and a setting to switch "
                    "palettes."),
                (U, "Shapes, yes, triangles and circles, even I can see that."),
                (A, "That's the simplest fix.")),
        session("s2", PNH, "2026-04-28 19:30",
                (U, "Good news: I stopped smoking on the first day of Choul Chnam Thmey, Tuesday the 14th of "
                    "April, two weeks now without one, and I chew sugar cane on the boat instead, the "
                    "boatmen laugh at me. My brother moved to Sihanoukville for a job at the port, my "
                    "mother is sad. At work I speak Khmer with the team and English with the foreign "
                    "researchers, and Bunong with the families upriver, my grandmother was Bunong and "
                    "taught me. On Sundays I go fishing with my uncle near the rapids, we never catch "
                    "anything big but it's the best day of the week. How long do the cravings last?"),
                (A, "The strongest cravings usually fade after the first two to four weeks; single "
                    "cravings last a few minutes, so delaying, drinking water or chewing something gets "
                    "you through them. It gets easier every week."),
                (U, "A few minutes, okay. The sugar cane stays."),
                (A, "Good luck, you're doing well.")),
        session("s3", PNH, "2026-06-23 20:00",
                (U, "So many changes. Since Saturday the 13th of June I live in Kratie town, in a small "
                    "house near the riverside, no more forty minutes on the motorbike. And Sreyleak and "
                    "I are engaged since the 30th of May, the families met and ate together and nobody "
                    "fought, which is a miracle. We also have a cat now, a thin grey one from the market, "
                    "we called him Mrech, pepper, because he's small and angry. A dive resort in Kep "
                    "offered me a job as a boat guide, but I said no, the dolphins here need me more than "
                    "the tourists there. Still no cigarettes. How do we make a small house cool in the "
                    "hot season without air conditioning?"),
                (A, "Keep the sun off the walls and windows with shade cloth or plants, open windows on "
                    "opposite sides at night for cross-ventilation, close them in the day, use a ceiling "
                    "fan, and paint the roof white if you can."),
                (U, "A white roof, Sreyleak will like that."),
                (A, "Congratulations on the engagement!")),
        session("s4", PNH, "2026-09-08 19:30",
                (U, "I started something new: chapei lessons, the long-necked guitar, with an old master "
                    "who lives behind the pagoda, every Wednesday evening. My fingers hurt but I can play "
                    "two songs. And look what a tour website wrote about me:\n\n"
                    "> Meet Pheakdey, our head boatman at Kampi! He will take you closer to the dolphins "
                    "than anyone.\n\n"
                    "I'm not a boatman, I'm a dolphin monitor, and we don't take anyone closer to the "
                    "dolphins, that's the whole point! How do I ask them to fix it?"),
                (A, "Maybe your fiancée Sreymom can help you write it! Something like: 'Thank you for "
                    "mentioning Kampi. Please correct: I'm a dolphin monitor, not a boatman, and we keep a "
                    "safe distance from the dolphins.'"),
                (U, "Sreyleak, not Sreymom! But the message is good, I'll send it."),
                (A, "Sorry, Sreyleak. Good luck with the website.")),
        session("s5", PNH, "2026-11-17 20:00",
                (U, "Seven months without a cigarette now, I don't even miss it, only after fish amok "
                    "sometimes. The Water Festival boats were on the river last week and Mrech hid under "
                    "the bed the whole time from the drums. I still fish with my uncle on Sundays and I "
                    "play the chapei for Sreyleak in the evenings, she says I'm getting better, she's "
                    "kind. At work we counted two new calves this year. How do I write a short, happy "
                    "news post about the calves without saying where exactly they are?"),
                (A, "Say 'in the Kratie stretch of the Mekong' rather than a place, share a photo that "
                    "shows no landmarks, and focus on what the calves mean for the population and how "
                    "people can help, like keeping nets out of the deep pools."),
                (U, "No landmarks, good. The calves stay secret."),
                (A, "Congratulations on the calves.")),
    ],
    "intended": {
        "at": lt(PNH, "2026-11-18 09:00"),
        "facts": [
            ["city", "Kratie"],
            ["employer", "Kampi"],
            ["job_title", "dolphin monitor"],
            ["relationship_status", "engaged"],
            ["partner_name", "Sreyleak"],
            ["pet", "Mrech"],
            ["smoking_status", "non-smoker"],
            ["accessibility_need", "colour"],
            ["language_spoken", "Khmer"],
            ["language_spoken", "English"],
            ["language_spoken", "Bunong"],
            ["hobby", "fishing"],
            ["hobby", "chapei"],
        ],
        "also_true": [
            ["accessibility_need", "red-green"],
        ],
        "not_stored": [
            ["city", "Chhlong"],
            ["city", "Sihanoukville"],
            ["city", "Kep"],
            ["job_title", "head boatman"],
            ["job_title", "boat guide"],
            ["partner_name", "Sreymom"],
            ["smoking_status", "smoker"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 3. Kay: cheetah keeper, then education officer from Monday 3 August (no session on the
#    day), at a cheetah trust near Otjiwarongo; the name she uses; a daughter; a boyfriend,
#    then a dated break-up (single at the end); a penicillin allergy; a dog and a tortoise;
#    Oshiwambo, Otjiherero and English; netball taken up, running dropped. Traps: the ex's
#    move to Tsumeb, a sister's move to Henties Bay, a refused lodge offer at Etosha, a
#    school letter with a wrong title, the assistant's old title.
# ---------------------------------------------------------------------------------------
WDH = "Africa/Windhoek"
KAY = {
    "name": "kay-education-officer-otjiwarongo",
    "description": "A cheetah keeper near Otjiwarongo who becomes education officer: the name she "
                   "uses, a daughter, a break-up, a penicillin allergy, a dog and a tortoise, three "
                   "languages, netball taken up and running dropped; a school letter with a wrong title.",
    "user": "h13n-03",
    "steps": [
        session("s1", WDH, "2026-02-24 19:30",
                (U, "Hi! I'm Kauna on my ID but everyone calls me Kay, so Kay please. I'm a cheetah "
                    "keeper at the Waterberg Cheetah Trust outside Otjiwarongo, I feed them, clean the "
                    "camps, and run with them when the vet needs them tired, well, they run, I watch. I "
                    "live in Otjiwarongo with my daughter Ndapandula, she's four and wants to be a "
                    "cheetah, and my boyfriend Petrus, who fixes tractors. At home we speak Oshiwambo, at "
                    "work half the team speaks Otjiherero so I learned it, and English with the "
                    "volunteers. My question: the volunteers keep giving the cheetahs names from films. "
                    "How do I politely stop them?"),
                (A, "Explain the reason once, kindly: the cheetahs already have names and records, and "
                    "new names confuse the team and the animals. Then give the volunteers something to "
                    "name that's theirs, like a new camp or a feeding station."),
                (U, "A feeding station called Simba, fine, as long as the cats stay with their names."),
                (A, "That should work.")),
        session("s2", WDH, "2026-04-21 20:00",
                (U, "It's been a month. Petrus and I split up on Saturday the 11th of April, it was coming "
                    "for a long time, he moved back to Tsumeb to his mother's. I'm single now, just me and "
                    "Ndapandula, and honestly the house is calmer. Also I found out I'm allergic to "
                    "penicillin, I had a throat infection, took the tablets and got a rash all over, the "
                    "doctor at the clinic wrote it in red on my file. I'm okay now. How do I explain the "
                    "break-up to a four-year-old?"),
                (A, "Keep it short and true for her age: 'Petrus and Mommy won't live together anymore, "
                    "and that's a grown-up decision, not because of you.' Keep her routines the same, let "
                    "her ask questions, and answer them simply each time."),
                (U, "Short and true. She already asked if the cheetahs will stay, I said yes."),
                (A, "Routine helps a lot.")),
        session("s3", WDH, "2026-06-16 19:45",
                (U, "News from work: from Monday the 3rd of August I'll be the education officer at the "
                    "Trust, school visits, talks for farmers, the website, no more meat buckets at six in "
                    "the morning. A lodge at Etosha also wanted me as a guide, but I said no, I'm not "
                    "moving Ndapandula away from her school and her grandmother. My sister Ndahafa moved "
                    "to Henties Bay with her boyfriend and sends me photos of the sea every day to make "
                    "me jealous. At home we have Tjoni, our farm dog, and since May also a leopard "
                    "tortoise called Mbeli that a farmer brought to the Trust and nobody wanted, so now "
                    "he lives in my garden. What should a first school talk about cheetahs have, for "
                    "ten-year-olds?"),
                (A, "A story, a surprise and something to do: how fast a cheetah runs compared with a car, "
                    "why farmers and cheetahs fight, one cheetah's story from the Trust, and a game where "
                    "the children spot the cheetah in photos. Twenty minutes, then questions."),
                (U, "Spot the cheetah, nice, they'll fight to find it first."),
                (A, "Good luck with the new job.")),
        session("s4", WDH, "2026-09-01 19:30",
                (U, "Four weeks as education officer and I love it, I talk all day and nobody bites me. "
                    "Since July I play netball on Tuesday nights with the nurses' team, and I stopped "
                    "running, my knees said enough, I only run after Ndapandula now. A school sent this "
                    "letter today:\n\n"
                    "> Dear Ms Shilongo, Head Ranger of the Waterberg Cheetah Trust, we look forward to "
                    "your visit.\n\n"
                    "I'm not a ranger and not a head of anything! How do I answer?"),
                (A, "As a cheetah keeper you could just say: 'Thank you! Just to note, my title is "
                    "Education Officer. Looking forward to the visit.'"),
                (U, "Not a cheetah keeper anymore either, since August I'm the education officer! But "
                    "the answer is good."),
                (A, "Sorry, education officer. Enjoy the visit.")),
        session("s5", WDH, "2026-11-10 20:00",
                (U, "Busy months, eleven school visits and two farmer meetings. Mbeli the tortoise ate "
                    "half my spinach, Tjoni just watches him, they're friends. Our netball team won the "
                    "town league, I scored in the final and Ndapandula screamed so loud that the referee "
                    "laughed. A farmer asked me at the meeting why he should let cheetahs live on his "
                    "land at all. What are the best arguments for farmers, in their own terms?"),
                (A, "Talk money and practice: livestock guarding dogs cut losses sharply, cheetahs keep "
                    "down the antelope that compete with cattle for grazing, tourism and conservancies "
                    "can pay, and the Trust can help with compensation or guarding animals."),
                (U, "The dogs are the strongest, farmers believe dogs. Thanks."),
                (A, "Good luck with the farmers.")),
    ],
    "intended": {
        "at": lt(WDH, "2026-11-11 09:00"),
        "facts": [
            ["preferred_name", "Kay"],
            ["city", "Otjiwarongo"],
            ["employer", "Waterberg Cheetah"],
            ["job_title", "education officer"],
            ["relationship_status", "single"],
            ["child_name", "Ndapandula"],
            ["pet", "Tjoni"],
            ["pet", "Mbeli"],
            ["allergy", "penicillin"],
            ["language_spoken", "Oshiwambo"],
            ["language_spoken", "Otjiherero"],
            ["language_spoken", "English"],
            ["hobby", "netball"],
        ],
        "also_true": [
            ["preferred_name", "Kauna"],
        ],
        "not_stored": [
            ["partner_name", "Petrus"],
            ["city", "Tsumeb"],
            ["city", "Henties Bay"],
            ["city", "Etosha"],
            ["job_title", "cheetah keeper"],
            ["job_title", "Head Ranger"],
            ["hobby", "running"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 4. Marisol: orchid propagator at a nursery in Cobán; a dated move from San Pedro Carchá to
#    Cobán on Saturday 6 June (told ahead, then done); husband and two children; a latex
#    allergy from lab gloves; a street dog; Spanish, Q'eqchi' and English; basketball taken
#    up, aerobics dropped. Traps: a sister's move to Huehuetenango, a refused offer from a
#    nursery in Antigua, the assistant's old town.
# ---------------------------------------------------------------------------------------
GUA = "America/Guatemala"
MARISOL = {
    "name": "marisol-orchid-propagator-coban",
    "description": "An orchid propagator who moves from San Pedro Carchá to Cobán on a dated day: "
                   "husband and two children, a latex allergy, a street dog, three languages, "
                   "basketball taken up and aerobics dropped.",
    "user": "h13n-04",
    "steps": [
        session("s1", GUA, "2026-01-20 19:00",
                (U, "Buenas noches. I'm Marisol, and I work with orchids: I'm an orchid propagator at "
                    "Vivero Tzalam in Cobán, basically tissue culture, I grow baby orchids from seeds in "
                    "glass flasks, thousands of them, and in two years some of them are sold to people "
                    "who will kill them on a windowsill. We live in San Pedro Carchá, ten minutes from "
                    "Cobán by microbus. Efraín, my husband, drives a coffee truck, and we have two "
                    "children, Abner, who is ten, and Yesenia, seven. At home we speak Spanish and "
                    "Q'eqchi', my mother refuses to speak anything else, and at the nursery I speak "
                    "English with the buyers from abroad, slowly. On Thursday evenings I do aerobics at "
                    "the community hall. Question: our flasks keep getting contaminated with a white "
                    "fungus. What are the usual causes?"),
                (A, "Usually it's the sterile technique: air flow in the hood, flaming or sterilising "
                    "tools between flasks, the seed or capsule surface sterilisation, or the flasks' seal. "
                    "Check which step the contamination follows, for instance by batch or by person."),
                (U, "By person, ha, I know who it is already."),
                (A, "Then start there, kindly.")),
        session("s2", GUA, "2026-03-17 20:00",
                (U, "My hands broke out in red spots for weeks, and the dermatologist in Cobán did a "
                    "test: I'm allergic to latex, the lab gloves, so now I use nitrile and the spots are "
                    "going away. Also we adopted a dog, a street dog who followed Yesenia home from "
                    "school, brown with one white paw, the children named him Chocoyo. My sister Lesbia "
                    "moved to Huehuetenango with her husband, she says it's cold, we say it's cold here "
                    "too, it always rains in Cobán. How do I keep a dog out of the garden where I grow my "
                    "own orchids?"),
                (A, "A low fence or a border of chicken wire works best; give him his own digging corner "
                    "and praise him for using it, and don't leave him alone in the garden until he has "
                    "learned it."),
                (U, "His own corner, okay, he'll dig there and in my orchids, but we can try."),
                (A, "Worth a try.")),
        session("s3", GUA, "2026-05-19 19:30",
                (U, "We're moving! On Saturday the 6th of June we move from Carchá to Cobán, a house near "
                    "the Calvario with a small patio for my orchids and a room for each child, finally. "
                    "Efraín's brother lends us his truck. The children are excited and a bit scared of "
                    "the new school. How do I make the move easy for them?"),
                (A, "Let them pack their own box and unpack it first in the new house, visit the school "
                    "together before the first day, and keep the evening routine the same in the new "
                    "house from the first night."),
                (U, "Their own box first, good idea."),
                (A, "Good luck with the move.")),
        session("s4", GUA, "2026-07-21 20:00",
                (U, "We've been in Cobán since the 6th of June and the house is wonderful, the patio has "
                    "twenty orchids already. I stopped going to aerobics, the hall was in Carchá and it's "
                    "far now, and since the end of June I play basketball with a women's team at the "
                    "stadium on Tuesday and Friday evenings, I'm the shortest one and the fastest one. A "
                    "big nursery in Antigua offered me a job as lab manager, but I said no, my family and "
                    "my orchids are here. What should I eat before an evening game?"),
                (A, "Since you're still in Carchá, maybe eat at home before the microbus: something light "
                    "with carbohydrates two or three hours before, like rice or tortillas with beans, and "
                    "water, and a banana an hour before."),
                (U, "We live in Cobán now, I walk to the stadium! But tortillas and beans, that I have."),
                (A, "Sorry, Cobán. Enjoy the games.")),
        session("s5", GUA, "2026-10-13 19:30",
                (U, "We're preparing for the orchid show in December and I have three hundred plants to "
                    "clean and label, my nitrile gloves are my best friends. Abner wants to help because "
                    "he heard there's a prize, Yesenia wants to help because Abner does. Chocoyo ate a "
                    "label. How do I prepare orchids so they look their best for a show?"),
                (A, "Choose plants with open flowers at their peak, clean the leaves with a soft damp "
                    "cloth, remove dead leaves and old sheaths, stake the spikes so the flowers face "
                    "forward, and label each plant clearly and correctly."),
                (U, "And keep the labels away from Chocoyo. Thank you."),
                (A, "Good luck at the show.")),
    ],
    "intended": {
        "at": lt(GUA, "2026-10-14 09:00"),
        "facts": [
            ["city", "Cobán"],
            ["employer", "Tzalam"],
            ["job_title", "orchid propagator"],
            ["relationship_status", "married"],
            ["partner_name", "Efraín"],
            ["child_name", "Abner"],
            ["child_name", "Yesenia"],
            ["pet", "Chocoyo"],
            ["allergy", "latex"],
            ["language_spoken", "Spanish"],
            ["language_spoken", "Q'eqchi"],
            ["language_spoken", "English"],
            ["hobby", "basketball"],
        ],
        "also_true": [
            ["job_title", "tissue culture"],
        ],
        "not_stored": [
            ["city", "San Pedro Carchá"],
            ["city", "Huehuetenango"],
            ["city", "Antigua"],
            ["job_title", "lab manager"],
            ["hobby", "aerobics"],
        ],
    },
}


USERS = [GOGA, PHEAKDEY, KAY, MARISOL]


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
    for key in ("facts", "also_true", "not_stored"):
        for pair in intended[key]:
            predicate, value = pair
            if predicate not in SINGLE | MULTI:
                raise ValueError(f"{name}/{key}: unknown predicate {predicate}")
            if key != "facts" and predicate not in {"smoking_status", "relationship_status"} \
                    and value.lower() not in " ".join(
                        t["text"] for st in doc["steps"] for t in st["session"]["turns"]).lower():
                raise ValueError(f"{name}/{key}: {predicate}={value} not in the conversation")
    if not 12 <= len(intended["facts"]) <= 14:
        raise ValueError(f"{name}: {len(intended['facts'])} intended facts, expected 12-14")
    seen_single = set()
    for predicate, value in intended["facts"]:
        if predicate in SINGLE:
            if predicate in seen_single:
                raise ValueError(f"{name}: two intended values for single-valued {predicate}")
            seen_single.add(predicate)
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
    for doc in docs:
        i = doc["intended"]
        line = (f"{doc['user']} {doc['name']}: {len(doc['steps'])} sessions, {len(i['facts'])} intended, "
                f"{len(i['also_true'])} also_true, {len(i['not_stored'])} not_stored")
        if not check:
            path = OUT / f"{doc['name']}.json"
            path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            line += f" -> {path}"
        print(line)
    print("ok" if check else f"wrote {len(docs)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
