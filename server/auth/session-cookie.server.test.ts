import { describe, expect, test } from "vitest";
import { clearSessionCookie, readSessionToken, sessionCookie } from "./session-cookie.server";
import { newSessionToken } from "./sessions.server";

const withCookie = (cookie: string) => new Request("http://localhost/admin", { headers: { cookie } });

describe("the session cookie", () => {
  const token = newSessionToken();

  test("behind HTTPS it is __Host-session: HttpOnly, SameSite=Lax, Path=/, Secure, for 7 days", () => {
    expect(sessionCookie(token, { secure: true })).toBe(`__Host-session=${token}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure`);
  });

  test("over plain HTTP (development) it is session, without Secure", () => {
    expect(sessionCookie(token, { secure: false })).toBe(`session=${token}; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax`);
  });

  test("clearing it expires the cookie at once", () => {
    expect(clearSessionCookie({ secure: true })).toBe("__Host-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
    expect(clearSessionCookie({ secure: false })).toBe("session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  test("only a token goes into a cookie", () => {
    expect(() => sessionCookie("a; Domain=evil.example", { secure: true })).toThrow();
  });

  test("the token is read under the site's cookie name, among other cookies", () => {
    expect(readSessionToken(withCookie(`theme=dark; __Host-session=${token}`), { secure: true })).toBe(token);
    expect(readSessionToken(withCookie(`session=${token}; theme=dark`), { secure: false })).toBe(token);
  });

  test("behind HTTPS a plain session cookie is never read, alone or beside __Host-session; over HTTP __Host-session is not", () => {
    const other = newSessionToken();
    expect(readSessionToken(withCookie(`session=${token}`), { secure: true })).toBeUndefined();
    expect(readSessionToken(withCookie(`session=${other}; __Host-session=${token}`), { secure: true })).toBe(token);
    expect(readSessionToken(withCookie(`__Host-session=${token}`), { secure: false })).toBeUndefined();
  });

  test("no cookie, another cookie or a value not shaped like a token reads as no session", () => {
    const http = { secure: false };
    expect(readSessionToken(new Request("http://localhost/admin"), http)).toBeUndefined();
    expect(readSessionToken(withCookie("theme=dark"), http)).toBeUndefined();
    expect(readSessionToken(withCookie("session=abc"), http)).toBeUndefined();
    expect(readSessionToken(withCookie("mysession=" + token), http)).toBeUndefined();
  });
});
