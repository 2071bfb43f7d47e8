import { data, Outlet } from "react-router";
import type { RouteHandle } from "#core/route-handle.ts";
import { AdminNav } from "#app/components/admin/admin-nav.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { admittedAdmin } from "#app/lib/admin-guards.server.ts";
import { takeToast } from "#app/lib/toast-cookie.server.ts";
import { requestContext, servicesContext } from "#app/context.ts";
import { errorMessage } from "#core/errors.ts";
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
  return {
    nav: true as const,
    sections: { isOwner: active.admin.role === "owner", bloodCoordinator: active.admin.bloodCoordinator, unreadMessages },
  };
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
