import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { site } from "#content/site.ts";
import { galleryPhotoEntry, siteSchema } from "#core/schemas/site-content.ts";

/** The demo content in content/ is checked against the business constants of the spec (sections 2, 3 and 9). */

const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../content");
const PHOTOS_DIR = path.join(CONTENT_DIR, "photos");

const GOAL_TITLES = [
  "Faith-Centered Growth",
  "Student Advocacy",
  "Mental Health & Emotional Support",
  "Academic & Educational Guidance",
  "Positive Learning Environment",
  "Professional Exposure",
  "Leadership & Co-curricular Engagement",
];

const TEAM_TITLES = [
  "Leadership & Training",
  "Education & Academics",
  "Student Affairs",
  "Administration",
  "Religious & Ethical Development",
  "Media & Communications",
  "Events & Outreach",
  "Finance",
  "Female Wing",
];

const RESOURCE_MENU = [
  ["Medical book bank", "Medical books"],
  ["1st Year Notes", "1st Year"],
  ["2nd Year Notes", "2nd Year"],
  ["3rd Year Notes", "3rd Year"],
  ["4th Year Notes", "4th Year"],
];

const EVENT_GROUP_COUNTS: [string, number][] = [
  ["Med Doc", 10],
  ["Grand Iftar", 8],
  ["Welcome Dinner", 4],
  ["Students Welcome", 8],
  ["Story Night", 4],
  ["Andaz e Byan", 5],
  ["MUN Model United Nation", 6],
  ["Palestine Conference", 9],
  ["Palestine Walk", 7],
  ["Palestine Wall", 10],
  ["Online Sessions and Seminars", 7],
  ["Class to Class Compaign", 7],
];

const ACTIVITY_GROUP_COUNTS: [string, number][] = [
  ["Sports", 4],
  ["Dar s Quran and Shab e darri", 7],
  ["Pathway to Diagnosis", 3],
  ["Study Center", 4],
  ["Study Aid Project", 5],
  ["Alkhidmat plantation drives", 3],
  ["PIMA convention", 3],
  ["Teachers Day", 3],
  ["Study Circle", 3],
];

const content = siteSchema.parse(site);

function teamCard(title: string) {
  const card = content.team.find((m) => m.title === title);
  if (!card) throw new Error(`no team card titled ${title}`);
  return card;
}

function allPhotoPaths(): string[] {
  return [
    content.logo,
    content.president.photo,
    ...content.team.flatMap((m) => (m.img ? [m.img] : [])),
    ...content.collaborators.map((c) => c.img),
    ...content.resources.map((r) => r.img),
    ...[...content.eventGroups, ...content.activityGroups].flatMap((g) => g.photos.map((p) => galleryPhotoEntry(p).img)),
    ...content.explorePhotos.map((p) => galleryPhotoEntry(p).img),
  ];
}

describe("demo content (content/site.ts)", () => {
  test("parses against the site schema", () => {
    const result = siteSchema.safeParse(site);
    expect(result.success, result.success ? "" : JSON.stringify(result.error.issues, null, 2)).toBe(true);
  });

  test("uses the landing tagline 'Empowering minds, changing lives'", () => {
    expect(content.tagline).toBe("Empowering minds, changing lives");
  });

  test("has the 7 goals with the spec's titles, in order", () => {
    expect(content.goals.map((g) => g.title)).toEqual(GOAL_TITLES);
  });

  test("has a president with a name, a title, a message and a photo", () => {
    expect(content.president.name).not.toBe("");
    expect(content.president.title).not.toBe("");
    expect(content.president.message.length).toBeGreaterThan(40);
    expect(content.president.photo).toBe("president.jpg");
  });

  test("has the 9 team cards with the spec's portfolio titles, in order", () => {
    expect(content.team.map((m) => m.title)).toEqual(TEAM_TITLES);
  });

  test("names two people for Administration", () => {
    expect(teamCard("Administration").name).toMatch(/\S\s*&\s*\S/);
  });

  test("shows the society logo and no description for the Female Wing", () => {
    const femaleWing = teamCard("Female Wing");
    expect(femaleWing.description).toBeUndefined();
    expect(femaleWing.img).toBe(content.logo);
  });

  test("gives every other portfolio a multi-line description", () => {
    for (const card of content.team.filter((m) => m.title !== "Female Wing")) {
      expect(card.description, card.title).toContain("\n");
    }
  });

  test("leaves some team cards without a photo so the initial-letter fallback is shown", () => {
    expect(content.team.filter((m) => m.img === undefined).length).toBeGreaterThan(0);
  });

  test("has 6 collaborators", () => {
    expect(content.collaborators).toHaveLength(6);
  });

  test("has the 5 resource cards with their Resources menu labels", () => {
    expect(content.resources.map((r) => [r.title, r.menuLabel])).toEqual(RESOURCE_MENU);
  });

  test("links one facebook page and two instagram profiles", () => {
    expect(content.socialLinks.map((l) => l.network)).toEqual(["facebook", "instagram", "instagram"]);
  });

  test("has the spec's event groups with their photo counts", () => {
    expect(content.eventGroups.map((g) => [g.name, g.photos.length])).toEqual(EVENT_GROUP_COUNTS);
  });

  test("repeats the last Med Doc photo", () => {
    const medDoc = content.eventGroups.find((g) => g.name === "Med Doc");
    expect(medDoc?.photos).toHaveLength(10);
    expect(medDoc?.photos[9]).toBe(medDoc?.photos[8]);
  });

  test("has the spec's activity groups with their photo counts", () => {
    expect(content.activityGroups.map((g) => [g.name, g.photos.length])).toEqual(ACTIVITY_GROUP_COUNTS);
  });

  test("has 44 distinct explore photos", () => {
    expect(content.explorePhotos).toHaveLength(44);
    expect(new Set(content.explorePhotos).size).toBe(44);
  });

  test("every referenced photo exists under content/photos", () => {
    const missing = allPhotoPaths().filter((p) => !existsSync(path.join(PHOTOS_DIR, p)));
    expect(missing).toEqual([]);
  });

  test("the documentary video, if set, exists under content/", () => {
    if (content.documentaryVideo === null) return;
    const file = path.join(CONTENT_DIR, content.documentaryVideo);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeLessThan(400 * 1024);
  });
});
