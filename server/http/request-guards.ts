import type { Request, RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { PATH_NOT_NORMAL, PLAIN_ANSWERS } from "#core/messages/common.ts";
import type { Logger } from "#server/logger.ts";
import { inTurnQueue } from "#server/in-turn.ts";
import { logSecurityEvent, type SecurityEvent } from "#server/security-log.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * After a body is refused, its bytes are read and dropped for this long, so a client still sending reads the answer
 * rather than a reset; then the connection is closed. A client that declares a huge body and sends it slowly holds
 * a socket for a second, not for the whole request timeout.
 */
const REFUSED_BODY_LINGER_MS = 1000;

/**
 * Refuses a request before React Router sees it: JSON `{ error }` (and `json`'s other fields) for scripts and the
 * site's own fetches, plain text for a browser that asked for a page (a form posted with JavaScript off), which would
 * otherwise show the raw JSON. Then the body, if any, is dropped.
 */
function refuse(req: Request, res: Response, status: number, error: string, json: Record<string, unknown> = {}): void {
  if (req.accepts(["json", "html"]) === "html") res.status(status).type("text/plain").send(error);
  else res.status(status).json({ ...json, error });
  dropBody(req);
}

/** A security event about this request: method, path (never the query string) and the request's id. */
function logRefusal(logger: Logger, event: SecurityEvent, req: Request, fields: Record<string, string | number> = {}): void {
  logSecurityEvent(logger, event, { method: req.method, path: req.path, ...fields });
}

function dropBody(req: Request): void {
  req.resume();
  if (req.complete) return;
  const close = setTimeout(() => req.socket.destroy(), REFUSED_BODY_LINGER_MS);
  close.unref();
  req.once("end", () => clearTimeout(close));
  req.socket.once("close", () => clearTimeout(close));
}

/**
 * What a request's path is once parsed as React Router parses it: `@react-router/express` makes the request's URL with
 * the WHATWG URL parser (`new URL(origin + req.originalUrl)`), which resolves `.` and `..` segments (`%2e` and `%2E`
 * spellings too), reads `\` as `/`, drops a `#fragment` and percent-encodes what a URL may not hold raw; Express, and
 * every rule here, read the path as sent. Runs of slashes are collapsed too. `target` is the request line's target;
 * undefined when it is not a path (an absolute URL, `*`).
 */
export function normalTarget(target: string): { path: string; search: string } | undefined {
  if (!target.startsWith("/")) return undefined;
  const url = new URL(`http://localhost${target}`);
  return { path: url.pathname.replace(/\/{2,}/g, "/"), search: url.search };
}

/**
 * Normalises every request's path once, first of all, so that every rule that goes by path (the body caps, the login's
 * gate, no-store, the page cache and its clearing, the refusal of reads of post-only routes, the uploads' queue) sees
 * the route React Router will run: a path is let through only when it already is its normal form (normalTarget).
 * Otherwise a read (GET, HEAD) is sent there with 308, as browsers only ever send a path in that form but for `//`;
 * anything else is answered 400 and never reaches React Router. So `/admin/./login`, `/admin/%2e/login`,
 * `/x/../admin/login`, `/admin\login` and `//admin/login` reach no route under a spelling the rules would not know.
 */
export const normalPaths: RequestHandler = (req, res, next) => {
  const target = req.originalUrl;
  const normal = normalTarget(target);
  const sentPath = target.split("?", 1)[0];
  if (normal && normal.path === sentPath) return next();
  if (normal && (req.method === "GET" || req.method === "HEAD")) {
    res
      .status(308)
      .location(normal.path + normal.search)
      .end();
    return;
  }
  refuse(req, res, 400, PATH_NOT_NORMAL);
};

/**
 * The route a normal path (normalPaths) reaches, spelled one way, for every rule that goes by path, exactly as React
 * Router 7 matches it (`matchRoutes` and `getNormalizedPath`): a data request (`.data`, with
 * `v8_trailingSlashAwareDataRequests`) names its page, `/x.data` for `/x` and `/x/_.data` for `/x/`; each segment is
 * percent-decoded on its own (an encoded slash, `%2F`, stays inside its segment, so `/admin%2Flogin` is no route);
 * letters match in any case (ASCII only: its matchers are case-insensitive regular expressions without the `u` flag);
 * trailing slashes are ignored. So `/Admin/`, `/%61dmin` and `/admin` are one route to it and one to the rules.
 */
export function routePath(path: string): string {
  const page = path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.replace(/\.data$/, "");
  let decoded = page;
  try {
    decoded = page
      .split("/")
      .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
      .join("/");
  } catch {
    // A malformed escape: React Router matches the path as it is.
  }
  return decoded.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()).replace(/\/+$/, "") || "/";
}

/**
 * Lets a write through only when the browser says it comes from a page of this site: `Origin` equal to PUBLIC_URL's
 * origin (a page of another site cannot make a browser send that, so `Sec-Fetch-Site: none` beside it passes too), or,
 * when there is no `Origin`, `Sec-Fetch-Site: same-origin`. Everything else is refused with 403 and one security event:
 *
 * - another `Origin`, including one equal to the request's own Host (a DNS name an attacker rebinds to this server
 *   is that name's origin, not the site's), and `Origin: null` (a sandboxed frame, a file, a redirect through another
 *   site: nothing shows where it comes from);
 * - `Sec-Fetch-Site` `cross-site` or `same-site`, even next to a matching `Origin`, which no browser sends together;
 * - `Sec-Fetch-Site: none` without `Origin`: a browser says `none` for what a person started (a typed address, a
 *   bookmark), which is a GET, and sends `Origin` with every write it makes; so a write with `none` and no `Origin`
 *   shows nothing, and the Fetch Metadata guidance's reason to let `none` through holds for reads only;
 * - neither header (curl, a script): no browser posts without `Origin` (Chromium, Firefox and Safari send it with
 *   every POST, a form's without JavaScript included, and with React Router's fetches), so it cannot be a page of the
 *   site either. Scripts that post to the site send `Origin` as its pages do.
 *
 * So PUBLIC_URL must be the exact origin browsers use: a site reached at another address (http for https, another
 * port, www.) refuses every form. `origins` is PUBLIC_URL's origin; without PUBLIC_URL, the machine's own loopback
 * spellings (server/config.ts, `writeOrigins`).
 */
export function refuseCrossSiteWrites(origins: string[], logger: Logger): RequestHandler {
  const siteOrigins = new Set(origins);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    if (comesFromSite(siteOrigins, origin, fetchSite)) return next();
    logRefusal(logger, "request.cross-site-refused", req, { origin: origin ?? "", fetchSite: fetchSite ?? "" });
    return refuse(req, res, 403, PLAIN_ANSWERS.crossSite);
  };
}

function comesFromSite(siteOrigins: Set<string>, origin: string | undefined, fetchSite: string | undefined): boolean {
  if (fetchSite === "cross-site" || fetchSite === "same-site") return false;
  if (origin !== undefined) return siteOrigins.has(origin);
  return fetchSite === "same-origin";
}

/** A question the route rules answer of a normal path (routePath): at once from the build served, or from Vite's current one. */
export type Lookup<Answer> = (path: string) => Answer | Promise<Answer>;

/**
 * Caps request bodies before anything parses them (`request.formData()` has no limit of its own and would
 * buffer whatever arrives). An upload's cap applies, else `defaultMaxBytes`. A body over its cap
 * answers 413 without being read or stored; so does a write without Content-Length (411), since its size is
 * unknown until it has been read. Node's HTTP parser never delivers more bytes than Content-Length says: a client
 * that declares less than it sends has the rest parsed as a next request, which is malformed, so Node answers 400
 * and closes the connection. Multipart bodies are parsed in memory (undici's `formData()`); no temporary file exists.
 */
export function limitRequestBodies(uploadMaxBytes: Lookup<number | undefined>, defaultMaxBytes: number, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const maxBytes = (await uploadMaxBytes(routePath(req.path))) ?? defaultMaxBytes;
    const declared = req.get("content-length");
    const chunked = req.get("transfer-encoding") !== undefined;
    if (declared === undefined && chunked) {
      logRefusal(logger, "request.too-large", req, { status: 411, maxBytes });
      res.set("Connection", "close");
      return refuse(req, res, 411, "Content-Length required");
    }
    const length = Number(declared ?? 0);
    if (!Number.isFinite(length) || length > maxBytes) {
      logRefusal(logger, "request.too-large", req, { status: 413, maxBytes, declaredBytes: declared ?? "" });
      // Nothing is buffered or written to disk: the body is dropped as it arrives, for a second at most.
      return refuse(req, res, 413, `The request is too large (at most ${Math.floor(maxBytes / 1024)} KB)`);
    }
    next();
  };
}

/**
 * An action may answer before it reads the body (no session, a refused field), and React Router's adapter has
 * then already taken the first chunk and paused the rest. Left like that, the rest of the body stays on the wire
 * and the client sees its connection reset instead of the answer (an admin whose session ended mid-upload would
 * get a network error, not "Your session has expired"). Once the answer is sent, the rest is read and dropped;
 * the body caps above bound how much.
 */
export const drainUnreadBodies: RequestHandler = (req, res, next) => {
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
};

/**
 * Admin pages and answers (`isAdminArea`, from the route manifest), and every refusal, missing page or failure (a
 * status of 400 or more: the address may answer otherwise a moment later), are never kept by a browser or a proxy.
 * Decided as the headers go out, so it holds whatever answered (React Router's headers are appended to Express's, and
 * this replaces both with one).
 */
export function noStore(isAdminArea: Lookup<boolean>): RequestHandler {
  return async (req, res, next) => {
    const adminArea = await isAdminArea(routePath(req.path));
    onHeaders(res, () => {
      if (adminArea || res.statusCode >= 400) res.setHeader("Cache-Control", "no-store");
    });
    next();
  };
}

/**
 * A GET or HEAD to an address that only takes posts (a route with an action and neither a loader nor a page, such
 * as /admin/logout or /admin/announcements: someone opened it in a tab, or a crawler followed it) is answered 405
 * with `Allow: POST`, under any spelling React Router reads as that route (routePath). React Router would say 400
 * "Unexpected Server Error", which reads like a bug.
 */
export function refuseReadsOfPostOnlyRoutes(isPostOnly: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && isPostOnly(routePath(req.path))) {
      res.status(405).set("Allow", "POST").type("text/plain").send("Method Not Allowed");
      return;
    }
    next();
  };
}

/** When a login turned away by `limitConcurrentLogins` (429, `ADMIN_ACCESS_MESSAGES.loginBusy`) may try again. */
const LOGIN_BUSY_RETRY_AFTER_SECONDS = 5;
const BUSY_LOG_INTERVAL_MS = 10_000;

/**
 * Logins are let through to React Router one slot at a time (`slots`: as many as there are argon2 slots,
 * server/auth/password.server.ts), and paced: after a login, the next one starts no sooner than that one took, so
 * logins keep at most half of those slots' cores, whatever comes in. One more may wait its turn (a second attempt right
 * after the first); the rest are turned away here with 429, before React Router, a body parser or the database see
 * them, for a fraction of a millisecond each. Unpaced, a burst of 100 wrong logins hashed one after another on one of
 * two cores and held the pages up for half a second (tests/integration/hostile-clients.test.ts). An admin signing in
 * during such a flood may be asked to try again in a moment. The answer is 429, as for every other refused login: the
 * instance is well, the logins are too many (a load balancer takes 503 for an instance that is down).
 */
export function limitConcurrentLogins(isLogin: Lookup<boolean>, slots: number, logger: Logger): RequestHandler {
  const MAX_WAITING = 1;
  let running = 0;
  let nextStartAt = 0;
  const waiting: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  // A flood would log a line per attempt: one line per BUSY_LOG_INTERVAL_MS at most, counting the others.
  let turnedAway = 0;
  let lastLogged = Number.NEGATIVE_INFINITY;

  const startNext = () => {
    timer = undefined;
    while (waiting.length > 0 && running < slots) {
      const wait = nextStartAt - performance.now();
      if (wait > 0) {
        timer = setTimeout(startNext, wait);
        return;
      }
      waiting.shift()!();
    }
  };

  const admit: RequestHandler = (req, res, next) => {
    const startsNow = running < slots && waiting.length === 0 && performance.now() >= nextStartAt;
    if (!startsNow && waiting.length >= MAX_WAITING) {
      res.set("Retry-After", String(LOGIN_BUSY_RETRY_AFTER_SECONDS));
      refuse(req, res, 429, ADMIN_ACCESS_MESSAGES.loginBusy, { ok: false });
      turnedAway += 1;
      if (Date.now() - lastLogged >= BUSY_LOG_INTERVAL_MS) {
        logSecurityEvent(logger, "login.busy", { turnedAway });
        lastLogged = Date.now();
        turnedAway = 0;
      }
      return;
    }
    let started = false;
    const start = () => {
      started = true;
      running += 1;
      const startedAt = performance.now();
      res.once("close", () => {
        running -= 1;
        const finishedAt = performance.now();
        nextStartAt = Math.max(nextStartAt, finishedAt + (finishedAt - startedAt));
        if (!timer) startNext();
      });
      next();
    };
    waiting.push(start);
    // A client that leaves while waiting gives its place up.
    res.once("close", () => {
      if (started) return;
      const at = waiting.indexOf(start);
      if (at !== -1) waiting.splice(at, 1);
    });
    if (!timer) startNext();
  };

  return (req, res, next) => {
    // Reads pass at once, with no promise on their way. Any write may reach the login's action (React Router runs it
    // for PUT or DELETE as for POST); the route rules say whether this one does.
    if (SAFE_METHODS.has(req.method)) return next();
    void Promise.resolve(isLogin(routePath(req.path))).then((login) => (login ? admit(req, res, next) : next()), next);
  };
}

/**
 * Uploads (posts to a route whose handle names its `uploadMaxBytes`) are let through `slots` at a time, the others waiting here with their bodies unread (the client's
 * sending pauses meanwhile): twenty phone photos posted at once would otherwise be read into memory together, some
 * 5 MB each and several copies of each while parsed, and hold the server's memory far above what pages need.
 */
export function uploadsInTurn(uploadMaxBytes: Lookup<number | undefined>, slots: number): RequestHandler {
  const inTurn = inTurnQueue(slots);
  return async (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || (await uploadMaxBytes(routePath(req.path))) === undefined) return next();
    // 'close' comes once the answer is sent, or when the client goes away, perhaps while still waiting here.
    const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
    void inTurn(async () => {
      if (res.destroyed || req.destroyed) return;
      next();
      await closed;
    });
  };
}
