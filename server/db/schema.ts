import type { Generated, Insertable, Selectable } from "kysely";

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
  admin_links: AdminLinksTable;
  recovery_codes: RecoveryCodesTable;
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
  applications: ApplicationsTable;
  application_activity: ApplicationActivityTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
  site_details: SiteDetailsTable;
  content_goals: GoalsTable;
  team_members: TeamMembersTable;
  collaborators: CollaboratorsTable;
  resources: ResourcesTable;
  social_links: SocialLinksTable;
  galleries: GalleriesTable;
  gallery_photos: GalleryPhotosTable;
  video_uploads: VideoUploadsTable;
  registrations: RegistrationsTable;
}

/** One person's registration for an announcement's event (see the registrations migration). */
export interface RegistrationsTable {
  id: string;
  announcement_id: string;
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
  submission_key: string | null;
  created_at: string;
  /** SHA-256 (hex) of the token of the link that confirms it; null once confirmed. */
  confirm_token_hash: string | null;
  /** When that link stops working (and housekeeping deletes the registration); null once confirmed. */
  confirm_expires_at: string | null;
}

/** `unconfirmed`: holds no place until confirmed from its mail; then `registered`, or `waiting` when it was full. */
export type RegistrationStatus = "unconfirmed" | "registered" | "waiting";

/** A video being uploaded part by part. */
export interface VideoUploadsTable {
  id: string;
  started_at: string;
  /** Parts 0 to parts - 1 may be stored. */
  parts: Generated<number>;
}

export interface SettingsTable {
  id: string;
  join_us_visible: number;
  updated_at: string;
  /** Raised by every change to the site's content. */
  content_version: Generated<number>;
  /** Requests and messages older than this many months are deleted by the daily sweep; null: kept until deleted by hand. */
  retention_months: number | null;
  /** When an instance last took the daily retention sweep. */
  retention_swept_at: string | null;
  /** 1: every admin must sign in with two factors. */
  two_factor_required: Generated<number>;
  /** The secrets key's fingerprint (server/secrets-key.ts): a start with another key stops. Null until a key is used. */
  secrets_key_fingerprint: string | null;
  /** Where join and contact notifications go; null: MAIL_TO, else the first admin's email. */
  notification_email: string | null;
  /** 1: each applicant gets a confirmation mail. */
  confirmation_enabled: Generated<number>;
  /** The confirmation mail's subject and text as the committee wrote them; null: the built-in wording. */
  confirmation_subject: string | null;
  confirmation_text: string | null;
}

export interface ImagesTable {
  id: string;
  /** Storage key prefix; each variant is stored under it (see ImageVariant.key). */
  storage_key: string;
  width: number;
  height: number;
  /** JSON list of ImageVariant. */
  variants: string;
  /** SHA-256 of the file the image was made from, for images imported from content/; null for uploads. */
  source_hash: string | null;
  created_at: string;
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
  image_id: string | null;
  /** Where the card's button leads (http or https); null: no button. */
  link_url: string | null;
  /** The button's words; null: the spec's "Register via Google Form". */
  link_label: string | null;
  /** When it goes live; null: a draft. */
  publish_at: string | null;
  /** When it leaves the public page; null: never. */
  expires_at: string | null;
  /** The event it announces, if any: its start (null: none), end (null: an hour after the start) and place. */
  event_starts_at: string | null;
  event_ends_at: string | null;
  event_location: string | null;
  /** 1: the card's button opens the site's own registration form instead of `link_url`. */
  registrations_here: Generated<number>;
  /** Places; null: no limit. Past it, registrations join the waiting list. */
  registration_capacity: number | null;
  /** When registering closes; null: while the announcement is live. */
  registration_closes_at: string | null;
  /** JSON of the admin's extra questions (RegistrationQuestion[]); null: none. */
  registration_questions: string | null;
  pinned: Generated<number>;
  /** Raised by every edit; an edit made from an older copy is refused. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type ImageRow = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;
export type NewAnnouncement = Insertable<AnnouncementsTable>;

export interface AdminsTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  must_change_password: number;
  created_at: string;
  updated_at: string;
  /** Shown in the admin area; null for an admin made before names (the email stands in). */
  name: string | null;
  /** 'owner' | 'editor' (core/admin-roles.ts). */
  role: Generated<string>;
  /** Set while the account may not sign in. */
  disabled_at: string | null;
  last_sign_in_at: string | null;
  /** A printed one-time password stops working at this time. */
  password_expires_at: string | null;
  /** The authenticator app's secret, encrypted (server/auth/totp-secret.ts): being set up while totp_enabled_at is null. */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last 30-second step a code was accepted for. */
  totp_last_step: number | null;
  /** When the secret being set up was made: it is shown again and confirmed for 10 minutes only. */
  totp_setup_started_at: string | null;
}

export interface RecoveryCodesTable {
  id: string;
  admin_id: string;
  /** SHA-256 hex of the code. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** Single-use links sent by mail: invitations and password resets. */
export interface AdminLinksTable {
  id: string;
  kind: "invitation" | "password-reset";
  token_hash: string;
  email: string;
  role: string | null;
  admin_id: string | null;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 hex of the cookie token. */
  token_hash: string;
  admin_id: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute expiry (created_at + the absolute timeout). */
  expires_at: string;
  user_agent: string | null;
  /** 1 while the second factor is still to come (server/auth/two-factor.server.ts). */
  second_factor_pending: Generated<number>;
  /** The keyed code of the /24 or /48 the session signed in from (SecretsKey.sessionNetworkCode); null when unknown. */
  network_code: string | null;
  /** When the admin last entered their password or a code in this session; null: when it started. */
  authenticated_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_started_at: string;
  reset_at: string;
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
  address_hash: string | null;
  /** How many times it happened: more than 1 only for an entry that counts repeats (failed sign-ins). */
  occurrences: Generated<number>;
  /** Unique: what a counted entry adds repeats to (its action, detail, network and 10 minutes); null for the others. */
  aggregate_key: string | null;
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
  sargodha_address: string;
  permanent_address: string;
  /** Trimmed and lower-cased. */
  email: string;
  phone: string;
  blood_group: string | null;
  /** JSON list of {question, answer}; the chip answers joined with ", ". */
  answers: string;
  /** The client's idempotency key; a second submission with the same key finds the first row. */
  submission_key: string | null;
  created_at: string;
  /** 1 when the same email applied in the 30 days before this application. */
  possible_duplicate: Generated<number>;
  /** A RequestStatus: new, contacted, accepted, rejected. */
  status: Generated<string>;
}

/** A status change or an internal note on a join request, by an admin. */
export interface ApplicationActivityTable {
  id: string;
  application_id: string;
  at: string;
  /** The admin's email when they acted: the history still says who after the admin is gone. */
  admin_email: string;
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
 * `registration-confirm`: a registrant's "Confirm your place", with its single-use link.
 */
export type MailKind = "join" | "contact" | "test" | "confirmation" | "registration" | "registration-confirm" | "account";
export type MailStatus = "waiting" | "sending" | "sent" | "dead";

export interface MailOutboxTable {
  id: string;
  kind: MailKind;
  /** JSON of the message's template parameters and Reply-To (see server/mail/messages.ts). */
  payload: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** An error class ("SMTP 451", "ECONNREFUSED"), never personal data. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The application or contact message the mail tells of: deleting that deletes this mail. */
  record_id: string | null;
  /**
   * The single-use link the mail carries, token included, kept out of `payload`: the mail is rendered with it and the
   * update that marks the mail sent or dead sets it to null (docs/decisions/026).
   */
  secret_link: string | null;
  /** The admin link (admin_links.id) the mail carries, until the `log` transport's file of it is gone after the link ended. */
  admin_link_id: string | null;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  message: string;
  submission_key: string | null;
  created_at: string;
  /** When an admin first opened it; null while unread. */
  read_at: string | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewContactMessage = Insertable<ContactMessagesTable>;
export type { Generated };

export interface SiteDetailsTable {
  id: string;
  name: string;
  short_name: string;
  tagline: string;
  hero_text: string;
  logo_image_id: string;
  logo_alt: string;
  mission: string;
  president_name: string;
  president_title: string;
  president_message: string;
  president_image_id: string;
  video_channel_url: string;
  whatsapp_contact_url: string;
  whatsapp_community_url: string;
  documentary_video: string | null;
  local_address_label: string | null;
  /** JSON list of text. */
  join_questions: string;
  version: Generated<number>;
  updated_at: string;
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
}

export interface TeamMembersTable extends ListItemColumns {
  title: string;
  name: string;
  description: string | null;
  image_id: string | null;
}

export interface CollaboratorsTable extends ListItemColumns {
  name: string;
  description: string;
  image_id: string;
  /** Its own site or page, if it has one. */
  url: string | null;
}

export interface ResourcesTable extends ListItemColumns {
  title: string;
  menu_label: string;
  url: string;
  image_id: string;
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
  cover_photo_id: string | null;
}

export interface GalleryPhotosTable {
  id: string;
  gallery_id: string;
  position: number;
  image_id: string;
  /** null: the gallery's name and the photo's position ("Med Doc 3"). */
  alt: string | null;
  version: Generated<number>;
}
