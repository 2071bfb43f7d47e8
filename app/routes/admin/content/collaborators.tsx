import { CollaboratorForm } from "~/components/admin/content/collaborator-form";
import { ContentListScreen } from "~/components/admin/content/content-list-screen";
import { Picture } from "~/components/site/picture";
import type { Route } from "./+types/collaborators";
import { servicesContext } from "~/context";

export async function loader({ context }: Route.LoaderArgs) {
  return { collaborators: await context.get(servicesContext).contentEditor.collaborators.list() };
}

export function meta() {
  return [{ title: "Collaborators · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

type Collaborator = Route.ComponentProps["loaderData"]["collaborators"][number];

export default function CollaboratorsContent({ loaderData }: Route.ComponentProps) {
  const { collaborators } = loaderData;
  return (
    <ContentListScreen<Collaborator>
      title="Collaborators"
      intro="The “Our Collaborator” cards on the home page, in this order."
      addLabel="Add collaborator"
      editTitle="Edit collaborator"
      dialogDescription="A partner's name, a sentence about it, its logo and, if it has one, its website."
      form={(item, close) => <CollaboratorForm collaborator={item} onSaved={close} />}
      items={collaborators}
      list="collaborators"
      itemName={(collaborator) => collaborator.name}
      kind="collaborator"
      empty="No collaborators yet."
      render={(collaborator) => (
        <div className="flex items-start gap-4">
          {collaborator.photo && (
            <Picture image={collaborator.photo} sizes="80px" className="shrink-0" imgClassName="h-14 w-20 object-contain" />
          )}
          <div>
            <p className="font-bold text-slate-900">{collaborator.name}</p>
            <p className="text-slate-700">{collaborator.description}</p>
            {collaborator.url && <p className="mt-1 break-all text-sm text-slate-700">{collaborator.url}</p>}
          </div>
        </div>
      )}
    />
  );
}
