import { describe, expect, test } from "vitest";
import { renderMail } from "#server/mail/messages.ts";
import type { QueuedRecipientMail } from "#server/services/public-submissions.ts";
import { type Registrant, type RegistrationMailTarget, registrationConfirmMail, registrationMail } from "./registration";

/**
 * The registrant's mails in the language they registered in. What they say in English, and when each is sent, is
 * registrations.test.ts's (the service's tests).
 */

const SITE = { siteName: "Students & Co", publicUrl: "https://society.example" };
const ID = "0193a3c1-7c2e-7b3a-9f1e-2d4c5b6a7e8f";
/** A ticket's token, as the mails' links carry it. */
const TICKET = "AaJLQ-CAdx-SZUg_vkib-7TRD9qvu2uRu2BTZ8nsYwQ";

/** The camp as the Urdu pages draw its card: the committee's Urdu title, the time as the card gives it. */
const CAMP: RegistrationMailTarget = {
  card: {
    id: ID,
    heading: "خون کے عطیے کا کیمپ",
    event: { startsAt: "2026-12-05T09:00:00.000Z", when: "5 December 2026 at 14:00 to 16:00", location: "Hall 2" },
  },
  calendar: () => "BEGIN:VCALENDAR",
};

const AYESHA: Registrant = { name: "Ayesha Khan", email: "ayesha@example.org", locale: "ur" };

/** The mail as it is sent: its subject, and its text's lines with the link put back in. */
function sent({ payload, secretLink }: QueuedRecipientMail) {
  const { subject, text } = renderMail(payload, undefined, secretLink ?? null);
  return { subject, lines: text.split("\n") };
}

describe("a registrant's mails in Urdu", () => {
  test("'Confirm your place' is in Urdu, and its links lead to the Urdu pages", () => {
    const { subject, lines } = sent(registrationConfirmMail(AYESHA, CAMP, SITE, "abc"));
    expect(subject).toBe("اپنی جگہ کی تصدیق کریں: خون کے عطیے کا کیمپ");
    expect(lines.slice(0, 6)).toEqual([
      "السلام علیکم Ayesha Khan،",
      "",
      'یہ ای میل پتا "خون کے عطیے کا کیمپ" کے لیے رجسٹر ہونے کے لیے دیا گیا ہے۔ جب تک آپ تصدیق نہیں کرتے، آپ کے لیے کوئی جگہ نہیں رکھی جاتی: یہ لنک کھولیں اور تصدیق کریں دبائیں۔',
      "",
      "اپنی جگہ کی تصدیق کریں:",
      `https://society.example/ur/announcement/${ID}/confirm?token=abc`,
    ]);
    // The time as the card gives it; the place as the committee wrote it.
    expect(lines).toContain("کب: 5 December 2026 at 14:00 to 16:00");
    expect(lines).toContain("کہاں: Hall 2");
    expect(lines).toContain(`اعلان: https://society.example/ur/announcement/${ID}`);
  });

  test("registered, waiting and moved up: each in Urdu, linking the Urdu announcement page and the Urdu ticket page", () => {
    const ticketLink = `https://society.example/ur/ticket?token=${TICKET}`;
    const registered = sent(registrationMail(AYESHA, "registered", CAMP, SITE, TICKET));
    expect(registered.subject).toBe("رجسٹریشن ہو گئی: خون کے عطیے کا کیمپ");
    expect(registered.lines[2]).toBe('آپ "خون کے عطیے کا کیمپ" کے لیے رجسٹر ہو گئے ہیں۔');
    expect(registered.lines.slice(4, 6)).toEqual(["آپ کا ٹکٹ، جو دروازے پر دکھانا ہے (اس کا QR کوڈ بھی ساتھ منسلک ہے):", ticketLink]);
    expect(registered.lines).toContain(`اعلان: https://society.example/ur/announcement/${ID}`);
    expect(registered.lines).toContain("منسلک کیلنڈر فائل اس تقریب کو آپ کے کیلنڈر میں شامل کر دیتی ہے۔");
    expect(registrationMail(AYESHA, "registered", CAMP, SITE, TICKET).payload).toMatchObject({ qrAlt: "آپ کے ٹکٹ کا QR کوڈ" });

    const waiting = sent(registrationMail(AYESHA, "waiting", CAMP, SITE, TICKET, 3));
    expect(waiting.subject).toBe("انتظار کی فہرست: خون کے عطیے کا کیمپ");
    expect(waiting.lines[2]).toBe(
      '"خون کے عطیے کا کیمپ" کی تمام جگہیں بھر چکی ہیں، اس لیے آپ انتظار کی فہرست میں ہیں (نمبر 3)۔ اگر کوئی جگہ خالی ہوئی تو آپ آگے آ جائیں گے اور آپ کو ای میل ملے گی۔',
    );
    expect(waiting.lines).toContain(ticketLink);

    const promoted = sent(registrationMail(AYESHA, "promoted", CAMP, SITE, TICKET));
    expect(promoted.subject).toBe("جگہ خالی ہوئی: آپ خون کے عطیے کا کیمپ کے لیے رجسٹر ہو گئے ہیں");
    expect(promoted.lines[2]).toBe('"خون کے عطیے کا کیمپ" کے لیے ایک جگہ خالی ہوئی ہے اور وہ آپ کی ہے: آپ رجسٹر ہو گئے ہیں۔');
    expect(promoted.lines).toContain("اگر آپ نہیں آ سکتے تو اس ای میل کا جواب دیں تاکہ آپ کی جگہ کسی اور کو مل سکے۔");
    expect(promoted.lines).toContain(ticketLink);
  });
});
