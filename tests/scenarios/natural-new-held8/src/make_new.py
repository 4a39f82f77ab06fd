#!/usr/bin/env python3
"""Write the held8 new-user conversations (format v1 plus an `intended` block).

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
NAMESPACE = "held8new"

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
# 1. Nak: sound technician, then stage manager from 1 July, at a circus school in
#    Battambang; the name on his ID and the one he uses; wife and son; Khmer, English and
#    Teochew; stopped smoking at Khmer New Year; a durian allergy; a street dog; kite flying
#    taken up, takraw dropped. Traps: a brother's move to Siem Reap, the assistant's "Phnom
#    Penh", a festival poster with a wrong title and town (Kampot), a cousin's offer in Pattaya.
# ---------------------------------------------------------------------------------------
PNH = "Asia/Phnom_Penh"
NAK = {
    "name": "nak-stage-manager-battambang",
    "description": "A circus school's sound technician in Battambang who becomes stage manager: "
                   "the name he uses, wife and son, three languages, stopped smoking, a durian "
                   "allergy, a street dog, kite flying kept and takraw dropped; a poster with "
                   "false details.",
    "user": "h8n-01",
    "steps": [
        session("s1", PNH, "2026-02-09 20:00",
                (U, "Hello, my colleague says you can remember things between conversations, so I'm "
                    "testing you. My ID card says Heng Vannak, but everybody calls me Nak, so please "
                    "call me Nak. I'm the sound technician at Sala Kantrop, the circus school here in "
                    "Battambang, I do the sound for the shows in the big tent every night. The problem "
                    "is the rainy season: last year two of my microphones died from the humidity and the "
                    "school has no money for new ones. How do I store microphones and cables so the "
                    "damp doesn't kill them?"),
                (A, "Hello Nak. Keep them in closed plastic boxes with silica gel packs, dry the "
                    "packs in the sun or an oven when they change colour, never store anything wet, and "
                    "run the equipment a little every few days."),
                (U, "Silica gel, I can get that at the market. My wife Sreyneang will ask why the "
                    "kitchen oven smells strange. Our son Veasna is four and wants to be a clown, so "
                    "he's on my side."),
                (A, "A four-year-old clown is a strong ally.")),
        session("s2", PNH, "2026-04-20 21:00",
                (U, "Two news. First, I stopped smoking! I smoked my last cigarette on the first day of "
                    "Khmer New Year, the 14th, six days ago, and I haven't touched one since. Sreyneang "
                    "made me promise in front of her mother, so there is no way back. Second, my brother "
                    "Visal is moving to Siem Reap next month to work at a hotel, and my mother is sad. "
                    "Also a question about languages: at home we speak Khmer, with the foreign artists "
                    "who come to perform I speak English, and with my mother's family I speak Teochew, "
                    "badly, they laugh at me. Is there a good way to improve Teochew if there are no "
                    "classes here?"),
                (A, "Congratulations on stopping! Since you live in Phnom Penh, you could look for a "
                    "Chinese association there. Otherwise, talk with your relatives every week and "
                    "watch Teochew videos online."),
                (U, "I don't live in Phnom Penh, I live in Battambang, all my life. But talking with my "
                    "aunties every week, yes, they will be happy."),
                (A, "Sorry, Battambang. Your aunties will be good teachers.")),
        session("s3", PNH, "2026-06-25 20:30",
                (U, "Good news, the school made me stage manager! I start on the 1st of July, so next "
                    "week, I will run the whole backstage, not only the sound. I'm nervous and happy. "
                    "And something funny: a friend sent me a poster from a festival:\n\n\"Sound design "
                    "by Heng Vannak, Senior Sound Engineer - Kampot Arts Festival, 12-14 July\"\n\n"
                    "I'm not a senior sound engineer, I've never worked in Kampot, and in July I will be "
                    "in Battambang running our own shows. They took my name from an old programme. "
                    "Also they will have a party for my promotion and the director loves durian, but I "
                    "am allergic to durian, my throat swells. How do I tell the festival to remove my "
                    "name, politely?"),
                (A, "Congratulations, Nak! Write: 'Hello, my name is on your poster by mistake. I'm "
                    "the stage manager at Sala Kantrop in Battambang and I'm not part of your festival. "
                    "Please remove my name. Thank you and good luck with the festival.'"),
                (U, "Good, simple. I'll send it tonight."),
                (A, "That should solve it.")),
        session("s4", PNH, "2026-09-14 19:45",
                (U, "New family member: a street dog followed the acrobats home from the market and "
                    "now he lives with us. Veasna named him Num Pang because he's the colour of bread. "
                    "Also I have a new hobby, kite flying, since August, I made a big kite with the "
                    "circus kids and we fly it by the river on Sunday evenings. I don't play takraw "
                    "anymore, my knee said no in July. My cousin in Pattaya says I should come work in a "
                    "hotel show there, good money, but no, my family and the school are here. The "
                    "stage manager job is good, busy. Question: how do I teach a street dog not to "
                    "steal shoes?"),
                (A, "Give him his own chew toys, praise him when he chews those, put shoes away for a "
                    "few weeks, and swap a shoe for a toy calmly when he takes one."),
                (U, "Swap, okay. He has already eaten two of Sreyneang's sandals."),
                (A, "Then start with her sandals on a high shelf.")),
        session("s5", PNH, "2026-12-03 20:15",
                (U, "Veasna turns five next week and wants a circus party, of course. Fifteen children, "
                    "in our yard. Can you help me plan two hours? No durian anywhere, please, I will eat "
                    "too. And still no cigarettes since Khmer New Year, almost eight months, Sreyneang "
                    "is proud. Num Pang will probably steal the cake."),
                (A, "Juggling scarves and face painting on arrival, a mini circus parade, a kite "
                    "decorating table, games, then rice, chicken skewers and fruit, the cake and a short "
                    "clown show to finish."),
                (U, "A kite table, he will love it. Thank you."),
                (A, "Have a wonderful party.")),
    ],
    "intended": {
        "at": lt(PNH, "2026-12-04 09:00"),
        "facts": [
            ["preferred_name", "Nak"],
            ["city", "Battambang"],
            ["employer", "Sala Kantrop"],
            ["job_title", "stage manager"],
            ["partner_name", "Sreyneang"],
            ["relationship_status", "married"],
            ["child_name", "Veasna"],
            ["pet", "Num Pang"],
            ["language_spoken", "Khmer"],
            ["language_spoken", "English"],
            ["language_spoken", "Teochew"],
            ["allergy", "durian"],
            ["smoking_status", "non-smoker"],
            ["hobby", "kite"],
        ],
        "also_true": [
            ["preferred_name", "Vannak"],
            ["likes", "kite"],
        ],
        "not_stored": [
            ["city", "Phnom Penh"],
            ["city", "Siem Reap"],
            ["city", "Kampot"],
            ["city", "Pattaya"],
            ["job_title", "sound technician"],
            ["job_title", "Senior Sound Engineer"],
            ["hobby", "takraw"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 2. Jeca: conservator in Niš, then curator in Novi Sad (a dated move and a dated start,
#    neither with a session on the day); the name on paper and the one she uses; her
#    girlfriend Milica; a cat; ragweed allergy; vegetarian; Serbian, Macedonian and English;
#    paddleboarding taken up, tennis dropped. Traps: the assistant's "Subotica", a pasted
#    announcement with a wrong title, a sister's move to Salzburg, an offer in Stuttgart
#    turned down, studies in Belgrade.
# ---------------------------------------------------------------------------------------
BEG = "Europe/Belgrade"
JECA = {
    "name": "jeca-curator-nis-to-novi-sad",
    "description": "A conservator in Niš who moves to Novi Sad on a dated day and starts as a "
                   "curator two days later: the name she uses, her girlfriend, a cat, ragweed, "
                   "vegetarian, three languages, paddleboarding kept and tennis dropped; a pasted "
                   "announcement with a wrong title.",
    "user": "h8n-02",
    "steps": [
        session("s1", BEG, "2026-01-26 19:30",
                (U, "Hi. I'm trying this because my girlfriend Milica uses it for her thesis and says "
                    "it remembers everything, so let's see. On paper I'm Jelena, but nobody calls me "
                    "that except the tax office, I'm Jeca. I'm a conservator at the Naissus Heritage "
                    "Institute here in Niš, I clean and repair old icons and frescoes, very slowly, with "
                    "very small brushes. Right now I have an eighteenth-century icon with candle soot "
                    "that is older than my grandmother. What's a gentle way to remove soot from old "
                    "paint without taking the paint with it?"),
                (A, "Test any method on a tiny corner first. Conservators usually start with a dry "
                    "sponge or soft brush, then a very mild cleaning solution on cotton swabs, rolling "
                    "rather than rubbing, and stop at once if pigment appears on the swab."),
                (U, "Rolling, not rubbing, yes, that's what my professor used to say when I studied in "
                    "Belgrade. Good to hear it from a machine too."),
                (A, "Your professor was right.")),
        session("s2", BEG, "2026-03-16 20:00",
                (U, "Big decision made! I got the job I applied for in Novi Sad, curator at Dunavska "
                    "galerija, I start on Monday the 4th of May. We move on Saturday the 2nd of May, "
                    "Milica and me and Kifla, our cat, who doesn't know yet and will hate the car. I "
                    "gave notice at the Institute today, my last day is the 30th of April. Milica can "
                    "write her thesis from anywhere, so it works. Also, I'm vegetarian, and in Niš that "
                    "means I eat a lot of salad at family lunches, maybe Novi Sad is better. What "
                    "should I do in the first month at a new job to make a good start?"),
                (A, "Listen more than you talk, meet everyone one by one, learn how things are done "
                    "before proposing changes, and pick one small project you can finish early."),
                (U, "One small project, good. I already have an idea for the spring exhibition."),
                (A, "That sounds like a good first project.")),
        session("s3", BEG, "2026-05-28 21:00",
                (U, "Three weeks in Novi Sad and I love it, the river, the bikes, the fortress. But "
                    "look what the gallery's PR office sent around:\n\n\"We are delighted to welcome "
                    "Jelena Petrović, our new gallery director, who joins us from Niš.\"\n\nDirector! "
                    "I'm a curator, the director is a very nice man called Zoran who has been here for "
                    "twenty years and was not amused. How do I ask PR to correct it without making it "
                    "a big thing? Also, May here is beautiful but I'm already worried about August, "
                    "I'm allergic to ragweed and Vojvodina is basically a ragweed farm."),
                (A, "Write to PR: 'Thank you for the warm welcome! One small correction: my role is "
                    "curator, not gallery director. Could you update the text? Thanks!' For ragweed, "
                    "talk to a doctor about starting antihistamines before the season."),
                (U, "Short and friendly, sent. And I'll see a doctor in July."),
                (A, "Good plan for both.")),
        session("s4", BEG, "2026-08-10 20:30",
                (U, "Summer update. Since June I go paddleboarding on the Danube with two colleagues, "
                    "early mornings before work, I fell in four times the first day and now I'm "
                    "addicted. I gave up tennis, no time and no partner here, and honestly I was "
                    "terrible. My sister is moving to Salzburg in September for a job at a hotel, our "
                    "mother is already crying. And a gallery in Stuttgart wrote to ask if I'd like to "
                    "work for them. Very flattering, but no, we just got here and Milica would kill me. "
                    "The ragweed is as bad as I feared. What helps with itchy eyes besides tablets?"),
                (A, "Cold compresses, rinsing your eyes with artificial tears, sunglasses outside, "
                    "showering and changing clothes after being outdoors, and keeping windows closed in "
                    "the morning when pollen is highest."),
                (U, "Sunglasses on the board, that will look very professional."),
                (A, "Very professional, and less itchy.")),
        session("s5", BEG, "2026-11-02 19:45",
                (U, "I'm planning the gallery's winter exhibition of icon restorations, which is funny "
                    "because I used to be the one restoring them. Half the icons come from monasteries "
                    "near Ohrid, and I'm the only one at the gallery who speaks Macedonian, thanks to my "
                    "mother, so I'm on the phone all day: Serbian with my colleagues, Macedonian with the "
                    "monks, English with the lenders from abroad. Milica finished her thesis and we're "
                    "going to celebrate with a dinner for eight friends at our flat. Everything "
                    "vegetarian, of course. Can you suggest a menu that even my meat-loving friends "
                    "won't complain about? Kifla will try to steal whatever is on the table."),
                (A, "Start with a roasted pepper spread, then a mushroom "
                    "stew, baked beans in the oven, a big salad, and a plum cake for dessert."),
                (U, "Baked beans, my grandmother's recipe, perfect."),
                (A, "Enjoy the celebration.")),
    ],
    "intended": {
        "at": lt(BEG, "2026-11-03 09:00"),
        "facts": [
            ["preferred_name", "Jeca"],
            ["city", "Novi Sad"],
            ["employer", "Dunavska"],
            ["job_title", "curator"],
            ["partner_name", "Milica"],
            ["pet", "Kifla"],
            ["allergy", "ragweed"],
            ["dietary_restriction", "vegetarian"],
            ["language_spoken", "Serbian"],
            ["language_spoken", "Macedonian"],
            ["language_spoken", "English"],
            ["hobby", "paddleboard"],
        ],
        "also_true": [
            ["preferred_name", "Jelena"],
            ["likes", "paddleboard"],
        ],
        "not_stored": [
            ["city", "Niš"],
            ["employer", "Naissus"],
            ["job_title", "conservator"],
            ["job_title", "gallery director"],
            ["city", "Belgrade"],
            ["city", "Salzburg"],
            ["city", "Stuttgart"],
            ["hobby", "tennis"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 3. Kiko: dive instructor in Aqaba; the name on paper and the one he uses; engaged, then
#    married on a dated day; stopped smoking on 1 March and started again in September;
#    Circassian, English and Bulgarian; a cat; freediving kept, oud lessons dropped; a
#    cinnamon allergy. Traps: grew up in Amman (and the assistant says Amman), a brother's
#    move to Irbid, a dive-centre flyer with a wrong title and town (Dahab), an offer in
#    Muscat turned down.
# ---------------------------------------------------------------------------------------
AMM = "Asia/Amman"
KIKO = {
    "name": "kiko-dive-instructor-aqaba",
    "description": "A dive instructor in Aqaba: the name he uses, engaged then married on a dated "
                   "day, stopped smoking and started again, three languages, a cat, freediving "
                   "kept and oud dropped, a cinnamon allergy; a flyer with false details.",
    "user": "h8n-03",
    "steps": [
        session("s1", AMM, "2026-02-02 20:30",
                (U, "Hey. My fiancée Rania put this on my phone and told me to talk to it instead of "
                    "her when I plan the wedding, which I think was a joke. Officially I'm Khaled, but "
                    "since diving school everybody calls me Kiko, please use Kiko. I'm a dive instructor "
                    "at Red Reef Divers in Aqaba, I grew up in Amman and came down to the sea ten years "
                    "ago and never went back. Winter is slow, so I'm doing my paperwork. My question: "
                    "we're getting married in July and her family wants three hundred guests. How do we "
                    "start planning something that big without fighting?"),
                (A, "Congratulations! Agree together on a budget and your three most important things "
                    "first, then fix the date and venue, and split the tasks so each of you owns some."),
                (U, "Three most important things. Mine is the sea. Hers is probably her grandmother. "
                    "Good start."),
                (A, "The sea and the grandmother, a solid plan.")),
        session("s2", AMM, "2026-04-13 21:00",
                (U, "Okay, two things. First, I stopped smoking on the 1st of March, six weeks ago, "
                    "because I want to free-dive deeper and my lungs said enough. So far so good. "
                    "Second, my little brother Omar is moving to Irbid for university in September, my "
                    "mother is already packing food for a year. Languages question: at home my family "
                    "speaks Circassian, my mother's side is Bulgarian so I speak Bulgarian with her, "
                    "and on the boat it's English with the divers. Rania wants me to teach her some "
                    "Circassian before the wedding. How do I teach a language I never studied myself?"),
                (A, "Congratulations on stopping! Since you live in Amman, maybe a Circassian cultural "
                    "centre there has classes. Otherwise start with greetings and family words, and "
                    "practise at meals with your parents."),
                (U, "I don't live in Amman anymore, I told you, I'm in Aqaba since ten years. But the "
                    "family words, yes, my grandmother will love teaching her."),
                (A, "Sorry, Aqaba. Your grandmother sounds like the right teacher.")),
        session("s3", AMM, "2026-07-20 20:00",
                (U, "We did it! Rania and I got married on Friday the 10th of July, three hundred and "
                    "twenty guests in the end, nobody fought, a miracle. We're back from a week in the "
                    "mountains and back to work. And a funny thing, a friend sent me this from a dive "
                    "forum:\n\n\"Dive with Khaled 'Kiko' - Master Instructor - Dahab, Egypt - every day "
                    "from 8am\"\n\nI have never worked in Dahab, I'm a normal dive instructor, not a "
                    "master instructor, and I'm in Aqaba. Someone used my old photo. How do I get them "
                    "to take it down?"),
                (A, "Congratulations to you both! Report the post to the forum's moderators, and send "
                    "a short message: 'This uses my name and photo without permission. I'm a dive "
                    "instructor at Red Reef Divers in Aqaba and don't work in Dahab. Please remove it.'"),
                (U, "Good, I'll report it today."),
                (A, "It should come down quickly.")),
        session("s4", AMM, "2026-09-28 19:30",
                (U, "Bad news and good news. Bad: I started smoking again in September, the season got "
                    "crazy, twelve dives a day, and one night on the boat I took one from a customer and "
                    "now I'm back to ten a day. Rania is not happy. Good: we adopted a cat, Shams, a "
                    "yellow stray from the harbour who decided our flat is hers. I still free-dive every "
                    "week, that won't change, but I stopped the oud lessons, I have no time and my "
                    "teacher moved away. A friend offered me a job at a resort in Muscat, more money, "
                    "but no, Aqaba is home. One question: is there food a cat should never eat? Rania "
                    "cooks with a lot of spices and I'm allergic to cinnamon anyway, so there's none of "
                    "that, but the rest?"),
                (A, "Keep onions and garlic away from cats, and anything very salty or spicy. Plain cooked chicken or fish is fine as a treat."),
                (U, "No onions, okay. Shams only wants fish anyway."),
                (A, "A harbour cat with good taste.")),
        session("s5", AMM, "2026-12-07 20:15",
                (U, "Winter again, slow season. Rania wants to visit her family for the holidays and I "
                    "want to plan a freediving trip for the spring. Still smoking, sadly, I'll try "
                    "again in January. Question for the trip: what's a good training plan to hold my "
                    "breath longer, safely, over three months? And nothing with cinnamon in the diet "
                    "plan, please, allergic."),
                (A, "Never train breath-holds in water alone. On land, do CO2 and O2 tables two or "
                    "three times a week, add relaxation and diaphragm stretches, and build up slowly "
                    "with a buddy in the pool."),
                (U, "With a buddy, always. Thanks."),
                (A, "Enjoy the spring trip.")),
    ],
    "intended": {
        "at": lt(AMM, "2026-12-08 09:00"),
        "facts": [
            ["preferred_name", "Kiko"],
            ["city", "Aqaba"],
            ["employer", "Red Reef"],
            ["job_title", "dive instructor"],
            ["partner_name", "Rania"],
            ["relationship_status", "married"],
            ["smoking_status", "smoker"],
            ["language_spoken", "Circassian"],
            ["language_spoken", "Bulgarian"],
            ["language_spoken", "English"],
            ["pet", "Shams"],
            ["hobby", "free"],
            ["allergy", "cinnamon"],
        ],
        "also_true": [
            ["preferred_name", "Khaled"],
        ],
        "not_stored": [
            ["city", "Amman"],
            ["city", "Irbid"],
            ["city", "Dahab"],
            ["city", "Muscat"],
            ["job_title", "Master Instructor"],
            ["hobby", "oud"],
        ],
    },
}


# ---------------------------------------------------------------------------------------
# 4. Nanna: mountain guide in Nuoro; the name on paper and the one she uses; a son; a
#    partner, then a break-up in June (single); a donkey; vegan; Sardinian, English and
#    Corsican; the launeddas taken up, running dropped. Traps: the assistant's "Cagliari",
#    studies in Sassari, a brochure with a wrong title, employer and town (Orgosolo), a hotel
#    job in Olbia turned down, a sister's move to Bologna, the ex's new town.
# ---------------------------------------------------------------------------------------
ROM = "Europe/Rome"
NANNA = {
    "name": "nanna-mountain-guide-nuoro",
    "description": "A mountain guide in Nuoro: the name she uses, a son, a break-up, a donkey, "
                   "vegan, three languages, the launeddas taken up and running dropped; a brochure "
                   "with false details and a refused job at the coast.",
    "user": "h8n-04",
    "steps": [
        session("s1", ROM, "2026-01-19 21:00",
                (U, "Buonasera. My son set this up, he says I forget everything and the machine won't. "
                    "Rude but fair. On my documents I'm Giovanna Bonaria, but everyone here has called me "
                    "Nanna since I was three, so Nanna it is. I'm a mountain guide with Gorropu Trekking, "
                    "we take people through the gorge and up into the Supramonte, and I live in Nuoro, "
                    "in the old part, with my son Bachisio, who is ten, and my partner Efisio. In winter "
                    "it's quiet, so I'm planning next season's routes. What's the best way to plan a "
                    "route for a group with very different fitness levels?"),
                (A, "Pick a route with a short, easy option and a longer loop, plan regular rest stops "
                    "and exit points, put the slowest walker near the front, and have a second guide "
                    "at the back."),
                (U, "The slowest at the front, yes, I always forget that one. Grazie."),
                (A, "Prego. Good luck with the planning.")),
        session("s2", ROM, "2026-03-30 20:30",
                (U, "A question about food, because I've been vegan since New Year, which in Nuoro is "
                    "practically a crime, my aunt looked at me like I had insulted the saints. On long "
                    "days in the mountains I get hungry and tired. What should I pack for an eight-hour "
                    "walk to keep my energy up without cheese and salami? Also my sister is moving to "
                    "Bologna in the summer for a job at the university, so I'll have to visit her in "
                    "the flat lands."),
                (A, "Since you live in Cagliari, you can find vegan shops easily there. Pack nuts, dried "
                    "fruit, hummus and bread, energy bars, and a proper lunch with beans or lentils, and "
                    "eat a little every hour."),
                (U, "I don't live in Cagliari, I live in Nuoro, in the mountains, that's the whole "
                    "point. But lentils, yes. And I studied in Sassari, not Cagliari, before you ask."),
                (A, "Sorry, Nuoro. Lentils and small snacks every hour, then.")),
        session("s3", ROM, "2026-06-22 21:30",
                (U, "Not a good month. Efisio and I split up at the beginning of June, after eleven "
                    "years. It was coming, we both knew, and he's moved to his brother's in Oristano. "
                    "So now I'm single, with a ten-year-old and a very confused donkey. Yes, a donkey, "
                    "Zizzu, he lives in the little field behind the house and Bachisio rides him to the "
                    "fountain. I'm also done with running, my knee hurts after every run and the doctor "
                    "said stop, so that's over. Instead I started learning the launeddas with an old "
                    "man from Mamoiada, and I sound like a goose. How do I explain a separation to a "
                    "ten-year-old so he doesn't blame himself?"),
                (A, "Tell him together if you can, in simple words, that it's a grown-up decision and "
                    "not his fault, that you both love him, and what will stay the same. Keep his "
                    "routines and let him ask questions whenever he wants."),
                (U, "Routines, yes. Zizzu is a routine. Thank you."),
                (A, "Zizzu sounds very important right now.")),
        session("s4", ROM, "2026-09-07 20:00",
                (U, "End of the busy season, I'm exhausted. Look what a tour agency put in its new "
                    "brochure:\n\n\"Explore the Supramonte with Giovanna Bonaria Serra, Head Guide at "
                    "Supramonte Adventures, Orgosolo.\"\n\nI've never worked for Supramonte Adventures, "
                    "I'm not head of anything, and I don't work in Orgosolo. I'm a guide with Gorropu "
                    "Trekking in Nuoro. Also a hotel in Olbia offered me a job running their excursions, "
                    "good money, but I said no, Bachisio's school and Zizzu are here. The tourists this "
                    "summer were mostly from abroad, so I spoke English all day, and last week I had a "
                    "group from Corsica and spoke Corsican with them, it's close to the Sardinian we "
                    "speak at home. How do I ask the "
                    "agency to correct the brochure?"),
                (A, "Write: 'Hello, your brochure names me by mistake. I'm a mountain guide with Gorropu "
                    "Trekking in Nuoro and don't work for Supramonte Adventures. Please correct or "
                    "remove it. Thank you.'"),
                (U, "Clear. Sending it tonight."),
                (A, "That should sort it out.")),
        session("s5", ROM, "2026-11-23 20:45",
                (U, "Bachisio wants to play the launeddas too now, which means our house sounds like two "
                    "geese. He turns eleven in December and wants a party at home with his friends and "
                    "Zizzu. Can you help me plan it? Vegan food for me, normal for the kids, I'm not "
                    "going to fight ten children about cheese."),
                (A, "A treasure hunt in the field, a donkey ride for each child, a short launeddas "
                    "'concert', then pizza, fruit and a cake, and a vegan dish for you."),
                (U, "A launeddas concert, the neighbours will love that. Thank you."),
                (A, "Have a lovely party.")),
    ],
    "intended": {
        "at": lt(ROM, "2026-11-24 09:00"),
        "facts": [
            ["preferred_name", "Nanna"],
            ["city", "Nuoro"],
            ["employer", "Gorropu"],
            ["job_title", "mountain guide"],
            ["relationship_status", "single"],
            ["child_name", "Bachisio"],
            ["pet", "Zizzu"],
            ["dietary_restriction", "vegan"],
            ["language_spoken", "Sardinian"],
            ["language_spoken", "English"],
            ["language_spoken", "Corsican"],
            ["hobby", "launeddas"],
        ],
        "also_true": [
            ["preferred_name", "Giovanna Bonaria"],
        ],
        "not_stored": [
            ["partner_name", "Efisio"],
            ["city", "Cagliari"],
            ["city", "Sassari"],
            ["city", "Olbia"],
            ["city", "Orgosolo"],
            ["city", "Oristano"],
            ["city", "Bologna"],
            ["job_title", "Head Guide"],
            ["employer", "Supramonte Adventures"],
            ["hobby", "running"],
        ],
    },
}

USERS = [NAK, JECA, KIKO, NANNA]


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
