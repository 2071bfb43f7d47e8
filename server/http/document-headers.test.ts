import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isSecureRequest, recordDocumentHeaders } from "./document-headers";
import { assignCspNonce, securityHeaders } from "./security-headers";

const middlewares: RequestHandler[] = [
  assignCspNonce,
  ...securityHeaders({ https: true, development: false, trustProxy: "loopback" }),
];
/** What a transfer adds, not the middlewares. */
const PER_TRANSFER = new Set(["date", "connection", "keep-alive", "content-length", "content-type", "etag"]);

describe("the document headers recorded once", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.disable("x-powered-by");
    app.set("trust proxy", "loopback");
    app.use(middlewares);
    app.get("/", (_req, res) => {
      res.send("page");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** The headers as Express sends them after the same middlewares, with the nonce of that response. */
  async function live(forwardedProto?: string) {
    const response = await fetch(url, { headers: forwardedProto ? { "x-forwarded-proto": forwardedProto } : {} });
    await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")![1]!;
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_TRANSFER.has(name)));
    return { nonce, headers };
  }

  const asObject = (flat: string[]) =>
    Object.fromEntries(Array.from({ length: flat.length / 2 }, (_, index) => [flat[2 * index]!.toLowerCase(), flat[2 * index + 1]!]));

  test("are exactly what the middlewares set, with each response's nonce where theirs was", async () => {
    const recorded = recordDocumentHeaders(middlewares);
    const plain = await live();
    expect(asObject(recorded.plain(plain.nonce))).toEqual(plain.headers);
    const secure = await live("https");
    expect(asObject(recorded.secure(secure.nonce))).toEqual(secure.headers);
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  test("a new nonce each time, in the policy only", () => {
    const { plain } = recordDocumentHeaders(middlewares);
    const first = asObject(plain("first-nonce"));
    const second = asObject(plain("second-nonce"));
    expect(first["content-security-policy"]).toContain("'nonce-first-nonce'");
    expect(second["content-security-policy"]).toContain("'nonce-second-nonce'");
    expect({ ...first, "content-security-policy": "" }).toEqual({ ...second, "content-security-policy": "" });
  });

  test("a middleware that does not pass the request on at once cannot be recorded, and says so", () => {
    const later: RequestHandler = (_req, _res, next) => void setTimeout(next, 0);
    expect(() => recordDocumentHeaders([...middlewares, later])).toThrow(/did not pass the request on at once/);
  });
});

describe("whether a request came over HTTPS, as Express reads it", () => {
  const request = (remoteAddress: string, forwardedProto?: string, encrypted = false) =>
    ({ socket: { remoteAddress, encrypted }, headers: forwardedProto ? { "x-forwarded-proto": forwardedProto } : {} }) as unknown as IncomingMessage;
  const trustLoopback = (address: string | undefined) => address === "127.0.0.1";

  test.each([
    ["TLS on the socket itself", request("203.0.113.9", undefined, true), true],
    ["a trusted proxy that says https", request("127.0.0.1", "https"), true],
    ["a trusted proxy's first hop counts", request("127.0.0.1", "https, http"), true],
    ["a trusted proxy that says http", request("127.0.0.1", "http"), false],
    ["a trusted proxy that says nothing", request("127.0.0.1"), false],
    ["anyone else's X-Forwarded-Proto is ignored", request("203.0.113.9", "https"), false],
  ])("%s", (_name, req, secure) => {
    expect(isSecureRequest(req, trustLoopback)).toBe(secure);
  });
});
