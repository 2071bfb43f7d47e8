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

  test("the token is read from either cookie name, among other cookies", () => {
    expect(readSessionToken(withCookie(`theme=dark; __Host-session=${token}`))).toBe(token);
    expect(readSessionToken(withCookie(`session=${token}; theme=dark`))).toBe(token);
  });

  test("__Host-session wins when both are sent", () => {
    const other = newSessionToken();
    expect(readSessionToken(withCookie(`session=${other}; __Host-session=${token}`))).toBe(token);
  });

  test("no cookie, another cookie or a value not shaped like a token reads as no session", () => {
    expect(readSessionToken(new Request("http://localhost/admin"))).toBeUndefined();
    expect(readSessionToken(withCookie("theme=dark"))).toBeUndefined();
    expect(readSessionToken(withCookie("session=abc"))).toBeUndefined();
    expect(readSessionToken(withCookie("mysession=" + token))).toBeUndefined();
  });
});
