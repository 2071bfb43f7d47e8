import crypto from "node:crypto";
import sharp from "sharp";
import { newId, nowIso } from "#server/db/ids.ts";
import { DONOR_CONSENT } from "#core/messages/blood.ts";
import { donorLinkMail } from "#server/mail/templates/blood-donor.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { bloodDonorsRepo } from "#server/repos/blood-donors.ts";
import { mailOutboxRepo } from "#server/repos/mail-outbox.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { storeImage } from "#server/services/image-store.ts";
import { rememberSecret } from "./log-secrets";
import type { TestServer } from "./test-server";

export async function sampleJpeg(width = 900, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 100 } } })
    .jpeg()
    .toBuffer();
}

/** Adds an announcement through the real repositories and storage, as the admin's upload will (a plain JPEG unless `image` is given). */
export async function seedAnnouncement(
  server: TestServer,
  fields: { description: string; googleFormUrl?: string; createdAt: string; image?: Buffer },
) {
  const image = await storeImage(
    { db: server.database.db, storage: server.storage },
    fields.image ?? (await sampleJpeg()),
    "announcements",
  );
  const id = newId();
  await announcementsRepo(server.database.db).create(
    id,
    publishedAnnouncement(
      { description: fields.description, linkUrl: fields.googleFormUrl ?? "https://forms.example.org/register", imageId: image.id },
      fields.createdAt,
    ),
    fields.createdAt,
  );
  return { id, image };
}

/** An announcement that takes registrations here (`capacity` places, 10 unless given), with one person registered. */
export async function seedRegistration(
  server: TestServer,
  { capacity = 10, name = "Seeded Registrant" }: { capacity?: number; name?: string } = {},
): Promise<{ announcementId: string; registrationId: string }> {
  const announcementId = newId();
  await announcementsRepo(server.database.db).create(
    announcementId,
    publishedAnnouncement({ description: "Seeded with a registration", registration: { capacity, closesAt: null, questions: [] } }),
    nowIso(),
  );
  const registrationId = newId();
  await server.database.db
    .insertInto("registrations")
    .values({
      id: registrationId,
      announcementId: announcementId,
      name,
      email: `${registrationId}@example.org`,
      phone: "03001234567",
      class: "2nd Year",
      answers: "[]",
      status: "registered",
      arrival: 1,
      submissionKey: null,
      createdAt: nowIso(),
    })
    .execute();
  return { announcementId, registrationId };
}

/**
 * An announcement that takes registrations here (2 places) with one registration waiting to be confirmed, and the token
 * of its "Confirm your place" link, as the mail would have carried it (the database keeps only its SHA-256).
 */
export async function seedUnconfirmedRegistration(
  server: TestServer,
): Promise<{ announcementId: string; registrationId: string; token: string }> {
  const announcementId = newId();
  await announcementsRepo(server.database.db).create(
    announcementId,
    publishedAnnouncement({
      description: "Seeded with a registration to confirm",
      registration: { capacity: 2, closesAt: null, questions: [] },
    }),
    nowIso(),
  );
  const registrationId = newId();
  const token = crypto.randomBytes(32).toString("base64url");
  rememberSecret(token);
  await server.database.db
    .insertInto("registrations")
    .values({
      id: registrationId,
      announcementId: announcementId,
      name: "Seeded Registrant",
      email: `${registrationId}@example.org`,
      phone: "03001234567",
      class: "2nd Year",
      answers: "[]",
      status: "unconfirmed",
      arrival: 0,
      submissionKey: null,
      createdAt: nowIso(),
      confirmTokenHash: crypto.createHash("sha256").update(token).digest("hex"),
      confirmExpiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    })
    .execute();
  return { announcementId, registrationId, token };
}

/**
 * A blood donor as signing up stores them (unconfirmed unless `confirmed`), with the mail that carries their personal
 * link queued for them, and that link's token (the database keeps only its SHA-256), remembered as a secret no server
 * log may hold. `id` and `token` may be given, to seed the same donor again.
 */
export async function seedBloodDonor(
  server: TestServer,
  {
    id = newId(),
    token = crypto.randomBytes(32).toString("base64url"),
    name = "Seeded Donor",
    email = `${id}@example.org`,
    confirmed = false,
  }: { id?: string; token?: string; name?: string; email?: string; confirmed?: boolean } = {},
): Promise<{ id: string; token: string; email: string }> {
  rememberSecret(token);
  rememberSecret(email);
  const at = nowIso();
  const stored = await bloodDonorsRepo(server.database.db).insert({
    id,
    name,
    email,
    phone: "+923001234567",
    bloodGroup: "A+",
    city: "Sargodha",
    cityKey: "sargodha",
    area: "Satellite Town",
    lastDonationOn: null,
    donationInterval: "men",
    availability: "available",
    availableFrom: null,
    consentVersion: DONOR_CONSENT.version,
    consentAt: at,
    linkTokenHash: crypto.createHash("sha256").update(token).digest("hex"),
    confirmedAt: confirmed ? at : null,
    willingAt: at,
    remindedAt: null,
    submissionKey: null,
    createdAt: at,
  });
  if (!stored) throw new Error(`a donor with the email ${email} is already stored`);
  const { payload, secretLink } = donorLinkMail({ name, email }, "signed-up", { siteName: "SWS", publicUrl: server.publicUrl }, token);
  await mailOutboxRepo(server.database.db).enqueueWithLink(payload.kind, payload, { url: secretLink! }, new Date(), id);
  return { id, token, email };
}

/**
 * An open emergency request for A+ blood in Sargodha, needed far ahead, and a confirmed A+ donor there (the one the
 * seeded donor would be, with this `phone`), who is on its match list.
 */
export async function seedBloodRequest(server: TestServer, { phone }: { phone: string }): Promise<{ requestId: string; donorId: string }> {
  const { id: donorId } = await seedBloodDonor(server, { confirmed: true, name: "Secret Donor Nadia" });
  await server.database.db.updateTable("bloodDonors").set({ phone }).where("id", "=", donorId).execute();
  return { requestId: await seedOpenBloodRequest(server), donorId };
}

/** An open request for an A+ patient in Sargodha (where seedBloodDonor's donors live), needed by 2099. Returns its id. */
export async function seedOpenBloodRequest(server: TestServer, createdBy = "seed"): Promise<string> {
  const id = newId();
  await server.database.db
    .insertInto("bloodRequests")
    .values({
      id,
      patientGroup: "A+",
      units: 2,
      hospital: "DHQ Hospital",
      city: "Sargodha",
      cityKey: "sargodha",
      neededBy: "2099-01-01T05:00:00.000Z",
      contact: "Ward 4",
      note: null,
      status: "open",
      closedAt: null,
      createdBy,
      createdAt: nowIso(),
    })
    .execute();
  return id;
}

/**
 * A current member (as accepting a join request makes one) of `session` (2026–27 unless given), with this `name` (and
 * `id`, `position`, when given, to seed the same member again). With `renewal`, a new session has asked them to stay:
 * their link's token (the database keeps only its SHA-256, and the token is remembered as a secret no server log may
 * hold), the session it asks about, and until when it works (30 days from now unless given).
 */
export async function seedMember(
  server: TestServer,
  {
    id = newId(),
    name = "Seeded Member",
    session = "2026–27",
    position = null,
    renewal,
  }: {
    id?: string;
    name?: string;
    session?: string;
    position?: string | null;
    renewal?: { token: string; session: string; deadline?: Date };
  } = {},
): Promise<string> {
  const at = nowIso();
  if (renewal) rememberSecret(renewal.token);
  await server.database.db
    .insertInto("members")
    .values({
      id,
      applicationId: null,
      name,
      email: `${id}@example.org`,
      phone: "03001234567",
      class: "2nd Year",
      department: "MBBS",
      session,
      position,
      status: "current",
      appliedAt: at,
      acceptedAt: at,
      lapsedAt: null,
      renewalTokenHash: renewal ? crypto.createHash("sha256").update(renewal.token).digest("hex") : null,
      renewalSession: renewal?.session ?? null,
      renewalDeadline: renewal ? (renewal.deadline ?? new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)).toISOString() : null,
    })
    .execute();
  return id;
}

/**
 * A donor asked by mail for a request, as "Ask by mail" records it (unanswered), and the token of the answer link their
 * mail carries (the database keeps only its SHA-256; the token is remembered as a secret no server log may hold).
 */
export async function seedBloodAsk(server: TestServer, { requestId, donorId }: { requestId: string; donorId: string }): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  rememberSecret(token);
  await server.database.db
    .insertInto("bloodRequestAsks")
    .values({
      requestId,
      donorId,
      channel: "mail",
      askedBy: "seed",
      askedAt: nowIso(),
      answer: null,
      answeredAt: null,
      donated: 0,
      answerTokenHash: crypto.createHash("sha256").update(token).digest("hex"),
    })
    .execute();
  return token;
}
