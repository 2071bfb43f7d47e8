import { createContext, data, href, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { ADMIN_ACCESS_MESSAGES, BLOOD_COORDINATORS_ONLY_MESSAGE, loginPath, OWNERS_ONLY_MESSAGE } from "#core/messages/admin-access.ts";
import type { RouteHandle } from "#core/route-handle.ts";
import { INTENT_FIELD } from "#core/schemas/intent.ts";
import type { AdminCheckOptions, SignInStage } from "#server/auth/auth-service.ts";
import type { ActiveSession } from "#server/auth/sessions.server.ts";
import { adminContext, requestContext, servicesContext } from "#app/context.ts";

/** Where a session waiting for its second factor is sent: the code screen. */
export const SECOND_FACTOR_PATH = href("/admin/login/code");

/** The session a guard higher in the route tree admitted: the guards beneath it judge it without reading it again. */
const admittedSession = createContext<ActiveSession | null>(null);

/** Where a page is sent while the sign-in still owes a stage: the page that asks for it. */
const STAGE_PAGES: Record<SignInStage, string> = {
  "second-factor": SECOND_FACTOR_PATH,
  "password-change": href("/admin"),
  "two-factor-setup": href("/admin/security"),
};

/**
 * `candidate` (a path, or a URL of which only the path and query count) when it is an admin page an admin may be sent
 * back to once signed in (its route's place in app/routes.ts says so: server/http/route-rules.ts, `isAdminPage`), else
 * undefined: an action, a download, a sign-in page or another site is not a place to return to.
 */
export async function adminReturnPath(context: Readonly<RouterContextProvider>, candidate: string | null | undefined) {
  if (!candidate) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, "http://site.invalid");
  } catch {
    return undefined;
  }
  return (await context.get(requestContext).isAdminPage(url.pathname)) ? `${url.pathname}${url.search}` : undefined;
}

/** The admin page the request came from or is for: where the admin returns after logging in again. */
async function returnPathOf(request: Request, context: Readonly<RouterContextProvider>): Promise<string | undefined> {
  const url = new URL(request.url);
  // The app asks for a page's data at the page's address with `.data` (and `_routes`) added.
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const read = request.method === "GET" || request.method === "HEAD";
  const page = read ? await adminReturnPath(context, url.pathname + url.search) : undefined;
  return page ?? adminReturnPath(context, request.headers.get("referer"));
}

/**
 * The admin check, run by the guards below before any admin loader or action; refused, nothing has been read or changed. The
 * admin's browser (a page, the app's own data requests and posts, a form posted without JavaScript) goes to the login,
 * which says the session ended and leads back to the page the admin was on. Any other client gets 401 with the same
 * words and the login's address. An admin still holding a one-time password may only change it: pages go to /admin
 * (which asks for it), writes answer 403. An Editor at an Owner's page (`ownersOnly`) gets a 403 page that says so; an
 * Editor's write there answers 403 with the same words. A session still waiting for its second factor goes to the code
 * screen (a write answers 401 naming it). A sensitive change (`recentAuthentication`) whose session's password is over 10
 * minutes old sends the browser to "Confirm it's you" (any other client gets 403 naming it); nothing was changed.
 */
async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>, options: AdminCheckOptions) {
  const { auth } = context.get(servicesContext);
  const known = context.get(admittedSession);
  const check = known ? auth.admit(known, request, options) : await auth.check(request, options);
  if (check.admitted) return check.active;
  const headers = check.clearCookie ? { "Set-Cookie": check.clearCookie } : undefined;
  const read = request.method === "GET" || request.method === "HEAD";
  const { dataRequest } = context.get(requestContext);
  const asksForHtml = (request.headers.get("accept") ?? "").includes("text/html");
  if (check.reason === "second-factor-required") {
    if (read) throw redirect(STAGE_PAGES["second-factor"], { headers });
    throw Response.json({ error: ADMIN_ACCESS_MESSAGES.secondFactorRequired, login: SECOND_FACTOR_PATH }, { status: 401 });
  }
  if (check.reason === "two-factor-setup-required") {
    if (read) throw redirect(STAGE_PAGES["two-factor-setup"], { headers });
    throw Response.json({ error: ADMIN_ACCESS_MESSAGES.twoFactorSetupRequired }, { status: 403 });
  }
  if (check.reason === "reauthentication-required") {
    // The admin's browser goes to "Confirm it's you", which leads back to the page the change was made from.
    const next = await returnPathOf(request, context);
    const confirm = `${href("/admin/reauthenticate")}${next ? `?next=${encodeURIComponent(next)}` : ""}`;
    if (dataRequest || asksForHtml) throw redirect(confirm, { status: 303 });
    throw Response.json({ error: ADMIN_ACCESS_MESSAGES.reauthenticationRequired, reauthenticate: confirm }, { status: 403 });
  }
  if (check.reason === "owners-only") {
    if (read) throw data({ error: OWNERS_ONLY_MESSAGE, ownersOnly: true }, { status: 403 });
    throw Response.json({ error: OWNERS_ONLY_MESSAGE }, { status: 403 });
  }
  if (check.reason === "blood-coordinators-only") {
    if (read) throw data({ error: BLOOD_COORDINATORS_ONLY_MESSAGE, bloodOnly: true }, { status: 403 });
    throw Response.json({ error: BLOOD_COORDINATORS_ONLY_MESSAGE }, { status: 403 });
  }
  if (check.reason === "password-change-required") {
    if (read) throw redirect(STAGE_PAGES["password-change"], { headers });
    throw Response.json({ error: ADMIN_ACCESS_MESSAGES.passwordChangeRequired }, { status: 403 });
  }
  // A write, or the app's request for data, comes from an admin page that was open: the session ended under it.
  const ended = check.reason === "session-ended" || !read || dataRequest;
  const login = loginPath({ next: await returnPathOf(request, context), ended });
  if (read || dataRequest || asksForHtml) throw redirect(login, { status: read ? 302 : 303, headers });
  throw Response.json({ error: ADMIN_ACCESS_MESSAGES.sessionEnded, login }, { status: 401, headers });
}

/**
 * Middleware admitting what `options` allow (see requireAdmin for each refusal); the admitted session is then
 * `context.get(adminContext)` in the loaders and actions beneath. The admin layouts (app/routes/admin/*-layout.ts) run
 * it for every admin route, and a route that asks for more adds its own (a recent password, a sign-in stage).
 */
export function adminGuard(options: AdminCheckOptions = {}): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const active = await requireAdmin(request, context, options);
    context.set(admittedSession, active);
    context.set(adminContext, active);
  };
}

/** The intents a write names in its form's `intent` fields (a body that is no form names none). */
async function intentsOf(request: Request): Promise<string[]> {
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  return (form?.getAll(INTENT_FIELD) ?? []).filter((intent): intent is string => typeof intent === "string");
}

/** Whether `declared` covers a write naming `intents`: every write (`true`), or those naming one it lists. */
const covers = (declared: true | readonly string[] | undefined, intents: readonly string[]) =>
  declared === true || (declared !== undefined && intents.some((intent) => declared.includes(intent)));

/**
 * What a route's handle asks of its writes beyond the guards above it (the page itself is shown without it):
 * `recentPassword`, the password entered in this session within the last 10 minutes ("Confirm it's you"), and, on a
 * page open before the sign-in is complete (`options.openFrom`), `signInComplete`, a complete one. Each names every
 * write (`true`) or the intents it lists; the form is read once, and only when an intent decides.
 */
export function writeGuardsFor(handle: RouteHandle, options: AdminCheckOptions = {}): MiddlewareFunction<Response> {
  const { recentPassword, signInComplete } = handle;
  return async (args, next) => {
    const { method } = args.request;
    if ((!recentPassword && !signInComplete) || method === "GET" || method === "HEAD") return;
    const needsIntents = Array.isArray(recentPassword) || Array.isArray(signInComplete);
    const intents = needsIntents ? await intentsOf(args.request) : [];
    const recentAuthentication = covers(recentPassword, intents);
    const complete = covers(signInComplete, intents);
    if (!recentAuthentication && !complete) return;
    return adminGuard({ ...(complete ? {} : options), recentAuthentication })(args, next);
  };
}

/** What /admin shows: the login without a live session, the new password while one is owed, else the applications. */
export type AdminEntry = { show: "login"; ended: boolean } | { show: "change-password" } | { show: "requests" };
export const adminEntryContext = createContext<AdminEntry>();

const signedIn = adminGuard();

/**
 * /admin's guard (SPEC 2: /admin is the login, or the panel once signed in). Its page is refused to nobody: without a
 * live session it is the login (a visit to the login is no refused access, so nothing is logged), and a one-time
 * password is changed there. A sign-in owing another stage goes to the page that asks for it, as from any admin page; a
 * complete one is admitted as the signed-in layout admits it. Its writes are the panel's: they need a complete sign-in.
 */
export const adminEntry: MiddlewareFunction<Response> = async (args, next) => {
  const { request, context } = args;
  if (request.method !== "GET" && request.method !== "HEAD") {
    await signedIn(args, next);
    return void context.set(adminEntryContext, { show: "requests" });
  }
  const { auth } = context.get(servicesContext);
  const active = await auth.sessionOf(request);
  if (!active) return void context.set(adminEntryContext, { show: "login", ended: auth.hasSessionCookie(request) });
  const stage = auth.stageOwed(active);
  if (stage === "password-change") return void context.set(adminEntryContext, { show: "change-password" });
  if (stage) throw redirect(STAGE_PAGES[stage]);
  context.set(admittedSession, active);
  context.set(adminContext, active);
  context.set(adminEntryContext, { show: "requests" });
};

/** The session a guard admitted for this request, its sign-in complete or at a stage the route is open at; none without. */
export function admittedAdmin(context: Readonly<RouterContextProvider>): ActiveSession | undefined {
  return context.get(admittedSession) ?? undefined;
}
