/**
 * A push service on 127.0.0.1 for the tests, standing in for the browsers' (unreachable without internet): it speaks
 * the Web Push protocol (RFC 8030) to the server's `web-push` sender, checks its VAPID token (RFC 8292), decrypts each
 * message (RFC 8291, aes128gcm of RFC 8188) with keys only it and the "browser" hold, and keeps the plain text.
 *
 * It answers over HTTPS with a certificate made at start, because `web-push` only ever speaks HTTPS (and RFC 8030
 * requires it): trust `certificate` through NODE_EXTRA_CA_CERTS in a server process, or pass `agent` to
 * `sendNotification` in this one.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  verify,
  type ECDH,
  type KeyObject,
} from "node:crypto";
import https from "node:https";
import { type AddressInfo } from "node:net";
import { z } from "zod";

export interface ReceivedPush {
  subscriptionId: string;
  /** The subscription's endpoint URL, as `subscribe()` gave it and the server stored it. */
  endpoint: string;
  /** The decrypted payload, as UTF-8. */
  body: string;
  ttl: number;
  urgency?: string;
  topic?: string;
  vapidSubject: string;
  vapidPublicKey: string;
  audience: string;
}

/** What `PushSubscription.toJSON()` gives in a browser, which is what the site's page posts to the server. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface PushEndpoint {
  /** https://127.0.0.1:<port>, the VAPID audience. */
  url: string;
  /** The endpoint's self-signed certificate (PEM), for NODE_EXTRA_CA_CERTS of a server process that pushes to it. */
  certificate: string;
  /** An agent that trusts `certificate`, for `sendNotification(…, { agent })` in this process. */
  agent: https.Agent;
  /** A new browser subscription, with its own P-256 key pair and 16-byte auth secret, kept here to decrypt. */
  subscribe(): PushSubscriptionJson;
  /**
   * Answers this subscription's next `times` valid posts (every one, `times` omitted) with `status` instead of
   * 201 and records none of them: 404/410 tell the server the subscription is gone, 413 too large, 429/500/503 to try
   * again later. `answer(endpoint, 201)` restores normal service.
   */
  answer(endpoint: string, status: number, times?: number): void;
  /** Every message answered 201, decrypted, in arrival order. */
  received(): ReceivedPush[];
  /** Resolves with `received()` once it holds `count` messages; fails after 20 s, naming the posts it refused. */
  waitFor(count: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

export interface PushEndpointOptions {
  /** The server's VAPID public key: a token signed with any other is refused (403), as for a restricted subscription. */
  vapidPublicKey?: string;
  /** The clock a token's `exp` is checked against (ms), for a server whose clock the test has moved. */
  now?: () => number;
}

const WAIT_TIMEOUT_MS = 20_000;
const MAX_VAPID_LIFETIME_S = 24 * 60 * 60;
// RFC 8030 section 7.2: a push service must take 4096 bytes; the browsers' services take no more, so neither do we.
const MAX_BODY_BYTES = 4096;
const P256_PUBLIC_KEY_BYTES = 65;
const AUTH_SECRET_BYTES = 16;
const TAG_BYTES = 16;

/** A post the endpoint turns down, with the status a push service would answer. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Subscription {
  id: string;
  endpoint: string;
  keys: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  scripted?: { status: number; remaining: number };
}

interface Vapid {
  subject: string;
  publicKey: string;
  audience: string;
}

export async function startPushEndpoint(options: PushEndpointOptions = {}): Promise<PushEndpoint> {
  const now = options.now ?? Date.now;
  const tls = selfSignedCertificate();
  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refusals: string[] = [];
  const waiters = new Set<{ count: number; resolve: (pushes: ReceivedPush[]) => void; reject: (error: Error) => void }>();
  let url = "";

  const accept = (subscription: Subscription, request: Request, plaintext: Buffer, vapid: Vapid): void => {
    received.push({
      subscriptionId: subscription.id,
      endpoint: subscription.endpoint,
      body: plaintext.toString("utf8"),
      ttl: Number(request.ttl),
      ...(request.urgency === undefined ? {} : { urgency: request.urgency }),
      ...(request.topic === undefined ? {} : { topic: request.topic }),
      vapidSubject: vapid.subject,
      vapidPublicKey: vapid.publicKey,
      audience: vapid.audience,
    });
    for (const waiter of waiters) if (received.length >= waiter.count) waiter.resolve([...received]);
  };

  // Returns the status to answer; a refused post is remembered so that a timed-out `waitFor` can say why.
  const handle = (request: Request): number => {
    try {
      const match = /^\/push\/([\w-]+)$/.exec(request.path);
      if (!match) throw new Refused(404, `no such path ${request.path}`);
      if (request.method !== "POST") throw new Refused(405, `${request.method} ${request.path}: only POST`);
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) throw new Refused(404, `no subscription ${match[1]}`);
      const vapid = checkVapid(request.authorization, url, options.vapidPublicKey, now());
      if (!/^\d+$/.test(request.ttl ?? "")) throw new Refused(400, `TTL ${request.ttl ?? "missing"}: not a whole number of seconds`);
      if (request.contentEncoding !== "aes128gcm") throw new Refused(415, `Content-Encoding ${request.contentEncoding ?? "missing"}`);
      if (request.body.length > MAX_BODY_BYTES) throw new Refused(413, `body of ${request.body.length} bytes`);
      const plaintext = decrypt(request.body, subscription);
      const scripted = subscription.scripted;
      if (scripted && scripted.status !== 201) {
        scripted.remaining -= 1;
        if (scripted.remaining <= 0) delete subscription.scripted;
        return scripted.status;
      }
      accept(subscription, request, plaintext, vapid);
      return 201;
    } catch (error) {
      const refused = error instanceof Refused ? error : new Refused(400, String(error));
      refusals.push(`${refused.status} ${refused.message}`);
      return refused.status;
    }
  };

  const server = https.createServer({ key: tls.key, cert: tls.certificate }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const status = handle({
        method: req.method ?? "",
        path: new URL(req.url ?? "/", url).pathname,
        authorization: req.headers.authorization,
        ttl: header(req.headers.ttl),
        urgency: header(req.headers.urgency),
        topic: header(req.headers.topic),
        contentEncoding: req.headers["content-encoding"],
        body: Buffer.concat(chunks),
      });
      // RFC 8030 section 5: a 201 names the message created.
      if (status === 201) res.setHeader("Location", `${url}/message/${received.length}`);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: tls.certificate });

  return {
    url,
    certificate: tls.certificate,
    agent,
    subscribe() {
      const id = randomBytes(16).toString("base64url");
      const keys = createECDH("prime256v1");
      const publicKey = keys.generateKeys();
      const auth = randomBytes(AUTH_SECRET_BYTES);
      const endpoint = `${url}/push/${id}`;
      subscriptions.set(id, { id, endpoint, keys, publicKey, auth });
      return { endpoint, expirationTime: null, keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") } };
    },
    answer(endpoint, status, times = Infinity) {
      const subscription = [...subscriptions.values()].find((s) => s.endpoint === endpoint);
      if (!subscription) throw new Error(`answer(): ${endpoint} is not a subscription of this push endpoint`);
      subscription.scripted = { status, remaining: times };
    },
    received: () => [...received],
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve, reject) => {
        const waiter = {
          count,
          resolve: (pushes: ReceivedPush[]) => settle(() => resolve(pushes)),
          reject: (error: Error) => settle(() => reject(error)),
        };
        const timer = setTimeout(() => {
          const refused = refusals.length === 0 ? "none refused" : `refused: ${refusals.join("; ")}`;
          waiter.reject(new Error(`push endpoint: expected ${count} messages within 20 s, received ${received.length} (${refused})`));
        }, WAIT_TIMEOUT_MS);
        const settle = (done: () => void) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          done();
        };
        waiters.add(waiter);
      });
    },
    async close() {
      for (const waiter of waiters) waiter.reject(new Error(`push endpoint closed with ${received.length} of ${waiter.count} messages`));
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Request {
  method: string;
  path: string;
  authorization: string | undefined;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  body: Buffer;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

const jwtHeaderSchema = z.object({ alg: z.literal("ES256") });
const jwtClaimsSchema = z.object({ aud: z.string(), exp: z.number().int(), sub: z.string() });

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<the signing public key>`, the token for this push service and not stale. */
function checkVapid(authorization: string | undefined, origin: string, expectedKey: string | undefined, nowMs: number): Vapid {
  const scheme = /^vapid\s+(.*)$/i.exec(authorization ?? "");
  if (!scheme) throw new Refused(400, `Authorization is not VAPID: ${authorization ?? "missing"}`);
  const params = new Map(
    scheme[1]!.split(",").map((part) => {
      const equals = part.indexOf("=");
      return [part.slice(0, equals).trim().toLowerCase(), part.slice(equals + 1).trim()] as const;
    }),
  );
  const token = params.get("t");
  const key = params.get("k");
  if (!token || !key || !/^[\w-]+$/.test(key)) throw new Refused(400, "VAPID t= or k= missing");
  const keyBytes = Buffer.from(key, "base64url");
  if (keyBytes.length !== P256_PUBLIC_KEY_BYTES || keyBytes[0] !== 0x04)
    throw new Refused(400, "VAPID k= is not an uncompressed P-256 key");

  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => /^[\w-]+$/.test(part))) throw new Refused(400, "VAPID t= is not a JWT");
  const [encodedHeader, encodedClaims, encodedSignature] = parts as [string, string, string];
  const signature = Buffer.from(encodedSignature, "base64url");
  if (!jwtHeaderSchema.safeParse(parseJson(encodedHeader)).success) throw new Refused(400, "VAPID JWT is not ES256");
  // JOSE signs ES256 as the raw r || s (IEEE P1363), not the DER node:crypto uses by default.
  const signed =
    signature.length === 64 &&
    verify(
      "sha256",
      Buffer.from(`${encodedHeader}.${encodedClaims}`),
      { key: p256PublicKey(keyBytes), dsaEncoding: "ieee-p1363" },
      signature,
    );
  if (!signed) throw new Refused(400, "VAPID JWT signature does not match k=");
  if (expectedKey !== undefined && key !== expectedKey) throw new Refused(403, `VAPID key ${key} is not the application server's`);

  const claims = jwtClaimsSchema.safeParse(parseJson(encodedClaims));
  if (!claims.success) throw new Refused(400, "VAPID JWT lacks aud, exp or sub");
  const { aud, exp, sub } = claims.data;
  if (aud !== origin) throw new Refused(400, `VAPID aud ${aud} is not ${origin}`);
  const nowS = nowMs / 1000;
  if (exp <= nowS) throw new Refused(400, "VAPID JWT expired");
  if (exp > nowS + MAX_VAPID_LIFETIME_S) throw new Refused(400, "VAPID JWT exp more than 24 h ahead");
  if (!/^(mailto|https):/.test(sub) || !URL.canParse(sub)) throw new Refused(400, `VAPID sub ${sub} is not a mailto: or https: URL`);
  return { subject: sub, publicKey: key, audience: aud };
}

function parseJson(base64url: string): unknown {
  try {
    return JSON.parse(Buffer.from(base64url, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

function p256PublicKey(uncompressed: Buffer): KeyObject {
  const x = uncompressed.subarray(1, 33).toString("base64url");
  const y = uncompressed.subarray(33).toString("base64url");
  try {
    return createPublicKey({ key: { kty: "EC", crv: "P-256", x, y }, format: "jwk" });
  } catch {
    throw new Refused(400, "VAPID k= is not a point on P-256");
  }
}

/**
 * RFC 8291 over RFC 8188: salt (16) | record size (4) | key id length (1) | the sender's public key (65) | one record,
 * whose key and nonce come from ECDH with the subscription's key pair and its auth secret.
 */
function decrypt(body: Buffer, subscription: Subscription): Buffer {
  const headerBytes = 16 + 4 + 1 + P256_PUBLIC_KEY_BYTES;
  if (body.length < headerBytes + TAG_BYTES + 1) throw new Refused(400, "body too short for aes128gcm");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  if (body[20] !== P256_PUBLIC_KEY_BYTES) throw new Refused(400, "aes128gcm key id is not a P-256 public key");
  const senderKey = body.subarray(21, headerBytes);
  const record = body.subarray(headerBytes);
  // RFC 8291 section 4: one record only.
  if (record.length > recordSize) throw new Refused(400, `aes128gcm body longer than its record size ${recordSize}`);

  const info = (label: string, ...context: Buffer[]) => Buffer.concat([Buffer.from(label), Buffer.from([0]), ...context]);
  const ecdhSecret = subscription.keys.computeSecret(senderKey);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, subscription.auth, info("WebPush: info", subscription.publicKey, senderKey), 32));
  const key = hkdfSync("sha256", ikm, salt, info("Content-Encoding: aes128gcm"), 16);
  const nonce = hkdfSync("sha256", ikm, salt, info("Content-Encoding: nonce"), 12);
  const decipher = createDecipheriv("aes-128-gcm", Buffer.from(key), Buffer.from(nonce));
  decipher.setAuthTag(record.subarray(-TAG_BYTES));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, -TAG_BYTES)), decipher.final()]);
  } catch {
    throw new Refused(400, "aes128gcm record does not decrypt with this subscription's keys");
  }
  // The plaintext ends with the last record's delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Refused(400, "aes128gcm record lacks the last-record delimiter");
  return padded.subarray(0, end);
}

/**
 * A P-256 key and a self-signed X.509 certificate for 127.0.0.1, encoded by hand: node:crypto reads certificates but
 * does not make them, and the tests should not need openssl or another package for it.
 */
function selfSignedCertificate(): { key: string; certificate: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const der = (tag: number, ...content: Buffer[]) => {
    const body = Buffer.concat(content);
    // DER lengths are minimal: one byte below 128, else a count of the bytes that follow (all ours fit two).
    const length =
      body.length < 0x80 ? [body.length] : body.length < 0x100 ? [0x81, body.length] : [0x82, body.length >> 8, body.length & 0xff];
    return Buffer.concat([Buffer.from([tag, ...length]), body]);
  };
  const hex = (text: string) => Buffer.from(text, "hex");
  const sequence = (...content: Buffer[]) => der(0x30, ...content);
  const utcTime = (date: Date) => der(0x17, Buffer.from(date.toISOString().replace(/^\d\d|[-:T]|\.\d+/g, "")));
  const ecdsaWithSha256 = sequence(hex("06082a8648ce3d040302"));
  const name = sequence(der(0x31, sequence(hex("0603550403"), der(0x0c, Buffer.from("127.0.0.1")))));
  const day = 24 * 60 * 60 * 1000;
  const tbs = sequence(
    hex("a003020102"), // version 3
    der(0x02, Buffer.concat([hex("01"), randomBytes(15)])), // a positive serial number
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(Date.now() - day)), utcTime(new Date(Date.now() + 30 * day))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    der(
      0xa3,
      sequence(
        sequence(hex("0603551d13"), hex("0101ff"), der(0x04, sequence(hex("0101ff")))), // basicConstraints: critical, CA
        sequence(hex("0603551d11"), der(0x04, sequence(der(0x87, hex("7f000001"))))), // subjectAltName: IP 127.0.0.1
      ),
    ),
  );
  const certificate = sequence(tbs, ecdsaWithSha256, der(0x03, hex("00"), sign("sha256", tbs, privateKey)));
  const pem = certificate.toString("base64").replace(/.{1,64}/g, "$&\n");
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    certificate: `-----BEGIN CERTIFICATE-----\n${pem}-----END CERTIFICATE-----\n`,
  };
}
