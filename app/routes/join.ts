import { fieldErrors } from "~/lib/field-errors";
import { FormLimitReached, honeypotFilled, readPublicForm, storeJoinApplication } from "~/lib/public-form.server";
import { JOIN_MESSAGES, joinSubmissionSchema } from "~/schemas/join";
import type { Route } from "./+types/join";

/** POST /join: a join application (JSON), answered in JSON. The form lives in the Join Us dialog. */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readPublicForm(request);
  if (!fields || honeypotFilled(fields)) return Response.json({ error: JOIN_MESSAGES.failure }, { status: 400 });
  const parsed = joinSubmissionSchema.safeParse(fields);
  if (!parsed.success) return Response.json({ error: JOIN_MESSAGES.failure, errors: fieldErrors(parsed.error) }, { status: 400 });
  if (!(await context.repos.settings.get()).joinUsVisible) return Response.json({ error: JOIN_MESSAGES.closed }, { status: 403 });
  try {
    const stored = await storeJoinApplication(context, parsed.data);
    return Response.json({ ok: true, id: stored.id });
  } catch (error) {
    if (error instanceof FormLimitReached) {
      return Response.json({ error: JOIN_MESSAGES.tooMany }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
    context.logger.error({ err: error instanceof Error ? error.message : String(error) }, "join application not stored");
    return Response.json({ error: JOIN_MESSAGES.failure }, { status: 500 });
  }
}
