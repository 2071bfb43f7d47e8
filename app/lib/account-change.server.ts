import type { AccountChangeRefusal } from "../../server/auth/accounts.server";
import { buttonAnswer, goneMessage } from "./forms.server";

export const LAST_OWNER_MESSAGE = "The site needs an Owner who can sign in: make another admin an Owner first.";

/** The answer to a change of an account (role, access, removal): done, gone, or refused to keep an Owner. */
export function accountChangeAnswer(result: { ok: true } | { ok: false; reason: AccountChangeRefusal }) {
  if (result.ok) return buttonAnswer({ ok: true });
  if (result.reason === "not-found") return buttonAnswer({ ok: false, error: goneMessage("admin account") }, 404);
  return buttonAnswer({ ok: false, error: LAST_OWNER_MESSAGE }, 409);
}
