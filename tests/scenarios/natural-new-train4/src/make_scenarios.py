"""Generate the natural-new-train4 conversations: three new users, several sessions each,
with an `intended` block (read by scripts/eval/intended.py) naming the facts the author
means the memory to hold at the end. Edit this script, not the JSON, and rerun it.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent
NAMESPACE = "natural-new-train4"


def session(sid: str, started_at: str, turns: list[tuple[str, str]], gap: int = 45) -> dict:
    return {"session": {"id": sid, "started_at": started_at,
                        "turns": [{"role": {"u": "user", "a": "assistant"}[r], "text": t,
                                   "offset_s": i * gap} for i, (r, t) in enumerate(turns)]}}


def mbali_durban() -> dict:
    return {
        "format": 1, "name": "new-user-mbali-durban", "namespace": NAMESPACE, "user": "nt4-1",
        "description": "A payroll officer who moved from Pietermaritzburg to Durban; family, a "
                       "parrot, three languages, a diet, netball, a bee-sting allergy.",
        "steps": [
            session("s1", "2026-02-03T19:30:00+02:00", [
                ("u", "Hi! I'm Nombali, but it's Mbali to everyone except my gran. I just moved to "
                      "Durban from Pietermaritzburg last month for a job as a payroll officer at "
                      "Bayhead Freight, and I'm trying to get organised. First thing: I need a weekly "
                      "meal plan. I'm pescatarian, so fish yes, meat no, and it has to be cheap."),
                ("a", "Welcome to Durban, Mbali! Pilchard curry, bean and butternut stew, tuna "
                      "pasta bake and a hake and chips Friday would keep costs low."),
                ("u", "Pilchard curry, my childhood. My husband Sizwe eats meat so he'll add chicken "
                      "to his. And our son Lwazi, he's seven, eats anything as long as it has tomato "
                      "sauce on it."),
                ("a", "Then a big pot of tomato-based curry works for all three of you."),
            ]),
            session("s2", "2026-02-20T20:00:00+02:00", [
                ("u", "Payroll run done, first one at Bayhead and nothing exploded. I want to join a "
                      "netball league here, I played in Pietermaritzburg for years and I miss it. Is "
                      "there a social league in Durban North? Also important: I'm allergic to bee "
                      "stings, properly, I carry an EpiPen, so outdoor courts with flowers make me "
                      "nervous."),
                ("a", "Several clubs run social leagues in Durban North; ask whether they play "
                      "indoors in summer, and tell the captain about your EpiPen."),
                ("u", "Good idea. At home we speak isiZulu, at work it's English, and with the "
                      "drivers I get by in Afrikaans, so I can chat to pretty much anyone at the club."),
                ("a", "Three languages will make you everyone's favourite teammate."),
            ]),
            session("s3", "2026-03-15T10:00:00+02:00", [
                ("u", "Saturday chaos. Our parrot Mango learnt to imitate the microwave and Sizwe "
                      "keeps getting up to check on food that doesn't exist. Lwazi thinks it's the "
                      "funniest thing ever. Can you give me a fun science experiment for a seven-year-"
                      "old with stuff from the kitchen?"),
                ("a", "Make a lava lamp: a bottle of water and oil, food colouring, and a fizzy "
                      "tablet."),
                ("u", "Perfect, we've got all of that. Oh and I joined the netball league in the "
                      "end, we play Wednesday nights."),
                ("a", "Enjoy Wednesday netball!"),
            ]),
        ],
        "intended": {
            "at": "2026-03-16T09:00:00+02:00",
            "facts": [["preferred_name", "Mbali"], ["city", "Durban"],
                      ["employer", "Bayhead"], ["job_title", "payroll officer"],
                      ["dietary_restriction", "pescatarian"], ["partner_name", "Sizwe"],
                      ["child_name", "Lwazi"], ["hobby", "netball"],
                      ["allergy", "bee"], ["language_spoken", "isiZulu"],
                      ["language_spoken", "English"], ["language_spoken", "Afrikaans"],
                      ["pet", "Mango"]],
            "also_true": [["country", "South Africa"], ["relationship_status", "married"],
                          ["full_name", "Nombali"], ["accessibility_need", "EpiPen"]],
        },
    }


def lukas_graz() -> dict:
    return {
        "format": 1, "name": "new-user-lukas-graz", "namespace": NAMESPACE, "user": "nt4-2",
        "description": "A frame welder in Graz (moved from Linz); a cat that died and a new dog; "
                       "quit smoking; vegetarian then not; choir dropped, climbing taken up.",
        "steps": [
            session("s1", "2026-04-07T21:00:00+02:00", [
                ("u", "Servus. Lukas here, Luki is fine. I weld bike frames at Murtal Bikes, we "
                      "moved the whole workshop and ourselves from Linz to Graz over Easter, and my "
                      "girlfriend Theresa is still unpacking books. I'm vegetarian and she isn't, so "
                      "cooking is a negotiation, and I can't stand coriander, so none of that either. Something with Styrian pumpkin seed oil that works "
                      "for both of us?"),
                ("a", "Käferbohnen salad with pumpkin seed oil, and she can add speck on the side."),
                ("u", "Good. I also sing bass in a choir, or did in Linz, I have to find one here. "
                      "Oh, and careful with nuts in recipes, I'm allergic to hazelnuts."),
                ("a", "Noted, no hazelnuts. Graz has several amateur choirs that rehearse weekly."),
            ]),
            session("s2", "2026-06-02T19:00:00+02:00", [
                ("u", "Sad week. Our cat Strudel died on Sunday, she was seventeen, she came with me "
                      "from Linz and from my student flat before that. Theresa and I are wrecked. I "
                      "also stopped smoking a month ago, because if I'm honest the stress would've "
                      "been an excuse, and I haven't touched one since. How do people deal with "
                      "grief for a pet?"),
                ("a", "I'm so sorry about Strudel. Let yourselves grieve; some people write down "
                      "favourite memories or plant something in her honour."),
                ("u", "We'll plant lavender, she slept in it every summer. I never found a choir "
                      "here, and to be honest I've given singing up, I started bouldering at a gym in "
                      "Lend instead and I'm there three times a week."),
                ("a", "Bouldering three times a week is a great outlet."),
            ]),
            session("s3", "2026-09-12T11:00:00+02:00", [
                ("u", "News: we adopted a dog from the Graz shelter, a scruffy terrier called "
                      "Knödel. And I'm eating meat again since the summer, the vegetarian thing ended "
                      "when my climbing coach told me to eat more protein and I got lazy about it. Can "
                      "you suggest a good first hike with a small dog near Graz?"),
                ("a", "The Schöckl has gentle paths and a cable car if Knödel gets tired."),
                ("u", "The Schöckl it is. Theresa packs the snacks, I carry the dog."),
                ("a", "A good division of labour."),
            ]),
        ],
        "intended": {
            "at": "2026-09-13T09:00:00+02:00",
            "facts": [["preferred_name", "Luki"], ["city", "Graz"], ["employer", "Murtal"],
                      ["job_title", "weld"], ["partner_name", "Theresa"],
                      ["allergy", "hazelnut"], ["smoking_status", "non-smoker"],
                      ["hobby", "boulder"], ["pet", "Knödel"], ["dislikes", "coriander"]],
            "also_true": [["relationship_status", "relationship"], ["language_spoken", "German"],
                          ["country", "Austria"],
                          ["full_name", "Lukas"]],
        },
    }


def farah_penang() -> dict:
    return {
        "format": 1, "name": "new-user-farah-penang", "namespace": NAMESPACE, "user": "nt4-3",
        "description": "A process technician moving from Kuala Lumpur to Penang for a new job "
                       "with a dated start; an allergy ruled out; a cat; languages; hobbies.",
        "steps": [
            session("s1", "2026-05-04T20:30:00+08:00", [
                ("u", "Hello! Farah, or Fa, I don't mind. Big month: I accepted a job as a process "
                      "technician at Semenanjung Semiconductor in Bayan Lepas, I start on 1 June, so "
                      "I'm leaving KL and moving to Penang on the 25th of May. I'm at Kelana "
                      "Electronics until the 22nd. My cat Oyen is coming with me, obviously. Can you "
                      "help me plan the drive up with a cat who hates the car?"),
                ("a", "Go early morning, cover the carrier with a light cloth, and stop at Tapah or "
                      "Ipoh for a quiet break."),
                ("u", "Ipoh stop, and I'll get white coffee. Food wise I eat halal only, so I'll pack "
                      "my own lunch. I also thought I was allergic to prawns for years, I've got a "
                      "test with the allergist on Thursday to find out."),
                ("a", "Good luck with the test, and with the move!"),
            ]),
            session("s2", "2026-05-09T18:00:00+08:00", [
                ("u", "Test result: not allergic to prawns at all, the rash years ago was from "
                      "something else. Only dust mites came up positive, so that one I do have. "
                      "Celebrating with prawn mee in Penang in a few weeks! I speak Malay and English, "
                      "and my Mandarin is decent from school, might be useful at the new place."),
                ("a", "Great news! Penang prawn mee is a fine way to celebrate."),
                ("u", "Also I want to keep up badminton after the move, I play every Tuesday with "
                      "friends here in KL."),
                ("a", "Penang has plenty of courts; many workplaces in Bayan Lepas have company "
                      "teams too."),
            ]),
            session("s3", "2026-06-20T21:00:00+08:00", [
                ("u", "Three weeks in at Semenanjung, the night shifts are tough but the team is "
                      "nice. Penang is great, Oyen has claimed the balcony. I joined the company "
                      "badminton team and I've started batik painting classes in George Town on "
                      "Sundays. Can you suggest a cheap dinner spot near Bayan Lepas?"),
                ("a", "The hawker centres around Bayan Baru have nasi kandar and char kway teow at "
                      "low prices."),
                ("u", "Nasi kandar, perfect after a night shift."),
                ("a", "Enjoy!"),
            ]),
        ],
        "intended": {
            "at": "2026-06-21T09:00:00+08:00",
            "facts": [["preferred_name", "Fa"], ["city", "Penang"],
                      ["employer", "Semenanjung"], ["job_title", "process technician"],
                      ["pet", "Oyen"], ["dietary_restriction", "halal"],
                      ["allergy", "dust mite"], ["language_spoken", "Malay"],
                      ["language_spoken", "English"], ["language_spoken", "Mandarin"],
                      ["hobby", "badminton"], ["hobby", "batik"]],
            "also_true": [["country", "Malaysia"], ["full_name", "Farah"]],
        },
    }


def main(argv: list[str]) -> int:
    docs = [mbali_durban(), lukas_graz(), farah_penang()]
    for d in docs:
        n = len(d["intended"]["facts"])
        assert 10 <= n <= 14, (d["name"], n)
        print(f"{d['name']}: {n} intended facts")
        if "--check" not in argv:
            (OUT / f"{d['name']}.json").write_text(
                json.dumps(d, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
