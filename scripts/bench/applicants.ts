import crypto from "node:crypto";
import type { z } from "zod";
import type { joinSubmissionSchema } from "#core/schemas/join";

/** A join application as the form posts it (before the schema trims and lower-cases). */
export type JoinFields = z.input<typeof joinSubmissionSchema>;

const FIRST_NAMES = [
  "Ayesha",
  "Hamza",
  "Fatima",
  "Bilal",
  "Zainab",
  "Usman",
  "Maryam",
  "Ali",
  "Hira",
  "Saad",
  "Amna",
  "Talha",
  "Iqra",
  "Haris",
  "Mahnoor",
  "Umar",
];
const LAST_NAMES = ["Khan", "Malik", "Ahmed", "Chaudhry", "Butt", "Qureshi", "Siddiqui", "Raza", "Javed", "Iqbal", "Sheikh", "Aslam"];
const CLASSES = ["1st Year", "2nd Year", "3rd Year", "4th Year", "Final Year"];
const DEPARTMENTS = ["MBBS", "BDS", "Nursing", "Allied Health Sciences"];
const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "O+", "O-", "AB+", "AB-", ""];
const CITIES = ["Lahore", "Faisalabad", "Sargodha", "Jhang", "Khushab", "Mianwali", "Gujranwala", "Rawalpindi"];
const HOBBIES = [
  "reading",
  "cricket",
  "calligraphy",
  "debating",
  "hiking",
  "photography",
  "badminton",
  "gardening",
  "volunteering",
  "poetry",
];
const BOOKS = [
  "Bang-e-Dra",
  "The Alchemist",
  "Pir-e-Kamil",
  "Man's Search for Meaning",
  "Raja Gidh",
  "Atomic Habits",
  "Zavia",
  "Musaddas-e-Hali",
];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const some = (list: readonly string[], n: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => pick(list, n * 3 + i * 7));

/**
 * The n-th of a stream of plausible, distinct applicants: names, classes and answers of the lengths real
 * applicants write, a unique email and phone, and a fresh submission key (so no two are one retried submission).
 */
export function applicant(n: number): JoinFields {
  const first = pick(FIRST_NAMES, n);
  const last = pick(LAST_NAMES, Math.floor(n / FIRST_NAMES.length) + n);
  const city = pick(CITIES, n * 5);
  return {
    fullname: `${first} ${last}`,
    class: pick(CLASSES, n),
    department: pick(DEPARTMENTS, n * 7),
    sargodhaAddress: `Room ${(n % 240) + 1}, Girls/Boys Hostel ${(n % 4) + 1}, University Road, Sargodha`,
    permanentAddress: `House ${(n % 97) + 1}, Street ${(n % 23) + 1}, Block ${String.fromCharCode(65 + (n % 8))}, ${city}`,
    email: `${first}.${last}.${n}@example.org`,
    phone: `03${String((n * 7_919_113) % 1_000_000_000).padStart(9, "0")}`,
    bloodGroup: pick(BLOOD_GROUPS, n),
    question1:
      "A community of medical students who help each other grow in knowledge and character, and who serve the people of " +
      `${city} through health camps, study circles and blood donation drives.`,
    question2: `I want to spend my years at college doing something useful beyond the syllabus, and the ${pick(["study circles", "health camps", "plantation drives", "seminars"], n)} I attended last term convinced me this is the place.`,
    question3:
      "Selfhood (khudi): to know one's worth, to keep striving, and to use what one learns for others rather than for oneself alone.",
    question4: pick(
      [
        "I read a few verses with translation every morning.",
        "I try to read daily and attend the weekly dars.",
        "I am learning it again with tafseer this year.",
      ],
      n,
    ),
    question5: some(HOBBIES, n, 2 + (n % 3)),
    question6: some(BOOKS, n, 1 + (n % 3)),
    submissionKey: crypto.randomUUID(),
  };
}
