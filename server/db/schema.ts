import type { Generated, Insertable, Selectable } from "kysely";
import type { DonationInterval } from "#core/blood/eligibility.ts";
import type { BloodGroup } from "#core/blood/groups.ts";
import type { Availability, BloodRequestStatus, RevealChannel } from "#core/messages/blood.ts";
import type { Locale } from "#core/i18n/locale.ts";

/**
 * Row types of every table. Times are UTC ISO-8601 strings ("2026-11-22T04:15:47.123Z") on both engines,
 * ids are UUIDv7 strings, booleans are 0/1 integers: one representation that SQLite and PostgreSQL share
 * (docs/decisions/003-portable-column-types.md).
 */
export interface Database {
  settings: SettingsTable;
  images: ImagesTable;
  announcements: AnnouncementsTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  adminLinks: AdminLinksTable;
  recoveryCodes: RecoveryCodesTable;
  rateLimits: RateLimitsTable;
  auditLog: AuditLogTable;
  applications: ApplicationsTable;
  applicationActivity: ApplicationActivityTable;
  mailOutbox: MailOutboxTable;
  contactMessages: ContactMessagesTable;
  siteDetails: SiteDetailsTable;
  contentGoals: GoalsTable;
  teamMembers: TeamMembersTable;
  collaborators: CollaboratorsTable;
  resources: ResourcesTable;
  socialLinks: SocialLinksTable;
  galleries: GalleriesTable;
  galleryPhotos: GalleryPhotosTable;
  videoUploads: VideoUploadsTable;
  registrations: RegistrationsTable;
  doorLinks: DoorLinksTable;
  certificates: CertificatesTable;
  bloodDonors: BloodDonorsTable;
  bloodRequests: BloodRequestsTable;
  bloodRequestAsks: BloodRequestAsksTable;
  members: MembersTable;
  memberActivity: MemberActivityTable;
  pushSubscriptions: PushSubscriptionsTable;
  pushBroadcasts: PushBroadcastsTable;
  pushDeliveries: PushDeliveriesTable;
}

/** A browser's push subscription (see the push-notifications migration): its endpoint and keys, nothing about a person. */
export interface PushSubscriptionsTable {
  id: string;
  /** The push service's URL for this browser; unique. A capability: never logged. */
  endpoint: string;
  /** The browser's P-256 public key (65 bytes, uncompressed) and its 16-byte auth secret, base64url. */
  p256dh: string;
  auth: string;
  createdAt: string;
  /** When the browser last posted it (a visit refreshes it at most daily); retention deletes one not refreshed in its period. */
  refreshedAt: string;
}

/** `pending` until due; then `fanned-out` (a delivery made per subscriber) or `cancelled` (unticked, or no longer live). */
export type PushBroadcastState = "pending" | "fanned-out" | "cancelled";

/** An announcement's one push notification to every subscriber. */
export interface PushBroadcastsTable {
  id: string;
  /** Unique: an announcement is pushed once at most. */
  announcementId: string;
  state: PushBroadcastState;
  /** When it goes: the announcement's publish time; null while the announcement is a draft. */
  dueAt: string | null;
  createdAt: string;
  fannedOutAt: string | null;
  /** How many subscribers it was queued for, once fanned out. */
  recipients: number | null;
}

/** One push of a broadcast to one subscription: the push outbox, deleted once sent or given up. */
export interface PushDeliveriesTable {
  /** `<broadcastId>:<subscriptionId>`: one delivery per pair. */
  id: string;
  broadcastId: string;
  subscriptionId: string;
  /** Counts the attempt being made once claimed. */
  attempts: Generated<number>;
  nextAttemptAt: string;
  leaseOwner: string | null;
  leaseUntil: string | null;
  /** The last failure's class ("HTTP 503", "ECONNRESET"), never the endpoint. */
  lastError: string | null;
}

/** A member of the society (see the members migration). */
export interface MembersTable {
  id: string;
  /** The accepted join request; null once it was deleted. */
  applicationId: string | null;
  name: string;
  /** Trimmed and lower-cased; one member per email. */
  email: string;
  phone: string;
  class: string;
  department: string;
  session: string;
  position: string | null;
  status: MemberStatus;
  appliedAt: string;
  acceptedAt: string;
  lapsedAt: string | null;
  renewalTokenHash: string | null;
  renewalSession: string | null;
  renewalDeadline: string | null;
}

/** `current`: a member now; `past`: lapsed (did not stay for a new session), kept until retention removes them. */
export type MemberStatus = "current" | "past";

/** One event of a member's history. */
export interface MemberActivityTable {
  id: string;
  memberId: string;
  at: string;
  kind: "accepted" | "position" | "renewed" | "lapsed" | "rejoined";
  /** The position set, the session renewed for or rejoined in. */
  detail: string | null;
  /** The admin who acted, when one did. */
  adminEmail: string | null;
}

/** A coordinator's emergency request for blood (see the blood-requests migration). */
export interface BloodRequestsTable {
  id: string;
  patientGroup: BloodGroup;
  units: number;
  hospital: string;
  city: string;
  /** The city lower-cased: donors of the same city come first. */
  cityKey: string;
  /** ISO instant. */
  neededBy: string;
  contact: string;
  note: string | null;
  /** `open` until closed; an open request past `neededBy` reads as expired. */
  status: Exclude<BloodRequestStatus, "expired">;
  closedAt: string | null;
  createdBy: string;
  createdAt: string;
}

/** A donor asked for a request: how, by whom and when, their answer, and whether they gave. */
export interface BloodRequestAsksTable {
  requestId: string;
  donorId: string;
  channel: RevealChannel | "mail";
  askedBy: string;
  askedAt: string;
  answer: "yes" | "no" | null;
  answeredAt: string | null;
  donated: Generated<number>;
  /** SHA-256 (hex) of the token of the answer link mailed to the donor (asked by mail); null otherwise. */
  answerTokenHash: string | null;
}

/** One blood donor of the registry (see the blood-donors migration). */
export interface BloodDonorsTable {
  id: string;
  name: string;
  /** Trimmed and lower-cased; one donor per email. */
  email: string;
  /** A Pakistani mobile, as `+923001234567`. */
  phone: string;
  bloodGroup: BloodGroup;
  city: string;
  /** The city lower-cased: donors are grouped and matched by it. */
  cityKey: string;
  area: string;
  /** YYYY-MM-DD; null: none recorded. */
  lastDonationOn: string | null;
  donationInterval: DonationInterval;
  availability: Availability;
  /** YYYY-MM-DD, with availability `from`; null otherwise. */
  availableFrom: string | null;
  consentVersion: string;
  consentAt: string;
  /** SHA-256 (hex) of the personal link's token. */
  linkTokenHash: string;
  /** Null until the donor confirmed from their link: until then no coordinator sees them. */
  confirmedAt: string | null;
  /** When the donor last said they are still willing. */
  willingAt: string;
  /** When they were last asked to say so. */
  remindedAt: string | null;
  submissionKey: string | null;
  createdAt: string;
}

export type BloodDonorRow = Selectable<BloodDonorsTable>;

/** One person's registration for an announcement's event (see the registrations migration). */
export interface RegistrationsTable {
  id: string;
  announcementId: string;
  name: string;
  /** Trimmed and lower-cased; one registration per email and announcement. */
  email: string;
  phone: string;
  class: string;
  /** JSON of {question, answer} pairs, the questions as worded when the person registered. */
  answers: string;
  status: RegistrationStatus;
  /**
   * 1, 2, 3… per announcement, in the order registrations were confirmed: the waiting list's order. 0 while
   * unconfirmed.
   */
  arrival: number;
  submissionKey: string | null;
  createdAt: string;
  /** SHA-256 (hex) of the token of the link that confirms it; null once confirmed. */
  confirmTokenHash: string | null;
  /** When that link stops working (and housekeeping deletes the registration); null once confirmed. */
  confirmExpiresAt: string | null;
  /** When they were checked in at the door; null until then. */
  checkedInAt: string | null;
  /** Who checked them in: the admin's name as it was then; null until then. */
  checkedInBy: string | null;
  /** How many times the ticket was admitted: 1 once checked in, more when offline phones each admitted it; 0 until then. */
  checkInScans: Generated<number>;
  /** The language of the page they registered on: their mails are written in it ("en" for those made before). */
  locale: Generated<Locale>;
}

/** A link that opens one announcement's check-in screen for a volunteer with no account (see the door-links migration). */
export interface DoorLinksTable {
  id: string;
  announcementId: string;
  /** SHA-256 (hex) of the link's token; the token is shown once, when the link is made. */
  tokenHash: string;
  /** Who it is for ("Main gate", a volunteer's name): shown beside each check-in made with it. */
  label: string;
  /** The id of the admin who made it. */
  createdBy: string | null;
  createdAt: string;
  /** The event's end and 6 hours. */
  expiresAt: string;
  revokedAt: string | null;
}

/** `unconfirmed`: holds no place until confirmed from its mail; then `registered`, or `waiting` when it was full. */
export type RegistrationStatus = "unconfirmed" | "registered" | "waiting";

/** A video being uploaded part by part. */
export interface VideoUploadsTable {
  id: string;
  startedAt: string;
  /** Parts 0 to parts - 1 may be stored. */
  parts: Generated<number>;
}

export interface SettingsTable {
  id: string;
  joinUsVisible: number;
  updatedAt: string;
  /** Raised by every change to the site's content. */
  contentVersion: Generated<number>;
  /** Requests and messages older than this many months are deleted by the daily sweep; null: kept until deleted by hand. */
  retentionMonths: number | null;
  /** When an instance last took the daily retention sweep. */
  retentionSweptAt: string | null;
  /** 1: every admin must sign in with two factors. */
  twoFactorRequired: Generated<number>;
  /** The secrets key's fingerprint (server/secrets-key.ts): a start with another key stops. Null until a key is used. */
  secretsKeyFingerprint: string | null;
  /** Where join and contact notifications go; null: MAIL_TO, else the first admin's email. */
  notificationEmail: string | null;
  /** 1: each applicant gets a confirmation mail. */
  confirmationEnabled: Generated<number>;
  /** The confirmation mail's subject and text as the committee wrote them; null: the built-in wording. */
  confirmationSubject: string | null;
  confirmationText: string | null;
  /** The same in Urdu, for applicants through the Urdu Join Us form; null: none written (see the mail settings service). */
  confirmationSubjectUr: string | null;
  confirmationTextUr: string | null;
  /** Days between two donations an Owner set, for men and for women; null: the defaults (90, 120). */
  bloodIntervalMenDays: number | null;
  bloodIntervalWomenDays: number | null;
  /** The society's current session (year), "2026–27", as an Owner named it; null: none named yet. */
  memberSession: string | null;
  /** Who signs certificates of attendance, and their title, as an Owner set them; null: not set (none can be issued). */
  certificateSignatoryName: string | null;
  certificateSignatoryTitle: string | null;
  /** The storage key of the signatory's signature image (under `private/`); null: none printed. */
  certificateSignatureKey: string | null;
  /** The VAPID key pair push notifications are signed with, made at the first start (base64url); null until then. */
  vapidPublicKey: string | null;
  /** Its private key, encrypted with the secrets key (server/push/vapid-keys.ts). */
  vapidPrivateKey: string | null;
}

export type CertificateStatus = "valid" | "revoked" | "replaced";

/** A certificate of attendance, as issued (see the certificates migration). */
export interface CertificatesTable {
  id: string;
  /** 140 random bits in Crockford's base 32, in groups of four: what its QR code and its page's address carry. */
  number: string;
  announcementId: string;
  /** The registration it was issued for; null once that is deleted (the certificate stays verifiable). */
  registrationId: string | null;
  name: string;
  /** Where it was mailed; erasing this address's personal data deletes it. */
  email: string;
  eventTitle: string;
  eventStartsAt: string;
  /** Participant, Volunteer or Organiser; null: none printed. */
  role: string | null;
  /** Hours of attendance as printed ("3", "1.5"); null: none printed. */
  hours: string | null;
  signatoryName: string;
  signatoryTitle: string;
  /** The signature image printed above the signatory's name (a storage key); null: none. */
  signatureKey: string | null;
  status: CertificateStatus;
  issuedAt: string;
  issuedBy: string | null;
  /** When it was revoked or replaced; null while valid. */
  endedAt: string | null;
}

export interface ImagesTable {
  id: string;
  /** Storage key prefix; each variant is stored under it (see ImageVariant.key). */
  storageKey: string;
  width: number;
  height: number;
  /** JSON list of ImageVariant. */
  variants: string;
  /** SHA-256 of the file the image was made from, for images imported from content/; null for uploads. */
  sourceHash: string | null;
  createdAt: string;
}

export interface ImageVariant {
  /** png: the square icons made from the site's logo, and its link-preview card; jpeg: a photo's link preview. */
  format: "avif" | "webp" | "jpeg" | "png";
  width: number;
  height: number;
  key: string;
  /** The link-preview picture: one per image (older images get theirs from housekeeping). */
  preview?: true;
  /** The file's size (a feed's enclosure states it); absent on some older images, whose size storage tells. */
  bytes?: number;
}

export interface AnnouncementsTable {
  id: string;
  title: string | null;
  description: string;
  imageId: string | null;
  /** Where the card's button leads (http or https); null: no button. */
  linkUrl: string | null;
  /** The button's words; null: the spec's "Register via Google Form". */
  linkLabel: string | null;
  /** When it goes live; null: a draft. */
  publishAt: string | null;
  /** When it leaves the public page; null: never. */
  expiresAt: string | null;
  /** The event it announces, if any: its start (null: none), end (null: an hour after the start) and place. */
  eventStartsAt: string | null;
  eventEndsAt: string | null;
  eventLocation: string | null;
  /** 1: the card's button opens the site's own registration form instead of `linkUrl`. */
  registrationsHere: Generated<number>;
  /** Places; null: no limit. Past it, registrations join the waiting list. */
  registrationCapacity: number | null;
  /** When registering closes; null: while the announcement is live. */
  registrationClosesAt: string | null;
  /** JSON of the admin's extra questions (RegistrationQuestion[]); null: none. */
  registrationQuestions: string | null;
  pinned: Generated<number>;
  /** Raised by every edit; an edit made from an older copy is refused. */
  version: Generated<number>;
  createdAt: string;
  updatedAt: string;
  /** The title and description in Urdu, for the Urdu pages; null (or empty): none written, the English one shows. */
  titleUr: string | null;
  descriptionUr: string | null;
}

export type ImageRow = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;

export interface AdminsTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  /** argon2id PHC string. */
  passwordHash: string;
  mustChangePassword: number;
  createdAt: string;
  updatedAt: string;
  /** Shown in the admin area; null for an admin made before names (the email stands in). */
  name: string | null;
  /** 'owner' | 'editor' (core/admin-roles.ts). */
  role: Generated<string>;
  /** Set while the account may not sign in. */
  disabledAt: string | null;
  lastSignInAt: string | null;
  /** A printed one-time password stops working at this time. */
  passwordExpiresAt: string | null;
  /** The authenticator app's secret, encrypted (server/auth/totp-secret.ts): being set up while totpEnabledAt is null. */
  totpSecret: string | null;
  totpEnabledAt: string | null;
  /** The last 30-second step a code was accepted for. */
  totpLastStep: number | null;
  /** When the secret being set up was made: it is shown again and confirmed for 10 minutes only. */
  totpSetupStartedAt: string | null;
  /** 1: a blood coordinator, who opens the Blood section and donors' contact details (Owners always may). */
  bloodCoordinator: Generated<number>;
}

export interface RecoveryCodesTable {
  id: string;
  adminId: string;
  /** SHA-256 hex of the code. */
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

/** Single-use links sent by mail: invitations and password resets. */
export interface AdminLinksTable {
  id: string;
  kind: "invitation" | "password-reset";
  tokenHash: string;
  email: string;
  role: string | null;
  adminId: string | null;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 hex of the cookie token. */
  tokenHash: string;
  adminId: string;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute expiry (createdAt + the absolute timeout). */
  expiresAt: string;
  userAgent: string | null;
  /** 1 while the second factor is still to come (server/auth/two-factor.server.ts). */
  secondFactorPending: Generated<number>;
  /** The keyed code of the /24 or /48 the session signed in from (SecretsKey.sessionNetworkCode); null when unknown. */
  networkCode: string | null;
  /** When the admin last entered their password or a code in this session; null: when it started. */
  authenticatedAt: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  windowStartedAt: string;
  resetAt: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  /** An admin id, or "cli", "system", "anonymous". */
  actor: string;
  action: string;
  /** Never applicants' personal data or passwords. */
  detail: string | null;
  /**
   * HMAC-SHA-256 of the client's /24 or /48 under the secrets key's audit key (SecretsKey.auditNetworkCode), hex; "old:"
   * and the code for an entry keyed before the key moved out of the database. Null outside a request.
   */
  addressHash: string | null;
  /** How many times it happened: more than 1 only for an entry that counts repeats (failed sign-ins). */
  occurrences: Generated<number>;
  /** Unique: what a counted entry adds repeats to (its action, detail, network and 10 minutes); null for the others. */
  aggregateKey: string | null;
}

export type AdminRow = Selectable<AdminsTable>;
export type AdminLinkRow = Selectable<AdminLinksTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export interface ApplicationsTable {
  id: string;
  fullname: string;
  class: string;
  department: string;
  sargodhaAddress: string;
  permanentAddress: string;
  /** Trimmed and lower-cased. */
  email: string;
  phone: string;
  bloodGroup: string | null;
  /** JSON list of {question, answer}; the chip answers joined with ", ". */
  answers: string;
  /** The client's idempotency key; a second submission with the same key finds the first row. */
  submissionKey: string | null;
  createdAt: string;
  /** 1 when the same email applied in the 30 days before this application. */
  possibleDuplicate: Generated<number>;
  /** An ApplicationStatus: new, contacted, accepted, rejected. */
  status: Generated<string>;
}

/** A status change or an internal note on an application, by an admin. */
export interface ApplicationActivityTable {
  id: string;
  applicationId: string;
  at: string;
  /** The admin's email when they acted: the history still says who after the admin is gone. */
  adminEmail: string;
  kind: "status" | "note";
  /** The status set (kind "status"). */
  status: string | null;
  /** The note's text (kind "note"). */
  note: string | null;
}

export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplication = Insertable<ApplicationsTable>;
/**
 * `test`: the admin's "Send test mail", to the notification address; `confirmation`: to the applicant;
 * `registration-confirm`: a registrant's "Confirm your place", with its single-use link; `blood-donor`: a donor's mail
 * with their personal link; `blood-ask`: a coordinator's ask to a donor for a request, with the link to answer it.
 */
export type MailKind =
  | "join"
  | "contact"
  | "test"
  | "confirmation"
  | "registration"
  | "registration-confirm"
  | "account"
  | "blood-donor"
  | "blood-ask"
  | "member-renewal"
  | "certificate";
export type MailStatus = "waiting" | "sending" | "sent" | "dead";

export interface MailOutboxTable {
  id: string;
  kind: MailKind;
  /** JSON of the message's template parameters and Reply-To (see server/mail/messages.ts). */
  payload: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  /** An error class ("SMTP 451", "ECONNREFUSED"), never personal data. */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** The application or contact message the mail tells of: deleting that deletes this mail. */
  recordId: string | null;
  /**
   * The single-use link the mail carries, token included, kept out of `payload`: the mail is rendered with it and the
   * update that marks the mail sent or dead sets it to null (docs/decisions/026).
   */
  secretLink: string | null;
  /** The admin link (adminLinks.id) the mail carries, until the `log` transport's file of it is gone after the link ended. */
  adminLinkId: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  message: string;
  submissionKey: string | null;
  createdAt: string;
  /** When an admin first opened it; null while unread. */
  readAt: string | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewContactMessage = Insertable<ContactMessagesTable>;

export interface SiteDetailsTable {
  id: string;
  name: string;
  shortName: string;
  tagline: string;
  heroText: string;
  logoImageId: string;
  logoAlt: string;
  mission: string;
  presidentName: string;
  presidentTitle: string;
  presidentMessage: string;
  presidentImageId: string;
  videoChannelUrl: string;
  whatsappContactUrl: string;
  whatsappCommunityUrl: string;
  documentaryVideo: string | null;
  localAddressLabel: string | null;
  /** JSON list of text. */
  joinQuestions: string;
  version: Generated<number>;
  updatedAt: string;
  /** The texts in Urdu, for the Urdu pages; null (or empty): none written, the English one shows. */
  taglineUr: string | null;
  heroTextUr: string | null;
  missionUr: string | null;
  /** The web app manifest's screenshots (see the app-screenshots migration): on a phone and on a computer; null: none. */
  narrowScreenshotImageId: string | null;
  narrowScreenshotLabel: string | null;
  wideScreenshotImageId: string | null;
  wideScreenshotLabel: string | null;
}

/** The columns every ordered list of content has. */
interface ListItemColumns {
  id: string;
  position: number;
  version: Generated<number>;
}

export interface GoalsTable extends ListItemColumns {
  title: string;
  description: string;
  /** In Urdu, for the Urdu pages; null (or empty): none written, the English one shows. */
  titleUr: string | null;
  descriptionUr: string | null;
}

export interface TeamMembersTable extends ListItemColumns {
  title: string;
  name: string;
  description: string | null;
  imageId: string | null;
  /** In Urdu, for the Urdu pages; null (or empty): none written, the English one shows. */
  titleUr: string | null;
  descriptionUr: string | null;
}

export interface CollaboratorsTable extends ListItemColumns {
  name: string;
  description: string;
  imageId: string;
  /** Its own site or page, if it has one. */
  url: string | null;
}

export interface ResourcesTable extends ListItemColumns {
  title: string;
  menuLabel: string;
  url: string;
  imageId: string;
}

export interface SocialLinksTable extends ListItemColumns {
  network: "facebook" | "instagram";
  label: string;
  url: string;
}

export type GalleryKind = "event" | "activity" | "explore";

export interface GalleriesTable extends ListItemColumns {
  kind: GalleryKind;
  name: string;
  slug: string;
  date: string | null;
  description: string | null;
  /** The photo that stands for the gallery (its link preview); null: the first. */
  coverPhotoId: string | null;
  /** In Urdu, for the Urdu pages; null (or empty): none written, the English one shows. */
  nameUr: string | null;
  descriptionUr: string | null;
}

export interface GalleryPhotosTable {
  id: string;
  galleryId: string;
  position: number;
  imageId: string;
  /** null: the gallery's name and the photo's position ("Med Doc 3"). */
  alt: string | null;
  version: Generated<number>;
}
