"""Three new-user conversations with an "intended" block -> ../natural-new-held3/."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import session, U, A, write

OUT = str(Path(__file__).resolve().parents[2] / "natural-new-held3")
NS = "held3-new"
S = []

# 1. Priya: Bath, then a house in Bristol; a greyhound; an allotment; engaged in July.
S.append(write(OUT, "priya-bedminster", "New user over five sessions: moves from Bath to Bristol, gets an allotment, gets engaged, promoted.", "h3n-01", [
    session("s1", "2026-02-03T20:15:00+00:00", [
        U("Hi. I'm Priya. First time using this properly, a colleague swears by it. So, the real reason I'm here at 8pm: we adopted a retired greyhound three weeks ago, Juniper, and she howls the minute we both leave the flat. The neighbours in our building in Bath have been nice about it so far but I can feel that running out. Tom, my partner, works from home two days a week and I'm at the office the other three, so she's alone maybe six hours on those days. What actually works for separation anxiety in rescue greyhounds?"),
        A("Greyhounds often have never been alone before retiring, so start tiny: leave for a minute, come back calmly, build up slowly. A worn T-shirt, a frozen Kong and a radio on help. If it doesn't improve in a few weeks, a behaviourist who knows sighthounds is worth it."),
        U("A minute at a time, okay. Tom will love that, he's very patient. I'm less so, I model floods for a living and I want everything to have a rate of change I can predict. Six years at Avonmere Water and I still get annoyed when the rain doesn't do what the model says."),
        A("Dogs and rivers both ignore the model sometimes. Keep a log of how long she manages and you'll get your curve."),
        U("Ha, I will literally make a spreadsheet. Also can you suggest a few vegetarian dinners that are fast on office days? I haven't eaten meat since uni and Tom's mostly followed along, but we're stuck in a pasta rut."),
        A("Try a chickpea and spinach curry, halloumi traybake, black bean tacos, or a big miso noodle soup; all are under 30 minutes."),
    ]),
    session("s2", "2026-03-15T11:00:00+00:00", [
        U("Big week. We've had an offer accepted on a little terraced house in Bedminster, so we're leaving Bath and moving to Bristol, completion should be mid-April if the solicitors stop sending each other letters by carrier pigeon. It's got a tiny yard for Juniper and it's ten minutes from the office, which will change my life. I've also put my name down for an allotment near the new place, the waiting list is apparently a year but the lady on the phone sounded optimistic. What should I be asking the solicitor this week?"),
        A("Ask about the completion date and what's still outstanding, the searches (especially flood risk, which you'll appreciate), any boundary or party wall issues, and what you need to sign or transfer and when."),
        U("The flood search, obviously, I'd never live it down at work if I bought a house in a floodplain. Juniper's up to forty minutes alone now by the way, no howling. The spreadsheet is beautiful."),
        A("Forty minutes is a real improvement. Well done to both of you."),
    ]),
    session("s3", "2026-05-02T16:40:00+01:00", [
        U("We're in! Two weeks in the Bedminster house now and I can walk to work, which still feels like cheating. And the allotment lady rang back: someone gave up a half plot, so I've got one already, it's mostly brambles and a sad rhubarb but it's mine. I've never grown anything beyond basil, so I need a plan for a first summer that doesn't end in heartbreak. What's easy to grow in Bristol from May?"),
        A("Courgettes, runner beans, salad leaves, potatoes in a sack and a row of dwarf French beans are forgiving. Clear a small patch properly rather than the whole plot at once."),
        U("Small patch, got it. My grandmother is thrilled, I rang her last night and we talked for an hour in Tamil about chillies. She's convinced I can grow proper green chillies in England. I am not convinced."),
        A("In a sunny spot or a greenhouse, chillies can do surprisingly well; in open ground they struggle. A couple of pots against a south wall might prove her right."),
    ]),
    session("s4", "2026-07-19T21:30:00+01:00", [
        U("Okay I have to tell someone who isn't a group chat: Tom proposed! Last Saturday, on the Suspension Bridge at sunset, Juniper was there too wearing a bandana that said 'will you marry my dad', which is how I knew he'd planned it for weeks. I said yes, obviously. We're thinking a small wedding next summer. First practical question: cake. I'm allergic to hazelnuts, so no praline, no Nutella anything, and half the fancy bakers in Clifton seem to put hazelnut in everything. How do I brief a baker so they take it seriously?"),
        A("Congratulations! Tell them it's a medical allergy, not a preference, and ask in writing how they handle cross-contamination: separate equipment, whether hazelnuts are in the kitchen at all, and ingredient lists for every component."),
        U("In writing, yes. Tom's mum already wants to do the flowers, which is lovely and also terrifying."),
        A("Let her do it with a clear brief and a budget; it often helps the family feel part of it."),
    ]),
    session("s5", "2026-09-06T19:00:00+01:00", [
        U("Work news for once: I've been made senior hydrologist at Avonmere, which mostly means I now review other people's models instead of breaking my own. I have to present the first quarterly flood-risk summary to the board in October and I'm nervous. Any structure for a twenty-minute board presentation that doesn't put them to sleep?"),
        A("One message up front, three supporting points with a single chart each, a clear ask or decision, then questions. Put the detail in an appendix."),
        U("One chart per point, okay. The allotment is producing more courgettes than two people and a greyhound could ever eat, if you have any courgette ideas for a dinner for eight, vegetarian obviously."),
        A("Courgette and ricotta lasagne, fritters with a yoghurt dip, and a courgette and lemon cake for pudding."),
    ]),
], NS, intended={
    "at": "2026-09-07T09:00:00+01:00",
    "facts": [["city", "Bristol"], ["employer", "Avonmere"], ["job_title", "hydrologist"],
              ["partner_name", "Tom"], ["relationship_status", "engaged"], ["pet", "Juniper"],
              ["hobby", "garden"], ["dietary_restriction", "vegetarian"], ["allergy", "hazelnut"],
              ["language_spoken", "Tamil"]],
    "also_true": [["preferred_name", "Priya"], ["hobby", "allotment"], ["language_spoken", "English"],
                  ["job_title", "senior hydrologist"]],
}))

# 2. Tomasz: Gdańsk shipyard electrician, wife and two kids, quits smoking in March.
S.append(write(OUT, "tomasz-quit-date", "New user over five sessions: a shipyard electrician in Gdańsk sets a quit date and keeps to it; family and fishing.", "h3n-02", [
    session("s1", "2026-01-10T07:30:00+01:00", [
        U("Morning. Just off a night shift at the yard, my English is ok but tell me if I write something strange. I am an electrician at Nordhaven Shipyard here in Gdańsk, we are refitting a ferry and the cables in it are older than me. Reason I write: my daughter Zosia, she is six, made me a poster for the kitchen that says 'Tata stop smoking' with a drawing of me with black lungs. Very dramatic, she gets this from her mother. I smoke maybe fifteen a day, twenty on night shifts. I want to stop, I need a plan."),
        A("Your English is very clear. A good plan: pick a quit date two to four weeks away, tell your family and colleagues, talk to a doctor or pharmacist about patches or other support, and work out what you'll do instead at the moments you usually smoke, especially on breaks at night."),
        U("The breaks are the problem, everybody goes outside together. My wife Kasia says I should take sunflower seeds like her grandfather. Antek, my son, he is nine, says I should take up vaping which I think he wants only because it looks cool."),
        A("Sunflower seeds are actually a classic substitute: something for the hands and mouth. Maybe skip Antek's advice for now."),
    ]),
    session("s2", "2026-02-14T18:00:00+01:00", [
        U("Okay, the date is the 1st of March. I told my brigade at work and they laughed, but two of them want to stop also, so maybe we are a small club. The pharmacist gave me patches to start on that day. Different question, today is Valentine's and I forgot until this afternoon. Kasia likes nice things but not expensive things, we have been married twelve years. What can I do in two hours that looks like I planned it?"),
        A("Cook her favourite dinner, put the kids to bed early, write a short handwritten note about something specific you love about her from the last year. Flowers from the corner shop are fine if you put them in a proper vase."),
        U("She loves pierogi ruskie, I can do that, my mother taught me. The note is harder, but ok."),
        A("A short true sentence beats a long poem. You've got this."),
    ]),
    session("s3", "2026-03-22T13:00:00+01:00", [
        U("Three weeks with no cigarettes! The first week I was a monster, Kasia sent me fishing on Saturday just to get me out of the flat. It helped actually, I sat at the Westerplatte pier for five hours, caught two herrings, and did not think about smoking once. Fishing was my thing when I was young and I forgot how much I like it. From the work club, one guy already started again, but one is still with me. What do I do when the craving comes with coffee in the morning?"),
        A("Congratulations, three weeks is the hardest part. Change the coffee routine: a different cup, a different place, or tea for a while. Keep the seeds or gum by the kettle, and remind yourself that each craving passes in a few minutes."),
        U("Tea. Kasia will laugh at me. But ok. I will go fishing again next Saturday with Antek, he wants to learn."),
        A("That sounds like a great new habit for both of you."),
    ]),
    session("s4", "2026-05-30T20:00:00+02:00", [
        U("Can you help me with English for work? We have Norwegian engineers on the ferry project now and everything is in English, my Polish is perfect of course, but my technical English is half from YouTube. I need to explain in a meeting why we must replace a switchboard and not repair it. Also tomorrow is Antek's first communion so the whole family is coming, my mother-in-law will stay with us a week, pray for me. Still no cigarettes by the way, three months."),
        A("Three months, brilliant. For the meeting, try: 'The switchboard is beyond economical repair. The insulation has degraded, spare parts are no longer available, and a repair would not meet current class rules. Replacement is safer and, over the ship's lifetime, cheaper.'"),
        U("'Beyond economical repair' is a good phrase, I will steal it. Thank you."),
        A("Good luck with the meeting, and with the family week."),
    ]),
    session("s5", "2026-08-15T16:00:00+02:00", [
        U("Hello again. Summer report: we took the kids to Hel for a week, I did sea fishing from a boat for the first time, caught a cod bigger than Zosia's arm, she was very impressed and then very sad for the cod. Zosia starts school in September and she is nervous, she asks many questions at night. Also my doctor measured my lungs and said they are better since I stopped smoking, Zosia put a sticker on her poster. How can I help a six-year-old who is nervous for the first day of school?"),
        A("Visit the school before the first day, walk the route together, read a picture book about starting school, and make a small goodbye ritual for the morning, like a special handshake. Tell her it's normal to feel nervous and that you'll be there at pick-up."),
        U("A special handshake, she will love this. Kasia will say I am too soft. She is right."),
        A("Soft is good at six. Enjoy the first day."),
    ]),
], NS, intended={
    "at": "2026-08-16T09:00:00+02:00",
    "facts": [["city", "Gda"], ["employer", "Nordhaven"], ["job_title", "electrician"],
              ["partner_name", "Kasia"], ["relationship_status", "married"], ["child_name", "Zosia"],
              ["child_name", "Antek"], ["smoking_status", "non-smoker"], ["hobby", "fishing"],
              ["language_spoken", "Polish"]],
    "also_true": [["language_spoken", "English"], ["preferred_name", "Tomasz"]],
}))

# 3. Sunny: barista in Vancouver, graduates as a dental hygienist, moves to Victoria for a job.
S.append(write(OUT, "sunny-oak-bay", "New user over four sessions: a dental-hygiene student and barista in Vancouver gets a job in Victoria and moves there; goes by Sunny.", "h3n-03", [
    session("s1", "2026-03-08T21:00:00-07:00", [
        U("hey! ok so I'm doing my last clinical rotation for dental hygiene school and also still pulling shifts at Tidewater Coffee on Main Street on weekends, and I'm TIRED. Board exam is in April. Can you make me a study schedule for the next five weeks that isn't just 'study all the time'? I need at least Sunday mornings for roller skating on the seawall or I will lose my mind."),
        A("Sure. Weekday evenings: 90 minutes each, rotating topics (periodontology, pharmacology, radiography, ethics), one practice exam every Saturday after your shift, Sunday morning off for skating, Sunday evening a light review of the week's mistakes."),
        U("pharmacology is my nemesis, which is ironic since I'm allergic to amoxicillin and I've basically memorised every alternative antibiotic out of self-defence. put pharm on two nights a week pls"),
        A("Done: pharmacology on Tuesdays and Thursdays. Your personal experience will actually help with the antibiotic questions."),
        U("lol hopefully. also my cat Gochu keeps sitting on my flashcards so if I fail it's his fault"),
        A("Noted for the record: any failure will be officially blamed on Gochu."),
    ]),
    session("s2", "2026-04-26T12:00:00-07:00", [
        U("I PASSED. And, even bigger, I got an offer from Oak Bay Dental in Victoria, full-time dental hygienist, starting June 1st. So I'm leaving Vancouver at the end of May, which is wild, I've lived here my whole life. Last shift at Tidewater is May 24th, they're throwing me a little party with way too much oat milk. I need to fill in the onboarding form and it asks for legal name and preferred name: legal is Kim Sun-hee, but literally everyone calls me Sunny, even my grandma. Should I put Sunny as preferred so that's what goes on my badge?"),
        A("Congratulations, on both! Yes: put Sun-hee Kim as the legal name for payroll and Sunny as the preferred name; most clinics use the preferred name on badges and in the booking system."),
        U("perfect. the form also has a pronouns box, I put she/her. ok next problem: how do I move a very dramatic cat on a ferry"),
        A("Use a sturdy carrier with a familiar blanket, feed him lightly a few hours before, and on BC Ferries pets stay in the car or the pet area. Some people use a vet-prescribed calming aid for anxious cats."),
    ]),
    session("s3", "2026-06-14T19:30:00-07:00", [
        U("two weeks into the job at Oak Bay Dental and I love it?? my patients are mostly retirees who tell me their whole life story while I'm scaling their teeth, which is honestly a perk. Victoria is so much quieter than Vancouver, I keep thinking it's a holiday. Gochu survived the ferry and now sits in the window of my new place in Fernwood judging the raccoons. I miss my skating crew a lot though. is there somewhere to roller skate here?"),
        A("Victoria has a few options: the Galloping Goose trail has smooth stretches, Dallas Road's waterfront path is popular, and there are community roller skating nights at some rec centres. Local skate groups on social media post meetups."),
        U("ooh Dallas Road by the water sounds perfect. I'll look for a group"),
        A("Hope you find a good crew."),
    ]),
    session("s4", "2026-08-02T10:00:00-07:00", [
        U("my mom is visiting next weekend and I want to cook her a proper Korean meal for once instead of her cooking for me. we always talk in Korean at home and she'll absolutely comment on everything in Korean too, so it has to be good. I'm thinking doenjang jjigae and a few banchan. also she keeps asking if I'm dating anyone and the answer is no, I'm very happily single, I have a cat and a skating group, what more do I need. can you give me a doenjang jjigae recipe for 3 people?"),
        A("Sure: simmer anchovy-kelp stock, add 2-3 tbsp doenjang, a bit of gochujang, then zucchini, potato, onion, tofu and mushrooms; finish with green onion and a chopped chilli. Serve with rice and a couple of banchan like spinach namul and cucumber muchim."),
        U("spinach namul I can do. I skated Dallas Road with the group yesterday, they're all amazing and a little unhinged, perfect."),
        A("Sounds like you've found your people. Enjoy the dinner with your mom."),
    ]),
], NS, intended={
    "at": "2026-08-03T09:00:00-07:00",
    "facts": [["preferred_name", "Sunny"], ["pronouns", "she"], ["city", "Victoria"],
              ["employer", "Oak Bay Dental"], ["job_title", "dental hygienist"], ["pet", "Gochu"],
              ["hobby", "skat"], ["allergy", "amoxicillin"], ["language_spoken", "Korean"],
              ["relationship_status", "single"]],
    "also_true": [["language_spoken", "English"], ["full_name", "Sun-hee"]],
}))

if __name__ == "__main__":
    for p in S:
        print(p)
