import { ContentListScreen } from "#app/components/admin/content/content-list-screen.tsx";
import { TeamMemberForm } from "#app/components/admin/content/team-member-form.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import type { Route } from "./+types/team";
import { PHOTO_FORM_HANDLE } from "#core/route-handle.ts";
import { teamActionSchema } from "#core/schemas/content-actions.ts";
import { photoSaveAction } from "#app/lib/forms.server.ts";
import { servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { team: await context.get(servicesContext).contentEditor.team.list() };
}

export const handle = PHOTO_FORM_HANDLE;

/** `save`: a new team member or an edit (with the version it was read at), with an optional photo. */
export const action = photoSaveAction(teamActionSchema, (editor) => editor.team.save);

export const meta = () => unlistedPageMeta("Team · Site content");

export default function TeamContent({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  return (
    <ContentListScreen
      title="Team"
      intro="The “Our Team” cards on the home page, in this order."
      addLabel="Add member"
      editTitle="Edit member"
      dialogDescription="A name (or two), their title, an optional photo and their duties."
      form={(item, close) => <TeamMemberForm member={item} onSaved={close} />}
      items={team}
      list="team"
      itemName={(member) => member.name}
      kind="team member"
      empty="No team members yet."
      render={(member) => (
        <div className="flex items-start gap-4">
          {member.photo ? (
            <Picture image={member.photo} sizes="64px" className="shrink-0" imgClassName="size-16 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden
              className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-900"
            >
              {member.name.charAt(0)}
            </span>
          )}
          <div>
            <p className="font-bold text-slate-900">{member.name}</p>
            <p className="text-slate-700">{member.title}</p>
            {member.description && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{member.description}</p>}
          </div>
        </div>
      )}
    />
  );
}
