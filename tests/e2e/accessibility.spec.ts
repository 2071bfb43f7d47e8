import fs from "node:fs";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { site } from "#content/site.ts";
import { registrationUr } from "#core/i18n/registration/ur.ts";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import { SESSION_COOKIE } from "#server/auth/session-cookie.server.ts";
import { adminsRepo } from "#server/repos/admins.ts";
import { auditLogRepo } from "#server/repos/audit-log.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { CONFLICT, PHOTO_FORMATS, photoFile, TRACE_READS_BROKEN_PREVIEW } from "./content-admin";
import { E2E_ADMIN, type E2eServer } from "./e2e-server";
import { axeViolations, expect, isPhone, PHONE_VIEWPORT, readyContactForm, type Seed, test } from "./fixtures";
import { chooseTopBarEntry, openAdminNav, openPhoneMenu, topBar } from "./menus";

/**
 * The accessibility catalogue (docs/decisions/030-one-accessibility-catalogue.md): every page, dialog and state the site
 * shows, once, each checked by axe-core at 375 px and at 1280 px and expected to have no violations. No flow test runs
 * axe. A new screen, or a new state of one, is one entry in SCREENS.
 *
 * An entry is reached at 1280 px (the desktop project's width: the catalogue runs there only), checked, then narrowed to
 * 375 px in the same state and checked again: a dialog stays open, a message stays shown. An entry marked `eachWidth`
 * (a state one width shows and the other does not, such as a menu, or a toast that goes by itself) is reached again at
 * each width.
 */

const WIDTHS = [{ width: 1280, height: 800 }, PHONE_VIEWPORT] as const;

interface Tools {
  seed: Seed;
  database: DatabaseHandle;
  server: E2eServer;
  context: BrowserContext;
}

interface Screen {
  name: string;
  /** Its address; a function when the address names what it seeds first (an announcement's id, a link's token). */
  path: string | ((tools: Tools) => Promise<string>);
  /** Signed in first: as E2E_ADMIN (an Owner), or as a seeded Editor. */
  as?: "owner" | "editor";
  /** From the opened page to the state checked: opens the dialog, fills the field, sends the form; ends once it shows. */
  reach?: (page: Page, tools: Tools) => Promise<void>;
  /** Reached again at each width: a state only one width has (a menu), or one that goes by itself (a toast). */
  eachWidth?: true;
  /** What the browser logs on the way because the state means it: a 404's status, a refused form's 4xx. */
  consoleErrors?: RegExp[];
}

const refused = (status: number) => new RegExp(`Failed to load resource: the server responded with a status of ${status}`);
const MINUTE = 60_000;
const EDITOR = { name: "Omar Editor", email: "omar.editor@example.org", password: "quilt harbour lantern" } as const;
const BREACHED_PASSWORD = "password1";
const CAMP = {
  title: "Blood donation camp",
  description: "Donate blood, save lives. Bring your student card.\nThe way there: https://example.org/camp-map",
  event: { startsAt: new Date("2099-12-01T05:00:00Z"), endsAt: new Date("2099-12-01T08:30:00Z"), location: "Hall 2, main campus" },
} as const;
const SHIRT: RegistrationQuestion = { label: "T-shirt size", kind: "choice", choices: ["Small", "Medium", "Large"], required: true };

const dialogNamed = (page: Page, name: string) => page.getByRole("dialog", { name });
const alertNamed = (page: Page, name: string | RegExp) => page.getByRole("alertdialog", { name });
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole("button", { name, exact: typeof name === "string" });

async function visible(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
}

/** Clicks `name` and waits for the dialog it opens. */
async function open(page: Page, name: string | RegExp, dialog: Locator): Promise<void> {
  await button(page, name).first().click();
  await visible(dialog);
}

/** Keeps a toast on screen while axe reads it: react-hot-toast pauses a toast's timer while the pointer is over it. */
async function holdToast(page: Page, text: string): Promise<void> {
  const toast = page.getByRole("status").filter({ hasText: text });
  await toast.hover();
  await visible(toast);
}

/** Sends the form as a browser without scripts does: the page the server draws from the post (tests/e2e/without-javascript.spec.ts). */
async function postNatively(page: Page, form: Locator, submitter?: string): Promise<void> {
  await form.evaluate((element, name) => {
    const pressed = name ? element.querySelector<HTMLButtonElement>(`button[value="${name}"]`) : null;
    if (pressed)
      element.append(Object.assign(document.createElement("input"), { type: "hidden", name: pressed.name, value: pressed.value }));
    HTMLFormElement.prototype.submit.call(element);
  }, submitter);
  await page.waitForLoadState("load");
}

async function openJoinForm(page: Page): Promise<Locator> {
  await chooseTopBarEntry(page, "Join Us");
  await alertNamed(page, "Are you absolutely sure you want to join us?").getByRole("button", { name: "Continue" }).click();
  const dialog = dialogNamed(page, "Fill the form below to Join us");
  await visible(dialog);
  return dialog;
}

const STEP1 = {
  "Full name": "Ayesha Khan",
  Class: "2nd Year",
  Department: "MBBS",
  "Sargodha address": "12 College Road",
  "Permanent address": "House 4, Street 9",
  Email: "ayesha@example.org",
  Phone: "03001234567",
};

async function fillIn(scope: Locator | Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await scope.getByLabel(label, { exact: true }).fill(value);
}

/** Three join requests: one a possible duplicate, one without a blood group or permanent address. */
async function seedRequests(seed: Seed): Promise<void> {
  const start = Date.now() - 10 * MINUTE;
  await seed.application({ fullname: "Bilal Ahmed", bloodGroup: null, permanentAddress: "", createdAt: new Date(start) });
  await seed.application({
    fullname: "Sara Malik",
    answers: site.joinQuestions.map((question, index) => ({ question, answer: index < 4 ? `Answer ${index + 1}` : "Cricket, Reading" })),
    createdAt: new Date(start + MINUTE),
  });
  await seed.application({ fullname: "Ayesha Khan", createdAt: new Date(start + 2 * MINUTE), possibleDuplicate: true });
}

/** The camp: its event, two places and a required choice. */
const seedCamp = (seed: Seed, capacity = 2) =>
  seed.announcement({ ...CAMP, googleFormUrl: undefined, registration: { capacity, questions: [SHIRT] }, withImage: false });

/**
 * A camp held yesterday with Ayesha Khan checked in and the signatory set: its registrations screen, where Issue
 * certificates gives her one.
 */
async function seedHeldCamp(seed: Seed): Promise<string> {
  const held = { startsAt: new Date(Date.now() - 26 * 60 * 60 * 1000), endsAt: new Date(Date.now() - 24 * 60 * 60 * 1000) };
  const camp = await seed.announcement({
    ...CAMP,
    event: { ...CAMP.event, ...held },
    registration: { capacity: 2, questions: [] },
    withImage: false,
  });
  await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered", checkedIn: true });
  await seed.certificateSignatory({ name: "Dr Hina Shah", title: "President" });
  return `/admin/announcements/${camp.id}/registrations`;
}

/** Issues the held camp's certificates on its registrations screen. */
async function issueCertificates(page: Page): Promise<void> {
  const section = page.getByRole("region", { name: "Certificates" });
  await button(section, "Issue certificates").click();
  await visible(section.getByRole("list", { name: "Certificates issued" }));
}

/**
 * An O+ patient's request in Lahore and donors who can give: one of the same group, an O− one who gave in January, one
 * in another city. Returns the request's id.
 */
async function seedBloodRequest(seed: Seed, status?: "fulfilled"): Promise<string> {
  await seed.bloodDonor({ name: "Ali Hassan", bloodGroup: "O+", area: "Gulberg", phone: "+923001111111" });
  await seed.bloodDonor({ name: "Sana Iqbal", bloodGroup: "O-", area: "Model Town", lastDonation: "2026-01-15" });
  await seed.bloodDonor({ name: "Usman Ali", bloodGroup: "O+", city: "Sargodha", area: "Satellite Town" });
  return seed.bloodRequest({ note: "Patient in surgery ward.\nBring a CNIC.", status });
}

/** Two current members (one with a committee position) and a past one; then the Members list's address with `query`. */
async function seedMembers(seed: Seed, query = ""): Promise<string> {
  await seed.member({ name: "Bilal Ahmed" });
  await seed.member({ name: "Sara Malik", class: "3rd Year", position: "Treasurer" });
  await seed.member({ name: "Hina Raza", status: "past" });
  return `/admin/members${query}`;
}

/** The first event gallery with photos, as the database holds it. */
const firstEventGallery = ({ db }: DatabaseHandle) =>
  db
    .selectFrom("galleries")
    .select(["id", "slug"])
    .where("kind", "=", "event")
    .where((eb) => eb.exists(eb.selectFrom("galleryPhotos").select("id").whereRef("galleryPhotos.galleryId", "=", "galleries.id")))
    .orderBy("position")
    .executeTakeFirstOrThrow();

const PERIOD_MS = 30_000;
/** The six digits an authenticator app shows for `secret` (base32, spaces allowed) `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret.replace(/\s+/g, "")), timestamp: Date.now() + steps * PERIOD_MS });
/** Six digits the server takes at none of the steps around now. */
const wrongCode = (secret: string) => {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => codeAt(secret, steps)));
  return ["123456", "654321", "246802"].find((code) => !near.has(code))!;
};

/** Signs in with the password at the login form, as a person does (the seeded two factors then ask for a code). */
async function signInWithPassword(page: Page): Promise<void> {
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await button(page, "Login").click();
}

/** Opens the Edit dialog of the list screen's first item. */
const editFirst = (title: string) => async (page: Page) => {
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Edit: / })
    .first()
    .click();
  await visible(dialogNamed(page, title));
};

const SCREENS: Screen[] = [
  // The public site.
  { name: "the home page", path: "/" },
  {
    name: "the home page's video dialog",
    path: "/",
    reach: (page) => open(page, "How it's started", dialogNamed(page, "How it's started")),
  },
  {
    name: "the top bar's menu open: the hamburger's dropdown (375 px), the Resources dropdown (1280 px)",
    path: "/",
    eachWidth: true,
    reach: async (page) => {
      if (isPhone(page)) {
        await openPhoneMenu(page);
        return;
      }
      await button(topBar(page), "Resources").hover();
      await visible(topBar(page).getByRole("link", { name: site.resources[0]!.menuLabel }));
    },
  },
  {
    name: "the contact form sent empty: the toast 'Please fill all fields'",
    path: "/#contact",
    eachWidth: true,
    reach: async (page) => {
      await button(await readyContactForm(page), "Send Message").click();
      await holdToast(page, "Please fill all fields");
    },
  },
  {
    name: "the contact form sent: its thanks",
    path: "/#contact",
    eachWidth: true,
    reach: async (page) => {
      const form = await readyContactForm(page);
      await fillIn(form, { Name: "Sara Malik", Email: "sara@example.org", Message: "When is the next study circle?" });
      await button(form, "Send Message").click();
      await holdToast(page, "Thank you for contacting us! Email sent successfully.");
    },
  },
  {
    name: "the contact page after a refused post without JavaScript",
    path: "/#contact",
    consoleErrors: [refused(400)],
    reach: async (page) => {
      await postNatively(page, page.getByRole("form", { name: "Contact form" }));
      await expect(page.getByRole("alert")).toHaveText("Please fill all fields");
    },
  },
  { name: "the contact page's thanks without JavaScript", path: "/contact?sent" },
  {
    name: "Join Us: 'Are you absolutely sure you want to join us?'",
    path: "/",
    reach: async (page) => {
      await chooseTopBarEntry(page, "Join Us");
      await visible(alertNamed(page, "Are you absolutely sure you want to join us?"));
    },
  },
  {
    name: "the join form, step 1, with every field's message",
    path: "/",
    reach: async (page) => {
      const dialog = await openJoinForm(page);
      await button(dialog, "Next").click();
      await visible(dialog.getByText("Name is required", { exact: true }));
    },
  },
  {
    name: "the join form, step 2, with every question's message",
    path: "/",
    reach: async (page) => {
      const dialog = await openJoinForm(page);
      await fillIn(dialog, STEP1);
      await button(dialog, "Next").click();
      await button(dialog, "Join Us").click();
      await expect(dialog.getByText("This question is required", { exact: true })).toHaveCount(site.joinQuestions.length);
    },
  },
  {
    name: "the join form, step 2, filled in: answers, and entries added to the list questions",
    path: "/",
    reach: async (page) => {
      const dialog = await openJoinForm(page);
      await fillIn(dialog, STEP1);
      await button(dialog, "Next").click();
      for (const [index, question] of site.joinQuestions.entries()) {
        const box = dialog.getByRole("textbox", { name: `${index + 1}. ${question}` });
        await box.fill(index < 4 ? `Answer ${index + 1}` : "reading");
        if (index >= 4) await box.press("Enter");
      }
      await expect(dialog.getByRole("list", { name: /: entries$/ })).toHaveCount(site.joinQuestions.length - 4);
    },
  },
  { name: "the join page (Join Us without JavaScript)", path: "/join" },
  {
    name: "the join page's thanks without JavaScript",
    path: "/join",
    reach: async (page) => {
      await fillIn(page, STEP1);
      await postNatively(page, page.getByRole("form", { name: "Join us, step 1" }), "next");
      for (const [index, question] of site.joinQuestions.entries()) {
        await page.getByRole("textbox", { name: `${index + 1}. ${question}` }).fill(`Answer ${index + 1}`);
      }
      await postNatively(page, page.getByRole("form", { name: "Join us, step 2" }), "submit");
      await visible(page.getByRole("status").filter({ hasText: "Thank you for joining us, we will contact you soon!" }));
    },
  },
  { name: "the announcements, none", path: "/announcement" },
  {
    name: "the announcements: a card with image and link, a text card, an event taking registrations",
    path: async ({ seed }) => {
      await seed.announcement({ description: "Study circle registrations are open.", googleFormUrl: "https://forms.gle/study" });
      await seed.announcement({ title: "Notes", description: "General body meeting notes are up.", withImage: false, pinned: true });
      await seedCamp(seed);
      return "/announcement";
    },
  },
  {
    name: "an announcement's page",
    path: async ({ seed }) => `/announcement/${(await seed.announcement({ ...CAMP, googleFormUrl: "https://forms.gle/camp" })).id}`,
  },
  {
    name: "the registration form, with every field's message",
    path: async ({ seed }) => `/announcement/${(await seedCamp(seed)).id}/register`,
    reach: async (page) => {
      await button(page.getByRole("form", { name: "Registration form" }), "Register").click();
      await expect(page.getByRole("form", { name: "Registration form" }).locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: "the registration sent: a confirmation mail on its way",
    path: async ({ seed }) => `/announcement/${(await seedCamp(seed)).id}/register`,
    reach: async (page) => {
      const form = page.getByRole("form", { name: "Registration form" });
      await fillIn(form, { Name: "Ayesha Khan", Email: "ayesha@example.org", "Phone number": "03001234567", Class: "2nd Year" });
      await form.getByRole("group", { name: SHIRT.label }).getByLabel("Small", { exact: true }).check();
      await button(form, "Register").click();
      await visible(page.getByRole("status").filter({ hasText: "Almost done" }));
    },
  },
  {
    name: "the registration form with every place taken: the waiting list",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed, 1);
      await seed.registration(camp.id, { name: "Bilal Ahmed", status: "registered" });
      return `/announcement/${camp.id}/register`;
    },
  },
  {
    name: "the 'Confirm your place' page",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed);
      return `/announcement/${camp.id}/confirm?token=${await seed.registration(camp.id, { name: "Ayesha Khan" })}`;
    },
  },
  {
    name: "the 'Confirm your place' page, confirmed",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed);
      return `/announcement/${camp.id}/confirm?token=${await seed.registration(camp.id, { name: "Ayesha Khan" })}`;
    },
    reach: async (page) => {
      await button(page.getByRole("form", { name: "Confirm your place" }), "Confirm").click();
      await visible(page.getByRole("status").filter({ hasText: "You're registered" }));
    },
  },
  {
    name: "a registrant's ticket, opened from the confirmation",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed);
      return `/announcement/${camp.id}/confirm?token=${await seed.registration(camp.id, { name: "Ayesha Khan" })}`;
    },
    reach: async (page) => {
      await button(page.getByRole("form", { name: "Confirm your place" }), "Confirm").click();
      await page.getByRole("link", { name: "Show your ticket" }).click();
      await visible(page.getByRole("img", { name: "QR code of your ticket" }));
    },
  },
  {
    name: "a registrant's ticket in Urdu",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed);
      await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered" });
      return `/ur/ticket?token=${await seed.ticketOf(camp.id, "Ayesha Khan")}`;
    },
  },
  {
    name: "the 'Confirm your place' page of a link used or expired",
    path: async ({ seed }) => `/announcement/${(await seedCamp(seed)).id}/confirm?token=${"x".repeat(43)}`,
  },

  // The blood-donor registry: the public page, and a donor's own page from their personal link.
  { name: "'Become a blood donor', no count of donors yet", path: "/blood-donors" },
  {
    name: "'Become a blood donor' with the counts of available donors",
    path: async ({ seed }) => {
      for (const name of ["Sana Iqbal", "Hina Raza", "Usman Ali"]) await seed.bloodDonor({ name, bloodGroup: "O-", city: "Sargodha" });
      for (const name of ["Ali Hassan", "Zara Sheikh", "Omar Farooq"]) await seed.bloodDonor({ name, bloodGroup: "B+", city: "Lahore" });
      return "/blood-donors";
    },
    reach: (page) => visible(page.getByRole("listitem").filter({ hasText: "3 O- donors in Sargodha" })),
  },
  {
    name: "'Become a blood donor', with every field's message",
    path: "/blood-donors",
    reach: async (page) => {
      const form = page.getByRole("form", { name: "Join the registry" });
      await form.getByLabel("Phone number", { exact: true }).fill("12345");
      await button(form, "Become a donor").click();
      await expect(form.getByRole("checkbox")).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    name: "'Become a blood donor': the personal link on its way, and a new link asked for",
    path: "/blood-donors",
    reach: async (page) => {
      const form = page.getByRole("form", { name: "Join the registry" });
      await fillIn(form, {
        Name: "Sana Iqbal",
        Email: "sana@example.org",
        "Phone number": "0300 1234567",
        City: "Sargodha",
        Area: "Satellite Town",
      });
      await form.getByLabel("Blood group", { exact: true }).selectOption("B+");
      await form.getByRole("group", { name: "Donation interval" }).getByLabel("Every 120 days (usual for women)").check();
      await form.getByRole("checkbox").check();
      await button(form, "Become a donor").click();
      await visible(page.getByRole("status").filter({ hasText: "a mail with your personal link is on its way" }));
      const request = page.getByRole("form", { name: "Already a donor? Get a new link" });
      await request.getByLabel("Email", { exact: true }).fill("sana@example.org");
      await button(request, "Mail me a new link").click();
      await visible(page.getByRole("status").filter({ hasText: "a mail with a new personal link is on its way" }));
    },
  },
  {
    name: "a blood donor's own page before Confirm",
    path: async ({ seed }) => `/blood-donors/me?token=${await seed.bloodDonor({ name: "Sana Iqbal", confirmed: false })}`,
  },
  {
    name: "a blood donor's own page: availability and details, saved; 'Withdraw from the registry' opened",
    path: async ({ seed }) =>
      `/blood-donors/me?token=${await seed.bloodDonor({ name: "Sana Iqbal", lastDonation: "2026-01-15", availability: "not-now" })}`,
    reach: async (page) => {
      const form = page.getByRole("form", { name: "Your availability and details" });
      await form.getByLabel("Area", { exact: true }).fill("Model Town");
      await button(form, "Save").click();
      await visible(form.getByRole("status").filter({ hasText: "Saved." }));
      await page.getByText("Withdraw from the registry", { exact: true }).click();
      await visible(button(page, "Withdraw and erase my details"));
    },
  },
  {
    name: "a blood donor's own page: 'Available from a date' without its date",
    path: async ({ seed }) => `/blood-donors/me?token=${await seed.bloodDonor({ name: "Sana Iqbal" })}`,
    reach: async (page) => {
      const form = page.getByRole("form", { name: "Your availability and details" });
      await form.getByRole("group", { name: "Can coordinators ask you?" }).getByLabel("Available from a date", { exact: true }).check();
      await button(form, "Save").click();
      await expect(form.getByLabel("Available from", { exact: true })).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    name: "a blood donor's link that no longer works",
    path: `/blood-donors/me?token=${"x".repeat(43)}`,
    consoleErrors: [/status of 404 \(Not Found\)/],
  },
  {
    name: "a blood donor's page after withdrawing: 'You have left the registry'",
    path: async ({ seed }) => `/blood-donors/me?token=${await seed.bloodDonor({ name: "Sana Iqbal" })}`,
    reach: async (page) => {
      await page.getByText("Withdraw from the registry", { exact: true }).click();
      await button(page, "Withdraw and erase my details").click();
      await visible(page.getByRole("status").filter({ hasText: "You have left the registry" }));
    },
  },
  { name: "Events & Activities", path: "/events-and-activities" },
  { name: "an event's own page", path: async ({ database }) => `/events-and-activities/${(await firstEventGallery(database)).slug}` },
  { name: "Explore SMC", path: "/explore-smc" },
  {
    name: "the photo lightbox",
    path: "/explore-smc",
    reach: async (page) => {
      await page.getByRole("button", { name: /^Open photo 1 of / }).click();
      await visible(dialogNamed(page, "Photo viewer").getByText(`1 of ${site.explorePhotos.length}`, { exact: true }));
    },
  },
  { name: "the 404 page", path: "/no-such-page", consoleErrors: [/status of 404 \(Not Found\)/] },
  { name: "the offline page (what the service worker shows for a page never opened)", path: "/offline" },
  { name: "the home page in Urdu", path: "/ur" },
  {
    name: "the announcements in Urdu, one of them",
    path: async ({ seed }) => {
      await seed.announcement({ ...CAMP, googleFormUrl: "https://forms.gle/camp" });
      return "/ur/announcement";
    },
  },
  { name: "Events & Activities in Urdu", path: "/ur/events-and-activities" },
  {
    name: "the registration form in Urdu, with every field's message",
    path: async ({ seed }) => `/ur/announcement/${(await seedCamp(seed)).id}/register`,
    reach: async (page) => {
      const form = page.getByRole("form", { name: registrationUr.register!.formName });
      await button(form, registrationUr.register!.register!).click();
      await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },

  // Signing in.
  {
    name: "the admin login, with every field's message",
    path: "/admin",
    reach: async (page) => {
      await button(page, "Login").click();
      await visible(page.getByText("Password is required", { exact: true }));
    },
  },
  {
    name: "the admin login refusing a wrong password, posted without JavaScript",
    path: "/admin",
    consoleErrors: [refused(401)],
    reach: async (page) => {
      await fillIn(page, { Email: E2E_ADMIN.email, Password: "not the password" });
      await postNatively(page, page.locator("form").filter({ has: button(page, "Login") }));
      await expect(page.getByRole("alert")).toHaveText("Invalid credentials. Please check the email and password.");
    },
  },
  {
    name: "the admin login after the session ended",
    path: async ({ context, server }) => {
      await context.addCookies([{ name: SESSION_COOKIE, value: "x".repeat(43), url: server.origin, httpOnly: true, sameSite: "Lax" }]);
      return "/admin";
    },
  },
  {
    name: "the two-factor code at sign-in, refusing a wrong code",
    path: "/admin",
    consoleErrors: [refused(400), refused(401)],
    reach: async (page, { seed }) => {
      const { secret } = await seed.twoFactor();
      await signInWithPassword(page);
      await visible(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 }));
      await page.getByLabel("Code", { exact: true }).fill(wrongCode(secret));
      await page.getByLabel("Code", { exact: true }).press("Enter");
      await expect(page.getByLabel("Code", { exact: true })).toHaveAttribute("aria-invalid", "true");
    },
  },
  { name: "'Forgot password'", path: "/admin/forgot-password" },
  {
    name: "'Forgot password' sent: the link is on its way",
    path: "/admin/forgot-password",
    reach: async (page) => {
      await page.getByLabel("Email").fill(E2E_ADMIN.email);
      await page.getByLabel("Email").press("Enter");
      await visible(page.getByText(/^If an admin account has that address, a link to reset its password is on its way/));
    },
  },
  {
    name: "a password reset link's page",
    path: async ({ seed }) => `/admin/reset-password?token=${await seed.accountLink("password-reset", E2E_ADMIN.email)}`,
  },
  { name: "a password reset link's page, the link used or expired", path: `/admin/reset-password?token=${"x".repeat(43)}` },
  {
    name: "an invitation's page refusing a breached password",
    path: async ({ seed }) => `/admin/invitation?token=${await seed.accountLink("invitation", "new.admin@example.org")}`,
    consoleErrors: [refused(400)],
    reach: async (page) => {
      await page.getByLabel("Your name").fill("Noor Fatima");
      await page.getByLabel("Password", { exact: true }).fill(BREACHED_PASSWORD);
      await page.getByLabel(/^Confirm/).fill(BREACHED_PASSWORD);
      await button(page, "Create my account").click();
      await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    name: "the password change owed after sign-in",
    path: async ({ database }) => {
      await database.db.updateTable("admins").set({ mustChangePassword: 1 }).where("email", "=", E2E_ADMIN.email).execute();
      return "/admin";
    },
    as: "owner",
  },
  { name: "'Confirm it's you' (reauthentication)", path: "/admin/reauthenticate?next=%2Fadmin%2Faccounts", as: "owner" },

  // The admin panel: join requests.
  { name: "the admin panel, no requests", path: "/admin", as: "owner" },
  {
    name: "the admin navigation: its menu open (375 px), its bar (1280 px)",
    path: "/admin/messages",
    as: "owner",
    eachWidth: true,
    reach: async (page) => {
      await openAdminNav(page);
    },
  },
  {
    name: "the admin panel with requests, two selected and a new status chosen for them",
    path: async ({ seed }) => {
      await seedRequests(seed);
      return "/admin";
    },
    as: "owner",
    reach: async (page) => {
      await page.getByRole("checkbox", { name: "Select Bilal Ahmed" }).check();
      await page.getByRole("checkbox", { name: "Select Sara Malik" }).check();
      await page.getByLabel("New status for the selected requests").selectOption({ label: "Accepted" });
    },
  },
  {
    name: "a request's details, refusing an empty note",
    path: async ({ seed }) => {
      await seedRequests(seed);
      return "/admin";
    },
    as: "owner",
    reach: async (page) => {
      await page.getByRole("article").filter({ hasText: "Sara Malik" }).getByRole("button", { name: "View Full Details" }).click();
      const dialog = dialogNamed(page, "Sara Malik");
      await button(dialog, "Add note").click();
      await visible(dialog.getByText("Write a note", { exact: true }));
    },
  },
  {
    name: "deleting a request: 'Are you absolutely sure…?'",
    path: async ({ seed }) => {
      await seedRequests(seed);
      return "/admin";
    },
    as: "owner",
    reach: async (page) => {
      await page.getByRole("article").filter({ hasText: "Sara Malik" }).getByRole("button", { name: "Delete" }).click();
      await visible(alertNamed(page, "Are you absolutely sure you want to delete Sara Malik?"));
    },
  },
  {
    name: "the Change Password dialog with every field's message",
    path: "/admin",
    as: "owner",
    reach: async (page) => {
      const dialog = dialogNamed(page, "Change Password");
      await open(page, "Change Password", dialog);
      await button(dialog, "Update Password").click();
      await visible(dialog.getByText("Current password is required", { exact: true }));
    },
  },

  // Messages, announcements, registrations.
  {
    name: "the messages, one opened",
    path: async ({ seed }) => {
      await seed.contactMessage({ name: "Sana Khan", createdAt: new Date(Date.now() - 2 * MINUTE) });
      await seed.contactMessage({ name: "Hira Saleem", message: `Line 1 of a long question.\n${"More of it. ".repeat(40)}` });
      return "/admin/messages";
    },
    as: "owner",
    reach: async (page) => {
      const hira = page.getByRole("article").filter({ hasText: "Hira Saleem" });
      await button(hira, "Open").click();
      await expect(button(hira, "Close")).toHaveAttribute("aria-expanded", "true");
    },
  },
  {
    name: "deleting messages: 'Delete 2 messages?'",
    path: async ({ seed }) => {
      await seed.contactMessage({ name: "Sana Khan" });
      await seed.contactMessage({ name: "Hira Saleem" });
      return "/admin/messages";
    },
    as: "owner",
    reach: async (page) => {
      await page.getByRole("checkbox", { name: "Select Sana Khan" }).check();
      await page.getByRole("checkbox", { name: "Select Hira Saleem" }).check();
      await button(page, "Delete selected").click();
      await visible(alertNamed(page, "Delete 2 messages?"));
    },
  },
  // Members.
  {
    name: "Members: current members listed, one with a position, and the Owners' 'Start the next session'",
    path: ({ seed }) => seedMembers(seed),
    as: "owner",
  },
  {
    name: "Members filtered to none: 'No member matches.'",
    path: ({ seed }) => seedMembers(seed, "?q=nobody&status=all"),
    as: "owner",
  },
  {
    name: "starting the next session: 'Start the next session?'",
    path: ({ seed }) => seedMembers(seed),
    as: "owner",
    reach: async (page) => {
      await page.getByLabel("Next session", { exact: true }).fill("2027–28");
      await open(page, "Start session", alertNamed(page, "Start the next session?"));
    },
  },
  {
    name: "a member's page: details, a committee position, their history and the events they registered for",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed);
      await seed.registration(camp.id, { name: "Sara Malik", status: "registered" });
      const { id } = await seed.member({ name: "Sara Malik", class: "3rd Year", position: "Treasurer", askedToStay: "2027–28" });
      return `/admin/members/${id}`;
    },
    as: "owner",
  },
  {
    name: "removing a member: 'Remove this member?'",
    path: async ({ seed }) => `/admin/members/${(await seed.member({ name: "Sara Malik" })).id}`,
    as: "owner",
    reach: (page) => open(page, "Remove member", alertNamed(page, "Remove this member?")),
  },
  {
    name: "'Stay a member': the page a new session's mail links to",
    path: async ({ seed }) => `/members/renew?token=${(await seed.member({ name: "Sara Malik", askedToStay: "2027–28" })).renewalToken}`,
  },
  {
    name: "'Stay a member' once the member stayed",
    path: async ({ seed }) => `/members/renew?token=${(await seed.member({ name: "Sara Malik", askedToStay: "2027–28" })).renewalToken}`,
    reach: async (page) => {
      await button(page, "Yes, keep me a member for 2027–28").click();
      await visible(page.getByText("Thank you: you stay a member for the new session.", { exact: true }));
    },
  },
  {
    name: "'Stay a member' of a link that no longer works",
    path: `/members/renew?token=${"x".repeat(43)}`,
    consoleErrors: [refused(404)],
  },

  { name: "the admin's announcements, none", path: "/admin-announcement", as: "owner" },
  {
    name: "the admin's announcements: live, pinned, scheduled, a draft, and an event taking registrations",
    path: async ({ seed }) => {
      await seed.announcement({ title: "Study circle", description: "Study circle registrations are open.", pinned: true });
      await seed.announcement({
        title: "Welcome week",
        description: "Goes live in an hour.",
        publishAt: new Date(Date.now() + 60 * MINUTE),
      });
      await seed.announcement({ title: "Annual dinner", description: "Not announced yet.", publishAt: null, withImage: false });
      await seedCamp(seed);
      return "/admin-announcement";
    },
    as: "owner",
  },
  {
    name: "the Create Announcement dialog, an event's message",
    path: "/admin-announcement",
    as: "owner",
    reach: async (page) => {
      const dialog = dialogNamed(page, "Create Announcement");
      await open(page, "Create Announcement", dialog);
      await fillIn(dialog, { Title: CAMP.title, Description: CAMP.description });
      const event = dialog.getByRole("group", { name: "Event (optional)" });
      await event.getByLabel("Ends at").fill("2099-12-01T13:30");
      await event.getByLabel("Ends at").blur();
      await visible(event.getByText("Choose when the event starts first", { exact: true }));
    },
  },
  {
    name: "the Edit announcement dialog: an image, an event and its registrations",
    path: async ({ seed }) => {
      await seed.announcement({ ...CAMP, registration: { capacity: 2, questions: [SHIRT] } });
      return "/admin-announcement";
    },
    as: "owner",
    reach: async (page) => {
      await open(page, `Edit ${CAMP.title}`, dialogNamed(page, "Edit announcement"));
      await visible(dialogNamed(page, "Edit announcement").getByRole("img", { name: "Current image" }));
    },
  },
  {
    name: "deleting an announcement: 'Are you absolutely sure…?'",
    path: async ({ seed }) => {
      await seed.announcement({ title: "Study circle", description: "Study circle registrations are open." });
      return "/admin-announcement";
    },
    as: "owner",
    reach: (page) => open(page, "Delete Announcement", alertNamed(page, "Are you absolutely sure you want to delete this announcement?")),
  },
  {
    name: "an announcement's registrations: registered, waiting, unconfirmed",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed, 1);
      const answers = [{ question: SHIRT.label, answer: "Small" }];
      await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered", answers });
      await seed.registration(camp.id, { name: "Chand Bibi", status: "waiting", answers });
      await seed.registration(camp.id, { name: "Dua Fatima", answers });
      return `/admin/announcements/${camp.id}/registrations`;
    },
    as: "owner",
  },
  {
    name: "the check-in screen: a search's people, one checked in, the walk-in form",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed, 1);
      await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered" });
      await seed.registration(camp.id, { name: "Ayesha Bibi", status: "waiting" });
      return `/admin/announcements/${camp.id}/check-in?q=ayesha`;
    },
    as: "owner",
    reach: async (page) => {
      await button(page.getByRole("list", { name: "Found" }), "Check in Ayesha Khan").click();
      await visible(page.getByRole("status").filter({ hasText: "Checked in: Ayesha Khan" }));
      await page.getByText("Add a walk-in").click();
      await visible(page.getByRole("form", { name: "Add a walk-in" }));
    },
  },
  {
    name: "a door link made, then its check-in screen as a volunteer opens it",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed);
      await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered" });
      return `/admin/announcements/${camp.id}/registrations`;
    },
    as: "owner",
    reach: async (page) => {
      const form = page.getByRole("form", { name: "Make a door link" });
      await form.getByLabel("Who is it for?").fill("Main gate");
      await button(form, "Make a door link").click();
      const link = await page.getByTestId("door-link").textContent();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await visible(page.getByRole("heading", { name: `Check in: ${CAMP.title}` }));
    },
  },
  {
    name: "an event's registrations screen with its certificates issued",
    path: ({ seed }) => seedHeldCamp(seed),
    as: "owner",
    reach: issueCertificates,
  },
  {
    name: "a certificate's public page, valid, opened by the address its QR code carries",
    path: ({ seed }) => seedHeldCamp(seed),
    as: "owner",
    reach: async (page) => {
      await issueCertificates(page);
      await page
        .getByRole("list", { name: "Certificates issued" })
        .getByRole("link", { name: /^[0-9A-Z]{4}-/ })
        .click();
      await visible(page.getByRole("heading", { name: "Certificate check" }));
    },
  },
  {
    name: "a certificate's public page, revoked",
    path: ({ seed }) => seedHeldCamp(seed),
    as: "owner",
    reach: async (page) => {
      await issueCertificates(page);
      await open(page, "Revoke Ayesha Khan's certificate", alertNamed(page, "Revoke Ayesha Khan's certificate?"));
      await button(alertNamed(page, "Revoke Ayesha Khan's certificate?"), "Revoke").click();
      await page
        .getByRole("list", { name: "Certificates issued" })
        .getByRole("link", { name: /^[0-9A-Z]{4}-/ })
        .click();
      await visible(page.getByText("This certificate was revoked by the society"));
    },
  },
  {
    name: "a certificate number that is none",
    path: "/certificates/AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA",
    consoleErrors: [/status of 404 \(Not Found\)/],
  },
  { name: "the Certificates settings page (Owners)", path: "/admin/certificates", as: "owner" },
  {
    name: "removing a registration: 'Remove …?'",
    path: async ({ seed }) => {
      const camp = await seedCamp(seed);
      await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered" });
      return `/admin/announcements/${camp.id}/registrations`;
    },
    as: "owner",
    reach: (page) => open(page, "Remove Ayesha Khan", alertNamed(page, "Remove Ayesha Khan?")),
  },

  // The Blood section (Owners and blood coordinators), and the page a donor's ask by mail links to.
  {
    name: "the Blood section: an open and a fulfilled request listed, and the 'Log a request' form's messages at its fields",
    path: async ({ seed }) => {
      await seed.bloodRequest({});
      await seed.bloodRequest({ patientGroup: "AB-", units: 1, hospital: "Services Hospital", status: "fulfilled" });
      return "/admin/blood";
    },
    as: "owner",
    reach: async (page) => {
      const form = page.getByRole("form", { name: "Log a request" });
      await button(form, "Log request and find donors").click();
      await expect(form.getByLabel("Patient's blood group", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Contact at the hospital", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("list", { name: "Blood requests" }).getByRole("listitem")).toHaveCount(2);
    },
  },
  {
    name: "a blood request: the donors who can give now, one asked who said yes, and a number shown",
    path: async ({ seed }) => {
      const id = await seedBloodRequest(seed);
      await seed.bloodAsk(id, "sana.iqbal@example.org", { answer: "yes" });
      return `/admin/blood/${id}`;
    },
    as: "owner",
    reach: async (page) => {
      await button(page, "Show the number of donor 1, O+, Gulberg").click();
      await visible(page.getByRole("link", { name: "Open WhatsApp (opens in a new tab)" }));
    },
  },
  {
    name: "a blood request closed as fulfilled, with the donor who gave",
    path: async ({ seed }) => {
      const id = await seedBloodRequest(seed, "fulfilled");
      await seed.bloodAsk(id, "ali.hassan@example.org", { answer: "yes", donated: true });
      await seed.bloodAsk(id, "usman.ali@example.org", { answer: "no" });
      return `/admin/blood/${id}`;
    },
    as: "owner",
    reach: (page) => visible(page.getByRole("listitem").filter({ hasText: / · gave$/ })),
  },
  {
    name: "the Blood section opened by an Editor who is not a blood coordinator: 'Blood coordinators only'",
    path: "/admin/blood",
    as: "editor",
    consoleErrors: [refused(403)],
  },
  {
    name: "a donor's 'Can you donate?' page from an ask by mail",
    path: async ({ seed }) => `/blood-donors/answer?token=${await seed.bloodAsk(await seedBloodRequest(seed), "ali.hassan@example.org")}`,
  },
  {
    name: "a donor's 'Can you donate?' page once they answered 'I can donate'",
    path: async ({ seed }) => `/blood-donors/answer?token=${await seed.bloodAsk(await seedBloodRequest(seed), "ali.hassan@example.org")}`,
    reach: async (page) => {
      await button(page, "I can donate").click();
      await visible(page.getByRole("status").filter({ hasText: "Thank you! A coordinator will contact you" }));
    },
  },
  {
    name: "a donor's 'Can you donate?' link that no longer works",
    path: `/blood-donors/answer?token=${"x".repeat(43)}`,
    consoleErrors: [/status of 404 \(Not Found\)/],
  },

  // The Owners' pages: accounts, security, mail, audit, personal data.
  {
    name: "the accounts, an Editor and an open invitation, with the invite form",
    path: async ({ seed }) => {
      await seed.admin(EDITOR);
      await seed.accountLink("invitation", "invited@example.org");
      return "/admin/accounts";
    },
    as: "owner",
  },
  { name: "an Owners' page opened by an Editor: 'Owners only'", path: "/admin/accounts", as: "editor", consoleErrors: [refused(403)] },
  {
    name: "Security: the sessions, and setting up two-factor sign-in as the Owners require (the code and the key)",
    path: async ({ database }) => {
      await settingsRepo(database.db).setTwoFactorRequired(true);
      const admin = await adminsRepo(database.db).findByEmail(E2E_ADMIN.email);
      await database.db
        .insertInto("sessions")
        .values({
          id: "another-session",
          tokenHash: "0".repeat(64),
          adminId: admin!.id,
          createdAt: new Date(Date.now() - 60 * MINUTE).toISOString(),
          lastSeenAt: new Date(Date.now() - 30 * MINUTE).toISOString(),
          expiresAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
          userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
          secondFactorPending: 0,
          networkCode: "a1b2c3d4",
          authenticatedAt: null,
        })
        .execute();
      return "/admin";
    },
    as: "owner",
    reach: async (page) => {
      await expect(page).toHaveURL(/\/admin\/security$/);
      await button(page.getByRole("region", { name: "Two-factor sign-in", exact: true }), "Set up two-factor sign-in").click();
      await expect(page.getByTestId("two-factor-secret")).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    },
  },
  {
    name: "Security: two-factor sign-in turned on, the recovery codes shown",
    path: "/admin/security",
    as: "owner",
    reach: async (page) => {
      await button(page.getByRole("region", { name: "Two-factor sign-in", exact: true }), "Set up two-factor sign-in").click();
      const key = page.getByTestId("two-factor-secret");
      await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
      await page.getByLabel("The 6-digit code the app shows").fill(codeAt((await key.textContent())!));
      await button(page, "Turn on").click();
      await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    },
  },
  { name: "the mail settings", path: "/admin/mail", as: "owner" },
  {
    name: "the audit log",
    path: async ({ database }) => {
      const admin = await adminsRepo(database.db).findByEmail(E2E_ADMIN.email);
      await auditLogRepo(database.db).record(admin!.id, "join-us.toggle", "visible=false");
      return "/admin/audit";
    },
    as: "owner",
  },
  {
    name: "personal data: keeping them for less, 'Keep … for 12 months only?'",
    path: "/admin/personal-data",
    as: "owner",
    reach: async (page) => {
      await page.getByLabel("Keep join requests, contact messages and registrations for").selectOption("12 months");
      await button(page, "Save").click();
      await visible(alertNamed(page, "Keep requests, messages and registrations for 12 months only?"));
    },
  },
  {
    name: "personal data: what is held for an address, and 'Erase everything held for …?'",
    path: async ({ seed }) => {
      await seed.application({ fullname: "Ayesha Khan", email: "ayesha@example.org" });
      return "/admin/personal-data";
    },
    as: "owner",
    reach: async (page) => {
      await page.getByLabel("Email address").fill("ayesha@example.org");
      await button(page, "Find").click();
      await button(page, "Erase all").click();
      await visible(alertNamed(page, "Erase everything held for ayesha@example.org?"));
    },
  },

  // Site content.
  { name: "site content", path: "/admin/content", as: "owner" },
  { name: "site content: Home (details, president, logo, video, social links)", path: "/admin/content/home", as: "owner" },
  {
    name: "removing the video: 'Remove the video?'",
    path: "/admin/content/home",
    as: "owner",
    reach: (page) => open(page, "Remove video", alertNamed(page, "Remove the video?")),
  },
  { name: "site content: Goals", path: "/admin/content/goals", as: "owner" },
  { name: "the Edit goal dialog", path: "/admin/content/goals", as: "owner", reach: editFirst("Edit goal") },
  {
    name: "a goal saved from an older copy: the conflict message",
    path: "/admin/content/goals",
    as: "owner",
    consoleErrors: [refused(409)],
    reach: async (page, { database }) => {
      await editFirst("Edit goal")(page);
      const dialog = dialogNamed(page, "Edit goal");
      // Someone else saves the goal meanwhile.
      await database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("contentGoals")
          .set((eb) => ({ version: eb("version", "+", 1) }))
          .execute();
        await trx
          .updateTable("settings")
          .set((eb) => ({ contentVersion: eb("contentVersion", "+", 1) }))
          .execute();
      });
      await button(dialog, "Save").click();
      await visible(dialog.getByText(CONFLICT, { exact: true }));
    },
  },
  { name: "site content: Team", path: "/admin/content/team", as: "owner" },
  {
    name: "the Edit member dialog with a current photo",
    path: "/admin/content/team",
    as: "owner",
    reach: async (page) => {
      const member = site.team.find((candidate) => candidate.img)!;
      await open(page, `Edit: ${member.name}`, dialogNamed(page, "Edit member"));
      await visible(page.getByRole("img", { name: `Current photo of ${member.name}` }));
    },
  },
  {
    name: "the Add member dialog refusing a file that is not a photo",
    path: "/admin/content/team",
    as: "owner",
    consoleErrors: [refused(400), TRACE_READS_BROKEN_PREVIEW],
    reach: async (page) => {
      const dialog = dialogNamed(page, "Add member");
      await open(page, "Add member", dialog);
      await fillIn(dialog, { Name: "Not A Photo", Title: "Research" });
      await dialog
        .getByLabel("Photo", { exact: true })
        .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("notes\n") });
      await button(dialog, "Save").click();
      await visible(dialog.getByText(PHOTO_FORMATS, { exact: true }));
    },
  },
  {
    name: "deleting a team member: 'Delete the team member …?'",
    path: "/admin/content/team",
    as: "owner",
    reach: async (page) => {
      const member = site.team[0]!;
      await open(page, `Delete: ${member.name}`, alertNamed(page, `Delete the team member “${member.name}”?`));
    },
  },
  { name: "site content: Collaborators", path: "/admin/content/collaborators", as: "owner" },
  { name: "the Edit collaborator dialog", path: "/admin/content/collaborators", as: "owner", reach: editFirst("Edit collaborator") },
  { name: "site content: Resources", path: "/admin/content/resources", as: "owner" },
  { name: "the Edit resource dialog", path: "/admin/content/resources", as: "owner", reach: editFirst("Edit resource") },
  { name: "site content: Galleries", path: "/admin/content/galleries", as: "owner" },
  {
    name: "the New gallery dialog with photos chosen",
    path: "/admin/content/galleries",
    as: "owner",
    reach: async (page) => {
      const dialog = dialogNamed(page, "New gallery");
      await open(page, "New gallery", dialog);
      await dialog.getByLabel("Choose photos", { exact: true }).setInputFiles([await photoFile("walk-1.jpg", 320, 240)]);
      await visible(dialog.getByText(/^1 photo chosen: walk-1\.jpg/));
    },
  },
  {
    name: "a gallery's photos",
    path: async ({ database }) => `/admin/content/galleries/${(await firstEventGallery(database)).id}`,
    as: "owner",
  },
  {
    name: "a gallery's uploads: one photo added, one file refused",
    path: async ({ database }) => `/admin/content/galleries/${(await firstEventGallery(database)).id}`,
    as: "owner",
    consoleErrors: [refused(400), TRACE_READS_BROKEN_PREVIEW],
    reach: async (page) => {
      await page.getByLabel("Add photos", { exact: true }).setInputFiles([
        { name: "walk-1.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(await photoFile("walk-1.jpg", 320, 240)) },
        { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("notes\n") },
      ]);
      // Each photo is encoded on the server: a few seconds on a loaded two-core machine.
      await expect(page.getByRole("status").filter({ hasText: "uploads finished" })).toHaveText("2 of 2 uploads finished, 1 not added", {
        timeout: 20_000,
      });
    },
  },
  {
    name: "a gallery photo's Edit dialog",
    path: async ({ database }) => `/admin/content/galleries/${(await firstEventGallery(database)).id}`,
    as: "owner",
    reach: async (page) => {
      await page
        .getByRole("main")
        .getByRole("button", { name: /^Edit: / })
        .first()
        .click();
      await visible(page.getByRole("dialog").getByLabel("Alt text", { exact: true }));
    },
  },
];

/**
 * Reaches a state at 1280 px and checks it, then at 375 px (narrowed in the same state, or reached again when
 * `eachWidth`) and checks it again: axe must find nothing at either width.
 */
async function expectAccessibleAtEachWidth(page: Page, reach: () => Promise<void>, eachWidth = false): Promise<void> {
  for (const [index, viewport] of WIDTHS.entries()) {
    await page.setViewportSize(viewport);
    if (index === 0 || eachWidth) await reach();
    expect(await axeViolations(page), `axe found accessibility violations at ${viewport.width} px`).toEqual([]);
  }
}

// Reduced motion from the first paint: axe checks every page at rest in it anyway (axeViolations), and a page loaded with
// motion on would first play its reveals and their staggered delays (up to 0.65 s on the home page) on the switch.
// (Traces follow playwright.config.ts: none under CI. A worker-scoped option set here, as `trace` is, would give the
// catalogue workers of its own, each starting its own server.)
test.use({ reducedMotion: "reduce" });

// "No violations" means something only if the check finds violations where they are.
test.describe("the check itself", () => {
  test("finds a photo without alt text, a field without a label and text too faint to read", async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <input type="text">
      <p style="color:#ccc;background:#fff">Faint</p>
    </main></body></html>`);
    const rules = (await axeViolations(page)).map((line) => line.split(" ")[0]);
    expect(rules).toEqual(expect.arrayContaining(["image-alt", "label", "color-contrast"]));
  });

  test("finds what breaks only at the phone's width, in a state reached at the desktop's", async ({ page }) => {
    const reach = () =>
      page.setContent(`<!doctype html><html lang="en"><head><title>Narrow</title>
        <style>p { color: #000; background: #fff } @media (max-width: 600px) { p { color: #ccc } }</style></head>
        <body><main><h1>Narrow</h1><p>Faint on a phone</p></main></body></html>`);
    await expect(expectAccessibleAtEachWidth(page, reach)).rejects.toThrow(/axe found accessibility violations at 375 px/);
  });
});

for (const screen of SCREENS) {
  test.describe(() => {
    // One pattern: an option given as an array of two would be read as [value, options].
    if (screen.consoleErrors) test.use({ allowedConsoleErrors: [new RegExp(screen.consoleErrors.map((error) => error.source).join("|"))] });

    test(screen.name, async ({ page, context, seed, database, server, signInAsAdmin, baseURL }) => {
      const tools: Tools = { seed, database, server, context };
      if (screen.as === "editor") await seed.admin(EDITOR);
      if (screen.as) await signInAsAdmin(screen.as === "editor" ? { email: EDITOR.email } : {});
      const path = typeof screen.path === "string" ? screen.path : await screen.path(tools);
      await expectAccessibleAtEachWidth(
        page,
        async () => {
          // The same address with a #fragment would only scroll: a state reached again starts from a fresh page.
          if (page.url() === new URL(path, baseURL).href) await page.reload();
          else await page.goto(path);
          await screen.reach?.(page, tools);
        },
        screen.eachWidth,
      );
    });
  });
}
