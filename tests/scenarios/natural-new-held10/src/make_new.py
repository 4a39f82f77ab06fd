#!/usr/bin/env python3
"""Write the held10 new-user conversations (format v1 plus an `intended` block).

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
NAMESPACE = "held10new"

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
# 1. Tako: assistant winemaker, then head winemaker from Tuesday 1 September (no session on
#    the day), at a family wine cellar in Kutaisi; the name on her passport and the one she
#    uses; husband and son; a dog; stopped smoking on 7 January and still stopped; a walnut
#    allergy; Georgian, Mingrelian and English; polyphonic choir taken up, tennis dropped.
#    Traps: a brother's move to Poti, the assistant's "Zugdidi", studies in Telavi, a wine-fair
#    listing with a wrong title and town (Ambrolauri), an offer from an estate in Sighnaghi,
#    refused.
# ---------------------------------------------------------------------------------------
TBS = "Asia/Tbilisi"
TAKO = {
    "name": "tako-head-winemaker-kutaisi",
    "description": "An assistant winemaker in Kutaisi who becomes head winemaker: the name she "
                   "uses, husband and son, a dog, stopped smoking, a walnut allergy, three "
                   "languages, a choir taken up and tennis dropped; a fair listing with false "
                   "details.",
    "user": "h10n-01",
    "steps": [
        session("s1", TBS, "2026-01-19 20:00",
                (U, "Hello! My friend says you remember things, so let's see. My passport says Tamar, "
                    "but please call me Tako, everyone does, even my boss. I'm the assistant winemaker at "
                    "Marani Rioni, a family cellar here in Kutaisi, we make wine in qvevri, the big clay "
                    "jars buried in the ground, and right now the wine is sleeping in them and I'm "
                    "checking every jar with a candle and my nose. Also, I stopped smoking on Christmas, "
                    "the 7th of January, twelve days now, and I'm eating sunflower seeds like a parrot. "
                    "My question: how do I keep the qvevri clean between vintages without chemicals? We "
                    "use lime and a cherry-bark brush, like my grandfather, but I want to be sure."),
                (A, "Lime and a cherry-bark brush are the traditional method and they work: scrub, rinse "
                    "with hot water several times, lime-wash, rinse again and let the jar dry with the "
                    "lid open before sealing it with beeswax or clay."),
                (U, "Good, then my grandfather was right, as usual. My husband Levan says I talk about "
                    "jars more than about him."),
                (A, "Jars and husbands can share the conversation.")),
        session("s2", TBS, "2026-03-16 19:30",
                (U, "A scary week. On Sunday at my mother-in-law's I ate one spoon of satsivi and my lips "
                    "swelled up like a duck, we went to the hospital, and the doctor says I'm allergic to "
                    "walnuts. In Georgia! Walnuts are in half our food, satsivi, badrijani, churchkhela, "
                    "everything. Now I carry the pen with adrenaline. Our son Sandro, he's seven, thinks "
                    "it's very cool that his mum has an injection. Also my brother Giorgi is moving to "
                    "Poti in April for a job at the port, my mother is sad, Poti is only an hour and a "
                    "half but for her that's another planet. How do I explain my allergy to old ladies "
                    "who cook for every feast?"),
                (A, "Keep it short and firm: 'Walnuts put me in hospital, even a little.' Ask which dishes "
                    "have nuts, bring one safe dish yourself, and ask the hostess to set a portion aside "
                    "before the nuts go in."),
                (U, "A portion aside before the nuts, yes, that's diplomatic."),
                (A, "Diplomacy and a safe dish.")),
        session("s3", TBS, "2026-05-25 21:00",
                (U, "Life update. I gave up tennis in May, my elbow hurts every time and the doctor said "
                    "choose, so I chose. Instead I joined a polyphonic choir, we sing the old Imeretian "
                    "songs on Wednesday nights in the church hall, three voices, I sing the middle one, "
                    "and it's the best part of my week. Sandro comes and sits in the front row. At home "
                    "I speak Georgian, with my grandmother Mingrelian because she's from Samegrelo, and "
                    "English with the importers from abroad. And we adopted a dog! A big white shepherd "
                    "puppy, Kuzia, who already thinks the vineyard is his. Oh, and no cigarettes since "
                    "January, still clean. How do I train a shepherd puppy not to chase the chickens?"),
                (A, "Lovely! For a puppy in Zugdidi with chickens: keep him on a long lead near the "
                    "coop, reward him every time he looks away from the chickens and at you, and never "
                    "let him practise chasing."),
                (U, "We're in Kutaisi, not Zugdidi, Zugdidi is my grandmother's side. But the long lead, "
                    "okay."),
                (A, "Sorry, Kutaisi. Long lead and lots of treats.")),
        session("s4", TBS, "2026-08-10 20:15",
                (U, "Big news! Our head winemaker is retiring at the end of August, and from Tuesday the "
                    "1st of September I'm the head winemaker at Marani Rioni, just in time for the "
                    "harvest, terrifying. Same cellar, same jars, more worry. Also a big estate in "
                    "Sighnaghi offered me a job, twice the money, but I said no, Kakheti is not my home "
                    "and Levan's work is here. I studied in Telavi and that was enough of the east for "
                    "me. How do I organise a harvest crew when I've never been the boss before?"),
                (A, "Make a simple plan: which rows on which days, who picks, who carries, who works the "
                    "press; meet the crew every morning for five minutes, keep a list of who did what, and "
                    "thank people by name."),
                (U, "Five minutes every morning, good, they hate long speeches."),
                (A, "Short and clear works best.")),
        session("s5", TBS, "2026-11-09 19:45",
                (U, "The harvest is done, the wine is in the jars, and I survived my first season as "
                    "head winemaker. Look at this, the wine fair put me in their catalogue:\n\n"
                    "> Tamar K., Chief Oenologist, Ambrolauri Wine Company, Ambrolauri.\n\n"
                    "Wrong! I'm head winemaker at Marani Rioni in Kutaisi, I've never worked in "
                    "Ambrolauri and I'm not an oenologist on paper. Levan laughed for ten minutes. Can "
                    "you help me write a polite correction to the organisers?"),
                (A, "Dear organisers, thank you for including me in the catalogue. Please correct my "
                    "entry to: Tako (Tamar) K., Head Winemaker, Marani Rioni, Kutaisi. Thank you, and see "
                    "you at the fair."),
                (U, "Perfect. Sending it with a bottle, just in case."),
                (A, "A bottle always helps.")),
    ],
    "intended": {
        "at": lt(TBS, "2026-11-10 09:00"),
        "facts": [
            ["preferred_name", "Tako"],
            ["city", "Kutaisi"],
            ["employer", "Marani Rioni"],
            ["job_title", "head winemaker"],
            ["partner_name", "Levan"],
            ["child_name", "Sandro"],
            ["pet", "Kuzia"],
            ["smoking_status", "non-smoker"],
            ["allergy", "walnut"],
            ["language_spoken", "Georgian"],
            ["language_spoken", "Mingrelian"],
            ["language_spoken", "English"],
            ["hobby", "choir"],
        ],
        "also_true": [
            ["preferred_name", "Tamar"],
            ["hobby", "polyphonic"],
        ],
        "not_stored": [
            ["city", "Poti"],
            ["city", "Zugdidi"],
            ["city", "Telavi"],
            ["city", "Sighnaghi"],
            ["city", "Ambrolauri"],
            ["employer", "Ambrolauri Wine Company"],
            ["job_title", "Chief Oenologist"],
            ["hobby", "tennis"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 2. Bimu: tandem pilot at one paragliding club in Pokhara, then paragliding instructor at
#    another from Monday 7 September (no session on the day); the name on paper and the one
#    she uses; engaged, then married on Friday 24 April; a cat; vegetarian; a hearing aid;
#    Nepali, Gurung and English; trail running kept, guitar lessons dropped. Traps: a
#    brother's move to Incheon, the assistant's "Kathmandu", a childhood in Butwal, an offer
#    from a club in Bir (Himalayas), refused, a flyer with a wrong title and town (Bandipur).
# ---------------------------------------------------------------------------------------
KTM = "Asia/Kathmandu"
BIMU = {
    "name": "bimu-paragliding-instructor-pokhara",
    "description": "A tandem paragliding pilot in Pokhara who becomes an instructor at another "
                   "club: the name she uses, a wedding on a dated day, a cat, vegetarian, a "
                   "hearing aid, three languages, running kept and guitar dropped; a flyer with "
                   "false details.",
    "user": "h10n-02",
    "steps": [
        session("s1", KTM, "2026-02-16 19:00",
                (U, "Namaste! I'm Bimala on my citizenship card, but everybody calls me Bimu, so Bimu "
                    "please. I fly tandem paragliders over the lake in Pokhara, I'm a tandem pilot at "
                    "Phewa Wings, six years now, I take tourists off the hill and they scream and then "
                    "they cry and then they want to do it again. One thing you should know: I'm hard of "
                    "hearing in my left ear since a fever as a child, I wear a hearing aid, so I prefer "
                    "writing to voice notes. And I'm vegetarian, the whole family is, so no chicken "
                    "recipes please. My fiancé Suraj and I are getting married on Friday the 24th of "
                    "April and I have no idea how to plan a wedding. Where do I start?"),
                (A, "Congratulations! Start with the guest list and the budget, then book the venue and "
                    "the priest for the date, then food, clothes and music; write everything in one "
                    "notebook or shared document so Suraj can see it too."),
                (U, "One notebook, okay. My mother will want to write in it too."),
                (A, "Give her a page of her own.")),
        session("s2", KTM, "2026-03-30 20:30",
                (U, "Wedding planning is eating my life. I stopped my guitar lessons in March, no time, "
                    "and honestly I was bad. But the trail running stays, every morning at five up to "
                    "the World Peace Pagoda and down, that's what keeps me sane. At home we speak Nepali, "
                    "with my grandparents Gurung, and English with the tourists all day. My brother "
                    "Sushant got a job in Incheon in South Korea, he leaves in June, my mother is already "
                    "crying at every meal. Any ideas for a vegetarian wedding menu for three hundred "
                    "people that isn't just dal bhat?"),
                (A, "Paneer curries, vegetable momos, chana masala, sel roti, aloo dum, mixed pickles "
                    "and a sweet like kheer or jeri; a live momo counter is always popular."),
                (U, "A momo counter! Suraj will eat the whole counter."),
                (A, "Order extra for him.")),
        session("s3", KTM, "2026-05-18 21:00",
                (U, "We're married! The wedding on the 24th of April was beautiful, it rained only for ten "
                    "minutes, and Suraj cried more than me. He's moved into my flat near the lake, and we "
                    "adopted a cat from the shelter the week after, a grey one we named Momo, because what "
                    "else. My hearing aid died in the rain at the wedding, by the way, I had to get a new "
                    "one. Work is quiet now, monsoon soon, fewer flights. How do I get a shy cat used to a "
                    "new husband?"),
                (A, "Congratulations! Let Suraj feed Momo, have him sit quietly on the floor and let the "
                    "cat come to him, use treats, and avoid picking her up until she's comfortable."),
                (U, "He's already sitting on the floor every evening like a monk. It's working slowly."),
                (A, "Patience will win her over.")),
        session("s4", KTM, "2026-07-20 19:30",
                (U, "Career news! The Sarangkot Sky Club asked me to teach their beginner courses, and "
                    "I said yes: from Monday the 7th of September I'm a paragliding instructor there, no "
                    "more tandem at Phewa Wings, my last flight there is at the end of August. Teaching "
                    "people to fly alone, I'm so excited. A club in Bir, across the border in the Himalayas, also offered me a job, "
                    "but I said no, we just got married and Pokhara is home. How do I teach nervous "
                    "beginners to trust the wing?"),
                (A, "Congratulations! Will you commute from Kathmandu for the courses?"),
                (U, "Kathmandu? No, I live in Pokhara, the club is on the hill right above the lake. "
                    "Kathmandu is six hours by bus! So, the nervous beginners?"),
                (A, "Sorry, Pokhara. Start with lots of ground handling so they feel the wing lift them on flat ground, "
                    "break each step into small successes, talk calmly over the radio, and let them "
                    "watch others launch first."),
                (U, "Ground handling first, yes, I remember how I was scared."),
                (A, "Your own memories will make you a good teacher.")),
        session("s5", KTM, "2026-10-26 20:00",
                (U, "Seven weeks as an instructor at Sarangkot Sky Club and I love it, my first students "
                    "flew solo last week. But look at the flyer the club's marketing boy made:\n\n"
                    "> Fly with Bimala, Chief Pilot, Bandipur Paragliding Centre!\n\n"
                    "I'm not a chief pilot, I'm a paragliding instructor, and I've never flown for "
                    "Bandipur, that's a different club on a different hill. Help me write him a nice "
                    "message to fix it. And by the way, I grew up in Butwal, not here, in case he asks "
                    "for a 'local girl' story."),
                (A, "Hi! Thanks for the flyer, it looks great. Two small fixes: please write 'Bimu, "
                    "Paragliding Instructor, Sarangkot Sky Club'. Thank you!"),
                (U, "Nice and short. Sent."),
                (A, "Happy flying.")),
    ],
    "intended": {
        "at": lt(KTM, "2026-10-27 09:00"),
        "facts": [
            ["preferred_name", "Bimu"],
            ["city", "Pokhara"],
            ["employer", "Sarangkot Sky"],
            ["job_title", "paragliding instructor"],
            ["relationship_status", "married"],
            ["partner_name", "Suraj"],
            ["pet", "Momo"],
            ["dietary_restriction", "vegetarian"],
            ["accessibility_need", "hearing"],
            ["language_spoken", "Nepali"],
            ["language_spoken", "Gurung"],
            ["language_spoken", "English"],
            ["hobby", "running"],
        ],
        "also_true": [
            ["preferred_name", "Bimala"],
        ],
        "not_stored": [
            ["employer", "Phewa Wings"],
            ["job_title", "tandem pilot"],
            ["job_title", "Chief Pilot"],
            ["employer", "Bandipur Paragliding"],
            ["city", "Kathmandu"],
            ["city", "Butwal"],
            ["city", "Bir"],
            ["city", "Incheon"],
            ["hobby", "guitar"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 3. Ching: veterinary nurse at an animal clinic in Davao; the name on paper and the one she
#    uses; with Paolo, a break-up on Saturday 16 May, then with Jerome since Saturday 5
#    September; a cat and a dog; a shrimp allergy found out; Cebuano, English and Chavacano;
#    pickleball taken up, line dancing dropped. Traps: a sister's move to General Santos, the
#    assistant's "Cagayan de Oro" (where she grew up), a clinic post with a wrong title, an
#    offer from a clinic in Jeddah, refused, a friend's engagement.
# ---------------------------------------------------------------------------------------
MNL = "Asia/Manila"
CHING = {
    "name": "ching-vet-nurse-davao",
    "description": "A veterinary nurse in Davao: the name she uses, a break-up and a new partner, "
                   "a cat and a dog, a shrimp allergy, three languages, pickleball taken up and "
                   "line dancing dropped; a clinic post with a false title.",
    "user": "h10n-03",
    "steps": [
        session("s1", MNL, "2026-01-12 20:00",
                (U, "Hi! So on my birth certificate I'm Cristina, but my whole life it's been Ching, "
                    "please call me Ching. I'm a veterinary nurse at Agdao Animal Clinic here in Davao, I "
                    "hold the dogs while the doctor does the scary stuff, and I'm the one they bite. My "
                    "boyfriend Paolo says I smell like disinfectant all the time. At home it's Cebuano, "
                    "with my lola it's Chavacano because she's from Zamboanga, and English at the clinic "
                    "with the papers. My own cat is Siopao, a fat orange boy who hates the clinic smell on "
                    "me. Question: how do I calm a dog that panics on the examination table?"),
                (A, "Use a non-slip mat, let the dog sniff you first, keep your voice low and slow, offer "
                    "treats or a lick mat, and hold them close to your body rather than pinning them."),
                (U, "A lick mat with peanut butter, we'll try it tomorrow."),
                (A, "Good luck with the patients.")),
        session("s2", MNL, "2026-03-09 19:30",
                (U, "I found out I'm allergic to shrimp, at thirty-one! At my friend Marites's engagement "
                    "party on Saturday I ate the gambas and my face blew up, and the doctor confirmed it, "
                    "shrimp, so no more gambas for me. Marites is getting married in December, by the way, "
                    "I'm a bridesmaid. My sister Lorna is moving to General Santos next month for a "
                    "nursing job. I'm still doing line dancing on Friday nights at the mall, for now. "
                    "What seafood can people with a shrimp allergy usually still eat?"),
                (A, "Many people allergic to shrimp react to other shellfish like crab and lobster too, "
                    "while fish is a separate allergy; ask your doctor whether fish is safe for you before "
                    "trying it."),
                (U, "Okay, I'll ask before I eat any more of my mother's kinilaw."),
                (A, "Better to check first.")),
        session("s3", MNL, "2026-06-01 21:00",
                (U, "Paolo and I broke up, on Saturday the 16th of May, after four years. He's moving to "
                    "Tacloban for work and he didn't even ask me to come, so, that's that. I'm single and "
                    "honestly okay, my friends took me to eat durian. Also, a stray puppy was left at the "
                    "clinic and nobody claimed her, so now she's mine, a little purple-tongued thing we "
                    "call Ube. Siopao is not impressed. How do I introduce a puppy to a grumpy old cat?"),
                (A, "Keep them in separate rooms first and swap blankets so they learn each other's "
                    "smell, then short meetings with the puppy on a lead, and always give the cat a high "
                    "place to escape to."),
                (U, "High place, yes, Siopao lives on top of the fridge already."),
                (A, "Then he's got the best seat in the house.")),
        session("s4", MNL, "2026-08-24 20:30",
                (U, "A clinic in Jeddah offered me a job, good salary, but I said no, I don't want to be "
                    "so far from my lola and my animals. I quit the line dancing in July, the mall group "
                    "got too serious with competitions, and now I play pickleball three evenings a week "
                    "at the covered court near our barangay hall, it's so fun. The clinic posted a photo "
                    "of me on Facebook saying 'our Head Veterinarian Ching', which I'm not, I'm the vet "
                    "nurse, the doctor was not happy. What shoes are good for pickleball on concrete?"),
                (A, "Court shoes made for tennis or pickleball, with a flat, non-marking sole, good side "
                    "support and cushioning; running shoes are too soft at the sides for quick "
                    "lateral moves."),
                (U, "Court shoes, okay. My running shoes are already dying anyway."),
                (A, "Time for new ones, then.")),
        session("s5", MNL, "2026-10-19 19:45",
                (U, "Okay, I have to tell someone: I'm in a relationship again. Jerome, he brings his "
                    "beagle to the clinic, and we've been together since Saturday the 5th of September, "
                    "when he asked me to coffee after the beagle's vaccine. He plays pickleball too, so. "
                    "Ube and Siopao are friends now, Ube sleeps next to the fridge and Siopao sleeps on "
                    "top. Marites's wedding is in December and I need a gift. What's a good wedding gift for "
                    "a couple who already live together?"),
                (A, "Congratulations, Ching! How are things in Cagayan de Oro? For a gift: an "
                    "experience they can share, like a dinner or a weekend away, or something "
                    "personal like a framed photo of them."),
                (U, "I grew up in Cagayan de Oro but I live in Davao, for twelve years now. A weekend "
                    "away is a nice idea, thanks."),
                (A, "Sorry, Davao. A weekend away, then.")),
    ],
    "intended": {
        "at": lt(MNL, "2026-10-20 09:00"),
        "facts": [
            ["preferred_name", "Ching"],
            ["city", "Davao"],
            ["employer", "Agdao"],
            ["job_title", "veterinary nurse"],
            ["relationship_status", "in a relationship"],
            ["partner_name", "Jerome"],
            ["pet", "Siopao"],
            ["pet", "Ube"],
            ["allergy", "shrimp"],
            ["language_spoken", "Cebuano"],
            ["language_spoken", "English"],
            ["language_spoken", "Chavacano"],
            ["hobby", "pickleball"],
        ],
        "also_true": [
            ["preferred_name", "Cristina"],
            ["job_title", "vet nurse"],
        ],
        "not_stored": [
            ["partner_name", "Paolo"],
            ["relationship_status", "single"],
            ["city", "Cagayan de Oro"],
            ["city", "General Santos"],
            ["city", "Jeddah"],
            ["city", "Tacloban"],
            ["job_title", "Head Veterinarian"],
            ["hobby", "line dancing"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 4. Maru: occupational therapist at a thermal spa in Salto, then at a clinic from Monday 3
#    August (no session on the day); the name on paper and the one she uses; husband and twin
#    children; a horse; lactose intolerant; a smoker who tried to stop for a week and did not;
#    candombe drumming taken up, padel dropped. Traps: a sister's move to Paysandú, the
#    assistant's "Concordia" (across the river), a childhood in Bella Unión, an offer from a
#    clinic in Córdoba, refused.
# ---------------------------------------------------------------------------------------
MVD = "America/Montevideo"
MARU = {
    "name": "maru-occupational-therapist-salto",
    "description": "An occupational therapist in Salto who changes employer on a dated day: the "
                   "name she uses, husband and twins, a horse, lactose intolerance, still a smoker "
                   "after a failed week, candombe taken up and padel dropped.",
    "user": "h10n-04",
    "steps": [
        session("s1", MVD, "2026-02-02 21:00",
                (U, "Hi. My documents say María Eugenia, but I've been Maru since kindergarten, so "
                    "Maru. I'm an occupational therapist at Balneario Itapebí, the thermal spa outside "
                    "Salto, I do rehabilitation in the warm pools, mostly old people after hip "
                    "operations, and they tell me their whole lives while they walk in the water. It's "
                    "summer and forty degrees and the pools are full of tourists from across the river. "
                    "My husband Sebastián has the twins this week, Lara and Bruno, they're eight. I'm "
                    "lactose intolerant, so the dulce de leche at every birthday is my enemy. How do I "
                    "keep my voice from going in a noisy pool hall all day?"),
                (A, "Use a small waterproof voice amplifier, face the patient and stand close rather "
                    "than raising your voice, drink water through the day and rest your voice at lunch."),
                (U, "An amplifier in the pool, the grannies will think I'm a lifeguard. Fine."),
                (A, "They'll hear you, at least.")),
        session("s2", MVD, "2026-04-13 20:00",
                (U, "Honest report: I tried to stop smoking in March, I lasted exactly one week, and then "
                    "at an asado I took one and that was it, so I'm still a smoker, twelve a day, don't "
                    "lecture me. I also dropped padel, the club moved the games to Sunday mornings and "
                    "Sunday mornings are for mate and the newspaper. My sister Agustina moved to Paysandú "
                    "last month with her boyfriend. And our horse Tordillo, the old grey one at the "
                    "farm, has a sore hoof. How do I know if a horse's hoof problem is serious?"),
                (A, "Call the vet if he's limping badly, won't put weight on the foot, the hoof is hot "
                    "or there's a smell or discharge; meanwhile keep him in a clean, dry place."),
                (U, "It's hot. I'll call the vet tomorrow."),
                (A, "Good idea.")),
        session("s3", MVD, "2026-06-22 19:30",
                (U, "Change of job! From Monday the 3rd of August I'll be working at Clínica del Litoral, "
                    "in the centre of Salto, in their children's rehabilitation unit, still as an "
                    "occupational therapist but with kids, which is what I always wanted. My last day at "
                    "Itapebí is the 31st of July. A clinic in Córdoba also called, they offered more "
                    "money, but I said no, we're not leaving Salto, the twins have their school and "
                    "Sebastián has his work. How do I prepare to work with children when I've worked "
                    "with old people for ten years?"),
                (A, "Read up on developmental milestones, observe the children's therapists for a few "
                    "days, turn every exercise into a game, and talk to the parents as partners."),
                (U, "Exercises as games, I'll practise on the twins."),
                (A, "They'll be happy to help.")),
        session("s4", MVD, "2026-09-07 20:15",
                (U, "A month at Clínica del Litoral and I'm so happy, the kids are wonderful and they "
                    "laugh at my bad jokes. And I started candombe drumming! A group from the "
                    "neighbourhood practises on Thursday nights, I play the chico drum, my hands are "
                    "destroyed but I love it. Tordillo's hoof is fine now. Still smoking, still not "
                    "ready to try again. How do I keep my hands from blistering with the drum?"),
                (A, "Tape the parts of your fingers that rub, play from the wrist and not with force, "
                    "build up the length of practice slowly, and use a hand cream at night."),
                (U, "Tape, okay. My neighbour said the same."),
                (A, "Your neighbour is right.")),
        session("s5", MVD, "2026-11-16 21:00",
                (U, "The candombe group is playing at the carnival in February and I'm in it! The twins "
                    "want to dance in front. We crossed to Concordia on Saturday to buy school shoes, it's "
                    "cheaper on the Argentine side right now. I grew up in Bella Unión, up north, and my "
                    "father still says Salto is the big city. What can I cook for a candombe group dinner "
                    "that's lactose free?"),
                (A, "How is life in Concordia? For the dinner: a big chivito-style sandwich tray without "
                    "cheese, chorizo on the grill, a tomato and onion salad, and fruit salad for dessert."),
                (U, "We live in Salto, we only shop in Concordia! But chorizo and salad, sure."),
                (A, "Sorry, Salto. Enjoy the dinner.")),
    ],
    "intended": {
        "at": lt(MVD, "2026-11-17 09:00"),
        "facts": [
            ["preferred_name", "Maru"],
            ["city", "Salto"],
            ["employer", "Litoral"],
            ["job_title", "occupational therapist"],
            ["relationship_status", "married"],
            ["partner_name", "Sebasti"],
            ["child_name", "Lara"],
            ["child_name", "Bruno"],
            ["pet", "Tordillo"],
            ["dietary_restriction", "lactose"],
            ["smoking_status", "smoker"],
            ["hobby", "candombe"],
        ],
        "also_true": [
            ["preferred_name", "María Eugenia"],
        ],
        "not_stored": [
            ["employer", "Itapebí"],
            ["city", "Paysandú"],
            ["city", "Concordia"],
            ["city", "Bella Unión"],
            ["city", "Córdoba"],
            ["hobby", "padel"],
        ],
    },
}


USERS = [TAKO, BIMU, CHING, MARU]


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
