import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import type { ApplicationStatus } from "#core/schemas/applications.ts";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import sharp from "sharp";
import { newId } from "#server/db/ids.ts";
import { applicationsRepo, serializeAnswers } from "#server/repos/applications.ts";
import { contactMessagesRepo } from "#server/repos/contact-messages.ts";
import { pageMessages } from "./forms";
import { rememberSecret } from "./log-secrets";
import { sampleJpeg } from "./seed";
import { siteOrigin, type TestServer } from "./test-server";
import { SEED_QUESTIONS } from "#tests/shared/seed-questions.ts";

/** The admin every admin test server is started with. */
export const ADMIN = { email: "owner@example.org", password: "correct horse battery" } as const;
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

export interface ApiAnswer {
  status: number;
  /** What the admin's page makes of the answer: whether it was taken, the message to show, and each field's message. */
  body: { ok?: boolean; error?: string; errors?: Record<string, string>; [key: string]: unknown };
  headers: Headers;
}

/** A form's answer ({ ok, result }: Conform's result, with a message list per field and "" for the whole form), read as the admin's page reads it. */
export function readAnswer(parsed: Record<string, unknown>): ApiAnswer["body"] {
  const result = parsed.result as { error?: Record<string, string[] | null> | null } | undefined;
  if (!result) return parsed;
  const { "": formErrors, ...fieldErrors } = result.error ?? {};
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).flatMap(([name, messages]) => (messages?.[0] ? [[name, messages[0]]] : [])),
  );
  return { ...parsed, error: formErrors?.[0] ?? Object.values(errors)[0], errors };
}

/**
 * Posts a form as the admin's pages send it (urlencoded, or multipart for FormData, from the site's origin); a JSON
 * answer is read as they read it. `headers` add to or replace the page's (`origin` included).
 */
export async function post(
  server: TestServer,
  path: string,
  fields: Record<string, string> | FormData = {},
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  for (const name of ["password", "currentPassword", "newPassword", "confirmPassword"]) rememberSecret(body.get(name));
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { ...siteOrigin(server.publicUrl), ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  const text = await response.text();
  if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
    // A page (the login without JavaScript): its messages, as the admin reads them.
    const { form, fields } = pageMessages(text);
    return { status: response.status, body: { error: form ?? Object.values(fields)[0], errors: fields }, headers: response.headers };
  }
  let parsed: ApiAnswer["body"] = {};
  try {
    parsed = readAnswer(JSON.parse(text) as Record<string, unknown>);
  } catch {
    parsed = { error: text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * Posts to a page's action (one of its intents) as the page's forms do once JavaScript runs: React Router's data
 * request, the page's address with `.data`, whose answer is decoded and read as `post` reads a JSON one.
 */
export async function postToPage(
  server: TestServer,
  path: string,
  fields: Record<string, string> | FormData = {},
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const url = new URL(path, server.url);
  url.pathname += ".data";
  const body = fields instanceof FormData ? fields : new URLSearchParams(fields);
  const response = await fetch(url, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { ...siteOrigin(server.publicUrl), ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  if (!(response.headers.get("content-type") ?? "").startsWith("text/x-script") || !response.body) {
    return { status: response.status, body: { error: await response.text() }, headers: response.headers };
  }
  const decoded = await decodeViaTurboStream(response.body, globalThis);
  await decoded.done;
  const answer = decoded.value as { data?: Record<string, unknown> };
  return { status: response.status, body: answer.data ? readAnswer(answer.data) : answer, headers: response.headers };
}

/** `name=value` of the Set-Cookie header, ready to send back as a Cookie header. */
export function cookieFrom(headers: Headers): string | undefined {
  const setCookie = headers.get("set-cookie");
  const cookie = setCookie ? setCookie.split(";")[0] : undefined;
  rememberSecret(cookie?.slice(cookie.indexOf("=") + 1));
  return cookie;
}

export async function signIn(
  server: TestServer,
  credentials: { email: string; password: string } = ADMIN,
  cookie?: string,
): Promise<string> {
  const answer = await post(server, "/admin/login", credentials, { cookie });
  const session = cookieFrom(answer.headers);
  if (answer.status !== 302 || answer.headers.get("location") !== "/admin" || !session) {
    throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return session;
}

/**
 * A login from `ip` (the server trusts X-Forwarded-For from loopback), sent as a patient client sends it: turned away at
 * the door while other logins are being checked (429, "right now"; the server has not counted it), it is sent again,
 * after a short pause, until the server takes it. Returns the answer it then got.
 */
export async function postLoginWhenLetIn(
  server: TestServer,
  credentials: { email: string; password: string },
  ip: string,
): Promise<ApiAnswer> {
  for (;;) {
    const answer = await post(server, "/admin/login", credentials, { headers: { "X-Forwarded-For": ip } });
    if (answer.status !== 429 || answer.body.error !== ADMIN_ACCESS_MESSAGES.loginBusy) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
  }
}

export async function getPage(server: TestServer, path: string, cookie?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
}

/** Every test starts with no counters, so the per-IP limit (all tests come from 127.0.0.1) never leaks across tests. */
export async function clearRateLimits(server: TestServer): Promise<void> {
  await server.database.db.deleteFrom("rateLimits").execute();
}

/** How many times the audit log says an action starting with `prefix` happened (a counted entry holds several). */
export async function auditedTimes(server: TestServer, prefix: string): Promise<number> {
  const rows = await server.database.db.selectFrom("auditLog").select("occurrences").where("action", "like", `${prefix}%`).execute();
  return rows.reduce((sum, row) => sum + Number(row.occurrences), 0);
}

export async function auditActions(server: TestServer): Promise<{ actor: string; action: string; detail: string | null }[]> {
  return server.database.db.selectFrom("auditLog").select(["actor", "action", "detail"]).orderBy("at").orderBy("id").execute();
}

export async function seedApplication(
  server: TestServer,
  fields: Partial<{
    fullname: string;
    email: string;
    phone: string;
    class: string;
    department: string;
    bloodGroup: string | null;
    permanentAddress: string;
    answers: string;
    createdAt: string;
    status: ApplicationStatus;
  }> = {},
) {
  const id = newId();
  await applicationsRepo(server.database.db).create({
    id,
    fullname: fields.fullname ?? "Ayesha Khan",
    class: fields.class ?? "2nd Year",
    department: fields.department ?? "MBBS",
    sargodhaAddress: "12 College Road",
    permanentAddress: fields.permanentAddress ?? "House 4, Street 9, Lahore",
    email: fields.email ?? "ayesha@example.org",
    phone: fields.phone ?? "03001234567",
    bloodGroup: fields.bloodGroup === undefined ? "B+" : fields.bloodGroup,
    answers:
      fields.answers ??
      serializeAnswers(
        SEED_QUESTIONS.map((question, index) => ({ question, answer: index < 4 ? `Answer ${index + 1}` : "Reading, Hiking" })),
      ),
    submissionKey: null,
    createdAt: fields.createdAt ?? new Date().toISOString(),
    status: fields.status,
  });
  return id;
}

/** A contact message, stored as the contact form stores it. Returns its id. */
export async function seedContactMessage(
  server: TestServer,
  fields: Partial<{ id: string; name: string; email: string; message: string; createdAt: string; readAt: string | null }> = {},
): Promise<string> {
  const id = fields.id ?? newId();
  await contactMessagesRepo(server.database.db).create({
    id,
    name: fields.name ?? "Hira Saleem",
    email: fields.email ?? "hira@example.org",
    message: fields.message ?? "When is the next study circle?",
    submissionKey: null,
    createdAt: fields.createdAt ?? new Date().toISOString(),
    readAt: fields.readAt ?? null,
  });
  return id;
}

/** A real JPEG carrying camera and GPS EXIF tags. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "LeakyCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

export function imageForm(fields: {
  files?: { body: Buffer | string; name: string; type: string }[];
  description?: string;
  url?: string;
}): FormData {
  const form = new FormData();
  for (const file of fields.files ?? [])
    form.append("image", new Blob([typeof file.body === "string" ? file.body : new Uint8Array(file.body)], { type: file.type }), file.name);
  form.append("description", fields.description ?? "Blood donation camp on Saturday");
  form.append("url", fields.url ?? "https://forms.gle/blood-camp");
  return form;
}

/** Creates an announcement with a plain JPEG poster, as the admin's dialog sends it; the answer. */
export async function postPosterAnnouncement(server: TestServer, cookie: string): Promise<ApiAnswer> {
  return post(
    server,
    "/admin/announcements",
    imageForm({ files: [{ body: await sampleJpeg(), name: "poster.jpg", type: "image/jpeg" }] }),
    {
      cookie,
    },
  );
}
