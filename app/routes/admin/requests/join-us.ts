import { z } from "zod";
import { buttonAnswer, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/join-us";
import { adminContext, servicesContext } from "#app/context.ts";
import { APPLICATIONS_REFUSED } from "#core/messages/applications.ts";

const toggleSchema = z.object({ visible: z.enum(["true", "false"]) });

/** Stores the switch's new value and answers with what is now stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const parsed = toggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: APPLICATIONS_REFUSED.joinUsNotBoolean }, 400);
  const joinUsVisible = await context.get(servicesContext).settings.setJoinUsVisible(parsed.data.visible === "true", admin.id);
  return buttonAnswer({ ok: true, joinUsVisible });
}
