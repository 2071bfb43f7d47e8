import { data } from "react-router";
import { SiteDetailsForm } from "~/components/admin/content/site-details-form";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const details = await context.services.contentEditor.details();
  if (!details) throw data("The site has no content yet", { status: 404 });
  return { details };
}

export function meta() {
  return [{ title: "Home · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function HomeContent({ loaderData }: Route.ComponentProps) {
  const { details } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-extrabold text-brand-900">Home</h1>
      <p className="mt-2 text-slate-700">The site&apos;s name and the texts and links of the home page.</p>
      {/* A save raises the version: the form starts again from what is now stored. */}
      <SiteDetailsForm key={details.version} details={details} />
    </>
  );
}
