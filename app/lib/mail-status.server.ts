import { errorMessage } from "#core/errors.ts";
import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "#app/context.ts";

/**
 * What the admin's mail line shows (the panel and the Mail page): the transport, how the outbox stands, and where
 * notifications go. Counts that cannot be read are logged and shown as unavailable; the page still opens.
 */
export async function loadMailStatus(context: Readonly<RouterContextProvider>) {
  const services = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const [counts, settings] = await Promise.all([
    services.mailOutbox.counts().catch((error: unknown) => {
      logger.error({ err: errorMessage(error) }, "mail outbox count failed");
      return undefined;
    }),
    services.mailSettings.get(),
  ]);
  const { transport, fileDir } = services.mailOutbox;
  return { status: { counts, transport, fileDir, notification: settings.notification }, settings };
}
