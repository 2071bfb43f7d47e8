import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { goneMessage, NOT_A_FORM, SAVED } from "#core/messages/common.ts";
import { CONFLICT_MESSAGE } from "#core/messages/content.ts";
import { data, type RouterContextProvider } from "react-router";
import { adminContext, requestContext, servicesContext } from "#app/context.ts";
import type { ContentEditor } from "#server/services/content-editor.ts";
import type { EditResult, PhotoEditResult } from "#server/services/content-edits.ts";
import { redirectWithToast } from "./toast-cookie.server";
import { HONEYPOT_FIELD } from "#core/schemas/limits.ts";
import { withoutInvisibleControls } from "#core/schemas/text.ts";

/** A password is taken exactly as typed: whatever it holds is part of it. */
const isPasswordField = (name: string) => /password/i.test(name);

/**
 * The request's form fields, every text but a password without invisible control characters (withoutInvisibleControls).
 * The body was capped in front of React Router; one that is not a form answers 400.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw buttonAnswer({ ok: false, error: NOT_A_FORM }, 400);
  }
  const cleaned = new FormData();
  for (const [name, value] of form) {
    cleaned.append(name, typeof value === "string" && !isPasswordField(name) ? withoutInvisibleControls(value) : value);
  }
  return cleaned;
}

/** A person never sees the honeypot field; anything in it means a bot filled the form. */
export function honeypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" ? value.trim() !== "" : value !== null;
}

/**
 * A form's answer: whether it was taken, Conform's result (values, and a message per field or for the form), and what
 * else it says (the id of what it made).
 */
export const formAnswer = <Extra extends object = object>(
  result: SubmissionResult<string[]>,
  status = 200,
  headers?: HeadersInit,
  extra?: Extra,
) => data({ ok: status < 400, result, ...extra }, { status, headers });

/** A form refused for now (a limit, a busy site): 429, `message` for the whole form, and when to try again. */
export const tryLaterAnswer = (submission: Submission<unknown>, message: string, retryAfterSeconds: number, hideFields?: string[]) =>
  formAnswer(submission.reply({ formErrors: [message], hideFields }), 429, { "Retry-After": String(retryAfterSeconds) });

/** A form's answer once the server did what it asked: `message` says what, for the toast. */
export const doneAnswer = <Extra extends object = object>(result: SubmissionResult<string[]>, message: string, extra?: Extra) =>
  formAnswer(result, 200, undefined, { message, ...extra });

type PageAnswer = ReturnType<typeof formAnswer>;
type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * A page's action, for the posts a browser makes without JavaScript as much as for its fetchers: a post that was taken
 * and says what it did (`message`) goes back to the page (303), which shows the message once (`redirectWithToast`),
 * so a reload does not post again. A refusal is the page again, with the messages at the form's fields; a fetcher gets
 * the answer as it is.
 */
export function pageAction<Args extends ActionArgs, Answer extends PageAnswer>(act: (args: Args) => Promise<Answer>) {
  return async (args: Args): Promise<Answer | Response> => {
    const answer = await act(args);
    const { request, context } = args;
    const { ok, message } = answer.data as { ok: boolean; message?: unknown };
    if (!ok || typeof message !== "string" || context.get(requestContext).dataRequest) return answer;
    const url = new URL(request.url);
    url.searchParams.delete("index");
    return redirectWithToast(`${url.pathname}${url.search}`, message, context.get(servicesContext).auth.cookieOptions);
  };
}

/**
 * The answer of a post that sends no form of its own (a button, a switch, an upload's part), in a form's shape: whether
 * it was taken, Conform's result (a refusal is the form's message, or `field`'s), and what else it says.
 */
export function buttonAnswer(answer: { ok: true; [key: string]: unknown } | { ok: false; error: string; field?: string }, status = 200) {
  if (answer.ok) return data({ ...answer, result: { status: "success" } satisfies SubmissionResult<string[]> }, { status });
  const result = { status: "error", error: { [answer.field ?? ""]: [answer.error] } } satisfies SubmissionResult<string[]>;
  return data({ ok: false, result }, { status });
}

/**
 * The answer to a content edit's form: saved (200, the form reset to what was stored), or refused because the item
 * changed meanwhile (409) or is gone (404), with CONFLICT_MESSAGE or goneMessage for the whole form.
 */
export function editAnswer(
  submission: Submission<unknown>,
  result: { ok: true; id?: string } | { ok: false; reason: "conflict" | "missing" },
  done: string = SAVED,
) {
  if (result.ok) return doneAnswer(submission.reply({ resetForm: true }), done, { id: result.id });
  const message = result.reason === "conflict" ? CONFLICT_MESSAGE : goneMessage("item");
  return formAnswer(submission.reply({ formErrors: [message] }), result.reason === "conflict" ? 409 : 404);
}

/** The forms' file fields: a refusal names the one at fault, and no answer sends a chosen file back. */
const FILE_FIELDS = ["photo", "video", "image"] as const;
type FileField = (typeof FILE_FIELDS)[number];

/**
 * The answer to a content edit that may bring a file (a photo, a video): as `editAnswer`, or refused for the file (at
 * its field), or because the file store is down (for the whole form, with a status that says "try again"). The chosen
 * file is never sent back.
 */
export function photoEditAnswer(
  submission: Submission<unknown>,
  result: Parameters<typeof editAnswer>[1] | { ok: false; reason: FileField | "storage-unavailable"; message: string },
  done: string = SAVED,
) {
  if (!("message" in result)) return editAnswer(submission, result, done);
  const hideFields = [...FILE_FIELDS];
  if (result.reason === "storage-unavailable") {
    return formAnswer(submission.reply({ formErrors: [result.message], hideFields }), 503, { "Retry-After": "30" });
  }
  return formAnswer(submission.reply({ fieldErrors: { [result.reason]: [result.message] }, hideFields }), 400);
}

/** The bytes of a form's chosen file, if one was chosen. */
export const fileBytes = async (file: Blob | undefined) => (file ? Buffer.from(await file.arrayBuffer()) : undefined);

/**
 * A content edit's action (a goal, a gallery, a gallery photo's details): the form parsed with `schema`, then stored
 * by the `save` that `saveIn` picks from the content editor, as the signed-in admin.
 */
export const contentSaveAction = <Value>(
  schema: z.ZodType<Value>,
  saveIn: (editor: ContentEditor) => (value: Value, actorId: string) => Promise<EditResult>,
) =>
  pageAction(async ({ request, context }: ActionArgs) => {
    const submission = parseWithZod(await readForm(request), { schema });
    if (submission.status !== "success") return formAnswer(submission.reply(), 400);
    const save = saveIn(context.get(servicesContext).contentEditor);
    return editAnswer(submission, await save(submission.value, context.get(adminContext).admin.id));
  });

/** The same for a content list whose items carry a photo (team, collaborators, resources): stored with the photo's bytes. */
export const photoSaveAction = <Value extends { photo?: Blob }>(
  schema: z.ZodType<Value>,
  saveIn: (editor: ContentEditor) => (value: Value, photo: Buffer | undefined, actorId: string) => Promise<PhotoEditResult>,
) =>
  pageAction(async ({ request, context }: ActionArgs) => {
    const submission = parseWithZod(await readForm(request), { schema });
    if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["photo"] }), 400);
    const photo = await fileBytes(submission.value.photo);
    const save = saveIn(context.get(servicesContext).contentEditor);
    return photoEditAnswer(submission, await save(submission.value, photo, context.get(adminContext).admin.id));
  });

/** The `headers` of a page whose refusals carry headers (Retry-After): they go out with the page that shows it, too. */
export const refusalHeaders = ({ actionHeaders }: { actionHeaders: Headers }) => actionHeaders;
