import { z } from "zod";
import { buttonAnswer, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/join-us";
import { adminContext, servicesContext } from "#app/context.ts";

const toggleSchema = z.object({ visible: z.enum(["true", "false"]) });

/** Stores the switch's new value and answers with what is now stored. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const parsed = toggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: 'visible must be "true" or "false"' }, 400);
  const joinUsVisible = await context.get(servicesContext).settings.setJoinUsVisible(parsed.data.visible === "true", admin.id);
  return buttonAnswer({ ok: true, joinUsVisible });
}
