import { ContentListScreen } from "~/components/admin/content/content-list-screen";
import { ResourceForm } from "~/components/admin/content/resource-form";
import { Picture } from "~/components/site/picture";
import type { Route } from "./+types/resources";
import { servicesContext } from "~/context";

export async function loader({ context }: Route.LoaderArgs) {
  return { resources: await context.get(servicesContext).contentEditor.resources.list() };
}

export function meta() {
  return [{ title: "Resources · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

type Resource = Route.ComponentProps["loaderData"]["resources"][number];

export default function ResourcesContent({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData;
  return (
    <ContentListScreen<Resource>
      title="Resources"
      intro="The resource cards on the home page and the top bar's Resources menu, in this order."
      addLabel="Add resource"
      editTitle="Edit resource"
      dialogDescription="A card's title, its name in the Resources menu, the folder it opens and its picture."
      form={(item, close) => <ResourceForm resource={item} onSaved={close} />}
      items={resources}
      list="resources"
      itemName={(resource) => resource.title}
      kind="resource"
      empty="No resources yet."
      render={(resource) => (
        <div className="flex items-start gap-4">
          {resource.photo && (
            <Picture image={resource.photo} sizes="96px" className="shrink-0" imgClassName="aspect-video w-24 rounded object-cover" />
          )}
          <div>
            <p className="font-bold text-slate-900">{resource.title}</p>
            <p className="text-slate-700">In the menu: {resource.menuLabel}</p>
            <p className="mt-1 break-all text-sm text-slate-700">{resource.url}</p>
          </div>
        </div>
      )}
    />
  );
}
