#!/usr/bin/env python3
"""Write the held7 new-user conversations (format v1 plus an `intended` block).

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
NAMESPACE = "held7-new"

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
# 1. Ato: heritage guide, then education officer, in Cape Coast; the name on his passport
#    and the one he uses; wife and daughter; Fante, Ewe and English; a groundnut allergy; a
#    kitten; drumming kept, Sunday football dropped. Traps: a brother's move to Sunyani, the
#    assistant's "Winneba", a forwarded flyer with a wrong title and town (Elmina), a
#    friend's "apply at the port in Tema", the wife's home town.
# ---------------------------------------------------------------------------------------
ACC = "Africa/Accra"
ATO = {
    "name": "ato-education-officer-cape-coast",
    "description": "A heritage guide in Cape Coast who becomes education officer: the name he "
                   "goes by, wife and daughter, three languages, a groundnut allergy, a kitten, "
                   "drumming kept and football dropped; a forwarded flyer with false details.",
    "user": "h7n-01",
    "steps": [
        session("s1", ACC, "2026-01-12 19:00",
                (U, "Good evening. My nephew set this up for me, so let's see if it's as clever as he "
                    "says. My passport says Ebenezer Kwesi Quansah, but since I was a small boy everybody "
                    "calls me Ato, so call me Ato. I'm a guide at the castle here in Cape Coast, I work "
                    "for the Oguaa Heritage Trust, and this month we have school groups every single day. "
                    "The hard part is the dungeons: how do you tell ten-year-olds what happened there "
                    "without giving them nightmares, but without lying to them either? Can you help me "
                    "shape a fifteen-minute talk for that age?"),
                (A, "Hello Ato. Start with the building and the people who lived around it, tell the "
                    "truth in simple words, focus on real individuals and their courage, give the "
                    "children a quiet moment, and end with what we do today to remember."),
                (U, "Courage, yes, that's the thread. My wife Efua teaches primary four, I'll try it "
                    "on her first, she's my harshest critic. Our daughter Araba is five and already "
                    "corrects my stories at dinner."),
                (A, "Two good test audiences at home, then.")),
        session("s2", ACC, "2026-03-03 20:30",
                (U, "A language question today. On tours I speak English, at home it's Fante, and with "
                    "Efua's family I speak Ewe. She's from Keta and I learned Ewe to impress her mother, "
                    "it worked, eventually. We have more visitors from Togo now, so the Trust wants a "
                    "short welcome in Ewe on the audio guide. Can you help me check my draft? Also, "
                    "family news: my brother Kojo is moving to Sunyani next month, a job with the "
                    "forestry people, and my mother is already packing food for him."),
                (A, "Happy to. Since you live in Winneba, you could record it at the university studio "
                    "there. Please paste the draft."),
                (U, "I don't live in Winneba, I'm in Cape Coast, I have been all my life. The draft is "
                    "in my notebook, I'll send it tomorrow."),
                (A, "Sorry, Cape Coast. Send it whenever you're ready.")),
        session("s3", ACC, "2026-06-09 21:00",
                (U, "Big news, I've been promoted! Since the 1st of June I'm the education officer at "
                    "the Trust, so no more daily tours, I plan the school programmes and train the new "
                    "guides. My colleagues celebrated with groundnut soup and I had to explain, again, "
                    "that I'm allergic to groundnuts, so I ate the rice and watched. And a cousin "
                    "forwarded this flyer that's going around on WhatsApp:\n\n\"Heritage Walk with "
                    "Senior Guide Ato Quansah - Elmina Castle - every Saturday, 9am\"\n\nI have never "
                    "worked at Elmina and I'm not a guide any more. Somebody copied an old flyer. How do "
                    "I ask them to take it down politely?"),
                (A, "Congratulations, Ato! A short message: 'Hello, this flyer uses my name by mistake. "
                    "I'm the education officer at the Oguaa Heritage Trust in Cape Coast and don't run "
                    "walks at Elmina. Please remove it. Thank you.'"),
                (U, "Good, firm but kind. Sending it to my cousin to pass on."),
                (A, "That should sort it out.")),
        session("s4", ACC, "2026-08-20 19:30",
                (U, "Two small changes at home. Araba found a kitten in the gutter after the rains, "
                    "tiny and orange, and now we have a cat called Sika, because Araba says she's the "
                    "colour of gold. And my ankle has finished my Sunday football, I stopped in July, "
                    "twenty years on the same pitch. I still drum with the group at the community "
                    "centre on Friday nights, I've been drumming since January and that I won't give "
                    "up. A friend says I should apply to the port authority in Tema, double the salary. "
                    "If I took it we'd have to move and Araba would lose her school, so no. My question: "
                    "how do I keep a kitten from climbing the mosquito nets?"),
                (A, "Give her a scratching post and a shelf of her own to climb, tuck the nets in during "
                    "the day, and distract her with play before bedtime."),
                (U, "A shelf of her own, that's clever. Thank you."),
                (A, "Kittens calm down after a few months.")),
        session("s5", ACC, "2026-10-28 20:15",
                (U, "Araba turns six next Saturday and wants a party with 'all the drums'. Efua says "
                    "no drums inside the house, so we will do it in the yard. About fifteen children. "
                    "Can you help me plan two hours of games and food? No groundnuts anywhere, "
                    "please, I will be eating too. And Sika will hide under the bed, that's her plan."),
                (A, "Arrival and face painting, a drumming circle in the yard, musical chairs, a treasure "
                    "hunt, then jollof, chicken and fruit, cake, and a quiet story to close."),
                (U, "A drumming circle, she'll love it. Thank you."),
                (A, "Have a wonderful party.")),
    ],
    "intended": {
        "at": lt(ACC, "2026-10-29 09:00"),
        "facts": [
            ["preferred_name", "Ato"],
            ["city", "Cape Coast"],
            ["employer", "Oguaa Heritage"],
            ["job_title", "education officer"],
            ["partner_name", "Efua"],
            ["relationship_status", "married"],
            ["child_name", "Araba"],
            ["pet", "Sika"],
            ["allergy", "groundnut"],
            ["language_spoken", "Fante"],
            ["language_spoken", "Ewe"],
            ["language_spoken", "English"],
            ["hobby", "drum"],
        ],
        "also_true": [
            ["likes", "drum"],
        ],
        "not_stored": [
            ["city", "Winneba"],
            ["city", "Sunyani"],
            ["city", "Keta"],
            ["city", "Elmina"],
            ["city", "Tema"],
            ["job_title", "Senior Guide"],
            ["employer", "port authority"],
            ["hobby", "football"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 2. Kring: pharmacist who moves from Roxas City to Iloilo with a dated move and a dated
#    start, neither with a session on the day; a boyfriend, then engaged; Hiligaynon,
#    Tagalog and English; a shrimp allergy; a rescued dog; dragon boat since April, zumba
#    dropped. Traps: an onboarding memo with the wrong title and branch, the assistant's
#    "Bacolod", a sister's move to Doha, a cousin's "come to Riyadh".
# ---------------------------------------------------------------------------------------
MNL = "Asia/Manila"
KRING = {
    "name": "kring-pharmacist-to-iloilo",
    "description": "A pharmacist who moves from Roxas City to Iloilo for a hospital job with a "
                   "dated move and start; nickname, boyfriend then fiancé, three languages, a "
                   "shrimp allergy, a rescued dog, dragon boat; an onboarding memo with errors.",
    "user": "h7n-02",
    "steps": [
        session("s1", MNL, "2026-01-20 21:00",
                (U, "Hi! Kristine on paper but call me Kring, everyone does, even my patients. I'm a "
                    "pharmacist at Farmacia Baybay here in Roxas City, for six years now, but big news: "
                    "I got the clinical pharmacist job at Sampaguita Medical Center in Iloilo! I start on "
                    "Monday the 2nd of March, and we move on Saturday the 28th of February, my boyfriend "
                    "Jomar already found us a small apartment near Jaro. I'm excited and terrified. Can "
                    "you help me make a checklist for the last month here, handing over to whoever "
                    "replaces me, packing, the bank, all of it?"),
                (A, "Here's a checklist: give notice in writing, document your inventory and supplier "
                    "contacts, train your replacement, transfer your licence records, change your address "
                    "with the bank and PhilHealth, book movers, and pack one 'first week' box."),
                (U, "The first-week box, yes, with the rice cooker. Jomar would survive without the "
                    "bed but not without the rice cooker."),
                (A, "Priorities are priorities.")),
        session("s2", MNL, "2026-02-15 20:10",
                (U, "Sampaguita HR sent my onboarding memo and it has mistakes, look:\n\n"
                    "MEMO: New employee - Ms. Kristine D. - Pharmacy Supervisor - Kalibo Branch - "
                    "Start: March 16\n\n"
                    "I'm not a supervisor, I'm a clinical pharmacist, I'm going to the main hospital in "
                    "Iloilo, not Kalibo, and I start on the 2nd. How do I reply so I don't look difficult "
                    "before I've even started? Also my cousin in Riyadh keeps sending me agency ads, 'come "
                    "to Riyadh, better pay', but no, I've chosen."),
                (A, "Congratulations on the move to Bacolod! Reply: 'Thank you for the memo. Please "
                    "correct: position Clinical Pharmacist, main hospital, start date March 2.'"),
                (U, "Iloilo, not Bacolod! Everybody mixes them up. The reply is good, sending."),
                (A, "Sorry, Iloilo. Good luck with the move.")),
        session("s3", MNL, "2026-04-12 19:45",
                (U, "Six weeks in Iloilo and I love it. The hospital is big but the pharmacy team is "
                    "kind, and I'm learning so much on the wards. I speak Hiligaynon with the patients, "
                    "which helps a lot, Tagalog with the doctors from Manila, and English for all the "
                    "paperwork, so my brain switches all day. And I joined a dragon boat team on the "
                    "river! Since the start of April, practice every Saturday at six in the morning. I "
                    "used to do zumba in Roxas but I've given it up, the paddling is much more fun. My "
                    "arms hurt. What stretches should I do after practice?"),
                (A, "Cross-body shoulder stretch, triceps stretch, chest opener against a wall, "
                    "child's pose and a seated twist, 30 seconds each."),
                (U, "Child's pose, I can do that one half asleep. Thanks!"),
                (A, "Perfect after a six a.m. practice.")),
        session("s4", MNL, "2026-07-05 20:30",
                (U, "I'M ENGAGED!! Jomar proposed on his birthday, the 20th of June, at the end of our "
                    "dragon boat race, in front of the whole team, I almost fell in the river. We also "
                    "adopted a dog from the shelter last week, a brown aspin we named Biscocho, because "
                    "he's the colour of the ones my lola used to bake. And my sister Joy is moving to "
                    "Doha in August for a hotel job, my mother is crying every day. Can you help me "
                    "think about a wedding budget? We want something small, maybe eighty guests."),
                (A, "Congratulations! Rough split: venue and food about half, then clothes, "
                    "photography, church or civil fees, rings and a buffer of ten percent."),
                (U, "Half on food sounds right, it's a Filipino wedding."),
                (A, "Food is the heart of it.")),
        session("s5", MNL, "2026-11-15 19:00",
                (U, "We've booked the church for April! Now the reception menu. One important thing: "
                    "I'm allergic to shrimp, really allergic, so no shrimp in anything, and the caterer "
                    "wants to do sinigang na hipon. Can you suggest a menu for eighty guests that feels "
                    "like a feast without shrimp? Biscocho will be the ring bearer if Jomar has his way."),
                (A, "Lechon, chicken inasal, pancit, a pork or fish sinigang instead of shrimp, "
                    "vegetable kare-kare, rice, and leche flan and mango float for dessert."),
                (U, "Chicken inasal, yes, Jomar's favourite. Thank you!"),
                (A, "That will be a feast.")),
    ],
    "intended": {
        "at": lt(MNL, "2026-11-16 09:00"),
        "facts": [
            ["preferred_name", "Kring"],
            ["city", "Iloilo"],
            ["employer", "Sampaguita"],
            ["job_title", "clinical pharmacist"],
            ["partner_name", "Jomar"],
            ["relationship_status", "engaged"],
            ["pet", "Biscocho"],
            ["allergy", "shrimp"],
            ["language_spoken", "Hiligaynon"],
            ["language_spoken", "Tagalog"],
            ["language_spoken", "English"],
            ["hobby", "dragon boat"],
        ],
        "also_true": [
            ["likes", "dragon boat"],
            ["preferred_name", "Kristine"],
        ],
        "not_stored": [
            ["city", "Roxas"],
            ["employer", "Farmacia Baybay"],
            ["job_title", "Pharmacy Supervisor"],
            ["city", "Kalibo"],
            ["city", "Bacolod"],
            ["city", "Doha"],
            ["city", "Riyadh"],
            ["city", "Manila"],
            ["hobby", "zumba"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 3. Gwen: boatbuilder in Caernarfon; a nickname; stopped smoking on New Year's Day and
#    still stopped ten months later; engaged, then married in May; a sheepdog puppy; a
#    kiwi allergy; Welsh, English and Breton; sea kayaking kept, bell ringing dropped.
#    Traps: she lived in Bangor before, the assistant's "Bangor", a regatta programme with
#    a wrong title and town, a brother's move to Cardiff, a yard in Lorient's offer.
# ---------------------------------------------------------------------------------------
LON = "Europe/London"
GWEN = {
    "name": "gwen-boatbuilder-caernarfon",
    "description": "A boatbuilder in Caernarfon: nickname, stopped smoking on New Year's Day, "
                   "engaged then married, a sheepdog puppy, a kiwi allergy, Welsh, English and "
                   "Breton, kayaking kept and bell ringing dropped; a regatta programme with "
                   "false details.",
    "user": "h7n-03",
    "steps": [
        session("s1", LON, "2026-01-08 20:00",
                (U, "Hiya. New year, new habits, so here I am. I'm Gwenllian but it's Gwen to anyone "
                    "who's met me more than once. I'm a boatbuilder, I build wooden boats at Menai Boatworks, down on the "
                    "harbour in Caernarfon, I've lived here three years now, we moved over from Bangor "
                    "when the flat above the chip shop came up. Resolution number one: I stopped smoking "
                    "on New Year's Day, so this is day eight, and I'm chewing through pencils at work. "
                    "Resolution two is the wedding: Carys and I are getting married in May and I have "
                    "done nothing. Can you give me tricks for the cravings? Those first, the wedding can "
                    "wait a week."),
                (A, "Delay each craving by ten minutes, drink cold water, keep your hands busy (you "
                    "already have the pencils), avoid the places you used to smoke, and consider "
                    "nicotine gum for the worst moments."),
                (U, "The ten-minute rule I can try. The smoking spot was the slipway, so that's hard to "
                    "avoid, it's where the boats are."),
                (A, "Then take your tea somewhere else on the harbour for a few weeks.")),
        session("s2", LON, "2026-02-26 19:30",
                (U, "Day fifty-seven and still not smoking, in case you were wondering. I need help "
                    "with something odd: a yard in Brittany sent me a letter in Breton about a "
                    "traditional boat we're restoring together. I did a year in Lorient on a boatbuilding "
                    "course, so I can read Breton fairly well, and my Welsh helps, it's all cousins. "
                    "English is the one I write worst in, honestly, I grew up speaking Welsh at home. "
                    "Could you help me draft a reply in plain English first and I'll translate it? Also "
                    "I've been out sea kayaking twice this month on the Strait, freezing but beautiful."),
                (A, "Of course. Since you're in Bangor, the Strait must be right on your doorstep! Here's "
                    "a draft: 'Thank you for the drawings. We can start on the planking in April...'"),
                (U, "Caernarfon, not Bangor, I left Bangor three years ago. But yes, the Strait is on my "
                    "doorstep. The draft's good."),
                (A, "Sorry, Caernarfon. Glad the draft works.")),
        session("s3", LON, "2026-04-30 21:00",
                (U, "The regatta programme came out and they've got me completely wrong:\n\n"
                    "'Judges' boat: Gwen Pritchard, Harbour Master, Pwllheli'\n\n"
                    "I'm not a harbour master, I build boats, and I've never lived in Pwllheli. I'm "
                    "just judging the wooden boat class. Can you help me write a polite correction? "
                    "Also I've stopped the bell ringing at the parish church, since March. Six years on the "
                    "Tuesday practice, but with the wedding and the kayaking something had to go. The "
                    "tower captain forgave me, mostly."),
                (A, "'Hello, a small correction for the programme: Gwen Pritchard, boatbuilder at Menai "
                    "Boatworks, Caernarfon, judging the wooden boat class. Thank you!'"),
                (U, "Perfect. Three weeks to the wedding, help."),
                (A, "You'll be fine, it's mostly lists now.")),
        session("s4", LON, "2026-06-14 18:30",
                (U, "We did it! Carys and I got married on the 23rd of May, on the quay, in the rain, "
                    "and it was perfect. Funny moment: the caterer put kiwi in the fruit salad and I'm "
                    "allergic to kiwi, my lips swell up, so my new wife spent ten minutes picking green "
                    "bits out of my bowl. And the wedding present from her parents: a sheepdog puppy! "
                    "A black and white collie called Mot, who has already chewed my good chisel handle. "
                    "How do I stop a collie puppy chewing tools?"),
                (A, "Congratulations! Keep tools out of reach, give Mot plenty of chew toys and mental "
                    "work (collies need it), and swap the chisel for a toy every time he grabs something."),
                (U, "Mental work, he's going to end up smarter than me."),
                (A, "Collies usually are.")),
        session("s5", LON, "2026-10-19 20:45",
                (U, "Ten months without a cigarette, I can't quite believe it. Carys wants to celebrate "
                    "with a weekend away. My brother Ifan has just moved to Cardiff for work, so we "
                    "might go there, or somewhere with water for the kayaks. Oh, and that yard in "
                    "Lorient asked if I'd come and work for them for a year. If I said yes we'd have "
                    "to rent out the flat and find Mot a passport, so I said no, thank you, maybe one "
                    "day. Can you suggest a weekend with paddling, not too far from home, in October?"),
                (A, "Try Llyn Padarn for calm lake paddling, or the Pembrokeshire coast if the weather "
                    "holds, with a dog-friendly cottage for Mot."),
                (U, "Dog-friendly, yes, Mot comes everywhere now."),
                (A, "Enjoy the weekend.")),
    ],
    "intended": {
        "at": lt(LON, "2026-10-20 09:00"),
        "facts": [
            ["preferred_name", "Gwen"],
            ["city", "Caernarfon"],
            ["employer", "Menai Boatworks"],
            ["job_title", "boatbuilder"],
            ["partner_name", "Carys"],
            ["relationship_status", "married"],
            ["smoking_status", "non-smoker"],
            ["pet", "Mot"],
            ["allergy", "kiwi"],
            ["language_spoken", "Welsh"],
            ["language_spoken", "English"],
            ["language_spoken", "Breton"],
            ["hobby", "kayak"],
        ],
        "also_true": [
            ["likes", "kayak"],
            ["preferred_name", "Gwenllian"],
        ],
        "not_stored": [
            ["city", "Bangor"],
            ["city", "Pwllheli"],
            ["job_title", "Harbour Master"],
            ["city", "Cardiff"],
            ["city", "Lorient"],
            ["hobby", "bell ringing"],
            ["smoking_status", "smoker"],
            ["relationship_status", "engaged"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 4. Zuza: cabinet maker in Prešov who moves back to Košice (where she studied) for an
#    organ workshop, with a dated move and start; a boyfriend, then a break-up at Easter;
#    a rabbit; vegetarian; a birch pollen allergy; Slovak, Rusyn and English; folk dance and
#    orienteering. Traps: a sister's move to Žilina, the assistant's "Bratislava", a
#    concert programme with a wrong job and town, an offer from Passau.
# ---------------------------------------------------------------------------------------
BTS = "Europe/Bratislava"
ZUZA = {
    "name": "zuza-organ-workshop-back-to-kosice",
    "description": "A cabinet maker who moves back to Košice for an organ workshop (dated move "
                   "and start); nickname, a break-up at Easter, a rabbit, vegetarian, a birch "
                   "pollen allergy, three languages, folk dance and orienteering; a concert "
                   "programme with false details.",
    "user": "h7n-04",
    "steps": [
        session("s1", BTS, "2026-01-15 20:00",
                (U, "Dobrý deň. Zuzana officially, Zuza for everyone else. I'm a cabinet maker at Šariš "
                    "Nábytok here in Prešov, kitchens mostly, but I've just been offered the thing I've "
                    "wanted since I was nineteen: an apprenticeship as an organ restorer at the Hornád "
                    "Organ Workshop in Košice. I start on the 1st of March and I'll move on the 28th of "
                    "February, back to Košice, where I studied, so I know the city already. My boyfriend "
                    "Matej is staying here in Prešov, it's only forty minutes, we'll see. My rabbit Mrkva "
                    "is coming with me, obviously. Can you help me write a nice goodbye note for my boss "
                    "at Šariš? He's been good to me."),
                (A, "'Dear Mr. Kováč, thank you for four years of trust and good wood. I learned more "
                    "in your workshop than in any school. I'll miss the team, and I'll be back to visit.'"),
                (U, "Good wood, he'll love that. Thank you."),
                (A, "Good luck with the move.")),
        session("s2", BTS, "2026-03-20 19:30",
                (U, "Three weeks at the workshop and my hands smell of old pine and hide glue. We're "
                    "restoring a Baroque organ from a village church, eight hundred pipes, and I'm "
                    "cleaning pipe number forty. Back in Košice since the end of February, a tiny flat "
                    "near the old town, Mrkva has the biggest room. A language thing: the church "
                    "council writes to us in Rusyn, which I grew up with at my grandmother's, I speak "
                    "Slovak every day, obviously, and English for the Austrian and Belgian organ people. "
                    "Could you help me write a short English email to a pipe maker asking for a quote? "
                    "Also a workshop in Passau wrote to me, if I ever want to go there they'd take me, "
                    "but I've only just got here."),
                (A, "Of course. Since you're in Bratislava, the pipe maker can deliver by van. "
                    "Draft: 'Dear Sir or Madam, we would like a quote for...'"),
                (U, "Košice, not Bratislava, other end of the country! The draft is fine."),
                (A, "Sorry, Košice. Glad the draft helps.")),
        session("s3", BTS, "2026-05-10 21:15",
                (U, "Matej and I split up at Easter. The forty minutes turned out to be a lot, and we "
                    "wanted different things. So I'm single, and sad, and also a bit relieved. My "
                    "sneezing is not sadness though, it's the birches, I'm allergic to birch pollen and "
                    "Košice is full of birches. The good news is I've joined a Rusyn folk dance ensemble, "
                    "rehearsals twice a week, and I'm already sore in places I didn't know existed. Also, "
                    "I'm vegetarian, since I was fifteen, and the ensemble's after-rehearsal dinners are "
                    "all sausages. What can I bring that everyone will eat?"),
                (A, "Bryndza pirohy, a big potato salad, lokše with a sweet or savoury filling, or a "
                    "tray of mushroom and cabbage pastries."),
                (U, "Pirohy, of course, nobody says no to pirohy."),
                (A, "A safe bet.")),
        session("s4", BTS, "2026-08-02 18:00",
                (U, "Summer update. Since June I've been doing orienteering with a club on Sundays, map "
                    "and compass in the forest, I'm terrible and I love it. My sister Dominika moved to "
                    "Žilina last month with her husband, so I drove Mrkva and a van of boxes across the "
                    "country. And look what a friend sent me, the programme for a concert:\n\n"
                    "'Organ: Zuzana Hrabovská, cathedral organist, Banská Bystrica'\n\n"
                    "That's me, by name, but I don't play the organ, I repair them, and I've never lived "
                    "in Banská Bystrica. Should I write to them or just laugh?"),
                (A, "Write a short note so nobody expects you to play: 'I restore organs at the Hornád "
                    "Organ Workshop in Košice; I think the programme means another organist.'"),
                (U, "Ha, yes, otherwise someone will hand me the keys."),
                (A, "Better safe.")),
        session("s5", BTS, "2026-11-11 19:00",
                (U, "St. Martin's day and it's actually snowing, so the legend works this year. The "
                    "Baroque organ is finished, we played it in the church on Sunday and the whole "
                    "village cried, me too. Next is a small nineteenth-century organ from a school. "
                    "I want to make a photo book of the restoration for the village. How should I "
                    "structure it? Mrkva says hello, she's eating the cables again."),
                (A, "Open with the organ as you found it, then the dismantling, the workshop work on "
                    "pipes, wind chest and case, the reassembly, and end with the concert and the "
                    "village."),
                (U, "End with the village, yes. Thank you."),
                (A, "It will be a lovely book.")),
    ],
    "intended": {
        "at": lt(BTS, "2026-11-12 09:00"),
        "facts": [
            ["preferred_name", "Zuza"],
            ["city", "Košice"],
            ["employer", "Hornád"],
            ["job_title", "organ restorer"],
            ["relationship_status", "single"],
            ["pet", "Mrkva"],
            ["dietary_restriction", "vegetarian"],
            ["allergy", "birch"],
            ["language_spoken", "Slovak"],
            ["language_spoken", "Rusyn"],
            ["language_spoken", "English"],
            ["hobby", "folk dance"],
            ["hobby", "orienteering"],
        ],
        "also_true": [
            ["preferred_name", "Zuzana"],
            ["likes", "orienteering"],
        ],
        "not_stored": [
            ["city", "Prešov"],
            ["employer", "Šariš"],
            ["job_title", "cabinet maker"],
            ["partner_name", "Matej"],
            ["city", "Bratislava"],
            ["city", "Žilina"],
            ["city", "Passau"],
            ["city", "Banská Bystrica"],
            ["job_title", "cathedral organist"],
        ],
    },
}

USERS = [ATO, KRING, GWEN, ZUZA]


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
