/**
 * Everything the website says about the society lives here: texts, people, links and photos.
 *
 * This is DEMO content for a fictional society so the site runs out of the box.
 * Replace the texts and photos with your own; see content/README.md for a field-by-field guide.
 * Photo paths are relative to content/photos/; `npm start` checks every field and names any bad one.
 */
import type { SiteContent } from "#core/schemas/site-content.ts";

export const site = {
  name: "Student Welfare Society SMC",
  shortName: "SWS",
  localAddressLabel: "Sargodha Address",
  tagline: "Empowering minds, changing lives",
  heroText:
    "Our aim is to seek the pleasure of God by building every part of human life, our studies, our service and our character, " +
    "on the principles laid down by God and His Messenger (peace be upon him).",
  logo: "logo.png",
  logoAlt: "Student Welfare Society SMC logo",
  /** What Chrome's install dialog shows: the home page on a phone and on a computer (scripts/capture-screenshots.ts). */
  appScreenshots: {
    narrow: { img: "screenshots/narrow.webp", label: "The home page on a phone: the society's tagline and logo" },
    wide: { img: "screenshots/wide.webp", label: "The home page on a computer: the society's tagline, logo and menu" },
  },

  mission:
    "Student Welfare Society SMC is a movement of students at Sargodha Medical College that works to uplift students " +
    "spiritually, mentally and professionally. We help future doctors keep a balance between faith and worldly life, " +
    "grow into confident leaders and build the resilience that medicine asks of them, through study circles, mentoring, " +
    "welfare drives and events that bring the whole college together.",

  // The Urdu pages (/ur/…) show these in place of the tagline, hero text and mission; each is optional, as is the
  // `titleUr` and `descriptionUr` of a goal or team member and the `nameUr` and `descriptionUr` of a gallery.
  taglineUr: "طلبہ کی خدمت میں",
  heroTextUr:
    "ہمارا مقصد اللہ کی رضا کا حصول ہے: اپنی تعلیم، اپنی خدمت اور اپنے کردار سمیت زندگی کے ہر پہلو کو " +
    "اللہ اور اس کے رسول صلی اللہ علیہ وسلم کے بتائے ہوئے اصولوں پر استوار کرنا۔",
  missionUr:
    "اسٹوڈنٹ ویلفیئر سوسائٹی ایس ایم سی سرگودھا میڈیکل کالج کے طلبہ کی ایک تحریک ہے جو طلبہ کی روحانی، ذہنی اور " +
    "پیشہ ورانہ ترقی کے لیے کام کرتی ہے۔ ہم اسٹڈی سرکلز، رہنمائی، فلاحی سرگرمیوں اور تقریبات کے ذریعے مستقبل کے " +
    "ڈاکٹروں کو ایمان اور دنیاوی زندگی میں توازن قائم رکھنے میں مدد دیتے ہیں۔",

  goals: [
    {
      title: "Faith-Centered Growth",
      description:
        "Nurturing a living connection with the Quran and the Sunnah so that faith shapes how we study, serve and treat our patients.",
    },
    {
      title: "Student Advocacy",
      description:
        "Raising students' concerns with the administration respectfully and working for fair, practical solutions to everyday problems.",
    },
    {
      title: "Mental Health & Emotional Support",
      description: "Offering a listening ear, peer support and guidance so that no student faces the pressure of medical school alone.",
    },
    {
      title: "Academic & Educational Guidance",
      description: "Sharing notes, book banks and study sessions, and pairing juniors with seniors who have walked the same path.",
    },
    {
      title: "Positive Learning Environment",
      description: "Building a campus culture of kindness, discipline and curiosity where every student feels welcome.",
    },
    {
      title: "Professional Exposure",
      description: "Connecting students with doctors, conventions and workshops that open a window onto clinical and professional life.",
    },
    {
      title: "Leadership & Co-curricular Engagement",
      description: "Giving students real responsibility in events, debates, sports and community work so that they grow into leaders.",
    },
  ],

  president: {
    name: "Muhammad Ahmed Raza",
    title: "President",
    message:
      "Assalam-o-Alaikum and welcome to our society. Medical college is demanding, and none of us should have to carry it alone. " +
      "Our society is a family where students learn together, serve together and grow in faith together. " +
      "Whether you join a study circle, help at a welfare drive or simply come to one of our events, there is a place for you here. " +
      "May Allah make us good students today and compassionate doctors tomorrow.",
    photo: "president.jpg",
  },

  team: [
    {
      title: "Leadership & Training",
      name: "Abdullah Farooq",
      img: "team/leadership-training.jpg",
      description:
        "Plans leadership workshops and training camps\nMentors new members and portfolio volunteers\nKeeps the cabinet's yearly goals on track",
    },
    {
      title: "Education & Academics",
      name: "Hassan Javed",
      img: "team/education-academics.jpg",
      description:
        "Runs the medical book bank and notes drive\nOrganises peer teaching and exam-prep sessions\nPairs juniors with senior mentors",
    },
    {
      title: "Student Affairs",
      name: "Bilal Ahmed",
      description:
        "Listens to students' problems and suggestions\nRaises common concerns with the college administration\nWelcomes and guides the first-year class",
    },
    {
      title: "Administration",
      name: "Hamza Tariq & Usman Ali",
      img: "team/administration.jpg",
      description:
        "Keeps the society's records and membership lists\nSchedules cabinet and members meetings\nCoordinates between all portfolios",
    },
    {
      title: "Religious & Ethical Development",
      name: "Zain ul Abideen",
      img: "team/religious-ethical-development.jpg",
      description:
        "Leads Dars e Quran and weekly study circles\nOrganises Shab e darri and Ramadan programmes\nEncourages good character in study and practice",
    },
    {
      title: "Media & Communications",
      name: "Saad Khalid",
      description: "Manages the society's social media pages\nCovers events with photos and videos\nDesigns posters and announcements",
    },
    {
      title: "Events & Outreach",
      name: "Talha Rasheed",
      img: "team/events-outreach.jpg",
      description:
        "Plans mega events from welcome to Med Doc\nBuilds links with partner organisations\nLeads plantation and welfare drives",
    },
    {
      title: "Finance",
      name: "Omer Shafiq",
      img: "team/finance.jpg",
      description: "Manages the society's budget and donations\nKeeps transparent accounts for every event\nSupports the Study Aid project",
    },
    {
      title: "Female Wing",
      name: "Female Wing Cabinet",
      img: "logo.png",
    },
  ],

  collaborators: [
    {
      name: "Sehat Saath Foundation",
      description: "A health foundation that partners with us on free medical camps and blood donation drives.",
      img: "collaborators/health-foundation.png",
    },
    {
      name: "Crescent Medical Association Convention Committee",
      description: "The convention body of a doctors' association that hosts our students at its yearly national convention.",
      img: "collaborators/medical-convention.jpg",
    },
    {
      name: "Pathfinder Career Consultancy",
      description: "A consultancy that guides our members on licensing exams, electives and careers abroad.",
      img: "collaborators/career-consultancy.jpg",
    },
    {
      name: "BrightSmile Dental Solutions",
      description: "A dental solutions firm that supports our oral health awareness sessions and screening camps.",
      img: "collaborators/dental-solutions.png",
    },
    {
      name: "Tadabbur Quran Club",
      description: "A Quran club that joins us for Dars e Quran, reflection circles and Ramadan programmes.",
      img: "collaborators/quran-club.jpg",
    },
    {
      name: "Umair Explores",
      description: "A Sargodha-based content creator who helps us share our events and drives with the city.",
      img: "collaborators/local-influencer.jpg",
    },
  ],

  resources: [
    {
      title: "Medical book bank",
      menuLabel: "Medical books",
      img: "resources/medical-books.jpg",
      url: "https://drive.google.com/drive/folders/demo-medical-books",
    },
    {
      title: "1st Year Notes",
      menuLabel: "1st Year",
      img: "resources/1st-year.jpg",
      url: "https://drive.google.com/drive/folders/demo-1st-year-notes",
    },
    {
      title: "2nd Year Notes",
      menuLabel: "2nd Year",
      img: "resources/2nd-year.jpg",
      url: "https://drive.google.com/drive/folders/demo-2nd-year-notes",
    },
    {
      title: "3rd Year Notes",
      menuLabel: "3rd Year",
      img: "resources/3rd-year.jpg",
      url: "https://drive.google.com/drive/folders/demo-3rd-year-notes",
    },
    {
      title: "4th Year Notes",
      menuLabel: "4th Year",
      img: "resources/4th-year.jpg",
      url: "https://drive.google.com/drive/folders/demo-4th-year-notes",
    },
  ],

  videoChannelUrl: "https://www.youtube.com/@demo-society",

  socialLinks: [
    { network: "facebook", label: "Facebook", url: "https://www.facebook.com/demo.society.smc" },
    { network: "instagram", label: "Instagram", url: "https://www.instagram.com/demo.society.smc" },
    { network: "instagram", label: "Instagram (Female Wing)", url: "https://www.instagram.com/demo.society.smc.sisters" },
  ],

  whatsapp: {
    contactUrl: "https://wa.me/923000000000",
    communityUrl: "https://chat.whatsapp.com/DemoInviteCode",
  },

  /** The Events tab of /events-and-activities: one photo slider per group. */
  eventGroups: [
    {
      name: "Med Doc",
      photos: [
        "events/med-doc/01.jpg",
        "events/med-doc/02.jpg",
        "events/med-doc/03.jpg",
        "events/med-doc/04.jpg",
        "events/med-doc/05.jpg",
        "events/med-doc/06.jpg",
        "events/med-doc/07.jpg",
        "events/med-doc/08.jpg",
        "events/med-doc/09.jpg",
        "events/med-doc/09.jpg",
      ],
    },
    {
      name: "Grand Iftar",
      photos: [
        "events/grand-iftar/01.jpg",
        "events/grand-iftar/02.jpg",
        "events/grand-iftar/03.jpg",
        "events/grand-iftar/04.jpg",
        "events/grand-iftar/05.jpg",
        "events/grand-iftar/06.jpg",
        "events/grand-iftar/07.jpg",
        "events/grand-iftar/08.jpg",
      ],
    },
    {
      name: "Welcome Dinner",
      photos: [
        "events/welcome-dinner/01.jpg",
        "events/welcome-dinner/02.jpg",
        "events/welcome-dinner/03.jpg",
        "events/welcome-dinner/04.jpg",
      ],
    },
    {
      name: "Students Welcome",
      photos: [
        "events/students-welcome/01.jpg",
        "events/students-welcome/02.jpg",
        "events/students-welcome/03.jpg",
        "events/students-welcome/04.jpg",
        "events/students-welcome/05.jpg",
        "events/students-welcome/06.jpg",
        "events/students-welcome/07.jpg",
        "events/students-welcome/08.jpg",
      ],
    },
    {
      name: "Story Night",
      photos: ["events/story-night/01.jpg", "events/story-night/02.jpg", "events/story-night/03.jpg", "events/story-night/04.jpg"],
    },
    {
      name: "Andaz e Byan",
      photos: [
        "events/andaz-e-byan/01.jpg",
        "events/andaz-e-byan/02.jpg",
        "events/andaz-e-byan/03.jpg",
        "events/andaz-e-byan/04.jpg",
        "events/andaz-e-byan/05.jpg",
      ],
    },
    {
      name: "MUN Model United Nation",
      photos: [
        "events/mun-model-united-nation/01.jpg",
        "events/mun-model-united-nation/02.jpg",
        "events/mun-model-united-nation/03.jpg",
        "events/mun-model-united-nation/04.jpg",
        "events/mun-model-united-nation/05.jpg",
        "events/mun-model-united-nation/06.jpg",
      ],
    },
    {
      name: "Palestine Conference",
      photos: [
        "events/palestine-conference/01.jpg",
        "events/palestine-conference/02.jpg",
        "events/palestine-conference/03.jpg",
        "events/palestine-conference/04.jpg",
        "events/palestine-conference/05.jpg",
        "events/palestine-conference/06.jpg",
        "events/palestine-conference/07.jpg",
        "events/palestine-conference/08.jpg",
        "events/palestine-conference/09.jpg",
      ],
    },
    {
      name: "Palestine Walk",
      photos: [
        "events/palestine-walk/01.jpg",
        "events/palestine-walk/02.jpg",
        "events/palestine-walk/03.jpg",
        "events/palestine-walk/04.jpg",
        "events/palestine-walk/05.jpg",
        "events/palestine-walk/06.jpg",
        "events/palestine-walk/07.jpg",
      ],
    },
    {
      name: "Palestine Wall",
      photos: [
        "events/palestine-wall/01.jpg",
        "events/palestine-wall/02.jpg",
        "events/palestine-wall/03.jpg",
        "events/palestine-wall/04.jpg",
        "events/palestine-wall/05.jpg",
        "events/palestine-wall/06.jpg",
        "events/palestine-wall/07.jpg",
        "events/palestine-wall/08.jpg",
        "events/palestine-wall/09.jpg",
        "events/palestine-wall/10.jpg",
      ],
    },
    {
      name: "Online Sessions and Seminars",
      photos: [
        "events/online-sessions-and-seminars/01.jpg",
        "events/online-sessions-and-seminars/02.jpg",
        "events/online-sessions-and-seminars/03.jpg",
        "events/online-sessions-and-seminars/04.jpg",
        "events/online-sessions-and-seminars/05.jpg",
        "events/online-sessions-and-seminars/06.jpg",
        "events/online-sessions-and-seminars/07.jpg",
      ],
    },
    {
      name: "Class to Class Compaign",
      photos: [
        "events/class-to-class-compaign/01.jpg",
        "events/class-to-class-compaign/02.jpg",
        "events/class-to-class-compaign/03.jpg",
        "events/class-to-class-compaign/04.jpg",
        "events/class-to-class-compaign/05.jpg",
        "events/class-to-class-compaign/06.jpg",
        "events/class-to-class-compaign/07.jpg",
      ],
    },
  ],

  /** The Activities tab of /events-and-activities. */
  activityGroups: [
    {
      name: "Sports",
      photos: ["activities/sports/01.jpg", "activities/sports/02.jpg", "activities/sports/03.jpg", "activities/sports/04.jpg"],
    },
    {
      name: "Dar s Quran and Shab e darri",
      photos: [
        "activities/dar-s-quran-and-shab-e-darri/01.jpg",
        "activities/dar-s-quran-and-shab-e-darri/02.jpg",
        "activities/dar-s-quran-and-shab-e-darri/03.jpg",
        "activities/dar-s-quran-and-shab-e-darri/04.jpg",
        "activities/dar-s-quran-and-shab-e-darri/05.jpg",
        "activities/dar-s-quran-and-shab-e-darri/06.jpg",
        "activities/dar-s-quran-and-shab-e-darri/07.jpg",
      ],
    },
    {
      name: "Pathway to Diagnosis",
      photos: [
        "activities/pathway-to-diagnosis/01.jpg",
        "activities/pathway-to-diagnosis/02.jpg",
        "activities/pathway-to-diagnosis/03.jpg",
      ],
    },
    {
      name: "Study Center",
      photos: [
        "activities/study-center/01.jpg",
        "activities/study-center/02.jpg",
        "activities/study-center/03.jpg",
        "activities/study-center/04.jpg",
      ],
    },
    {
      name: "Study Aid Project",
      photos: [
        "activities/study-aid-project/01.jpg",
        "activities/study-aid-project/02.jpg",
        "activities/study-aid-project/03.jpg",
        "activities/study-aid-project/04.jpg",
        "activities/study-aid-project/05.jpg",
      ],
    },
    {
      name: "Alkhidmat plantation drives",
      photos: [
        "activities/alkhidmat-plantation-drives/01.jpg",
        "activities/alkhidmat-plantation-drives/02.jpg",
        "activities/alkhidmat-plantation-drives/03.jpg",
      ],
    },
    {
      name: "PIMA convention",
      photos: ["activities/pima-convention/01.jpg", "activities/pima-convention/02.jpg", "activities/pima-convention/03.jpg"],
    },
    {
      name: "Teachers Day",
      photos: ["activities/teachers-day/01.jpg", "activities/teachers-day/02.jpg", "activities/teachers-day/03.jpg"],
    },
    {
      name: "Study Circle",
      photos: ["activities/study-circle/01.jpg", "activities/study-circle/02.jpg", "activities/study-circle/03.jpg"],
    },
  ],

  /** The /explore-smc gallery. */
  explorePhotos: [
    "explore/01.jpg",
    "explore/02.jpg",
    "explore/03.jpg",
    "explore/04.jpg",
    "explore/05.jpg",
    "explore/06.jpg",
    "explore/07.jpg",
    "explore/08.jpg",
    "explore/09.jpg",
    "explore/10.jpg",
    "explore/11.jpg",
    "explore/12.jpg",
    "explore/13.jpg",
    "explore/14.jpg",
    "explore/15.jpg",
    "explore/16.jpg",
    "explore/17.jpg",
    "explore/18.jpg",
    "explore/19.jpg",
    "explore/20.jpg",
    "explore/21.jpg",
    "explore/22.jpg",
    "explore/23.jpg",
    "explore/24.jpg",
    "explore/25.jpg",
    "explore/26.jpg",
    "explore/27.jpg",
    "explore/28.jpg",
    "explore/29.jpg",
    "explore/30.jpg",
    "explore/31.jpg",
    "explore/32.jpg",
    "explore/33.jpg",
    "explore/34.jpg",
    "explore/35.jpg",
    "explore/36.jpg",
    "explore/37.jpg",
    "explore/38.jpg",
    "explore/39.jpg",
    "explore/40.jpg",
    "explore/41.jpg",
    "explore/42.jpg",
    "explore/43.jpg",
    "explore/44.jpg",
  ],

  /** Shown by the hero's "How it's started" button; a path under content/, or null for none. */
  /** The join form's six questions: 1 to 4 answered in free text, 5 and 6 as lists. */
  joinQuestions: [
    "What do you know about our vision?",
    "Why do you want to join us?",
    "What does the philosophy of Allama Muhammad Iqbal mean to you as a student?",
    "What is your relation with the Quran?",
    "Enlist your hobbies",
    "Enlist the books you read other than academic books",
  ],
  documentaryVideo: "video/documentary.webm",
} satisfies SiteContent;

export default site;
