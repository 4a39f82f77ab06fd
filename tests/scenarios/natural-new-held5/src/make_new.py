#!/usr/bin/env python3
"""Write the held5 new-user conversations (format v1 plus an `intended` block).

Four people tell an assistant about their own lives over five sessions each. Every file
carries, beside its steps, what the author meant the memory to hold at the end:
`intended.facts` (must be current at `intended.at`), `intended.also_true` (true, not
required) and `intended.not_stored` (documentary: things said in the conversation that must
not be current facts of the user at `intended.at`; the scorer does not read it).

Edit this script, not the JSON.  `python make_new.py` writes the files to the parent
folder; `python make_new.py --check` validates without writing.
"""
from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent
NAMESPACE = "held5-new"

SINGLE = {"preferred_name", "pronouns", "language", "timezone", "city", "country", "employer",
          "job_title", "relationship_status", "current_project", "current_goal",
          "partner_name", "smoking_status"}
MULTI = {"allergy", "dietary_restriction", "accessibility_need", "pet", "child_name", "hobby",
         "language_spoken", "likes", "dislikes"}


def session(sid: str, started_at: str, *turns: tuple[str, str]) -> dict:
    """Turns alternate user/assistant; offsets follow typing and reading time."""
    out, t = [], 0
    for i, (role, text) in enumerate(turns):
        if i:
            t += 15 + len(text) // (6 if role == "user" else 25)
        out.append({"role": role, "text": text, "offset_s": t})
    return {"session": {"id": sid, "started_at": started_at, "turns": out}}


U, A = "user", "assistant"

# ---------------------------------------------------------------------------------------
# 1. Teo: sound engineer in Cluj-Napoca; notice with a dated future start (no session at
#    the switch), engagement, a rabbit that died and two guinea pigs, violin dropped,
#    bouldering, three languages, a cat allergy, a year off cigarettes; traps: brother's
#    job in Bucharest, a joke about Tenerife, a recruiter's email, the assistant's wrong
#    date and wrong diet.
# ---------------------------------------------------------------------------------------
TEO = {
    "name": "teo-sound-cluj",
    "description": "A sound engineer in Cluj-Napoca: nickname, girlfriend then fiancee, a notice "
                   "period with a dated new start, violin dropped for bouldering, a rabbit that "
                   "died and two guinea pigs, a recruiter's email with false facts.",
    "user": "h5n-01",
    "steps": [
        session("s1", "2026-02-09T21:10:00+02:00",
                (U, "Hi, first time using this. My passport says Teodora but nobody has called me "
                    "that since my christening, so Teo, please. I'm a sound engineer at Fonograf, a "
                    "small production and rental company here in Cluj: conferences most weeks, and "
                    "now and then a metal band in somebody's basement. What I need tonight is "
                    "boring: a packing list for a three-day festival load-in at the end of March. "
                    "We're bringing the PA, eight monitor wedges and about forty microphones. My "
                    "girlfriend Ilinca says I pack like a raccoon, so please be thorough. And it has "
                    "to be done before Thursday, because Thursday evening is my violin lesson and "
                    "I'm not skipping it again, my teacher already thinks I'm hopeless."),
                (A, "Hi Teo! Here's a list by category: PA and rigging, monitors, microphones and "
                    "stands, cabling with 20% spares, power distribution, tools, and consumables."),
                (U, "Good. Put gaffer tape on it twice, it's always gone by day two. And batteries, "
                    "the AA kind, a lot of them."),
                (A, "Added: two boxes of gaffer tape and 48 AA batteries, plus a battery tester.")),
        session("s2", "2026-04-02T22:30:00+03:00",
                (U, "The festival survived, I survived, one monitor didn't. Different question. My "
                    "grandmother in Turda turns eighty on Sunday and I want to write her card in "
                    "Hungarian. She's the only person I speak Hungarian with, so mine is "
                    "kitchen-level at best. Romanian is what I think in, and English I use all day "
                    "at work, since every touring band's tech rider is in English. Can you help me "
                    "with a short, warm message? Something like 'to the best cook in the family, "
                    "happy eightieth, see you at Easter'. My brother Vlad just got a job at a bank "
                    "in Bucharest and moves there in May, so the card is from both of us."),
                (A, "Of course: 'Drága Nagymama! Boldog 80. születésnapot a család legjobb "
                    "szakácsának! Húsvétkor találkozunk. Sok szeretettel: Teo és Vlad'"),
                (U, "Perfect, she'll cry. One more thing since you're here: Ilinca wants a cat, and "
                    "I'm properly allergic to cats, as in swollen eyes within ten minutes. We already "
                    "have Pufi, our rabbit, who is in charge of the flat. Is any cat breed actually "
                    "safe, or is 'hypoallergenic' a marketing lie?"),
                (A, "Mostly marketing: no breed is free of the main cat allergen, though some "
                    "produce less. With a real allergy, a few hours with the specific cat is the "
                    "only honest test."),
                (U, "Then Pufi stays an only child. Thanks."),
                (A, "Give her an extra carrot from me.")),
        session("s3", "2026-06-18T19:45:00+03:00",
                (U, "Handed in my notice at Fonograf this morning. It's a month's notice, so my last "
                    "day is Friday the 17th of July, and on Monday the 3rd of August I start at "
                    "Cetate Events as head of audio. Same city, better money, and I'll finally be "
                    "the one who decides which consoles we buy. My boss was decent about it, though "
                    "he sighed very loudly. Ilinca keeps saying that with the raise we should just "
                    "move to Tenerife and open a beach bar, which is her answer to everything. "
                    "Anyway: the bands I mix regularly should hear it from me, not through the "
                    "grapevine. Can you help me write them a short message?"),
                (A, "Congratulations! So from the 17th of July you're at Cetate. Here's a draft: "
                    "'Hi all, some news: after the summer I'm moving to Cetate Events...'"),
                (U, "No, the 17th is my last day at Fonograf, Cetate is from the 3rd of August. The "
                    "draft is fine otherwise. Unrelated: I gave up the violin. Four months of "
                    "lessons and I still sounded like a door hinge, so I stopped in May and I don't "
                    "miss it. What I do after work now is bouldering, three evenings a week at the "
                    "gym by the Someș, and my forearms have never looked better."),
                (A, "Noted, the 3rd of August at Cetate. Bouldering three times a week will do more "
                    "for your back than the violin did anyway.")),
        session("s4", "2026-09-10T20:00:00+03:00",
                (U, "Five weeks in at Cetate and I've already rewired half the warehouse, which "
                    "nobody asked me to do. Big personal news: Ilinca and I got engaged last "
                    "weekend! She asked me at the top of a boulder problem, which was terrifying and "
                    "very her. We're thinking of a small wedding next autumn. And this Saturday, the "
                    "12th, it'll be exactly a year since my last cigarette. I don't even want one "
                    "when I'm drinking any more. Now something silly. A recruiter sent me this and I "
                    "don't know whether to laugh:\n\n---\nDear Ms. Mureșan,\nFollowing your move to "
                    "Timișoara, we would like to discuss how your experience as Senior Audio Lead at "
                    "Sonora Group fits our client's needs. Please confirm your new address in "
                    "Timișoara by replying to this email.\n---\n\nI have never lived in Timișoara "
                    "and I've never worked for Sonora. Is this a scam or just a mass email with the "
                    "wrong details?"),
                (A, "Congratulations on the engagement! The email looks like a badly merged "
                    "template or phishing. Don't send your address; if you're curious, look the "
                    "agency up yourself and contact them through their own website."),
                (U, "I'll ignore it. Thanks."),
                (A, "Good call. Enjoy your anniversary on Saturday.")),
        session("s5", "2026-11-24T21:00:00+02:00",
                (U, "Sad month. We lost Pufi at the end of October. She was nine, which is ancient "
                    "for a rabbit, and she went quietly in her sleep. The flat was too quiet without "
                    "her, so last week we adopted two guinea pigs from the shelter on Calea "
                    "Florești. Ilinca named them Cartof and Fasole, potato and bean, because she's "
                    "a genius. They scream every time the fridge opens. Now I need to plan Christmas "
                    "dinner: my parents, Vlad if he can get away from Bucharest, Ilinca and me. "
                    "Ilinca is vegan, the rest of us eat everything, and I don't want her stuck "
                    "with a plate of side dishes. Can you suggest a menu where the main dish works "
                    "for everyone?"),
                (A, "I'm sorry about Pufi. Since you're vegetarian too, how about a mushroom and "
                    "chestnut pie as the main, with sarmale in a vegan and a meat version?"),
                (U, "I'm not vegetarian, I'll eat the pork sarmale happily, it's only Ilinca. But "
                    "the pie is a great idea, my mother will want the recipe."),
                (A, "Sorry, my mistake. The pie works for everyone, and two pots of sarmale keep "
                    "both sides happy.")),
    ],
    "intended": {
        "at": "2026-11-25T09:00:00+02:00",
        "facts": [
            ["preferred_name", "Teo"],
            ["city", "Cluj"],
            ["employer", "Cetate"],
            ["job_title", "head of audio"],
            ["partner_name", "Ilinca"],
            ["relationship_status", "engaged"],
            ["pet", "Cartof"],
            ["pet", "Fasole"],
            ["allergy", "cat"],
            ["language_spoken", "Romanian"],
            ["language_spoken", "Hungarian"],
            ["language_spoken", "English"],
            ["hobby", "boulder"],
            ["smoking_status", "non-smoker"],
        ],
        "also_true": [
            ["country", "Romania"],
            ["hobby", "climb"],
            ["likes", "boulder"],
        ],
        "not_stored": [
            ["preferred_name", "Teodora"],
            ["employer", "Fonograf"],
            ["job_title", "sound engineer"],
            ["hobby", "violin"],
            ["pet", "Pufi"],
            ["city", "Turda"],
            ["city", "Bucharest"],
            ["city", "Tenerife"],
            ["city", "Timișoara"],
            ["employer", "Sonora"],
            ["job_title", "Senior Audio Lead"],
            ["employer", "bank"],
            ["dietary_restriction", "vegetarian"],
            ["dietary_restriction", "vegan"],
            ["smoking_status", "smoker"],
        ],
    },
}

# ---------------------------------------------------------------------------------------
# 2. Anand: structural engineer; a planned dated move Nashik -> Hyderabad, told as done two
#    months later; job title changes inside the same employer; wife and two children; a
#    puppy; an allergy blamed on the dog that turns out to be dust mites; a job offer
#    abroad considered and turned down; the assistant's wrong city.
# ---------------------------------------------------------------------------------------
ANAND = {
    "name": "anand-site-hyderabad",
    "description": "A structural engineer with a wife and two children: a dated move from Nashik "
                   "to Hyderabad told later as done, a new title at the same company, a street "
                   "puppy, dust mites not the dog, a Dubai offer weighed and declined, cycling "
                   "taken up, four languages.",
    "user": "h5n-02",
    "steps": [
        session("s1", "2026-03-07T08:15:00+05:30",
                (U, "Good morning. I'm Anand, a structural engineer with Deccan Infra here in "
                    "Nashik, which mostly means flyovers and, since last year, one very slow metro "
                    "viaduct. Weekend question for you. My son Arjun turns ten next month and wants "
                    "a telescope, because his class did a unit on the planets. I'm a birdwatcher "
                    "myself, out at Gangapur dam with my binoculars most Sunday mornings, but I know "
                    "nothing about telescopes. What should I look for under 15,000 rupees? My "
                    "daughter Meera is six and mainly wants to know if she can see the face in the "
                    "moon, so it has to be easy enough for her too."),
                (A, "For that budget, a 114 mm reflector on a simple alt-azimuth mount, or a 70 mm "
                    "refractor if you want it lighter. Both show the moon's craters and Saturn's "
                    "rings."),
                (U, "Saturn's rings would make his year. My wife Lakshmi will ask where it's going "
                    "to live in the flat, but that's a separate problem."),
                (A, "A covered balcony corner works. Let it cool outside for twenty minutes before "
                    "observing.")),
        session("s2", "2026-05-20T22:40:00+05:30",
                (U, "Big change coming. The company is sending me to Hyderabad to run the site of "
                    "the new metro extension, so we're moving there on the 1st of August. Lakshmi "
                    "has already found a school for the kids in Kondapur, and we're looking at flats "
                    "near it. She's less happy than I am: she's a dentist and has to leave the "
                    "practice she built with two friends here, though she says Hyderabad needs teeth "
                    "too. Language-wise it's a new mix again for me. I grew up in Chennai, so Tamil "
                    "is home, twenty years in Nashik gave me Marathi, and it's Hindi and English at "
                    "work. Telugu I'll have to learn from scratch, and my ear for it is terrible. "
                    "Can you give me a checklist for a move between states with two children? I "
                    "keep thinking of things at 2 am."),
                (A, "Here's one: school transfer certificates, address changes (Aadhaar, bank, gas "
                    "connection), vehicle re-registration, packers with transit insurance, and a "
                    "first-week box for each child."),
                (U, "Vehicle re-registration, I'd forgotten that completely. One thing I won't have "
                    "to pack is cigarettes. I stopped the day Meera was born and haven't touched one "
                    "since."),
                (A, "Six years, well done. That's one thing fewer in the boxes.")),
        session("s3", "2026-10-03T20:00:00+05:30",
                (U, "Hello again. We've been in Hyderabad for two months now, in a flat in Kondapur "
                    "ten minutes from the school. I'm the project manager for the metro extension "
                    "site, which means half my day on the phone and the other half in the sun. "
                    "Still Deccan Infra, only a different badge. The bigger news: the children wore "
                    "us down, and in September we adopted a street puppy. Laddoo, because he's round "
                    "and golden. He has chewed one slipper from each pair, which is almost clever. "
                    "How do I stop a four-month-old puppy chewing everything, and get him to sleep "
                    "through the night? We're vegetarian at home, always have been, so I'd prefer "
                    "a vegetarian diet for him too if that's safe."),
                (A, "Give him chew toys and swap one in whenever he grabs a slipper; a crate near "
                    "your bed helps at night. On food: dogs can manage on a carefully balanced "
                    "vegetarian diet, but ask your vet first, puppies especially."),
                (U, "I'll ask the vet. Arjun has named the crate 'the launch pad', so at least "
                    "someone is still thinking about the telescope."),
                (A, "A good name. Saturn will still be there when Laddoo sleeps through.")),
        session("s4", "2027-01-16T09:30:00+05:30",
                (U, "Morning. Two things. First, the itchy rash I've had since December: the doctor "
                    "was sure it was Laddoo, and the kids were in tears at the idea of giving him "
                    "away. The allergy test came back yesterday and it's dust mites, not the dog at "
                    "all. So Laddoo stays and the mattresses go. Second, a headhunter called with a "
                    "role in Dubai, project director at Gulf Arc Contracting, tax-free salary, the "
                    "works. What if I took it? Lakshmi would have to stop working again and the kids "
                    "would change schools twice in a year. Help me think it through, pros and cons, "
                    "honestly. My brother Suresh is moving to Melbourne in March for his job, so the "
                    "family is scattering anyway."),
                (A, "Pros: the salary, a step up to director, international experience. Cons: a "
                    "second move in a year for the children, Lakshmi's career on hold again, and "
                    "Dubai's summers. It might also be worth asking whether Deccan Infra would make "
                    "a counter-offer."),
                (U, "Asking them to counter is smart. I'll think about it over the weekend. And "
                    "where do I even start with dust mites?"),
                (A, "Allergen-proof covers for mattresses and pillows, bedding washed at 60 degrees "
                    "every week, and keep the bedroom humidity down.")),
        session("s5", "2027-03-28T21:00:00+05:30",
                (U, "Update: I said no to Dubai. Lakshmi's new practice in Madhapur has just taken "
                    "off and the kids are happy, so it wasn't really a decision. Deccan Infra gave me "
                    "a small raise anyway, so thank you for that idea. New thing: I've started "
                    "cycling. A group from Kondapur rides every Saturday and Sunday at 5:30, before "
                    "the heat, 40 to 50 km. I was last every time for a month and now I'm only "
                    "second to last. The birdwatching has moved too: there's a lake near Gachibowli "
                    "with pelicans, of all things. Meera has started Bharatanatyam classes and "
                    "practises in the living room, and Laddoo joins in. Question: what should I eat "
                    "before a 5:30 ride? I can't face a full breakfast that early."),
                (A, "A banana and a few dates half an hour before works well. For the hill climbs "
                    "around Nashik, carry an extra snack in your pocket."),
                (U, "I'm in Hyderabad now, remember, it's flat as a dosa here. But a banana and "
                    "dates I can do."),
                (A, "Sorry, Hyderabad. On the flat, a banana with dates and a bottle with "
                    "electrolytes will carry you through 50 km.")),
    ],
    "intended": {
        "at": "2027-03-29T09:00:00+05:30",
        "facts": [
            ["city", "Hyderabad"],
            ["employer", "Deccan"],
            ["job_title", "project manager"],
            ["partner_name", "Lakshmi"],
            ["relationship_status", "married"],
            ["child_name", "Arjun"],
            ["child_name", "Meera"],
            ["pet", "Laddoo"],
            ["hobby", "bird"],
            ["hobby", "cycl"],
            ["dietary_restriction", "vegetarian"],
            ["allergy", "mite"],
            ["smoking_status", "non-smoker"],
            ["language_spoken", "Tamil"],
            ["language_spoken", "Marathi"],
            ["language_spoken", "Hindi"],
            ["language_spoken", "English"],
        ],
        "also_true": [
            ["preferred_name", "Anand"],
            ["country", "India"],
            ["likes", "bird"],
            ["likes", "cycl"],
        ],
        "not_stored": [
            ["city", "Nashik"],
            ["city", "Chennai"],
            ["city", "Dubai"],
            ["city", "Melbourne"],
            ["employer", "Gulf Arc"],
            ["job_title", "project director"],
            ["job_title", "structural engineer"],
            ["job_title", "dentist"],
            ["language_spoken", "Telugu"],
            ["allergy", "dog"],
            ["smoking_status", "smoker"],
            ["hobby", "Bharatanatyam"],
            ["hobby", "telescope"],
        ],
    },
}

# ---------------------------------------------------------------------------------------
# 3. Bia: PhD in Coimbra -> postdoc in Aarhus (dated start, no session on the day); a vegan
#    diet started and ended; a kiwi allergy disproved; a break-up and, later, a new partner;
#    pronouns; a dislike; traps: the assistant's wrong city, the landlady's cat, a Christmas
#    trip home, a language being learnt.
# ---------------------------------------------------------------------------------------
BIA = {
    "name": "bia-postdoc-aarhus",
    "description": "A marine biologist finishing a PhD in Coimbra and starting a postdoc in "
                   "Aarhus on a dated day: vegan and back, a kiwi allergy disproved, a break-up "
                   "then a new girlfriend, pronouns, sea kayaking, a landlady's cat, a trip home.",
    "user": "h5n-03",
    "steps": [
        session("s1", "2026-01-22T23:10:00+00:00",
                (U, "Hello. I'm supposed to be writing my thesis, so talking to you counts as "
                    "research, right? I'm Beatriz, but it's Bia for everyone, my supervisor "
                    "included. Fourth-year PhD in marine biology at the University of Coimbra, on "
                    "seagrass meadows in the Ria Formosa, which means a lot of fieldwork down in the "
                    "Algarve and a lot of sitting in Coimbra staring at spreadsheets. I went vegan "
                    "on the 1st of January, half for the planet and half because my flatmate Joana "
                    "dared me, and I'm running out of ideas. I need high-protein dinners that take "
                    "under fifteen minutes, because I get home at ten. Also I'm allergic to kiwi, "
                    "my mouth goes itchy, so nothing with kiwi please."),
                (A, "Here are five: chickpea and spinach curry from tinned chickpeas, tofu scramble "
                    "wraps, red lentil pasta with pesto, black bean quesadillas, and peanut noodles "
                    "with edamame."),
                (U, "Peanut noodles tonight. My boyfriend Tomás will say that's not food, but he's "
                    "in Lisbon and can't see me."),
                (A, "What he can't see can't hurt him. Good luck with the thesis!")),
        session("s2", "2026-03-30T18:00:00+01:00",
                (U, "I got the postdoc!!! Aarhus University, in Denmark, in a group that works on "
                    "eelgrass in the Kattegat, so my seagrass obsession finally pays. It starts on "
                    "the 1st of September. I defend in mid-July and I'll fly up on the 24th of "
                    "August, which gives me a week to find a bed and a bicycle. The less happy part: "
                    "Tomás and I broke up last week. He doesn't want to leave Lisbon and I'm not "
                    "staying in Portugal, so it was kind and sad and final. I'm fine. Mostly. "
                    "Practical question: how do people find a room in Aarhus from abroad without "
                    "getting scammed?"),
                (A, "Congratulations on the Copenhagen job! For rooms: the university's housing "
                    "office, the big rental sites, and groups for international researchers; never "
                    "pay a deposit before you've seen the room or signed a contract."),
                (U, "Aarhus, not Copenhagen, it's three hours away! But thank you, I'll start with "
                    "the university's housing office."),
                (A, "Sorry, Aarhus. Their housing office keeps rooms for new international staff, "
                    "so apply early.")),
        session("s3", "2026-07-15T20:30:00+01:00",
                (U, "I defended yesterday!! Doctor Bia. My mother cried, my supervisor cried, I "
                    "cried. Two confessions now that it's over. One: the vegan thing lasted until "
                    "about April. I'm back to eating everything, my mother's bacalhau won, and I've "
                    "made peace with it. Two: I finally did the allergy test for kiwi and it was "
                    "negative. Completely. So I'm not allergic to kiwi after all, and I avoided it "
                    "for ten years for nothing. Now I need to learn Danish. Right now I know 'tak' "
                    "and 'hyggeligt', and the Danish in videos sounds like someone talking with a "
                    "potato in their mouth. I speak Portuguese, English, and fluent Spanish from the "
                    "two years of my master's in Vigo, but none of it helps. Where should I start?"),
                (A, "Congratulations, Doctor! Start with the free Danish classes the municipality "
                    "offers newcomers, and an app for daily practice. Pronunciation is the hard "
                    "part, so listen a lot."),
                (U, "Free classes, perfect. First I'll celebrate with a kiwi."),
                (A, "Well earned.")),
        session("s4", "2026-09-14T21:00:00+02:00",
                (U, "Two weeks into the postdoc and I love it. The lab is eight people from six "
                    "countries, and the boat days on the fjord are the best part. Aarhus itself is "
                    "windier than anyone warned me. My room in Frederiksbjerg is tiny but it looks "
                    "onto a courtyard, and my landlady's cat Mis comes in every evening to inspect "
                    "my dinner. I've joined the university's sea kayaking club, we paddle on "
                    "Wednesdays after work if the wind allows, which in Denmark is never "
                    "guaranteed. Small admin thing: the lab wiki asks everyone for pronouns, and I "
                    "put she/her, which I'd never thought about writing down before. Question: I'm "
                    "cold already, in September. What do I actually need for a Danish winter, "
                    "without spending a fortune?"),
                (A, "Layers: a merino base layer, a fleece and a good windproof, waterproof shell, "
                    "plus wool socks, a hat and waterproof trousers for cycling. Second-hand shops "
                    "are full of them."),
                (U, "Waterproof trousers, so glamorous. One cultural note: the whole lab loves salty "
                    "liquorice and I can't stand it. I'm getting a reputation."),
                (A, "You can be the lab's liquorice-free zone.")),
        session("s5", "2026-12-03T19:30:00+01:00",
                (U, "Happy news for once: I'm seeing someone. Freja, she does fish genetics in the "
                    "lab across the corridor. We've been together since the end of October and it's "
                    "going very well, to the point where she's teaching me Danish swear words. I fly "
                    "home to Coimbra on the 19th for Christmas, two weeks with my family, and she's "
                    "coming down for New Year. My mother is already planning what to feed her. What "
                    "should I bring my family from Denmark as presents? Something that isn't "
                    "liquorice, obviously."),
                (A, "Danish design travels well: a small ceramic piece, a wool blanket, good "
                    "candles, or butter cookies and local chocolate. For your father, a bottle of "
                    "aquavit."),
                (U, "Candles and aquavit, my father will be happy. And Freja can bring the butter "
                    "cookies, that'll win my mother over."),
                (A, "Sounds like a lovely Christmas.")),
    ],
    "intended": {
        "at": "2026-12-04T09:00:00+01:00",
        "facts": [
            ["preferred_name", "Bia"],
            ["city", "Aarhus"],
            ["employer", "Aarhus"],
            ["job_title", "postdoc"],
            ["pronouns", "she/her"],
            ["partner_name", "Freja"],
            ["language_spoken", "Portuguese"],
            ["language_spoken", "English"],
            ["language_spoken", "Spanish"],
            ["hobby", "kayak"],
            ["dislikes", "liquorice"],
        ],
        "also_true": [
            ["country", "Denmark"],
            ["relationship_status", "relationship"],
            ["relationship_status", "dating"],
            ["relationship_status", "partner"],
            ["job_title", "researcher"],
            ["likes", "kayak"],
        ],
        "not_stored": [
            ["preferred_name", "Beatriz"],
            ["city", "Coimbra"],
            ["city", "Lisbon"],
            ["city", "Vigo"],
            ["city", "Copenhagen"],
            ["employer", "University of Coimbra"],
            ["job_title", "PhD student"],
            ["partner_name", "Tomás"],
            ["relationship_status", "single"],
            ["dietary_restriction", "vegan"],
            ["allergy", "kiwi"],
            ["pet", "Mis"],
            ["language_spoken", "Danish"],
        ],
    },
}

# ---------------------------------------------------------------------------------------
# 4. Rafa: ICU nurse; engaged then married; an old dog that died and a kitten later; moving
#    back to his home city with a dated new job; smoking stopped, then resumed; red-green
#    colour blindness; three languages; traps: a sister-in-law's move, an HR profile with a
#    false title, a brother's claimed intolerance, a baby on the way (no name yet).
# ---------------------------------------------------------------------------------------
RAFA = {
    "name": "rafa-nurse-merida",
    "description": "An ICU nurse in Mexico City who marries and moves back to Merida for a dated "
                   "new job; stops smoking and starts again; an old dog dies and a kitten "
                   "arrives; colour-blind; an HR profile with a wrong title; a baby due.",
    "user": "h5n-04",
    "steps": [
        session("s1", "2026-02-14T23:30:00-06:00",
                (U, "Valentine's Day and I'm on nights, so here I am talking to a computer at half "
                    "eleven. I'm Rafael, Rafa to anyone who's met me twice. ICU nurse at Hospital "
                    "San Judas in Mexico City, twelve-hour night shifts, four on, three off. My "
                    "fiancée Daniela is at home with our old chihuahua Chispa, who is fifteen and "
                    "hates everyone except her. The wedding is on the 6th of June in Mérida, where "
                    "we both grew up. And yes, I'm a nurse who smokes, I know, half a pack on a night "
                    "shift. Don't lecture me tonight. What I actually want: how do I stay sharp at "
                    "4 am without a fifth coffee?"),
                (A, "Bright light at the station, a short walk around 3 am, a protein snack rather "
                    "than sugar, and cold water on your face. Caffeine after 3 am will wreck your "
                    "sleep after the shift."),
                (U, "The walk I can do, the unit is long enough. Cold water on my face in front of "
                    "the patients, not so much."),
                (A, "The staff bathroom, then.")),
        session("s2", "2026-04-11T15:00:00-06:00",
                (U, "Twelve days without a cigarette. I stopped on the 30th of March, the day after "
                    "my uncle's bypass, which scared me more than any lecture. Wedding planning is "
                    "swallowing my days off: 140 guests, my mother wants 200, and Daniela's sister "
                    "wants a mariachi and a DJ. Her sister is moving to Monterrey the week after the "
                    "wedding, so everything is 'her last party'. The seating plan is a spreadsheet "
                    "colour-coded in red and green, which is useless to me because I'm colour-blind, "
                    "red-green, like my grandfather. Can you suggest a way to mark the tables that "
                    "I can read too?"),
                (A, "Use symbols or patterns instead of colours, or a blue and orange palette that "
                    "red-green colour-blind people can tell apart, and put the table number in every "
                    "cell."),
                (U, "Blue and orange, and numbers. Daniela will say it's ugly, but I'll be able to "
                    "read it."),
                (A, "Readable beats pretty for a seating plan.")),
        session("s3", "2026-06-20T12:00:00-06:00",
                (U, "Married! Two weeks ago today, in Mérida, and it was the best day of my life "
                    "even though it rained on the church steps. Daniela is officially stuck with me. "
                    "Sadder news from before that: Chispa died the week before the wedding, in her "
                    "sleep, fifteen years old. Daniela put her photo on the table next to the cake. "
                    "And one more big thing: we've decided to go back to Mérida for good. I've "
                    "accepted a job in the ICU at Hospital Itzamná there, starting on the 1st of "
                    "August, and Daniela got a post at a primary school in García Ginerés. We drive "
                    "down with everything on the 25th of July. It's 1,300 km. What do I need to plan "
                    "for a drive that long with a loaded car, in July?"),
                (A, "Congratulations, and I'm sorry about Chispa. Split the drive over two days with "
                    "a night in Villahermosa, check the tyres and the cooling system before you "
                    "leave, drive early, and carry water and a spare phone charger."),
                (U, "Villahermosa, good. Daniela wants to stop in Palenque too, the honeymoon we "
                    "didn't have."),
                (A, "Palenque is worth the detour if you have a spare day.")),
        session("s4", "2026-09-05T21:00:00-06:00",
                (U, "Back in Mérida five weeks and it's an oven, I'd forgotten. Itzamná is good, "
                    "the ICU team is small and they actually talk to each other. Confession: I'm "
                    "smoking again. Since the move, the stress of the boxes and a new unit. About "
                    "five a day. I hate it. Something funny: the hospital's HR system sent me my "
                    "staff profile to check, and it's wrong in a way that would make my mother "
                    "proud:\n\nPerfil de personal\nNombre: Rafael Quintero Canul\nPuesto: Jefe de "
                    "Enfermería\nDepartamento: Dirección\nAntigüedad: 12 años\n\nI've been there "
                    "five weeks and I'm a staff nurse in the ICU, not head of nursing. Who do I "
                    "tell, and how do I quit smoking a second time, when the first time only lasted "
                    "until a move?"),
                (A, "Tell HR in writing so there's a record, with your contract attached. For the "
                    "smoking: set a date, tell Daniela and a colleague, and ask your doctor about "
                    "nicotine replacement. Relapsing after a big change is common and doesn't mean "
                    "you can't do it."),
                (U, "Email to HR, done, and I'll see the doctor. One good thing: I've joined a "
                    "softball team with some guys from the hospital, we play Sunday mornings before "
                    "it gets too hot. I'm terrible at it. And the older patients here often speak "
                    "Maya; my grandmother taught me enough to get by, so I'm useful for once. "
                    "Spanish, Maya, and the English from my nursing exchange in Houston: I'm the "
                    "unit's translator now."),
                (A, "Softball and the unit's translator, it sounds like you're settling in.")),
        session("s5", "2026-12-12T19:00:00-06:00",
                (U, "Two pieces of news. First: Daniela is pregnant! Due in June. We found out last "
                    "week and haven't told anyone except my mother, who guessed from Daniela's "
                    "face. Second: we adopted a kitten from our neighbour's litter, a little black "
                    "and white one called Pepita, and Daniela says the cat is practice for the "
                    "baby. Smoking: I'm down to one or two a day, so still a smoker, and I have "
                    "until June to be done with it for good. Question: is a cat a danger in "
                    "pregnancy? My mother says yes, and my brother Luis sent a WhatsApp saying cats "
                    "give babies asthma, but Luis also says he's lactose intolerant and eats "
                    "cheese every day."),
                (A, "The real risk is toxoplasmosis from the litter: someone other than Daniela "
                    "should clean the tray, daily, with gloves. Cats don't give babies asthma; some "
                    "studies even suggest the opposite."),
                (U, "So I'm on litter duty until June. Fair."),
                (A, "And congratulations to you both!")),
    ],
    "intended": {
        "at": "2026-12-13T09:00:00-06:00",
        "facts": [
            ["preferred_name", "Rafa"],
            ["city", "rida"],
            ["employer", "Itzamn"],
            ["job_title", "nurse"],
            ["partner_name", "Daniela"],
            ["relationship_status", "married"],
            ["pet", "Pepita"],
            ["accessibility_need", "blind"],
            ["smoking_status", "smoker"],
            ["hobby", "softball"],
            ["language_spoken", "Spanish"],
            ["language_spoken", "Maya"],
            ["language_spoken", "English"],
        ],
        "also_true": [
            ["country", "Mexico"],
            ["likes", "softball"],
        ],
        "not_stored": [
            ["preferred_name", "Rafael"],
            ["city", "Mexico City"],
            ["city", "Monterrey"],
            ["city", "Villahermosa"],
            ["city", "Palenque"],
            ["city", "Houston"],
            ["employer", "San Judas"],
            ["job_title", "Jefe de Enfermería"],
            ["job_title", "head of nursing"],
            ["pet", "Chispa"],
            ["smoking_status", "non-smoker"],
            ["relationship_status", "engaged"],
            ["dietary_restriction", "lactose"],
            ["child_name", "(none named yet)"],
        ],
    },
}

USERS = [TEO, ANAND, BIA, RAFA]


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
        line = (f"{doc['name']}: {len(doc['steps'])} sessions, {len(i['facts'])} intended, "
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
