import { data, Form, Link, useNavigation } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { registrationEn } from "#core/i18n/registration/en.ts";
import { messagesFor } from "#core/i18n/translations.ts";
import { announcementPagePath, announcementRegisterPath } from "#core/public-pages.ts";
import { EventDetails } from "#app/components/site/announced-event.tsx";
import { BackButton } from "#app/components/site/back-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { readForm } from "#app/lib/forms.server.ts";
import { requestLocale, useBook, useLocale } from "#app/lib/i18n.ts";
import { bookOf, unlistedPageMeta, personalPageHeaders } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/announcement-confirm";
import { requestContext, servicesContext } from "#app/context.ts";
import { NOT_FOUND } from "#core/messages/common.ts";

/**
 * GET /announcement/<id>/confirm?token=… (or under /ur, as an Urdu registration's mail links it), the page a
 * registrant's "Confirm your place" link opens: it only shows the Confirm button (a mail scanner that follows the link
 * confirms nothing). 404 unless the announcement is live and takes registrations here.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const page = await context.get(servicesContext).registrations.confirmation(params.id, token, requestLocale(request));
  if (!page) throw data(NOT_FOUND, { status: 404 });
  return { announcement: page.announcement, open: page.open, token: page.open ? token : "" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { confirm } = bookOf(matches, "registration", registrationEn);
  return unlistedPageMeta(loaderData ? fill(confirm.title, { heading: loaderData.announcement.heading }) : confirm.confirmYourPlace);
}

export const headers = personalPageHeaders;

/**
 * POST /announcement/<id>/confirm (or under /ur), with or without JavaScript: confirms the registration the form's
 * token names. The answer says in the page's language what it came to (a place, or the waiting list at a position), or
 * that the link no longer works.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { register, confirm } = messagesFor(requestLocale(request), "registration");
  const token = (await readForm(request)).get("token");
  try {
    const result = await context.get(servicesContext).registrations.confirm(params.id, typeof token === "string" ? token : "");
    if (result.ok) {
      const message = result.status === "registered" ? confirm.registered : fill(confirm.waiting, { position: result.position });
      return { ok: true, message, linkGone: false, ticketPath: result.ticketPath };
    }
    const message = result.reason === "missing" ? register.notOpen : confirm.linkGone;
    return data({ ok: false, message, linkGone: true, ticketPath: null }, { status: 404 });
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "registration not confirmed");
    return data({ ok: false, message: register.failure, linkGone: false, ticketPath: null }, { status: 500 });
  }
}

export default function AnnouncementConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { announcement, open, token } = loaderData;
  const { register, confirm } = useBook("registration", registrationEn);
  const locale = useLocale();
  const sending = useNavigation().state === "submitting";
  const back = (
    <Button asChild variant="outline" className="self-start">
      <Link to={localizedPath(announcementPagePath(announcement.id), locale)}>{register.backToAnnouncement}</Link>
    </Button>
  );
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <BackButton fallback={announcementPagePath(announcement.id)} />
      <h1 className="text-3xl font-extrabold break-words text-brand-900">{fill(confirm.title, { heading: announcement.heading })}</h1>
      {announcement.event && <EventDetails event={announcement.event} />}
      {actionData?.ok ? (
        <>
          <FormMessage tone="success">{actionData.message}</FormMessage>
          {actionData.ticketPath && (
            <Button asChild className="self-start">
              <Link to={localizedPath(actionData.ticketPath, locale)}>{confirm.showTicket}</Link>
            </Button>
          )}
          {back}
        </>
      ) : open && !actionData?.linkGone ? (
        <Form method="post" aria-label={confirm.confirmYourPlace} className="flex flex-col gap-4">
          {actionData && <FormMessage>{actionData.message}</FormMessage>}
          <p className="text-slate-800">{confirm.explanation}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton busy={sending}>{confirm.confirm}</SubmitButton>
        </Form>
      ) : (
        <>
          {/* A refused Confirm is an error; a link found used or expired on opening it, a notice. */}
          <FormMessage tone={actionData ? "error" : "notice"}>{actionData?.message ?? confirm.linkGone}</FormMessage>
          <Button asChild className="self-start">
            <Link to={localizedPath(announcementRegisterPath(announcement.id), locale)}>{confirm.registerAgain}</Link>
          </Button>
        </>
      )}
    </main>
  );
}
