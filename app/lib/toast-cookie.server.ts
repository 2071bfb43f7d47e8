import { createCookie, redirect } from "react-router";

/**
 * What a post made without JavaScript did, carried across the redirect back to its page (there is no script to show a
 * toast): one minute at most, read once. It holds only the server's own words, shown back to the same browser.
 */
const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

/** A toast longer than this was not written by the site. */
const TOAST_MAX_LENGTH = 200;

/** Back to `url` (303, so the browser asks for it afresh), with `message` to show there once. */
export async function redirectWithToast(url: string, message: string, { secure }: { secure: boolean }) {
  return redirect(url, { status: 303, headers: { "Set-Cookie": await toastCookie.serialize(message, { secure }) } });
}

/** The toast a redirect left for this page, with the header that clears it; undefined when there is none. */
export async function takeToast(request: Request, { secure }: { secure: boolean }) {
  const message: unknown = await toastCookie.parse(request.headers.get("cookie"));
  if (typeof message !== "string" || message === "" || message.length > TOAST_MAX_LENGTH) return undefined;
  return { message, headers: { "Set-Cookie": await toastCookie.serialize("", { maxAge: 0, secure }) } };
}
