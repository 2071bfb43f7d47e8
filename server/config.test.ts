import path from "node:path";
import { describe, expect, test } from "vitest";
import { configProblems } from "#tests/shared/config-problems.ts";
import { parseConfig } from "./config";

describe("configuration from the environment", () => {
  test("embedded defaults: port 3000, SQLite under ./data", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.database).toEqual({ engine: "sqlite", file: path.resolve("data/site.db") });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  test("a postgres URL selects PostgreSQL", () => {
    const config = parseConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" });
    expect(config.database).toEqual({ engine: "postgres", url: "postgres://u@127.0.0.1:5432/db" });
  });

  test("TRUST_PROXY: a hop count or the proxies' addresses; true, which would believe any client's X-Forwarded-For, is refused", () => {
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe("10.0.0.0/8, 127.0.0.1");
    expect(parseConfig({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: .*not true, which would believe any X-Forwarded-For/);
  });

  test("TRUST_PROXY: a subnet wider than /8 (IPv4) or /32 (IPv6), everyone included, stops the start with one line saying why", () => {
    const why = (entry: string) =>
      `Invalid environment variable TRUST_PROXY: expected subnets no wider than /8 (IPv4) or /32 (IPv6): ${entry} takes clients for proxies and would believe the X-Forwarded-For they write`;
    for (const [value, entry] of [
      ["0.0.0.0/0", "0.0.0.0/0"],
      ["::/0", "::/0"],
      ["10.0.0.0/7", "10.0.0.0/7"],
      ["127.0.0.1, 0.0.0.0/1", "0.0.0.0/1"],
      ["10.0.0.0/254.0.0.0", "10.0.0.0/254.0.0.0"],
      ["2001:db8::/31", "2001:db8::/31"],
      // Every IPv4 client, spelt as IPv6 (Express matches IPv4 clients against IPv6 subnets as ::ffff:a.b.c.d).
      ["::ffff:0:0/96", "::ffff:0:0/96"],
      ["::/33", "::/33"],
      ["::ffff:10.0.0.0/103", "::ffff:10.0.0.0/103"],
    ]) {
      expect(configProblems({ TRUST_PROXY: value! }), value).toEqual([`${why(entry!)} (got ${JSON.stringify(value)})`]);
    }
    for (const value of [
      "10.0.0.0/8",
      "10.0.0.0/255.0.0.0",
      "192.168.1.10",
      "2001:db8::/32",
      "fd00::1",
      "::ffff:10.0.0.0/104",
      "loopback",
    ]) {
      expect(parseConfig({ TRUST_PROXY: value }).trustProxy, value).toBe(value);
    }
    expect(configProblems({ TRUST_PROXY: "10.0.0.0/33" })).toEqual([
      `Invalid environment variable TRUST_PROXY: expected the proxies' addresses or subnets, comma-separated ("10.0.0.0/33" is neither) (got "10.0.0.0/33")`,
    ]);
    expect(configProblems({ TRUST_PROXY: "10.0.0.0/255.0.255.0" })).toHaveLength(1);
  });

  test("PUBLIC_URL loses its trailing slash", () => {
    expect(parseConfig({ PUBLIC_URL: "https://society.example.org/" }).publicUrl).toBe("https://society.example.org");
  });

  test("writes are taken from PUBLIC_URL's origin only; without it, from this machine's loopback addresses however spelt", () => {
    expect(parseConfig({ PUBLIC_URL: "https://society.example.org/admin/" }).writeOrigins).toEqual(["https://society.example.org"]);
    expect(parseConfig({ PORT: "8080" }).writeOrigins).toEqual(["http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080"]);
  });

  test("SHUTDOWN_DRAIN_MS: none by default, up to 5 s (the shutdown has 10 s in all)", () => {
    expect(parseConfig({}).shutdownDrainMs).toBe(0);
    expect(parseConfig({ SHUTDOWN_DRAIN_MS: "3000" }).shutdownDrainMs).toBe(3000);
  });

  test("PAGE_CACHE_SECONDS: cached pages are checked against the database every 2 s unless set; 0 checks every page", () => {
    expect(parseConfig({}).pageCacheSeconds).toBe(2);
    expect(parseConfig({ PAGE_CACHE_SECONDS: "0" }).pageCacheSeconds).toBe(0);
  });

  test("HTTP timeouts: 15 s for the headers and 30 s for the whole request unless set; headers within the request", () => {
    expect(parseConfig({}).http).toEqual({ headersTimeoutMs: 15_000, requestTimeoutMs: 30_000 });
    expect(parseConfig({ HTTP_HEADERS_TIMEOUT_MS: "2000", HTTP_REQUEST_TIMEOUT_MS: "4000" }).http).toEqual({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 4000,
    });
    expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT_MS: "20000", HTTP_REQUEST_TIMEOUT_MS: "10000" })).toThrow(
      "HTTP_HEADERS_TIMEOUT_MS (20000) must not exceed HTTP_REQUEST_TIMEOUT_MS (10000)",
    );
  });

  test("empty values count as unset", () => {
    expect(parseConfig({ PORT: "" }).port).toBe(3000);
  });

  test.each([
    ["PORT", "eighty", "Invalid environment variable PORT: expected a port number from 1 to 65535"],
    ["PORT", "70000", "Invalid environment variable PORT: expected a port number from 1 to 65535"],
    ["PUBLIC_URL", "society.example.org", "Invalid environment variable PUBLIC_URL: expected an absolute http(s) URL"],
    ["DATABASE_URL", "mysql://x", "Invalid environment variable DATABASE_URL: expected a postgres://"],
    ["LOG_LEVEL", "loud", "Invalid environment variable LOG_LEVEL: expected one of fatal"],
    ["SHUTDOWN_DRAIN_MS", "9000", "Invalid environment variable SHUTDOWN_DRAIN_MS: expected a number of milliseconds from 0 to 5000"],
    ["PAGE_CACHE_SECONDS", "-1", "Invalid environment variable PAGE_CACHE_SECONDS: expected a number of seconds from 0 to 300"],
    [
      "HTTP_HEADERS_TIMEOUT_MS",
      "0",
      "Invalid environment variable HTTP_HEADERS_TIMEOUT_MS: expected a number of milliseconds from 500 to 60000",
    ],
    [
      "HTTP_REQUEST_TIMEOUT_MS",
      "soon",
      "Invalid environment variable HTTP_REQUEST_TIMEOUT_MS: expected a number of milliseconds from 1000 to 300000",
    ],
  ])("a bad %s (%s) stops the start naming the variable", (name, value, message) => {
    const problems = configProblems({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  test("ADMIN_EMAIL and ADMIN_PASSWORD together name the first admin; neither leaves it to a one-time password", () => {
    expect(parseConfig({ ADMIN_EMAIL: "owner@example.org", ADMIN_PASSWORD: "a long and uncommon one" }).admin).toEqual({
      email: "owner@example.org",
      password: "a long and uncommon one",
    });
    expect(parseConfig({}).admin).toBeUndefined();
    expect(parseConfig({ ADMIN_EMAIL: "", ADMIN_PASSWORD: "" }).admin).toBeUndefined();
  });

  test.each([
    [{ ADMIN_EMAIL: "owner@example.org" }, "ADMIN_EMAIL and ADMIN_PASSWORD must be set together"],
    [{ ADMIN_PASSWORD: "a long and uncommon one" }, "ADMIN_EMAIL and ADMIN_PASSWORD must be set together"],
    [
      { ADMIN_EMAIL: "owner@example.org", ADMIN_PASSWORD: "short" },
      "Invalid environment variable ADMIN_PASSWORD: expected a password of 8 to 128 characters",
    ],
    [
      { ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "a long and uncommon one" },
      "Invalid environment variable ADMIN_EMAIL: expected an email address",
    ],
  ])("%j stops the start with one line, never echoing the password", (env, message) => {
    const problems = configProblems(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
    expect(problems[0]).not.toContain("short");
    expect(problems[0]).not.toContain("a long and uncommon one");
  });
});

test("the society's time zone is SITE_TIMEZONE; the old MAIL_TIME_ZONE stops the start saying so", () => {
  expect(parseConfig({ SITE_TIMEZONE: "Europe/London" }).siteTimeZone).toBe("Europe/London");
  expect(configProblems({ MAIL_TIME_ZONE: "Asia/Karachi" })).toEqual([
    "MAIL_TIME_ZONE is now SITE_TIMEZONE (the society's time zone, for the admin area as well as mails): rename it",
  ]);
});

describe("where uploaded images are kept (STORAGE)", () => {
  const s3Env = {
    STORAGE: "s3",
    S3_BUCKET: "society-uploads",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret",
  };

  test("by default: local files under DATA_DIR/uploads", () => {
    expect(parseConfig({}).storage).toEqual({ kind: "fs", dir: path.resolve("data/uploads") });
    expect(parseConfig({ DATA_DIR: "/srv/site", STORAGE: "fs" }).storage).toEqual({ kind: "fs", dir: path.resolve("/srv/site/uploads") });
  });

  test("STORAGE=s3 with a bucket and keys: AWS in us-east-1, virtual-hosted addresses", () => {
    expect(parseConfig(s3Env).storage).toEqual({
      kind: "s3",
      bucket: "society-uploads",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "wJalrXUtnFEMI-secret" },
    });
  });

  test("an S3-compatible server: endpoint, region and path-style addresses", () => {
    const storage = parseConfig({
      ...s3Env,
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "eu-central-1",
      S3_FORCE_PATH_STYLE: "true",
    }).storage;
    expect(storage).toMatchObject({ kind: "s3", endpoint: "http://127.0.0.1:9000", region: "eu-central-1", forcePathStyle: true });
    expect(parseConfig({ ...s3Env, S3_FORCE_PATH_STYLE: "false" }).storage).toMatchObject({ forcePathStyle: false });
  });

  test("S3 variables are ignored with local storage", () => {
    expect(parseConfig({ S3_BUCKET: "society-uploads", S3_SECRET_ACCESS_KEY: "x" }).storage.kind).toBe("fs");
  });

  test.each(["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"])(
    "STORAGE=s3 without %s stops the start with one line naming it",
    (name) => {
      const problems = configProblems({ ...s3Env, [name]: "" });
      expect(problems).toEqual([`Missing environment variable ${name}: STORAGE=s3 needs it`]);
      expect(problems.join("\n")).not.toContain("wJalrXUtnFEMI-secret");
    },
  );

  test("STORAGE=s3 alone names each missing variable on a line of its own", () => {
    expect(configProblems({ STORAGE: "s3" })).toEqual([
      "Missing environment variable S3_BUCKET: STORAGE=s3 needs it",
      "Missing environment variable S3_ACCESS_KEY_ID: STORAGE=s3 needs it",
      "Missing environment variable S3_SECRET_ACCESS_KEY: STORAGE=s3 needs it",
    ]);
  });

  test.each([
    ["STORAGE", "minio", 'Invalid environment variable STORAGE: expected one of fs (files under DATA_DIR/uploads), s3 (got "minio")'],
    ["S3_ENDPOINT", "minio:9000", "Invalid environment variable S3_ENDPOINT: expected an http(s) URL"],
    ["S3_ENDPOINT", "ftp://minio.example.org", "Invalid environment variable S3_ENDPOINT: expected an http(s) URL"],
    ["S3_REGION", "eu central", "Invalid environment variable S3_REGION: expected a region name"],
    ["S3_BUCKET", "Society_Uploads", "Invalid environment variable S3_BUCKET: expected a bucket name"],
    ["S3_BUCKET", "ab", "Invalid environment variable S3_BUCKET: expected a bucket name"],
    ["S3_BUCKET", "society_uploads", "Invalid environment variable S3_BUCKET: expected a bucket name"],
    ["S3_FORCE_PATH_STYLE", "yes", 'Invalid environment variable S3_FORCE_PATH_STYLE: expected true or false (got "yes")'],
  ])("a bad %s (%s) stops the start naming the variable", (name, value, message) => {
    const problems = configProblems({ ...s3Env, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  test("an endpoint with keys in it is refused without repeating them", () => {
    const problems = configProblems({ ...s3Env, S3_ENDPOINT: "https://AKIAEXAMPLE:topsecret@s3.example.org" });
    expect(problems).toEqual([
      "Invalid environment variable S3_ENDPOINT: expected a URL without a user name or password (the keys go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY) (value hidden)",
    ]);
  });
});

test("SECRETS_KEY: 32 bytes as hex or base64, unset by default (the key file); anything else stops the start without repeating it", () => {
  const key = Buffer.alloc(32, 7);
  expect(parseConfig({}).secretsKey).toBeUndefined();
  expect(parseConfig({ SECRETS_KEY: key.toString("hex") }).secretsKey?.equals(key)).toBe(true);
  expect(parseConfig({ SECRETS_KEY: key.toString("base64") }).secretsKey?.equals(key)).toBe(true);
  for (const wrong of ["hunter2", key.toString("hex").slice(2), Buffer.alloc(16, 7).toString("base64")]) {
    expect(configProblems({ SECRETS_KEY: wrong })).toEqual([
      "Invalid environment variable SECRETS_KEY: expected 32 random bytes as 64 hex digits or base64, e.g. the output of `openssl rand -base64 32` (value hidden)",
    ]);
  }
});
