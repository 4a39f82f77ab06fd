"""Ten held-back scenarios in natural speech -> this folder."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import session, U, A, T, check, write

OUT = str(Path(__file__).resolve().parents[1])
NS = "held3"
S = []


def add(name, desc, user, steps):
    S.append(write(OUT, name, desc, user, steps, NS))


# 1. A move told as context, weeks late; a sister takes over the old flat.
add("boxes-everywhere-aarhus",
    "Lives in Utrecht; the move to Aarhus comes up as context three weeks after it happened; the sister moves into the old Utrecht flat.",
    "h3-01", [
    session("s1", "2026-01-19T20:10:00+01:00", [
        U("Evening! The canal outside our place in Utrecht actually froze over this weekend and half the street was out on it in ice skates, which felt very Dutch-postcard. Meanwhile I'm in spreadsheet hell: the removal quotes for the big move are all over the place, one is 2,400 euros and another is nearly double for what looks like the same van. Is there a sane way to compare these?"),
        A("Put them side by side on volume (cubic metres), insurance cover, packing included or not, and whether the ferry or bridge tolls are in the price. The cheap one often leaves out packing."),
        U("Oh, good point about packing, the cheap one says 'self-pack'. My partner Wouter will pack the books in a weekend if I let him, he loves that kind of thing. I'll ask both about insurance."),
        A("Sounds like a plan. Ask for the insurance value per box too, not just the total."),
    ]),
    session("s2", "2026-03-31T19:40:00+02:00", [
        U("Quick one and then a rant. Since we got to Aarhus three weeks ago I've been cycling to the office along the harbour and my legs are finally forgiving me, but the wind off the water is something else. The rant: there are still boxes everywhere, Wouter has unpacked exactly one and it was the coffee grinder. Also my sister Marloes has taken over our old flat in Utrecht, so she keeps sending me photos of 'her' kitchen, rude. Anyway, can you suggest a way to split the unpacking so it actually gets done?"),
        A("Try one room per evening with a timer, thirty minutes each, and a rule that an empty box gets flattened on the spot. Congratulations on settling into Utrecht!"),
        U("Aarhus, not Utrecht, Utrecht is Marloes's problem now. The timer idea is good. We also found a bakery two streets over called Rugbrødsloftet that does a cardamom bun I would honestly move countries for again."),
        A("Sorry, Aarhus! Thirty minutes a day plus a cardamom bun as the reward sounds like a system."),
    ]),
    check("current", "2026-04-01T09:00:00+02:00", predicate="city", expect=["Aarhus"]),
    check("believed_as_of", "2026-04-01T09:00:00+02:00", known_at="2026-02-01T12:00:00+01:00",
          predicate="city", expect=["Utrecht"]),
    check("as_of", "2026-04-01T09:00:00+02:00", valid_at="2026-02-20T12:00:00+01:00",
          predicate="city", expect=["Utrecht"]),
    check("history", "2026-04-01T09:00:00+02:00", predicate="city", expect=["Utrecht", "Aarhus"]),
    check("current", "2026-04-01T09:00:00+02:00", predicate="partner_name", expect=["Wouter"]),
    check("recall", "2026-04-01T09:00:00+02:00", query="What was the bakery near our new place called?",
          k=5, must_include=["Rugbr"], must_exclude=[]),
])

# 2. Notice handed in; last day and new start dated in the future; a friend's job as a trap.
add("two-months-notice-lisbon",
    "Notice handed in at Caravela with a dated end and a dated start at Farol; the assistant garbles the direction; a friend's new bank job.",
    "h3-02", [
    session("s1", "2026-05-06T21:00:00+01:00", [
        U("Okay so I finally did the scary thing: I gave notice at Caravela Logistics on Monday. It's two months here, which is brutal, so I'm with them until the 30th of June and then I start at Farol Analytics on Monday the 6th of July as a lead data engineer. Seven years of shipping manifests and I will not miss the 3am pipeline alerts. The bit I'm dreading is telling my team, they're lovely. Can you help me think about how to structure a handover over eight weeks?"),
        A("Congratulations! So you'll be starting at Caravela in July. For eight weeks: weeks 1-2 document, 3-5 pair with whoever takes over, 6-8 let them lead while you shadow."),
        U("Ha, no, Caravela is where I am now, Farol is the new one. But the week plan is good. Also random, my friend Tomás just got hired at Banco Atlântico as a risk analyst, so we're both changing jobs the same summer and plan to celebrate with way too many pastéis de nata in Belém."),
        A("My mistake: leaving Caravela, joining Farol. Sounds like a very good summer for both of you."),
    ]),
    check("current", "2026-05-07T09:00:00+01:00", predicate="employer", expect=["Caravela"]),
    session("s2", "2026-06-20T10:15:00+01:00", [
        U("Ten days left at Caravela! The handover doc is now a small novel. My replacement, Rita, is sharp and I think she'll be fine, though she's never touched our ancient scheduler. Can you help me write a two-line note to put at the top of the doc telling people where to start?"),
        A("'Start with section 2 (daily runs) and section 5 (who to call when it breaks). Everything else is reference.'"),
        U("Perfect, short and honest."),
        A("Good luck with the last stretch."),
    ]),
    check("current", "2026-06-21T09:00:00+01:00", predicate="employer", expect=["Caravela"]),
    check("current", "2026-07-15T09:00:00+01:00", predicate="employer", expect=["Farol"]),
    check("current", "2026-07-15T09:00:00+01:00", predicate="job_title", expect=["lead data engineer"]),
    check("as_of", "2026-07-15T09:00:00+01:00", valid_at="2026-06-25T12:00:00+01:00",
          predicate="employer", expect=["Caravela"]),
    check("history", "2026-07-15T09:00:00+01:00", predicate="employer", expect=["Caravela", "Farol"]),
    check("recall", "2026-07-15T09:00:00+01:00", query="Where were Tomás and I going to celebrate our new jobs?",
          k=5, must_include=["Bel"], must_exclude=[]),
])

# 3. A planned move with a future date; a what-if as a trap; no session after the move.
add("keys-on-the-first-edinburgh",
    "Lives in Cork, signs for an Edinburgh flat with keys on 1 October; a fallback 'we'd end up in Galway' is hypothetical; the move happens with no new session.",
    "h3-03", [
    session("s1", "2026-08-10T19:30:00+01:00", [
        U("We signed! The flat in Edinburgh is ours from the 1st of October, keys that morning, and I have never been this excited about a lease. It's in Leith, third floor, no lift, which my girlfriend Saoirse says is 'free cardio'. Until then we're still in Cork, obviously, and I've got a long list of goodbyes to do. If the whole thing had fallen through we'd probably have ended up in Galway near her parents, so honestly either way we were leaving. Can you help me make a countdown checklist for the next seven weeks?"),
        A("Here's a sketch: week 1 give notice on the Cork lease, week 2 book the ferry or movers, week 3 redirect post, weeks 4-6 declutter and say goodbyes, week 7 pack and clean."),
        U("Love it. Notice on the Cork place goes in tomorrow."),
        A("Great, that keeps the dates aligned."),
    ]),
    session("s2", "2026-09-12T11:00:00+01:00", [
        U("Three weeks to go. The flat in Cork looks like a bomb went off, Saoirse has labelled every box with a colour code that only she understands, and I've booked the ferry over for the night of the 30th so we can drive up and collect the keys that morning. Quick question: do I need to register with a GP straight away in Scotland or can I wait a few weeks?"),
        A("You can register any time, but it's worth doing in the first few weeks so prescriptions aren't interrupted. You'll need proof of your new address."),
        U("Right, I'll do it the first week then."),
        A("Good plan."),
    ]),
    check("current", "2026-09-13T09:00:00+01:00", predicate="city", expect=["Cork"]),
    check("current", "2026-10-20T09:00:00+01:00", predicate="city", expect=["Edinburgh"]),
    check("as_of", "2026-10-20T09:00:00+01:00", valid_at="2026-09-20T12:00:00+01:00",
          predicate="city", expect=["Cork"]),
    check("history", "2026-10-20T09:00:00+01:00", predicate="city", expect=["Cork", "Edinburgh"]),
    check("current", "2026-10-20T09:00:00+01:00", predicate="partner_name", expect=["Saoirse"]),
    check("profile", "2026-10-20T09:00:00+01:00", must_include=["Edinburgh"], must_exclude=["Galway"]),
])

# 4. A diet started, then ended; "not vegan" as a negation; a hobby since March.
add("lamb-at-the-wedding-lyon",
    "Stopped eating meat at New Year (not vegan), took up climbing in March, went back to meat at a cousin's wedding last month.",
    "h3-04", [
    session("s1", "2026-03-02T18:45:00+01:00", [
        U("Two months in without meat! I stopped on New Year's Day, mostly for the climate thing and partly because my flatmate cooks the best dal in Lyon and I wanted an excuse to steal it. I'm not vegan though, let's be clear, cheese is non-negotiable in this city. What I'm struggling with is protein at lunch, my office canteen does a sad salad and that's it. Any ideas for packed lunches that don't take forever?"),
        A("Lentil and roasted veg salads, a chickpea-and-feta wrap, or a big pot of bean chilli on Sunday split into boxes."),
        U("Chilli in boxes, yes. I can do that on Sundays."),
        A("Add some grated comté on top and you're set."),
    ]),
    check("current", "2026-03-03T09:00:00+01:00", predicate="dietary_restriction", expect=["vegetarian"]),
    session("s2", "2026-09-14T20:00:00+02:00", [
        U("Confession time: I went back to eating meat last month at my cousin's wedding in August. They did a seven-hour lamb and I just caved, and then it kind of stuck. No regrets, mostly. In other news, since March I've been going to the climbing gym at Croix-Rousse every Thursday with people from work and my forearms are unrecognisable. I want to try outdoor climbing this autumn, is there a good beginner crag near here?"),
        A("Your best bet is to go with a club or a guide the first time; they'll pick an easy sector and teach you how to clip and belay outdoors safely."),
        U("Makes sense, there's a club at the gym that does trips, I'll sign up."),
        A("That's the easiest way in."),
    ]),
    check("absent", "2026-09-15T09:00:00+02:00", predicate="dietary_restriction"),
    check("as_of", "2026-09-15T09:00:00+02:00", valid_at="2026-05-01T12:00:00+02:00",
          predicate="dietary_restriction", expect=["vegetarian"]),
    check("current", "2026-09-15T09:00:00+02:00", predicate="hobby", expect=["climb"], exact=False),
    check("current", "2026-09-15T09:00:00+02:00", predicate="city", expect=["Lyon"]),
    check("profile", "2026-09-15T09:00:00+02:00", must_include=["climb"], must_exclude=["vegan"]),
])

# 5. Quit smoking, then back on cigarettes; a cat dies; a neighbour's rabbit is only visiting.
add("ten-a-day-again-hobart",
    "Three weeks off cigarettes, a cat put down 'last Friday', back on cigarettes; a neighbour's rabbit is pet-sat for a week.",
    "h3-05", [
    session("s1", "2026-02-08T19:00:00+11:00", [
        U("Day twenty-two without a cigarette and I'm unbearable, ask anyone. I've been chewing through nicotine gum like it's my job. Pretzel, our dachshund, is getting extra long walks because walking is the only thing that stops me craving, so at least someone's winning. Ottoline, the cat, just judges us both from the windowsill. Anyway, can you give me a few more tricks for the after-dinner craving? That's the killer."),
        A("Change the routine: get up from the table straight away, brush your teeth, or go for that walk with Pretzel right after dinner. The craving peaks and fades in a few minutes."),
        U("Teeth straight after dinner, I can try that."),
        A("Good luck, three weeks is a real achievement."),
    ]),
    check("current", "2026-02-09T09:00:00+11:00", predicate="smoking_status", expect=["non-smoker"]),
    session("s2", "2026-05-17T14:00:00+10:00", [
        U("Rough couple of weeks. We had to put Ottoline down last Friday, her kidneys had been failing for a while and it was time. The house is weirdly quiet, even Pretzel keeps checking the windowsill. And I'm back on cigarettes, I won't pretend otherwise, it started with the redundancy scare at work in April and I'm at about ten a day again. I don't want a lecture, I just want help writing something for Ottoline's little memorial stone. She was nineteen."),
        A("I'm so sorry. Something short might suit her: 'Ottoline, 2007-2026. Queen of the windowsill.'"),
        U("Queen of the windowsill. That's her exactly."),
        A("It's a lovely way to remember her."),
    ]),
    session("s3", "2026-07-05T10:30:00+10:00", [
        U("We're minding the neighbour's rabbit, Clover, for a week while they're in Bali, and Pretzel thinks it's the best television ever invented. Still on the cigarettes, before you ask. Question: can a rabbit and a dachshund safely share a backyard if I'm watching?"),
        A("Only with very close supervision and ideally a pen for the rabbit; dachshunds were bred to chase small animals, so even a friendly one can hurt Clover in a second."),
        U("Pen it is."),
        A("Sensible."),
    ]),
    check("current", "2026-07-06T09:00:00+10:00", predicate="smoking_status", expect=["smoker"]),
    check("as_of", "2026-07-06T09:00:00+10:00", valid_at="2026-03-01T12:00:00+11:00",
          predicate="smoking_status", expect=["non-smoker"]),
    check("current", "2026-07-06T09:00:00+10:00", predicate="pet", expect=["Pretzel"]),
    check("as_of", "2026-07-06T09:00:00+10:00", valid_at="2026-03-01T12:00:00+11:00",
          predicate="pet", expect=["Pretzel", "Ottoline"]),
    check("profile", "2026-07-06T09:00:00+10:00", must_include=["Pretzel"], must_exclude=["Ottoline", "Clover"]),
    check("recall", "2026-07-06T09:00:00+10:00", query="What did we put on the memorial stone for the cat?",
          k=5, must_include=["windowsill"], must_exclude=[]),
])

# 6. Preferred name vs official name; an allergy that turns out not to be one; a son's allergy.
add("prawn-in-the-clinic-sheffield",
    "Passport says Bartholomew, goes by Tolly; shellfish allergy ruled out by a challenge test, latex confirmed; the son's peanut allergy is his, not the user's.",
    "h3-06", [
    session("s1", "2026-04-03T17:20:00+01:00", [
        U("Filling in forms for the allergy clinic and it wants my 'name as on passport', which is Bartholomew, a name nobody has used since my primary school register; it's Tolly to everyone including my own mother. Anyway. I've always assumed I'm allergic to shellfish since a horrendous night after some prawns in Bangkok years ago, and latex brings me out in hives, which is annoying because I'm a dentist's receptionist and gloves are everywhere. Can you help me list what to tell the allergist?"),
        A("Sure: what happened, how soon after eating, what symptoms, how long they lasted, whether you've eaten shellfish since, and the same for latex. Bring a list of medications too."),
        U("Good. My son Ezra has a proper peanut allergy, EpiPen and everything, so I'm probably over-cautious about all of this."),
        A("That's understandable. Mention Ezra's allergy too; family history is useful to them."),
    ]),
    session("s2", "2026-06-10T19:05:00+01:00", [
        U("Allergy clinic update! They did a challenge test and the shellfish came back completely clear, I ate a prawn right there in the clinic with a nurse watching me like a hawk and nothing happened. The Bangkok night was apparently just food poisoning all along. Latex is real though, they confirmed that one on the skin-prick. So I can finally order the seafood linguine at Ezra's favourite Italian place on Ecclesall Road."),
        A("What great news! Since prawns were fine, you might still want to avoid crab and lobster to be safe."),
        U("No, the allergist said all shellfish is fine, crab included. It was one dodgy prawn."),
        A("Understood, shellfish is completely back on the menu."),
    ]),
    check("current", "2026-06-11T09:00:00+01:00", predicate="preferred_name", expect=["Tolly"]),
    check("current", "2026-06-11T09:00:00+01:00", predicate="allergy", expect=["latex"]),
    check("believed_as_of", "2026-06-11T09:00:00+01:00", known_at="2026-05-01T12:00:00+01:00",
          predicate="allergy", expect=["shellfish", "latex"]),
    check("current", "2026-06-11T09:00:00+01:00", predicate="child_name", expect=["Ezra"]),
    check("profile", "2026-06-11T09:00:00+01:00", must_include=["Tolly", "latex"], must_exclude=["shellfish"]),
    check("current", "2026-06-11T09:00:00+01:00", predicate="job_title", expect=["receptionist"]),
])

# 7. A relationship ends, a hobby is dropped, a new relationship starts; a friend's engagement.
add("rowing-club-goodbye-dunedin",
    "Boyfriend Karim; break-up in April; rowing dropped, watercolour kept; a friend's engagement; seeing Dmitri since August.",
    "h3-07", [
    session("s1", "2026-01-25T16:00:00+13:00", [
        U("Sunday brain dump. Rowing club at 5am again this morning, the harbour was like glass and I almost forgave the alarm. Then watercolour in the afternoon, which is my actual happy place, I'm trying to paint the Otago hills and they keep coming out like green porridge. My boyfriend Karim says they're 'abstract', which is kind. Can you give me some tips for layering greens without making mud?"),
        A("Let each layer dry completely, start light, and mix your greens from a blue and a yellow rather than using tube green; a touch of red or burnt sienna cools them down without muddying."),
        U("Letting it dry is my problem, I'm impatient. I'll try a hairdryer."),
        A("A hairdryer on low works well, just keep it moving."),
    ]),
    session("s2", "2026-06-07T11:30:00+12:00", [
        U("Update on life: Karim and I broke up in April. It was mutual-ish and we're civil, but it's been a strange couple of months. I've also quit the rowing club, the 5am starts were one thing in summer and quite another in a Dunedin winter. Still painting though, more than ever. And my friend Hana just got engaged to her girlfriend, so I'm helping plan an engagement picnic. Can you suggest a menu that works for twenty people in a park in winter?"),
        A("Go warm: a big pot of soup in thermoses, cheese scones, sausage rolls, a vegetarian pie, and mulled cider."),
        U("Mulled cider is inspired."),
        A("It's hard to go wrong with it in June."),
    ]),
    check("current", "2026-06-08T09:00:00+12:00", predicate="relationship_status", expect=["single"]),
    check("absent", "2026-06-08T09:00:00+12:00", predicate="partner_name"),
    session("s3", "2026-10-11T19:00:00+13:00", [
        U("So. I've been seeing someone since August, his name is Dmitri, he's a sound engineer and he does not mind my paint water all over the kitchen bench, which is a green flag. We're doing a weekend in Wanaka next month. What should we pack for a spring weekend there? I hear the weather turns on a dime."),
        A("Layers: thermals, a fleece, a waterproof shell, sunscreen and sunglasses; spring in Wanaka can do four seasons in a day."),
        U("I'll bring the travel paint set too, obviously."),
        A("The lake will be worth it."),
    ]),
    check("current", "2026-10-12T09:00:00+13:00", predicate="partner_name", expect=["Dmitri"]),
    check("as_of", "2026-10-12T09:00:00+13:00", valid_at="2026-02-15T12:00:00+13:00",
          predicate="partner_name", expect=["Karim"]),
    check("history", "2026-10-12T09:00:00+13:00", predicate="partner_name", expect=["Karim", "Dmitri"]),
    check("current", "2026-10-12T09:00:00+13:00", predicate="hobby", expect=["watercolo"], exact=False),
    check("profile", "2026-10-12T09:00:00+13:00", must_include=["Dmitri", "watercolo"], must_exclude=["Karim", "rowing"]),
])

# 8. Traps: a what-if, the assistant's wrong inference, a pasted scam email, negations.
add("scam-offer-dundee",
    "A physiotherapist in Dundee daydreams about winters in Tenerife, pastes a fake job offer, and says she isn't a runner; none of that changes her facts.",
    "h3-08", [
    session("s1", "2026-03-10T20:30:00+00:00", [
        U("Wet, grey, windy, classic Dundee March. I had a full list at the clinic today, four runners with the same knee, and I swear none of them stretch. I'm not a runner myself, I just fix them. On the drive home I was daydreaming: what if we moved to Tenerife for the winters? Would I even be allowed to work as a physio there without Spanish?"),
        A("Sounds like you're planning to relocate to Tenerife! You'd need your qualification recognised in Spain and, realistically, working Spanish for patients."),
        U("God no, not planning anything, it was a daydream in a traffic jam. Also, look at this thing that landed in my inbox, is this a scam?\n\n---\nDear Ms Okafor,\nWe are pleased to confirm your appointment as Head of Rehabilitation at Harbourline Health, Aberdeen, starting 1 May 2026, salary £96,000. To secure your position please send a £250 onboarding fee and a copy of your passport to hr-onboarding@harbourline-health.co.\n---\n\nI've never applied to anything called Harbourline."),
        A("That's a scam: real employers never ask for a fee, and the domain is odd. Don't send anything, and report it as phishing."),
    ]),
    session("s2", "2026-04-22T19:10:00+01:00", [
        U("Back from the clinic. Tayside Sports Physio has finally got us a second treatment room, so I'm not doing assessments in the storage cupboard any more. Should I do a course in Spanish just in case? Honestly no, I'd rather do a course in shoulder rehab, that's where my caseload is going. Can you outline what a good shoulder CPD course should cover?"),
        A("Look for: assessment of the rotator cuff and scapula, loading progressions, return-to-sport criteria, and managing frozen shoulder."),
        U("That matches what I was looking at. Thanks."),
        A("Happy to help."),
    ]),
    check("current", "2026-04-23T09:00:00+01:00", predicate="city", expect=["Dundee"]),
    check("current", "2026-04-23T09:00:00+01:00", predicate="employer", expect=["Tayside"]),
    check("current", "2026-04-23T09:00:00+01:00", predicate="job_title", expect=["physio"]),
    check("absent", "2026-04-23T09:00:00+01:00", predicate="hobby"),
    check("profile", "2026-04-23T09:00:00+01:00", must_include=["Dundee"], must_exclude=["Tenerife", "Harbourline", "Aberdeen"]),
    check("recall", "2026-04-23T09:00:00+01:00", query="What should the shoulder CPD course I was looking at cover?",
          k=5, must_include=["rotator"], must_exclude=[]),
])

# 9. A move told months late ("since the start of March"); new job; a flatmate's job; a pet since last Friday.
add("since-march-leipzig",
    "Moved from Hamburg to Leipzig at the start of March for a level-designer job at Pixelhain, told in July; flatmate's job is a trap; a cat arrives 'last Friday'.",
    "h3-09", [
    session("s1", "2026-07-20T21:00:00+02:00", [
        U("I keep forgetting I never told you: I moved down from Hamburg at the start of March, I've been in Leipzig since then and I'm now a level designer at Pixelhain, the studio that did the lighthouse puzzle game. Rent here is half what it was in Hamburg, which still blows my mind. Anyway, I'm designing a tutorial level and playtesters keep getting stuck at the same door. How do you usually teach a mechanic without a text prompt?"),
        A("Put the mechanic in a safe space first, with one obvious affordance and no way to fail, then repeat it with a twist. Lighting and sound cues help draw the eye to the door."),
        U("Light is my whole thing, so yes. I'll move the lamp."),
        A("A lit door gets walked through."),
    ]),
    session("s2", "2026-11-03T18:30:00+01:00", [
        U("We got a cat last Friday! She's a grey tabby from the shelter, we named her Knödel, and she has already knocked my dev kit off the desk twice. My flatmate Jonas just got hired at Kobold Games across town, so now there's a rivalry in our kitchen. If Pixelhain ever gets bought by one of the big publishers I'd probably go back to Hamburg, but that's not happening any time soon. What's the best way to keep a cat off a desk without being mean?"),
        A("Give her a better option next to the desk, like a shelf or a cat tree at the same height, and make the desk less interesting with a mat she doesn't like walking on."),
        U("A cat tree next to the desk it is, she can supervise."),
        A("She'll love the view."),
    ]),
    check("current", "2026-11-04T09:00:00+01:00", predicate="city", expect=["Leipzig"]),
    check("as_of", "2026-11-04T09:00:00+01:00", valid_at="2026-02-10T12:00:00+01:00",
          predicate="city", expect=["Hamburg"]),
    check("as_of", "2026-11-04T09:00:00+01:00", valid_at="2026-04-10T12:00:00+02:00",
          predicate="city", expect=["Leipzig"]),
    check("current", "2026-11-04T09:00:00+01:00", predicate="employer", expect=["Pixelhain"]),
    check("current", "2026-11-04T09:00:00+01:00", predicate="job_title", expect=["level designer"]),
    check("current", "2026-11-04T09:00:00+01:00", predicate="pet", expect=["Knödel"]),
])

# 10. Pronouns, a wife, languages, a baby born three weeks ago; a tool's shipping address and a friend's quoted message as traps.
add("shipping-label-marseille",
    "They/them, married to Nadia, daughter Lina; a tool lookup shows an old Lyon address; a friend's quoted 'I've moved to Lyon'; son Samir born three weeks before s2.",
    "h3-10", [
    session("s1", "2026-05-12T18:00:00+02:00", [
        U("Hi, quick admin thing first: I use they/them, my doctor's new receptionist keeps getting it wrong and I'd like at least my assistant to get it right. Second thing: I ordered a pram online and it hasn't come. Can you check order 88213?"),
        A("Let me look that up."),
        T("Order 88213 | Status: held at depot | Ship to: N. Haddad, 14 rue Mercière, 69002 Lyon | Note: address from previous account profile"),
        U("Ugh, it's going to the old address in Lyon, we've been in Marseille for three years. I'll fix it on their site. My wife Nadia is due in July so we need that pram. Our daughter Lina is very excited about being a big sister, she's already told her whole class in French, Arabic and English, which is how we talk at home."),
        A("That's the problem then: update the delivery address to Marseille and ask them to re-route the parcel. Congratulations on the baby coming!"),
    ]),
    session("s2", "2026-08-30T10:00:00+02:00", [
        U("Sleep-deprived hello. Our son Samir was born three weeks ago, everybody's healthy, and Lina has appointed herself his manager. Nadia is doing amazingly. My friend Bastien texted me this morning: 'Finally did it, I've moved to Lyon! Come visit when the baby lets you.' Which is funny given the pram saga. Anyway, any tips for getting a newborn to sleep longer than two hours at night?"),
        A("At three weeks, two to three hours is normal. A dark room, white noise and a consistent bedtime routine help; longer stretches usually come around two to three months."),
        U("So basically: coffee. Got it."),
        A("Coffee, and taking turns with Nadia."),
    ]),
    check("current", "2026-08-31T09:00:00+02:00", predicate="pronouns", expect=["they"]),
    check("current", "2026-08-31T09:00:00+02:00", predicate="city", expect=["Marseille"]),
    check("current", "2026-08-31T09:00:00+02:00", predicate="child_name", expect=["Lina", "Samir"]),
    check("as_of", "2026-08-31T09:00:00+02:00", valid_at="2026-06-01T12:00:00+02:00",
          predicate="child_name", expect=["Lina"]),
    check("current", "2026-08-31T09:00:00+02:00", predicate="partner_name", expect=["Nadia"]),
    check("current", "2026-08-31T09:00:00+02:00", predicate="relationship_status", expect=["married"]),
    check("current", "2026-08-31T09:00:00+02:00", predicate="language_spoken", expect=["Arabic"], exact=False),
])

if __name__ == "__main__":
    for p in S:
        print(p)
