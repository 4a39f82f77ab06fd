#!/usr/bin/env python3
"""Write the held6 new-user conversations (format v1 plus an `intended` block).

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
NAMESPACE = "held6-new"

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
# 1. Tino: fisheries officer in Kisumu; name on her ID vs the one she uses; husband and
#    daughter; three languages; a sulfa allergy; a rescued puppy; netball dropped and
#    beekeeping taken up; traps: brother's move to Nairobi, the assistant's "Nairobi", a
#    forwarded list with a wrong job, a Mombasa transfer offered and turned down.
# ---------------------------------------------------------------------------------------
TINO = {
    "name": "tino-hyacinth-kisumu",
    "description": "A fisheries officer in Kisumu: nickname, husband and daughter, three "
                   "languages, a sulfa allergy, a rescued puppy, netball given up for "
                   "beekeeping; a forwarded list and a transfer offer with false details.",
    "user": "h6n-01",
    "steps": [
        session("s1", "2026-02-03T20:00:00+03:00",
                (U, "Hello, my colleague said this thing remembers things, so let's see. My ID says "
                    "Atieno but everyone calls me Tino, even my mother, so Tino is fine. I'm a "
                    "fisheries officer with the Nyanza Lake Authority here in Kisumu, and right now "
                    "my life is water hyacinth: it's choking the landing beaches again and the "
                    "fishermen at Dunga can't get their boats out. I have to write a two-page brief "
                    "for the county on it by Friday. Can you help me structure it? It needs to be "
                    "readable by people who have never seen the lake up close, which is most of them."),
                (A, "Hi Tino! A structure: the problem in one paragraph with a photo, who it hurts "
                    "(fishermen, transport, water supply), what has been tried, three options with "
                    "costs, and one clear recommendation."),
                (U, "Good. I'll put the photo of the boat stuck in the weed right at the top. Now I "
                    "have to go, my husband Baraka is making fish for dinner and my daughter Zawadi "
                    "is shouting that it's ready. Saturday I have netball, so I'll finish it Sunday."),
                (A, "Enjoy dinner, and good luck on Saturday.")),
        session("s2", "2026-03-19T21:10:00+03:00",
                (U, "The brief went down well, they even asked for a follow-up. Now, language "
                    "question: the follow-up includes a meeting with fishing groups, and I want a "
                    "short summary I can read out. At home we speak Dholuo, at the beaches it's Dholuo "
                    "or Swahili, and the report itself is in English, so I'd like a version in simple "
                    "Swahili. Also, unrelated, my brother Odhiambo is moving to Nairobi next month for "
                    "a job at a bank, and my mother is acting like he's going to the moon."),
                (A, "Of course. Since you're in Nairobi too, you'll be able to visit him often! "
                    "Here's a Swahili summary: 'Gugu-maji limefunika fukwe...'"),
                (U, "No, I'm in Kisumu, he's the one going to Nairobi, it's a six-hour drive! The "
                    "Swahili is good. One more: the doctor wants to give me antibiotics for a chest "
                    "infection and I need to remember to say I'm allergic to sulfa drugs. Which common "
                    "antibiotics are sulfa ones, so I can ask?"),
                (A, "Sorry, Kisumu. The common one is co-trimoxazole (Septrin), which contains a "
                    "sulfonamide. Tell the doctor about the allergy and ask for an alternative."),
                (U, "Septrin, that's the one that gave me the rash as a kid. Thank you."),
                (A, "You're welcome. Feel better soon.")),
        session("s3", "2026-05-27T19:40:00+03:00",
                (U, "Two things. First: we have a dog now! A skinny brown puppy was hiding under our "
                    "car for three days and Zawadi fed her half her lunch every morning, so we gave up "
                    "and kept her. Zawadi named her Pilipili, because she's small and fierce. Second: "
                    "someone at head office forwarded me this list for a regional workshop and it's "
                    "wrong:\n\n---\nParticipants (Lake Region):\n- Tino A. - Senior Research "
                    "Scientist, Kenya Marine Fisheries Institute, Mombasa\n---\n\nI've never worked "
                    "for KMFRI and I've never lived in Mombasa. They did float a transfer to the "
                    "Mombasa office last week, and if I'd taken it maybe the list would be right, but "
                    "I said no, Baraka's school and Zawadi's friends are here. How do I ask them to "
                    "fix it without making a fuss?"),
                (A, "A short, friendly email works: 'Small correction for the participant list: "
                    "Tino A., Fisheries Officer, Nyanza Lake Authority, Kisumu. Thank you!'"),
                (U, "Perfect. Now I need to puppy-proof the compound. Pilipili has eaten one shoe "
                    "already."),
                (A, "Keep shoes and cables out of reach, give her chew toys, and fence off the "
                    "vegetable bed for now.")),
        session("s4", "2026-08-14T20:25:00+03:00",
                (U, "My knee has decided it's done with netball, the physio says the twisting is the "
                    "problem, so I stopped in June, after twelve years with the same team. They gave me "
                    "a card, I cried. But I found something calmer: since July I keep bees! Two hives "
                    "on my uncle's farm outside town, and I go up every Saturday morning with my "
                    "smoker and my veil, looking like an astronaut. Can you tell me what I should be "
                    "checking in the hives in August, with the short rains coming?"),
                (A, "Check that the queen is laying (eggs and young larvae), that there are enough "
                    "stores, that the hives are dry and tilted so rain runs off, and watch for ants "
                    "and hive beetles."),
                (U, "Ants, yes, I saw some. I'll put the hive legs in tins of oil."),
                (A, "That works well against ants.")),
        session("s5", "2026-11-06T19:15:00+03:00",
                (U, "Baraka and I have our tenth wedding anniversary next Saturday and I want to "
                    "surprise him. He loves the lake at sunset, so I'm thinking a boat trip from Dunga "
                    "and dinner after, with Zawadi staying at my mother's. Pilipili can stay home "
                    "and guard the shoes. First honey harvest was last week too, eleven jars! Could "
                    "you help me plan the evening and write a short note to go with a jar of honey "
                    "for him?"),
                (A, "Here's a plan: boat at 5:30, sunset on the water, dinner at a lakeside place at "
                    "7:30. Note: 'Ten years, and still the sweetest thing I've harvested is you.'"),
                (U, "Too cheesy, but he'll love it. Keep it."),
                (A, "Cheesy is the point of anniversaries.")),
    ],
    "intended": {
        "at": "2026-11-07T09:00:00+03:00",
        "facts": [
            ["preferred_name", "Tino"],
            ["city", "Kisumu"],
            ["employer", "Nyanza Lake"],
            ["job_title", "fisheries officer"],
            ["partner_name", "Baraka"],
            ["relationship_status", "married"],
            ["child_name", "Zawadi"],
            ["pet", "Pilipili"],
            ["allergy", "sulfa"],
            ["language_spoken", "Dholuo"],
            ["language_spoken", "Swahili"],
            ["language_spoken", "English"],
            ["hobby", "bee"],
        ],
        "also_true": [
            ["country", "Kenya"],
            ["likes", "bee"],
        ],
        "not_stored": [
            ["preferred_name", "Atieno"],
            ["hobby", "netball"],
            ["city", "Nairobi"],
            ["city", "Mombasa"],
            ["employer", "Kenya Marine Fisheries"],
            ["employer", "bank"],
            ["job_title", "Senior Research Scientist"],
            ["allergy", "Septrin"],
        ],
    },
}

# ---------------------------------------------------------------------------------------
# 2. Ondra: tram driver in Ostrava, then train dispatcher in Pardubice; a dated move and a
#    dated start (no session on either day); girlfriend then fiancee; stops smoking on his
#    birthday; coeliac diagnosis; football dropped, model railway; a cat; three languages.
#    Traps: brother's move to Prague, the assistant's "Brno", a friend's Vienna idea, an
#    old employer's newsletter with someone else's promotion.
# ---------------------------------------------------------------------------------------
ONDRA = {
    "name": "ondra-dispatcher-pardubice",
    "description": "A tram driver in Ostrava who becomes a train dispatcher in Pardubice: a dated "
                   "move and start, a girlfriend then fiancee, stopping smoking, a coeliac "
                   "diagnosis, football dropped for a model railway, a cat, three languages.",
    "user": "h6n-02",
    "steps": [
        session("s1", "2026-01-14T19:30:00+01:00",
                (U, "Ahoj. Ondřej on paper, Ondra for anyone who's met me for more than five minutes. "
                    "I drive trams for Slezská doprava in Ostrava, line 2 mostly, which at 5am in "
                    "January is a very lonely job. I want to stop smoking: I'm on about ten a day, "
                    "mostly at the terminus waiting for departure, and I've picked my birthday, the "
                    "3rd of March, as the day. My girlfriend Bára says she'll believe it when she "
                    "sees it. Can you give me a plan for the weeks before, so the day itself isn't a "
                    "shock?"),
                (A, "Cut down by one or two a week until March, don't smoke in the first hour after "
                    "waking, change what you do at the terminus (a walk, a drink, a podcast) and buy "
                    "patches or gum before the day."),
                (U, "The terminus is the hard bit. Also Wednesdays I play five-a-side football with "
                    "the depot lads, and that's when everyone lights up after."),
                (A, "Then plan Wednesday evenings: leave right after the match for the first weeks.")),
        session("s2", "2026-03-30T20:00:00+02:00",
                (U, "Update: I haven't smoked since my birthday on the 3rd! Almost four weeks. Bára "
                    "has had to eat her words. Less fun news: the stomach trouble I've had for years "
                    "turned out to be coeliac disease, the biopsy came back last week, so I'm strictly "
                    "gluten-free now, which in a country of bread dumplings is a tragedy. My brother "
                    "Tomáš is moving to Prague in May and says they have gluten-free everything there, "
                    "thanks Tomáš. Can you give me five Czech dinners that are naturally gluten-free "
                    "or easy to adapt? I cook in Czech and read recipes in Polish, my grandmother in "
                    "Cieszyn taught me, and I know enough German from two years driving buses in "
                    "Bavaria, so any of those is fine."),
                (A, "Congratulations on four weeks! Five ideas: potato goulash, roast pork with "
                    "potatoes instead of dumplings, lentils with a fried egg, svíčková with rice and "
                    "a cornstarch sauce, and potato pancakes with rice flour."),
                (U, "Svíčková with rice is a crime but I'll try it."),
                (A, "A small crime for a good cause.")),
        session("s3", "2026-06-10T21:00:00+02:00",
                (U, "Big news. I signed a contract with Labe Rail Services in Pardubice: I'm going to "
                    "be a train dispatcher, which I've wanted since I was a kid playing with a signal "
                    "box. My last day at Slezská doprava is the 31st of July, we move to Pardubice on "
                    "the 29th of August, and I start at Labe Rail on Monday the 7th of September. Bára "
                    "can work from anywhere so she's coming. My friend Radek says I should skip all "
                    "that and come drive trams with him in Vienna, but no. Also my knee finally gave up "
                    "on football, I stopped in May. Now I spend evenings building a model railway, an "
                    "H0 layout of Ostrava main station, on a board in the spare room. Can you help me "
                    "with a moving checklist?"),
                (A, "Congratulations! A checklist for the move to Brno: register your new address, "
                    "transfer utilities, update your health insurance..."),
                (U, "Pardubice, not Brno! Different region entirely. The list is fine otherwise, and "
                    "add: dismantle the model railway very, very carefully."),
                (A, "Pardubice, sorry. Added: label the layout's sections and pack the buildings "
                    "separately.")),
        session("s4", "2026-09-25T20:00:00+02:00",
                (U, "Three weeks in at Labe Rail and I love it, the dispatching centre looks like a "
                    "spaceship. The flat in Pardubice is smaller but the spare room fits the layout. "
                    "And: Bára and I got engaged! I asked her under the big clock at the station, she "
                    "said I'm the most predictable man alive, and yes. Funny thing, Slezská doprava "
                    "still sends me their staff newsletter, and this month's says:\n\n---\nCongratulations "
                    "to Ondřej K., promoted to depot supervisor at Poruba!\n---\n\nThat's a different "
                    "Ondřej, there are four of us. Anyway, could you help me draft an engagement "
                    "announcement for our families, short and a bit funny?"),
                (A, "Congratulations! 'After nine years of waiting for the right train, Ondra finally "
                    "asked, and Bára said yes, under the station clock, where else.'"),
                (U, "Nine years is wrong, it's five, but otherwise great."),
                (A, "Five years, fixed.")),
        session("s5", "2026-12-01T19:00:00+01:00",
                (U, "We adopted a cat from the shelter in Pardubice last week, a grey tom with one ear "
                    "bent, and Bára named him Knedlík, which is a cruel joke for a coeliac. He sits on "
                    "the model railway and stops trains with his paw. Still not smoking, nine months "
                    "now. Christmas question: I need gluten-free Christmas cookies, vanilkové rohlíčky "
                    "especially, for my mother who will otherwise make me the only person without any. "
                    "Can you adapt the recipe?"),
                (A, "Use a gluten-free flour blend with a little extra ground almond, chill the dough "
                    "well, and roll the crescents while they're warm in vanilla sugar."),
                (U, "Chill the dough, noted. Thanks!"),
                (A, "Enjoy the baking, and keep Knedlík off the trays.")),
    ],
    "intended": {
        "at": "2026-12-02T09:00:00+01:00",
        "facts": [
            ["preferred_name", "Ondra"],
            ["city", "Pardubice"],
            ["employer", "Labe Rail"],
            ["job_title", "dispatcher"],
            ["partner_name", "Bára"],
            ["relationship_status", "engaged"],
            ["pet", "Knedlík"],
            ["dietary_restriction", "gluten"],
            ["smoking_status", "non-smoker"],
            ["language_spoken", "Czech"],
            ["language_spoken", "Polish"],
            ["language_spoken", "German"],
            ["hobby", "model rail"],
        ],
        "also_true": [
            ["country", "Czech"],
            ["likes", "model rail"],
            ["dietary_restriction", "coeliac"],
        ],
        "not_stored": [
            ["preferred_name", "Ondřej"],
            ["city", "Ostrava"],
            ["employer", "Slezská"],
            ["job_title", "tram driver"],
            ["job_title", "depot supervisor"],
            ["city", "Prague"],
            ["city", "Brno"],
            ["city", "Vienna"],
            ["hobby", "football"],
            ["smoking_status", "smoker"],
        ],
    },
}

# ---------------------------------------------------------------------------------------
# 3. Pola: architect in Cuenca who moves back to Quito (her earlier city) with a dated new
#    job; divorced; twins; the twins' tortoise; pescatarian from Lent on; a latex allergy;
#    salsa since March; three languages. Traps: the ex-husband's move to Guayaquil, the
#    assistant's "Guayaquil", a client's email with her old signature, a Madrid "what if",
#    the Quito backstory before the move back.
# ---------------------------------------------------------------------------------------
POLA = {
    "name": "pola-architect-back-to-quito",
    "description": "An architect in Cuenca who moves back to Quito with a dated new job: "
                   "divorced, twins, a tortoise, pescatarian from Lent, a latex allergy, salsa, "
                   "three languages; a client's email with her old details.",
    "user": "h6n-03",
    "steps": [
        session("s1", "2026-02-20T20:30:00-05:00",
                (U, "Buenas noches. I'm Paulina but please call me Pola, Paulina is for the bank and "
                    "my mother when she's angry. I'm an architect at Taller Andino here in Cuenca, "
                    "mostly restoring old houses in the centro histórico, which means I spend my days "
                    "arguing about adobe with the heritage office. I moved down from Quito in 2023, "
                    "after my divorce from Andrés, with the twins, Emilia and Tadeo, who are six now "
                    "and run the house. New thing since Wednesday: I'm pescatarian for Lent, and "
                    "honestly I might keep it. Can you give me a week of quick pescatarian dinners "
                    "that six-year-olds will eat?"),
                (A, "Here's a week: fish tacos, tuna pasta, shrimp fried rice, encebollado on the "
                    "weekend, salmon fingers, a quinoa and cheese soup, and pizza with tuna and corn."),
                (U, "Encebollado on a Sunday, perfect. One warning for later recipes: I'm allergic to "
                    "latex, so no suggestions that need those kitchen gloves, I use nitrile."),
                (A, "Noted, nitrile gloves only.")),
        session("s2", "2026-04-15T21:00:00-05:00",
                (U, "Family update: the twins got a tortoise for their birthday from their father, "
                    "thank you Andrés, and named him Señor Lento. He lives in the patio and eats more "
                    "lettuce than all of us. Andrés himself is moving to Guayaquil in June for work, so "
                    "the twins will see him every other weekend instead of every weekend, and I'm "
                    "dreading telling them. Also, a good thing: since March I've been doing salsa "
                    "classes on Tuesday nights, and I'm terrible and I love it. Question: a client from "
                    "Milan is visiting a house we restored. I speak Spanish and English obviously, and "
                    "Italian from my master's in Turin, but it's rusty. Could you help me prepare ten "
                    "sentences about the restoration in Italian?"),
                (A, "Of course: 'Questa casa è stata costruita intorno al 1890 con muri di adobe...'"),
                (U, "Beautiful. And how do I tell the twins about their dad moving, at six?"),
                (A, "Tell them together, simply and early: what changes, what stays the same, when "
                    "they'll see him. Let them ask anything, and show them Guayaquil on a map.")),
        session("s3", "2026-06-30T20:00:00-05:00",
                (U, "Decision made: we're moving back to Quito. I signed with Estudio Pichincha as a "
                    "project architect, starting on Tuesday the 1st of September, and the movers come on "
                    "the 15th of August. My last day at Taller Andino is the 31st of July. My parents "
                    "are in Quito and with Andrés gone to the coast I want the twins near their "
                    "grandparents. My sister keeps saying that if she were me she'd go to Madrid "
                    "instead, which is her answer to every problem. Can you help me plan the move with "
                    "two kids and a tortoise?"),
                (A, "Congratulations on going back to Guayaquil! Here's a plan: school enrolment "
                    "first, then..."),
                (U, "Quito! Guayaquil is where my ex-husband lives. Please keep those apart, for my "
                    "sanity."),
                (A, "Sorry, Quito. School enrolment first, then the movers, then a travel box for "
                    "Señor Lento with damp lettuce for the drive.")),
        session("s4", "2026-09-20T19:30:00-05:00",
                (U, "Three weeks at Estudio Pichincha and I'm already on a school project in "
                    "Cumbayá. Quito is colder than I remembered, the twins complain every morning. "
                    "Still pescatarian, I kept it after Easter and I feel better. Small problem: a "
                    "client in Cuenca just sent an email to our whole project group that says:\n\n---\n"
                    "Please send the plans to Arq. Paulina, Taller Andino, Cuenca, as the lead on this "
                    "file.\n---\n\nI'm not at Taller Andino any more and I don't live in Cuenca. How do "
                    "I correct that politely and hand the file over to my old colleague Esteban?"),
                (A, "Something like: 'Thank you. Since August I'm with Estudio Pichincha in Quito; "
                    "Esteban at Taller Andino is now the lead on this file and will receive the plans.'"),
                (U, "Good, short and clear. Sending."),
                (A, "That will settle it.")),
        session("s5", "2026-11-28T20:15:00-05:00",
                (U, "I found a salsa school in La Floresta, so Tuesdays are saved, the teacher says my "
                    "turns are 'enthusiastic', which is a polite word. The twins have their Christmas "
                    "show on the 18th, Emilia is a star and Tadeo is a donkey, he's thrilled. Can you "
                    "help me plan a Christmas Eve dinner for my parents, my sister, the twins and me, "
                    "pescatarian for me and not sad for everyone else?"),
                (A, "How about a shrimp ceviche starter, a baked corvina as the main with a side of "
                    "roast chicken for the others, and buñuelos for dessert?"),
                (U, "Corvina yes. My dad will eat the chicken and the corvina, both."),
                (A, "Then make plenty of both.")),
    ],
    "intended": {
        "at": "2026-11-29T09:00:00-05:00",
        "facts": [
            ["preferred_name", "Pola"],
            ["city", "Quito"],
            ["employer", "Pichincha"],
            ["job_title", "architect"],
            ["relationship_status", "divorced"],
            ["child_name", "Emilia"],
            ["child_name", "Tadeo"],
            ["pet", "Señor Lento"],
            ["dietary_restriction", "pescatarian"],
            ["allergy", "latex"],
            ["hobby", "salsa"],
            ["language_spoken", "Spanish"],
            ["language_spoken", "English"],
            ["language_spoken", "Italian"],
        ],
        "also_true": [
            ["country", "Ecuador"],
            ["likes", "salsa"],
        ],
        "not_stored": [
            ["preferred_name", "Paulina"],
            ["city", "Cuenca"],
            ["employer", "Taller Andino"],
            ["partner_name", "Andrés"],
            ["city", "Guayaquil"],
            ["city", "Madrid"],
            ["city", "Turin"],
            ["city", "Milan"],
        ],
    },
}

# ---------------------------------------------------------------------------------------
# 4. Deniz: marine biologist in Izmir (they/them) who finishes a PhD and starts as an
#    aquarist with a dated start; husband; a dog; three languages; a hazelnut allergy;
#    sailing kept, film photography long given up. Traps: cousin's move to Berlin, a
#    recruiter's CV with false details, a hypothetical second dog's name, a joke, Greek
#    spoken with a grandmother who lives elsewhere.
# ---------------------------------------------------------------------------------------
DENIZ = {
    "name": "deniz-aquarist-izmir",
    "description": "A marine biologist in Izmir (they/them): PhD finished, a dated start as an "
                   "aquarist, husband, a dog, three languages, a hazelnut allergy, sailing; a "
                   "recruiter's CV with false details and a hypothetical second dog.",
    "user": "h6n-04",
    "steps": [
        session("s1", "2026-03-05T21:00:00+03:00",
                (U, "Merhaba! Some basics so you don't get them wrong later: I'm Deniz, I use they/"
                    "them, and I'm in the last months of a PhD in marine biology here in Izmir, on "
                    "seagrass meadows in the bay, which nobody at parties wants to hear about. My "
                    "husband Emre does, bless him, or pretends well. Our dog Fıstık is a ginger street "
                    "mix who thinks every seagull is a personal enemy. I need help with the "
                    "discussion chapter: my supervisor says it reads like a list. How do I turn a list "
                    "of findings into an argument?"),
                (A, "Lead with your main claim, group findings under two or three ideas that support "
                    "it, compare each with earlier studies, and end each section with what it means "
                    "for the bay."),
                (U, "Two or three ideas, okay. I'll go sailing at Urla on Saturday to think about it, "
                    "that's where my best ideas happen, usually while I'm soaked. I used to do darkroom "
                    "photography as well but I sold the enlarger years ago, no time."),
                (A, "A wet Saturday on the water sounds like a good thinking method.")),
        session("s2", "2026-05-12T20:40:00+03:00",
                (U, "Quick one. We're going to a family dinner on Sunday and my aunt always cooks "
                    "with hazelnuts, and I'm allergic, properly, lips swelling. How do I ask her "
                    "without offending her? She takes food personally. My cousin Selin is moving to "
                    "Berlin in July for a job, so it's also her farewell dinner, which means my aunt "
                    "will cook even more. Oh, and my grandmother will be there, she's from Ayvalık "
                    "and we speak Greek together, it's our little secret language at the table, the "
                    "rest is Turkish, and I'll be on the phone in English with a conference in "
                    "Lisbon half the afternoon."),
                (A, "Call your aunt before Sunday, thank her, and say the allergy is serious, so you'd "
                    "love to know which dishes are hazelnut-free, or offer to bring one dish yourself."),
                (U, "I'll bring my mother's stuffed vine leaves, safe and she can't argue with them."),
                (A, "A diplomatic dish.")),
        session("s3", "2026-07-08T22:00:00+03:00",
                (U, "I DEFENDED! Dr. Deniz now, Emre made a cake with no hazelnuts and wrote 'Dr' on it "
                    "in chocolate. And I have a job: aquarist at Ege Akvaryum, starting on the 1st of "
                    "September, looking after the seagrass and reef tanks, which is basically my thesis "
                    "with a salary. Before that, a recruiter sent me this, copied from who knows where:"
                    "\n\n---\nCandidate: Deniz Y.\nCurrent city: Istanbul\nCurrent role: Marine "
                    "Engineer, Körfez Shipyard\n---\n\nNone of that is me, I'm not an engineer, I've "
                    "never worked at a shipyard and I've never lived in Istanbul. Can you write a "
                    "two-line reply saying no thanks and correcting it?"),
                (A, "'Thank you, but I've accepted a position already. For your records: I'm a "
                    "marine biologist in Izmir, not an engineer, and I haven't worked at Körfez.'"),
                (U, "Perfect. Sent."),
                (A, "Congratulations, Dr. Deniz!")),
        session("s4", "2026-10-01T19:20:00+03:00",
                (U, "A month at Ege Akvaryum! I'm in the building at 7am feeding the seahorses and I "
                    "still can't believe it's a job. Emre and I keep arguing about whether to get a "
                    "second dog. If we did, I'd call her Pamuk, but Fıstık would probably file for "
                    "divorce, and honestly so would Emre if he had to walk two dogs. Should we? Give "
                    "me the honest pros and cons."),
                (A, "Pros: company for Fıstık, a dog that grows up with a calm older one. Cons: double "
                    "the vet bills and walks, and Fıstık's temper with newcomers. Try fostering first."),
                (U, "Fostering, that's smart. We'll think about it."),
                (A, "No rush.")),
        session("s5", "2026-11-20T20:00:00+03:00",
                (U, "We sailed in the club's autumn race at Urla last weekend and came fourth of nine, "
                    "which for a crew of two amateurs and a dog on shore is a triumph. Work is good, "
                    "I'm redesigning the seagrass tank's lighting. My grandmother is visiting from "
                    "Ayvalık next month and I want to take her somewhere nice in Izmir where she can "
                    "walk without too many stairs. Ideas?"),
                (A, "The Kordon promenade at sunset is flat and lovely, then dinner near Alsancak, "
                    "and the Asansör if she'd enjoy the view without climbing."),
                (U, "Kordon and then fish, she'll be happy."),
                (A, "Sounds like a lovely evening.")),
    ],
    "intended": {
        "at": "2026-11-21T09:00:00+03:00",
        "facts": [
            ["pronouns", "they"],
            ["city", "Izmir"],
            ["employer", "Ege Akvaryum"],
            ["job_title", "aquarist"],
            ["partner_name", "Emre"],
            ["relationship_status", "married"],
            ["pet", "Fıstık"],
            ["allergy", "hazelnut"],
            ["language_spoken", "Turkish"],
            ["language_spoken", "Greek"],
            ["language_spoken", "English"],
            ["hobby", "sail"],
        ],
        "also_true": [
            ["country", "Turkey"],
            ["preferred_name", "Deniz"],
            ["likes", "sail"],
        ],
        "not_stored": [
            ["city", "Istanbul"],
            ["job_title", "Marine Engineer"],
            ["employer", "Körfez"],
            ["city", "Berlin"],
            ["city", "Ayvalık"],
            ["city", "Lisbon"],
            ["pet", "Pamuk"],
            ["hobby", "photograph"],
        ],
    },
}

USERS = [TINO, ONDRA, POLA, DENIZ]


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
