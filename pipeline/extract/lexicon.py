"""Word lists the rule extractor recognises objects by: closed classes only.

Open classes (names, employers, cities) are recognised by grammar and casing instead; the
small gazetteer of cities here only disambiguates phrases such as "left X for Y" (a move or
a job change) and lower-case messages.
"""
from __future__ import annotations

import re

from pipeline.extract.language_names import cldr_languages, iso_languages


def alt(words: frozenset[str] | tuple[str, ...]) -> str:
    """A regex alternation over `words`, longest first, so "type 2 diabetes" beats "diabetes".
    Grouped, so that what a pattern puts beside it applies to every word: ungrouped,
    `{alt}(?:\\s+and\\s+{alt})*` repeated only after the last word of the list."""
    return "(?:" + "|".join(re.escape(w).replace(r"\ ", r"[\s-]+")
                    for w in sorted(words, key=len, reverse=True)) + ")"


#: Head nouns of occupations ("senior analyst" is modifiers + "analyst"), singular.
OCCUPATIONS: frozenset[str] = frozenset("""
accountant actor actress administrator advisor adviser agent analyst animator anthropologist
architect archivist artist assistant associate astronomer attorney auditor author baker
banker barber barista bartender biologist bookkeeper broker builder butcher buyer captain
carpenter cashier ceo cfo chef chemist cio cleaner clerk coach consultant contractor coo
copywriter counsellor counselor courier cto curator dancer data scientist dentist designer
detective developer dietitian diplomat director doctor driver economist editor educator
electrician engineer entrepreneur epidemiologist farmer firefighter founder freelancer
gardener geologist graphic designer hairdresser historian illustrator instructor intern
investigator janitor journalist judge lawyer lecturer librarian linguist lecturer machinist
manager marketer mathematician mechanic midwife musician nanny negotiator neuroscientist
nurse officer optician painter paralegal paramedic pharmacist photographer physician
physicist physiotherapist pilot planner plumber poet police officer politician postdoc
president producer professor programmer psychiatrist psychologist publisher radiologist
realtor receptionist recruiter reporter representative researcher salesman saleswoman
scientist secretary servant soldier solicitor specialist statistician strategist student
supervisor surgeon surveyor tailor teacher technician therapist trader translator tutor
underwriter veterinarian vet waiter waitress welder writer vp cpo cmo coo head lead
sysadmin tester economist dispatcher caregiver carer housekeeper chemist attendant
tech operator presenter guide stevedore technologist coordinator
""".split()) | frozenset({
    "data scientist", "software engineer", "product manager", "product designer",
    "project manager", "account manager", "police officer", "civil servant", "social worker",
    "flight attendant", "real estate agent", "estate agent", "stay-at-home mom",
    "stay-at-home dad", "stay-at-home parent", "team lead", "tech lead", "full-stack developer",
    "web developer", "ux designer", "ui designer", "vice president", "managing director",
    "general manager", "head chef", "sous chef", "teaching assistant", "research assistant",
    "phd student", "grad student", "graduate student", "medical student", "law student",
})

#: Job-title tokens that are not occupations, to keep "I'm a smoker" out of job_title.
NOT_OCCUPATIONS: frozenset[str] = frozenset({
    "smoker", "non-smoker", "vegetarian", "vegan", "fan", "beginner", "mother", "father",
    "parent", "runner", "reader", "christian", "member", "user", "person", "fan",
})

#: An agent noun's ending: most occupations not listed above are one ("limnologist",
#: "grader", "foreman"), and the open class is where new users' jobs come from.
AGENT_ENDING = r"(?:er|or|ist|ian|eer|man|woman)"
_AGENT_NOUN = re.compile(r"[a-z]{2,}" + AGENT_ENDING)
#: Agent nouns that name no post: kin, a way of being, a pastime, a customer.
_NOT_POSTS = frozenset("""
mother father brother sister daughter grandmother grandfather stepmother stepfather partner
lover member number customer user beginner newcomer stranger foreigner winner loser believer
sucker quitter loner fighter survivor dreamer thinker doer worrier overthinker procrastinator
optimist pessimist realist idealist perfectionist minimalist introvert extrovert vegetarian
pescatarian flexitarian humanitarian smoker drinker eater sleeper talker listener reader runner
swimmer climber cyclist hiker gamer walker jogger golfer skier snowboarder surfer lifter
speaker learner outsider insider layman caveman snowman gentleman chairman boyfriend
girlfriend neighbour neighbor flatmate roommate roomie owner renter tenant homeowner voter
supporter follower subscriber viewer commuter passenger visitor tourist traveller traveler
expat immigrant emigrant migrant refugee resident citizen native christian muslim
vegan atheist agnostic feminist activist humanist
""".split())


def occupation_shaped(noun: str) -> bool:
    """A lower-case head noun that names a job: a listed occupation, or an agent noun not
    known to be something else ("I'm a limnologist", not "I'm a worrier")."""
    word = noun.lower()
    if word in NOT_OCCUPATIONS or word in _NOT_POSTS:
        return False
    return word in OCCUPATIONS or bool(_AGENT_NOUN.fullmatch(word))


#: Last words that make a capitalised name an organisation ("Tayside Sports Physio",
#: "Harbour Street Vets", "Northwind Bank"), as said: a person's name ends in none of them.
ORG_HEADS: frozenset[str] = frozenset("""
Physio Physiotherapy Clinic Clinics Hospital Hospitals Health Healthcare Care Surgery Dental
Dentistry Vets Vet Veterinary Pharmacy Medical Practice School Academy College University
Institute Council Trust Foundation Library Museum Bakery Cafe Café Kitchen Restaurant Bistro
Brewery Studio Studios Agency Bank Group Labs Lab Ltd Inc LLC GmbH AG plc PLC Partners
Consulting Capital Solutions Systems Technologies Tech Software Insurance Analytics Media
Ventures Works Games Logistics Energy Pharma Robotics Digital Holdings Industries Associates
Architects Engineering Foods Brewing Interactive Networks Therapeutics Services Company Co
Corporation Corp Motors Freight Shipping Maritime Construction Builders Design Press
Publishing Records Theatre Airlines Airways Rail Transport Telecom Retail Stores Supermarkets
Nursery Centre Center Hub Collective Cooperative Co-op Gallery Observatory Ministry Department
Fintech Orchards Farms Dairy Print Printing Pottery Joinery Garage Salon Gym
""".split())

#: What an employer gives or arranges for its staff, as the object of its verb ("got us a
#: second treatment room", "gave us all a pay rise", "moved our whole team"): lemmas.
WORK_THINGS: frozenset[str] = frozenset("""
office desk team department staff rise raise bonus salary pay hours shift rota contract laptop
equipment budget training course conference headcount uniform kit van promotion overtime
appraisal pension canteen ward clinic branch site lab workshop premises payroll intern
trainee hire receptionist assistant manager caseload patient client workload deadline
transfer secondment relocation onboarding probation
""".split())
#: ... and rooms only of work: "a second treatment room" (a hotel "got us a room" too).
WORK_ROOMS: frozenset[str] = frozenset("""
treatment consulting consultation staff meeting break therapy server clinic exam examination
""".split())


LANGUAGES: frozenset[str] = frozenset("""
Afrikaans Albanian Amharic Arabic Armenian Basque Belarusian Bengali Bosnian Bulgarian
Burmese Cantonese Catalan Chinese Croatian Czech Danish Dutch English Esperanto Estonian
Farsi Filipino Finnish French Galician Georgian German Greek Gujarati Hausa Hebrew Hindi
Hungarian Icelandic Igbo Indonesian Irish Italian Japanese Kannada Kazakh Khmer Korean
Kurdish Lao Latin Latvian Lithuanian Luxembourgish Macedonian Malay Malayalam Maltese
Mandarin Maori Marathi Mongolian Nepali Norwegian Pashto Persian Polish Portuguese Punjabi
Romanian Russian Serbian Sinhala Slovak Slovenian Somali Spanish Swahili Swedish Tagalog
Tamil Telugu Thai Tibetan Turkish Ukrainian Urdu Uzbek Vietnamese Welsh Xhosa Yiddish
Yoruba Zulu
""".split()) | frozenset({"Sign Language", "American Sign Language", "ASL", "BSL",
                           "British Sign Language", "Brazilian Portuguese", "Swiss German"}
                          # varieties people name that ISO 639-1 lists under another name or not
                          ) | frozenset("""Valencian Hokkien Cantonese Hakka Teochew Shanghainese
Scots Gaelic Patois Cebuano Ilocano Konkani Tulu Sylheti Darija Tamazight Kabyle Tigrinya
isiZulu isiXhosa isiNdebele Sesotho Setswana Sepedi siSwati Tshivenda Xitsonga Luganda Kiswahili
""".split()) | frozenset(
    # widely spoken languages ISO 639-1 has no two-letter code for (ISO 639-3 only)
    """Dagbani Dholuo Luhya Kalenjin Kamba Fante Dagaare Krio Fula Fulfulde Mandinka Bemba
Hmong Bhojpuri Maithili Awadhi Santali Saraiki Balochi Dari Kurmanji Sorani Aramaic Ladino
Romani Frisian Friulian Papiamento Garifuna Nahuatl Zapotec Mixtec
Mapudungun Kichwa K'iche Kaqchikel Q'eqchi Tzotzil Tzeltal Tongan
Lakota Ojibwe Tetum Hiligaynon Waray Kapampangan Bikol Chavacano
""".split()) | frozenset(
    # other spellings people use for languages the tables above list under one name
    """Slovene Buryat Ossetian Sinhalese Tuvan Flemish Moldovan Montenegrin Castilian
Kirgiz Azeri Tajiki""".split()) | frozenset({"Yucatec Maya", "Tok Pisin", "Haitian Creole", "Cape Verdean Creole"}
                           ) | iso_languages() | cldr_languages() | frozenset({"Maya"})

#: Languages that are also given names ("my daughter Maya"): a language only where the
#: grammar asks for one ("I speak Maya"), never refused as a person's or a pet's name.
LANGUAGES_ALSO_NAMES: frozenset[str] = frozenset({"Maya"})

LANGUAGE_BY_LOWER: dict[str, str] = {w.lower(): w for w in LANGUAGES}

COUNTRIES: frozenset[str] = frozenset("""
Afghanistan Albania Algeria Andorra Angola Argentina Armenia Australia Austria Azerbaijan
Bahamas Bahrain Bangladesh Barbados Belarus Belgium Belize Benin Bhutan Bolivia Botswana
Brazil Brunei Bulgaria Burundi Cambodia Cameroon Canada Chad Chile China Colombia Congo
Croatia Cuba Cyprus Czechia Denmark Djibouti Dominica Ecuador Egypt Eritrea Estonia
Eswatini Ethiopia Fiji Finland France Gabon Gambia Georgia Germany Ghana Greece Grenada
Guatemala Guinea Guyana Haiti Honduras Hungary Iceland India Indonesia Iran Iraq Ireland
Israel Italy Jamaica Japan Jordan Kazakhstan Kenya Kiribati Kosovo Kuwait Kyrgyzstan Laos
Latvia Lebanon Lesotho Liberia Libya Liechtenstein Lithuania Luxembourg Madagascar Malawi
Malaysia Maldives Mali Malta Mauritania Mauritius Mexico Moldova Monaco Mongolia Montenegro
Morocco Mozambique Myanmar Namibia Nauru Nepal Netherlands Nicaragua Niger Nigeria Norway
Oman Pakistan Palau Palestine Panama Paraguay Peru Philippines Poland Portugal Qatar Romania
Russia Rwanda Samoa Senegal Serbia Seychelles Singapore Slovakia Slovenia Somalia Spain
Sudan Suriname Sweden Switzerland Syria Taiwan Tajikistan Tanzania Thailand Togo Tonga
Tunisia Turkey Turkmenistan Tuvalu Uganda Ukraine Uruguay Uzbekistan Vanuatu Venezuela
Vietnam Yemen Zambia Zimbabwe England Scotland Wales UK US USA UAE
""".split()) | frozenset({
    "United Kingdom", "United States", "United States of America", "United Arab Emirates",
    "New Zealand", "South Africa", "South Korea", "North Korea", "Saudi Arabia", "Costa Rica",
    "Czech Republic", "Dominican Republic", "El Salvador", "Sri Lanka", "Hong Kong",
    "Northern Ireland", "Great Britain", "Ivory Coast", "Puerto Rico", "the States",
    "Bosnia and Herzegovina", "North Macedonia", "Papua New Guinea", "Trinidad and Tobago",
    "the Netherlands", "the UK", "the US", "the USA", "the Philippines",
})

COUNTRY_BY_LOWER: dict[str, str] = {
    (c[4:] if c.startswith("the ") else c).lower(): (c[4:] if c.startswith("the ") else c)
    for c in COUNTRIES}

#: A small gazetteer of large cities: disambiguation only (grammar finds any city).
CITIES: frozenset[str] = frozenset("""
Amsterdam Athens Atlanta Auckland Austin Bangkok Barcelona Beijing Belfast Belgrade Berlin
Bern Bilbao Birmingham Bogota Bologna Bonn Bordeaux Boston Bratislava Bremen Brighton
Brisbane Bristol Brussels Bucharest Budapest Cairo Calgary Cambridge Canberra Cardiff
Chicago Cologne Copenhagen Cork Dallas Delhi Denver Detroit Dhaka Dortmund Dresden Dubai
Dublin Dusseldorf Edinburgh Eindhoven Florence Frankfurt Galway Geneva Genoa Ghent Glasgow
Gothenburg Graz Hamburg Hanover Helsinki Houston Istanbul Jakarta Johannesburg Karachi
Kiev Kyiv Krakow Lagos Leeds Leipzig Lille Lima Lisbon Liverpool Ljubljana London
Lyon Madrid Malaga Manchester Manila Marseille Melbourne Miami Milan Montreal Moscow Mumbai
Munich Nairobi Nantes Naples Newcastle Nice Nuremberg Osaka Oslo Ottawa Oxford Palermo Paris
Perth Philadelphia Phoenix Porto Portland Prague Reykjavik Riga Rome Rotterdam Salzburg
Santiago Seattle Seoul Seville Shanghai Sofia Stockholm Stuttgart Sydney Taipei Tallinn
Tokyo Toronto Toulouse Turin Utrecht Valencia Vancouver Venice Vienna Vilnius Warsaw
Washington Wellington Zagreb Zurich Hanoi Kyoto Nagoya Busan Chennai Bangalore Bengaluru
Pune Hyderabad Kolkata Doha Riyadh Tehran Baghdad Beirut Jerusalem Ankara Athens Lausanne
Basel Antwerp Leuven Hague Aarhus Malmo Bergen Trondheim Tampere Gdansk Wroclaw Poznan Brno
Innsbruck Linz Heidelberg Freiburg Mannheim Karlsruhe Aachen Muenster Kiel Rostock Potsdam
Glasgow Aberdeen Sheffield Nottingham Leicester Southampton Bath York Coventry Limerick
""".split()) | frozenset({
    "New York", "New York City", "Los Angeles", "San Francisco", "San Diego", "San Jose",
    "Las Vegas", "New Orleans", "Mexico City", "Buenos Aires", "Rio de Janeiro", "Sao Paulo",
    "Cape Town", "Tel Aviv", "Abu Dhabi", "Kuala Lumpur", "Ho Chi Minh City", "St Petersburg",
    "Saint Petersburg", "Frankfurt am Main", "The Hague", "Salt Lake City", "Washington DC",
    "Hong Kong", "Singapore", "Luxembourg", "Monaco",
})

CITY_BY_LOWER: dict[str, str] = {c.lower(): c for c in CITIES}

#: Capitalised words after "I'm" that are no name: nationalities, states, groups.
NOT_NAMES: frozenset[str] = frozenset("""
american british canadian australian mexican brazilian indian swiss belgian austrian
scottish nigerian kenyan argentinian argentine colombian peruvian chilean pakistani
bangladeshi iranian egyptian moroccan israeli palestinian lebanese syrian iraqi saudi
emirati malaysian singaporean kiwi scandinavian european asian african latino latina
hispanic black white brown canadian ghanaian ethiopian ukrainian russian polish czech
slovak hungarian romanian bulgarian serbian croatian greek cypriot maltese irish welsh
english french german spanish italian portuguese dutch danish swedish norwegian finnish
icelandic estonian latvian lithuanian turkish jewish muslim christian catholic hindu
buddhist sikh atheist agnostic fine good ok okay great back home here ready done sorry
tired happy sure new old free busy online offline available away out in the a an not
gen genz millennial boomer autistic deaf blind vegan vegetarian gay bi trans nonbinary
queer single married divorced engaged retired unemployed pregnant
""".split())

#: Words for people that look like names when capitalised ("Grandma passed away").
PERSON_WORDS: frozenset[str] = frozenset("""
grandma grandpa granny grandad granddad grandmother grandfather nana nan nanna gran papa
mum mom mummy mommy dad daddy mama pop pops uncle aunt auntie aunty father mother sister
brother cousin son daughter wife husband partner friend boss mr mrs ms dr sir madam
the my our his her their he she they it everyone someone nobody everybody somebody
""".split())

#: A pastime by its past participle ("I haven't painted since October" ends painting).
PASTIME_DONE: dict[str, str] = {
    "painted": "painting", "drawn": "drawing", "sketched": "sketching", "knitted": "knitting",
    "sewn": "sewing", "crocheted": "crocheting", "swum": "swimming", "climbed": "climbing",
    "bouldered": "bouldering", "surfed": "surfing", "hiked": "hiking", "cycled": "cycling",
    "skated": "skating", "sailed": "sailing", "rowed": "rowing", "skied": "skiing",
    "danced": "dancing", "sung": "singing", "baked": "baking", "gardened": "gardening",
    "jogged": "jogging", "kayaked": "kayaking", "fished": "fishing",
}

#: People by what they do for fun ("a keen cyclist" goes cycling).
AGENT_HOBBIES: dict[str, str] = {
    "hiker": "hiking", "cyclist": "cycling", "runner": "running", "jogger": "jogging",
    "climber": "climbing", "rock climber": "rock climbing", "swimmer": "swimming",
    "skier": "skiing", "snowboarder": "snowboarding", "surfer": "surfing", "golfer": "golf",
    "knitter": "knitting", "birdwatcher": "birdwatching", "birder": "birdwatching",
    "gamer": "gaming", "sailor": "sailing", "diver": "diving", "scuba diver": "scuba diving",
    "skater": "skating", "skateboarder": "skateboarding", "angler": "fishing",
    "fisherman": "fishing", "kayaker": "kayaking", "rower": "rowing", "bookworm": "reading",
    "chess player": "chess", "tennis player": "tennis", "yogi": "yoga", "triathlete":
    "triathlons", "marathoner": "running", "marathon runner": "running", "trail runner":
    "trail running", "mountain biker": "mountain biking", "crocheter": "crochet",
    "quilter": "quilting", "woodworker": "woodworking", "gardener": "gardening",
    "baker": "baking", "photographer": "photography", "painter": "painting", "reader": "reading",
    "writer": "writing", "cook": "cooking", "dancer": "dancing", "musician": "music",
    "guitarist": "guitar", "pianist": "piano", "singer": "singing", "potter": "pottery",
}
#: Agent nouns that are also occupations: a hobby only with "keen", "avid", "amateur".
OCCUPATIONAL_AGENTS: frozenset[str] = frozenset({
    "gardener", "baker", "photographer", "painter", "writer", "cook", "dancer", "musician",
    "guitarist", "pianist", "singer", "potter", "reader", "sailor", "diver"})

#: Things people switch between that are no employer ("from iPhone to Android").
SWITCHED_PRODUCTS: frozenset[str] = frozenset(w.lower() for w in """
Python Java JavaScript TypeScript Rust Go Ruby PHP Swift Kotlin Scala Haskell Perl iPhone iOS
Android Windows Linux Mac macOS Ubuntu Debian Fedora Chrome Firefox Safari Edge Brave Vim
Emacs VSCode Excel Word Notion Obsidian Evernote Slack Zoom Skype Spotify Netflix Hulu
PlayStation Xbox Nintendo Gmail Outlook Uber Lyft WhatsApp Signal Telegram Instagram TikTok
Twitter Reddit Pixel Galaxy Kindle Coke Pepsi Mastodon Bluesky Photoshop Figma Sketch React
Vue Angular Django Flask Rails Postgres MySQL MongoDB AWS Azure GCP Docker Kubernetes Jira
Trello Asana Dropbox OneDrive iCloud Duolingo Strava Garmin Fitbit Tesla Visa Mastercard
""".split()) | frozenset({"vs code", "apple music", "google docs", "google drive", "sheets"})

ANIMALS: frozenset[str] = frozenset("""
dog cat puppy kitten rabbit bunny hamster gerbil parrot budgie canary goldfish fish
horse pony bird turtle tortoise snake lizard gecko iguana ferret chinchilla hedgehog rat
mouse pig chicken hen duck goat cockatiel axolotl labrador retriever poodle beagle terrier
spaniel collie husky dachshund corgi pug bulldog chihuahua greyhound whippet shepherd
schnauzer rottweiler doberman boxer dalmatian labradoodle cockapoo sheepdog mutt tabby
siamese lab frog tarantula
""".split()) | frozenset({"guinea pig", "golden retriever", "german shepherd", "maine coon",
                           "bearded dragon", "border collie", "jack russell"})

#: Kinds that are one species said more exactly ("a kitten, a little tabby" is one cat).
ANIMAL_SPECIES: dict[str, str] = {
    **{k: "cat" for k in ("cat", "kitten", "tabby", "siamese", "maine coon")},
    **{k: "dog" for k in """dog puppy labrador retriever poodle beagle terrier spaniel collie
husky dachshund corgi pug bulldog chihuahua greyhound whippet shepherd schnauzer rottweiler
doberman boxer dalmatian labradoodle cockapoo sheepdog mutt lab""".split()},
    **{k: "dog" for k in ("golden retriever", "german shepherd", "border collie",
                          "jack russell")},
    "rabbit": "rabbit", "bunny": "rabbit", "budgie": "bird", "parrot": "bird",
    "canary": "bird", "cockatiel": "bird", "bird": "bird",
}

ANIMAL_PLURALS: dict[str, str] = {
    **{a + "s": a for a in ANIMALS}, "puppies": "puppy", "bunnies": "bunny", "mice": "mouse",
    "fish": "fish", "guinea pigs": "guinea pig", "ponies": "pony", "canaries": "canary",
    "huskies": "husky", "chihuahuas": "chihuahua", "boxes": "box",
}

#: Things people play or practise as pastimes ("I play chess", "I do yoga").
ACTIVITIES: frozenset[str] = frozenset("""
tennis chess guitar piano violin cello drums bass football soccer basketball baseball
volleyball golf squash badminton rugby cricket hockey poker bridge yoga pilates karate judo
taekwondo boxing crossfit archery fencing saxophone trumpet flute ukulele harp clarinet
handball padel pickleball netball lacrosse softball bowling darts pool snooker billiards
sudoku crosswords photography pottery ceramics origami calligraphy parkour aikido jiu-jitsu
kickboxing meditation tai chi ballet salsa tango zumba triathlons marathons
""".split()) | frozenset({"table tennis", "ice hockey", "video games", "board games",
                           "dungeons and dragons", "tai chi", "martial arts", "the piano",
                           "the guitar", "the violin", "the drums"})

HEALTH_CONDITIONS: frozenset[str] = frozenset({
    "diabetes", "type 1 diabetes", "type 2 diabetes", "asthma", "adhd", "add", "autism",
    "depression", "anxiety", "an anxiety disorder", "ptsd", "ocd", "bipolar disorder",
    "epilepsy", "migraines", "migraine", "chronic migraines", "cancer", "breast cancer",
    "arthritis", "rheumatoid arthritis", "celiac disease", "coeliac disease", "celiac",
    "coeliac", "crohn's disease", "crohn's", "ibs", "high blood pressure", "hypertension",
    "high cholesterol", "a heart condition", "heart disease", "multiple sclerosis", "ms",
    "parkinson's", "lupus", "fibromyalgia", "chronic fatigue syndrome", "long covid",
    "insomnia", "sleep apnea", "sleep apnoea", "eczema", "psoriasis", "copd", "hiv",
    "hepatitis", "hypothyroidism", "hyperthyroidism", "an eating disorder", "anorexia",
    "bulimia", "tinnitus", "chronic pain", "back pain", "endometriosis", "pcos", "glaucoma",
    "a bad back", "scoliosis", "dementia", "alzheimer's", "schizophrenia", "kidney disease",
    "a thyroid condition", "cystic fibrosis", "sickle cell anemia", "gout", "vertigo",
    "osteoporosis", "a chronic illness", "chronic illness", "a disability", "cerebral palsy",
    "dyspraxia", "narcolepsy", "a peanut allergy",
})

#: Adjectives for conditions mapped to the condition's name.
HEALTH_ADJECTIVES: dict[str, str] = {
    "diabetic": "diabetes", "asthmatic": "asthma", "epileptic": "epilepsy",
    "autistic": "autism", "bipolar": "bipolar disorder", "anemic": "anemia",
    "anaemic": "anaemia", "pregnant": "pregnant", "depressed": "depression",
    "hypertensive": "hypertension", "celiac": "celiac disease", "coeliac": "coeliac disease",
    "immunocompromised": "immunocompromised", "insulin-dependent": "diabetes",
    "on the spectrum": "autism", "hiv positive": "HIV", "hiv-positive": "HIV",
    "in recovery": "in recovery", "sober": "in recovery", "a recovering alcoholic": "in recovery",
    "prediabetic": "prediabetes", "pre-diabetic": "prediabetes",
}

RELIGIONS: dict[str, str] = {
    "christian": "Christian", "catholic": "Catholic", "roman catholic": "Roman Catholic",
    "protestant": "Protestant", "evangelical": "Evangelical", "baptist": "Baptist",
    "methodist": "Methodist", "lutheran": "Lutheran", "anglican": "Anglican",
    "mormon": "Mormon", "muslim": "Muslim", "sunni": "Sunni Muslim", "shia": "Shia Muslim",
    "jewish": "Jewish", "jew": "Jewish", "hindu": "Hindu", "buddhist": "Buddhist",
    "sikh": "Sikh", "jain": "Jain", "atheist": "atheist", "agnostic": "agnostic",
    "pagan": "Pagan", "wiccan": "Wiccan", "quaker": "Quaker", "taoist": "Taoist",
    "orthodox": "Orthodox", "greek orthodox": "Greek Orthodox", "religious": "religious",
    "spiritual": "spiritual", "jehovah's witness": "Jehovah's Witness",
    "islam": "Muslim", "judaism": "Jewish", "buddhism": "Buddhist", "hinduism": "Hindu",
    "christianity": "Christian", "catholicism": "Catholic", "sikhism": "Sikh",
    "taoism": "Taoist", "jainism": "Jain", "paganism": "Pagan",
}

POLITICS: dict[str, str] = {
    "democrat": "Democrat", "republican": "Republican", "liberal": "liberal",
    "conservative": "conservative", "socialist": "socialist", "communist": "communist",
    "libertarian": "libertarian", "progressive": "progressive", "centrist": "centrist",
    "leftist": "leftist", "left-wing": "left-wing", "left wing": "left-wing",
    "right-wing": "right-wing", "right wing": "right-wing", "social democrat": "social democrat",
    "anarchist": "anarchist", "tory": "Conservative (Tory)", "labour voter": "Labour",
    "labour supporter": "Labour", "green voter": "Green", "marxist": "Marxist",
    "feminist": "feminist", "moderate": "moderate", "left-leaning": "left-leaning",
    "right-leaning": "right-leaning",
}

ORIENTATIONS: dict[str, str] = {
    "gay": "gay", "lesbian": "lesbian", "bisexual": "bisexual", "bi": "bisexual",
    "pansexual": "pansexual", "asexual": "asexual", "straight": "straight",
    "heterosexual": "heterosexual", "homosexual": "homosexual", "queer": "queer",
    "demisexual": "demisexual",
}

DIETS: dict[str, str] = {
    "vegetarian": "vegetarian", "veggie": "vegetarian", "vegan": "vegan",
    "pescatarian": "pescatarian", "pescetarian": "pescatarian", "gluten-free": "gluten-free",
    "gluten free": "gluten-free", "dairy-free": "dairy-free", "dairy free": "dairy-free",
    "lactose-free": "lactose-free", "lactose intolerant": "lactose intolerant",
    "lactose-intolerant": "lactose intolerant", "nut-free": "nut-free",
    "kosher": "kosher", "halal": "halal", "plant-based": "plant-based",
    "plant based": "plant-based", "keto": "keto", "paleo": "paleo", "low-carb": "low-carb",
    "low carb": "low-carb", "sugar-free": "sugar-free", "teetotal": "teetotal",
    "teetotaler": "teetotal", "teetotaller": "teetotal", "celiac": "gluten-free",
    "coeliac": "gluten-free", "flexitarian": "flexitarian", "raw vegan": "raw vegan",
    "fruitarian": "fruitarian", "low-fodmap": "low-FODMAP",
}

ACCESSIBILITY_NOUNS: frozenset[str] = frozenset({
    "wheelchair", "power wheelchair", "screen reader", "screen-reader", "hearing aid",
    "hearing aids", "cochlear implant", "walker", "walking frame", "walking stick", "cane",
    "white cane", "crutches", "mobility scooter", "guide dog", "service dog", "braille",
    "sign language", "captions", "subtitles", "large print", "large text", "magnifier",
    "screen magnifier", "text-to-speech", "speech-to-text", "voice control", "dictation",
    "step-free access", "a ramp", "ramps", "an interpreter", "a sign language interpreter",
    "high contrast", "dark mode", "prosthetic leg", "prosthesis", "an accessible bathroom",
    "accessible seating", "a mobility aid", "a stairlift", "a ventilator", "oxygen",
})

ACCESSIBILITY_STATES: dict[str, str] = {
    "wheelchair user": "wheelchair", "a wheelchair user": "wheelchair",
    "in a wheelchair": "wheelchair", "wheelchair-bound": "wheelchair",
    "wheelchair bound": "wheelchair", "deaf": "deaf", "hard of hearing": "hard of hearing",
    "blind": "blind", "legally blind": "blind", "partially sighted": "partially sighted",
    "visually impaired": "visually impaired", "hearing impaired": "hearing impaired",
    "colorblind": "colour blind", "colourblind": "colour blind", "color blind": "colour blind",
    "colour blind": "colour blind", "partially deaf": "partially deaf", "non-verbal": "non-verbal",
    "nonverbal": "non-verbal", "dyslexic": "dyslexia", "paraplegic": "paraplegic",
    "quadriplegic": "quadriplegic", "an amputee": "amputee", "amputee": "amputee",
    "registered blind": "blind", "mute": "mute", "low vision": "low vision",
}

ACCESSIBILITY_CONDITIONS: frozenset[str] = frozenset({
    "hearing loss", "vision loss", "low vision", "limited mobility", "mobility issues",
    "a mobility impairment", "mobility impairment", "impaired vision", "a visual impairment",
    "visual impairment", "a hearing impairment", "hearing impairment", "dyslexia",
    "color blindness", "colour blindness", "a tremor", "poor eyesight", "bad eyesight",
})

TIMEZONE_ABBREVIATIONS: frozenset[str] = frozenset("""
CET CEST EST EDT PST PDT CST CDT MST MDT GMT UTC BST IST JST AEST AEDT ACST AWST EET EEST
WET WEST HST AKST AKDT SGT HKT KST NZST NZDT MSK ET PT CT MT WIB ICT PHT SAST WAT EAT
""".split())

TIMEZONE_NAMES: tuple[str, ...] = (
    "Pacific", "Eastern", "Central", "Mountain", "Atlantic", "Alaska", "Hawaii", "Arizona",
    "Greenwich Mean", "British Summer", "Irish", "Central European", "Eastern European",
    "Western European", "Japan", "India", "Indian", "China", "Korea", "Australian Eastern",
    "Australian Western", "Australian Central", "Singapore", "Moscow", "Israel", "Brasilia",
    "New Zealand", "UK", "London", "Berlin", "Paris", "New York", "Tokyo", "Sydney",
)
