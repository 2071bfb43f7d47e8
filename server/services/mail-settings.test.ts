import {
  confirmationMailSchema,
  DEFAULT_CONFIRMATION,
  DEFAULT_CONFIRMATION_UR,
  fillPlaceholders,
  notificationAddressSchema,
} from "#core/schemas/mail-settings.ts";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import type { MailConfig } from "#server/config.ts";
import { createRepos } from "#server/repos/index.ts";
import { mailSettingsService } from "./mail-settings";

describe("the confirmation's placeholders", () => {
  test("{name} and {society} are filled in wherever they are; other braces stay", () => {
    expect(fillPlaceholders("Dear {name}, {name}! {society} {other} {Name}", { name: "Ayesha", society: "SMS" })).toBe(
      "Dear Ayesha, Ayesha! SMS {other} {Name}",
    );
    // A name holding a placeholder is not filled in again.
    expect(fillPlaceholders("Dear {name}", { name: "{society}", society: "SMS" })).toBe("Dear {society}");
  });

  test("the notification address is an email or empty", () => {
    expect(notificationAddressSchema.parse({ notificationEmail: " Office@Society.test " })).toEqual({
      notificationEmail: "office@society.test",
    });
    expect(notificationAddressSchema.parse({ notificationEmail: "" })).toEqual({ notificationEmail: "" });
    expect(notificationAddressSchema.safeParse({ notificationEmail: "office" }).error?.issues[0]?.message).toBe(
      "Enter a valid email address",
    );
  });

  test("the confirmation needs a subject of one line and a text of at most 5000 characters; unticked, it is off", () => {
    const refusals = (fields: Record<string, string>) =>
      Object.fromEntries(confirmationMailSchema.safeParse(fields).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    expect(refusals({ enabled: "on", subject: "", text: "x".repeat(5001) })).toEqual({
      subject: "Subject is required",
      text: "Text must be at most 5000 characters",
    });
    expect(refusals({ enabled: "on", subject: "Line\r\nBcc: x@example.org", text: "ok" })).toEqual({ subject: "Subject must be one line" });
    expect(confirmationMailSchema.parse({ subject: "Received", text: "We have it." })).toEqual({
      subject: "Received",
      text: "We have it.",
    });
  });

  test("the Urdu subject and text are optional, with the English limits and a subject of one line", () => {
    const refusals = (fields: Record<string, string>) =>
      Object.fromEntries(confirmationMailSchema.safeParse(fields).error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []);
    const english = { subject: "Received", text: "We have it." };
    expect(refusals({ ...english, subjectUr: "x".repeat(151), textUr: "x".repeat(5001) })).toEqual({
      subjectUr: "Subject in Urdu must be at most 150 characters",
      textUr: "Text in Urdu must be at most 5000 characters",
    });
    expect(refusals({ ...english, subjectUr: "موصول\r\nBcc: x@example.org" })).toEqual({ subjectUr: "Subject in Urdu must be one line" });
    expect(confirmationMailSchema.parse({ ...english, subjectUr: " موصول ", textUr: "شکریہ\r\n{name}" })).toEqual({
      ...english,
      subjectUr: "موصول",
      textUr: "شکریہ\n{name}",
    });
  });
});

const SMTP: MailConfig["transport"] = { kind: "smtp", url: "smtp://localhost:25", timeoutMs: 1000 };

describe.each(testEngines())("the mail settings on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database?.destroy();
  });
  const admin = async (email: string) => (await createRepos(database.db).admins.create({ email, passwordHash: "x" })).id;

  test("notifications go to the address set here, else MAIL_TO, else the first admin", async () => {
    const withoutMailTo = mailSettingsService({ db: database.db, mail: { transport: SMTP, to: undefined } });
    expect(await withoutMailTo.notificationAddress()).toBeUndefined();
    const first = await admin("first@society.test");
    await admin("second@society.test");
    expect((await withoutMailTo.get()).notification).toEqual({
      address: "first@society.test",
      source: "first admin",
      stored: null,
      placeholder: false,
    });

    const withMailTo = mailSettingsService({ db: database.db, mail: { transport: SMTP, to: "office@society.test" } });
    expect(await withMailTo.notificationAddress()).toBe("office@society.test");

    await withMailTo.setNotificationAddress("committee@society.test", first);
    expect((await withMailTo.get()).notification).toEqual({
      address: "committee@society.test",
      source: "setting",
      stored: "committee@society.test",
      placeholder: false,
    });
    await withMailTo.setNotificationAddress("", first);
    expect(await withMailTo.notificationAddress()).toBe("office@society.test");
    const audit = await database.db.selectFrom("auditLog").select(["action", "detail"]).orderBy("at").orderBy("id").execute();
    expect(audit).toEqual([
      { action: "mail.notification-address", detail: "set" },
      { action: "mail.notification-address", detail: "default" },
    ]);
  });

  test("the first start's stand-in admin (admin@example.org) is named as an address nobody reads", async () => {
    await admin("admin@example.org");
    const service = mailSettingsService({ db: database.db, mail: { transport: SMTP, to: undefined } });
    expect((await service.get()).notification).toMatchObject({ address: "admin@example.org", source: "first admin", placeholder: true });
  });

  test("a name that is not one a person has is not repeated to the address typed", async () => {
    const actor = await admin("first@society.test");
    const service = mailSettingsService({ db: database.db, mail: { transport: SMTP, to: undefined } });
    await service.setConfirmation({ enabled: true, subject: "Hello {name}", text: "Dear {name}," }, actor);
    const confirmation = (name: string, locale: "en" | "ur" = "en") =>
      service.confirmationFor({ name, email: "x@example.org" }, "SMS", locale);
    expect(await confirmation("Ayesha O'Neil-Khan")).toMatchObject({
      to: { name: "Ayesha O'Neil-Khan" },
      subject: "Hello Ayesha O'Neil-Khan",
    });
    expect(await confirmation("عائشہ خان")).toMatchObject({ subject: "Hello عائشہ خان" });
    for (const name of ["Win a prize at https://evil.example", "Ayesha\r\nBcc: x@example.org", "x".repeat(61), "<b>Ayesha</b>"]) {
      expect(await confirmation(name)).toMatchObject({ to: { name: "" }, subject: "Hello applicant", text: "Dear applicant," });
    }
    // In Urdu, the stand-in is Urdu.
    expect(await confirmation("<b>Ayesha</b>", "ur")).toMatchObject({ to: { name: "" }, subject: "Hello درخواست گزار" });
  });

  test("the confirmation: the built-in wording until edited, the placeholders filled in, nothing when it is off", async () => {
    const actor = await admin("first@society.test");
    const service = mailSettingsService({ db: database.db, mail: { transport: SMTP, to: undefined } });
    const applicant = { name: "Ayesha", email: "ayesha@example.org" };
    expect(await service.confirmationFor(applicant, "SMS", "en")).toEqual({
      kind: "confirmation",
      to: { name: "Ayesha", address: "ayesha@example.org" },
      society: "SMS",
      subject: fillPlaceholders(DEFAULT_CONFIRMATION.subject, { name: "Ayesha", society: "SMS" }),
      text: fillPlaceholders(DEFAULT_CONFIRMATION.text, { name: "Ayesha", society: "SMS" }),
    });
    await service.setConfirmation({ enabled: true, subject: "Hello {name}", text: "Welcome to {society}." }, actor);
    expect(await service.confirmationFor(applicant, "SMS", "en")).toMatchObject({ subject: "Hello Ayesha", text: "Welcome to SMS." });
    await service.setConfirmation({ enabled: false, subject: "Hello {name}", text: "Welcome to {society}." }, actor);
    expect(await service.confirmationFor(applicant, "SMS", "en")).toBeUndefined();
    expect((await service.get()).confirmation).toEqual({
      enabled: false,
      subject: "Hello {name}",
      text: "Welcome to {society}.",
      subjectUr: null,
      textUr: null,
      sendable: true,
    });
    const audit = await database.db.selectFrom("auditLog").select(["action", "detail"]).orderBy("at").orderBy("id").execute();
    expect(audit).toEqual([
      { action: "mail.confirmation", detail: "enabled=true" },
      { action: "mail.confirmation", detail: "enabled=false" },
    ]);
  });

  describe("in Urdu, for those who apply through the Urdu form", () => {
    const applicant = { name: "Ayesha", email: "ayesha@example.org" };
    const filled = (wording: { subject: string; text: string }) => ({
      subject: fillPlaceholders(wording.subject, { name: "Ayesha", society: "SMS" }),
      text: fillPlaceholders(wording.text, { name: "Ayesha", society: "SMS" }),
    });
    const setUp = async () => {
      const actor = await admin("first@society.test");
      const service = mailSettingsService({ db: database.db, mail: { transport: SMTP, to: undefined } });
      const wordingIn = async (locale: "en" | "ur") => {
        const mail = await service.confirmationFor(applicant, "SMS", locale);
        return mail && { subject: mail.subject, text: mail.text };
      };
      const save = (wording: { subject?: string; text?: string; subjectUr?: string; textUr?: string }) =>
        service.setConfirmation({ enabled: true, ...DEFAULT_CONFIRMATION, ...wording }, actor);
      return { service, wordingIn, save };
    };

    test("an Urdu applicant gets the committee's Urdu subject and text where written; an English applicant the English", async () => {
      const { wordingIn, save } = await setUp();
      await save({ subjectUr: "{name}، درخواست موصول ہوئی", textUr: "{society} کی طرف سے شکریہ۔" });
      expect(await wordingIn("ur")).toEqual({ subject: "Ayesha، درخواست موصول ہوئی", text: "SMS کی طرف سے شکریہ۔" });
      expect(await wordingIn("en")).toEqual(filled(DEFAULT_CONFIRMATION));
      // Field by field: the Urdu subject written, the text not (the English being the default): the Urdu default's text.
      await save({ subject: "Hello {name}", text: "Welcome to {society}.", subjectUr: "{name}، درخواست موصول ہوئی" });
      expect(await wordingIn("ur")).toEqual({ subject: "Ayesha، درخواست موصول ہوئی", text: "Welcome to SMS." });
      expect(await wordingIn("en")).toEqual({ subject: "Hello Ayesha", text: "Welcome to SMS." });
    });

    test("with no Urdu written: the Urdu default while the English is the default, the committee's English once they wrote their own", async () => {
      const { wordingIn, save } = await setUp();
      expect(await wordingIn("ur")).toEqual(filled(DEFAULT_CONFIRMATION_UR));
      // Saving the page unchanged stores the English default as shown: still the default.
      await save({});
      expect(await wordingIn("ur")).toEqual(filled(DEFAULT_CONFIRMATION_UR));
      await save({ text: "Come to the meeting on Friday, {name}." });
      expect(await wordingIn("ur")).toEqual({
        subject: filled(DEFAULT_CONFIRMATION_UR).subject,
        text: "Come to the meeting on Friday, Ayesha.",
      });
      await save({ subject: "Hello {name}", text: "Come to the meeting on Friday, {name}." });
      expect(await wordingIn("ur")).toEqual({ subject: "Hello Ayesha", text: "Come to the meeting on Friday, Ayesha." });
    });

    test("the Urdu subject and text are stored as written, and emptied are none", async () => {
      const { service, save } = await setUp();
      expect((await service.get()).confirmation).toMatchObject({ subjectUr: null, textUr: null });
      await save({ subjectUr: "درخواست موصول ہوئی", textUr: "شکریہ۔" });
      expect((await service.get()).confirmation).toMatchObject({ subjectUr: "درخواست موصول ہوئی", textUr: "شکریہ۔" });
      await save({ subjectUr: "", textUr: undefined });
      expect((await service.get()).confirmation).toMatchObject({ subjectUr: null, textUr: null });
      expect(await database.db.selectFrom("settings").select(["confirmationSubjectUr", "confirmationTextUr"]).execute()).toEqual([
        { confirmationSubjectUr: null, confirmationTextUr: null },
      ]);
    });
  });

  test("with EmailJS and no confirmation template, no confirmation is queued, and the settings say why", async () => {
    const emailjs = (confirmation?: string): MailConfig["transport"] => ({
      kind: "emailjs",
      url: "http://localhost/send",
      serviceId: "s",
      templateIds: { join: "j", contact: "c", confirmation },
      publicKey: "p",
      accessToken: undefined,
    });
    const applicant = { name: "Ayesha", email: "ayesha@example.org" };
    const without = mailSettingsService({ db: database.db, mail: { transport: emailjs(), to: undefined } });
    expect((await without.get()).confirmation.sendable).toBe(false);
    expect(await without.confirmationFor(applicant, "SMS", "en")).toBeUndefined();
    const withTemplate = mailSettingsService({ db: database.db, mail: { transport: emailjs("t"), to: undefined } });
    expect(await withTemplate.confirmationFor(applicant, "SMS", "en")).toBeDefined();
  });
});
