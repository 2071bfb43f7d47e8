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
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
  applications: ApplicationsTable;
  mail_outbox: MailOutboxTable;
  contact_messages: ContactMessagesTable;
}

export interface SettingsTable {
  id: string;
  join_us_visible: number;
  updated_at: string;
}

export interface ImagesTable {
  id: string;
  /** Storage key prefix; each variant is stored at `${storage_key}/${width}.${format}`. */
  storage_key: string;
  width: number;
  height: number;
  /** JSON list of ImageVariant. */
  variants: string;
  created_at: string;
}

export interface ImageVariant {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  key: string;
}

export interface AnnouncementsTable {
  id: string;
  description: string;
  google_form_url: string;
  image_id: string;
  created_at: string;
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
}

export type AdminRow = Selectable<AdminsTable>;
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
}

export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplication = Insertable<ApplicationsTable>;
export type MailKind = "join" | "contact";
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
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  message: string;
  submission_key: string | null;
  created_at: string;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewContactMessage = Insertable<ContactMessagesTable>;
export type { Generated };
