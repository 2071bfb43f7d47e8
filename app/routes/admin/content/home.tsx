import { data } from "react-router";
import { PresidentForm } from "~/components/admin/content/president-form";
import { SiteDetailsForm } from "~/components/admin/content/site-details-form";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [details, president] = await Promise.all([context.services.contentEditor.details(), context.services.contentEditor.president()]);
  if (!details || !president) throw data("The site has no content yet", { status: 404 });
  return { details, president };
}

export function meta() {
  return [{ title: "Home · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

/** What a form shows of the stored item, without the version: its key. */
const storedKey = ({ version: _version, ...stored }: { version: number } & Record<string, unknown>) => JSON.stringify(stored);

export default function HomeContent({ loaderData }: Route.ComponentProps) {
  const { details, president } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-extrabold text-brand-900">Home</h1>
      <p className="mt-2 text-slate-700">The site&apos;s name and the texts and links of the home page.</p>
      {/* Each form starts again from what is stored once its own fields change there (not when the other form's save
          raises the shared version, which reaches its hidden field without clearing what the admin is typing). */}
      <SiteDetailsForm key={storedKey(details)} details={details} />
      <h2 className="mt-12 text-2xl font-bold text-brand-900">President</h2>
      <p className="mt-1 text-slate-700">The president&apos;s card and message under “About Us”.</p>
      <PresidentForm key={storedKey({ ...president, photo: president.photo?.src })} president={president} />
    </>
  );
}
