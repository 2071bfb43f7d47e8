import { data, Outlet } from "react-router";
import type { RouteHandle } from "#core/route-handle";
import { AdminNav } from "~/components/admin/admin-nav";
import { FormMessage } from "~/components/ui/field";
import { admittedAdmin } from "~/lib/admin-guards.server";
import { takeToast } from "~/lib/toast-cookie.server";
import { requestContext, servicesContext } from "~/context";
import { errorMessage } from "#core/errors";
import type { Route } from "./+types/layout";

/**
 * Every admin route (app/routes.ts): never stored by a browser or a proxy, and its writes may change the public pages
 * (server/http/route-rules.ts). It has no guard of its own, since the login and the other sign-in pages are beneath it:
 * the routes' guards run first, and the navigation is shown to the admin one of them admitted.
 */
export const handle = { adminArea: true } satisfies RouteHandle;

/**
 * The navigation, and the toast a post made without JavaScript left for this page (app/lib/forms.server.ts,
 * `pageAction`): shown once, as the page's notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const toast = await takeToast(request, context.get(servicesContext).auth.cookieOptions);
  return data({ ...(await navigationOf(context)), toast: toast?.message }, { headers: toast?.headers });
}

async function navigationOf(context: Route.LoaderArgs["context"]) {
  const active = admittedAdmin(context);
  if (!active) return { nav: false as const };
  const { auth, contactMessages } = context.get(servicesContext);
  if (auth.stageOwed(active)) return { nav: true as const, sections: null };
  const unreadMessages = await contactMessages.unreadCount().catch((error: unknown) => {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "unread messages count failed");
    return 0;
  });
  return { nav: true as const, sections: { isOwner: active.admin.role === "owner", unreadMessages } };
}

export default function AdminArea({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.nav && <AdminNav sections={loaderData.sections} />}
      {loaderData.toast && (
        <div className="mx-auto max-w-7xl px-4 pt-4">
          <FormMessage tone="success">{loaderData.toast}</FormMessage>
        </div>
      )}
      <Outlet />
    </>
  );
}
