import { Link } from "react-router";
import { NOT_DONE } from "#core/messages/common.ts";
import { memberActionSchema } from "#core/schemas/members.ts";
import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { Field } from "#app/components/ui/field.tsx";
import type { MemberService } from "#server/services/members.ts";

type MemberDetails = NonNullable<Awaited<ReturnType<MemberService["details"]>>>;

const HISTORY_WORDS: Record<MemberDetails["history"][number]["kind"], (detail: string | null) => string> = {
  accepted: (session) => `Accepted as a member${session ? ` for ${session}` : ""}`,
  position: (position) => (position ? `Position: ${position}` : "Position cleared"),
  renewed: (session) => `Stayed a member for ${session ?? "the new session"}`,
  lapsed: (session) => `Became a past member${session ? ` (last session ${session})` : ""}`,
  rejoined: (session) => `Accepted again${session ? ` for ${session}` : ""}`,
};

const REGISTRATION_WORDS: Record<string, string> = {
  registered: "registered",
  waiting: "on the waiting list",
  unconfirmed: "not confirmed",
};

/** The committee position: a short text, empty for none. */
function PositionForm({ position }: { position: string | null }) {
  const positionForm = useAdminForm({
    id: "member-position",
    intent: "set-position",
    schema: memberActionSchema,
    defaultValue: { position: position ?? "" },
    toasts: { failure: NOT_DONE },
  });
  const meta = positionForm.fields.position as unknown as Parameters<typeof Field>[0]["meta"];
  return (
    <AdminForm form={positionForm} label="Committee position" className="flex flex-wrap items-end gap-3">
      <Field
        meta={meta}
        label="Committee position"
        description="Optional: President, General Secretary… Empty for none."
        className="w-72"
      />
    </AdminForm>
  );
}

/** A member: details, position, history, the events they registered for, and Remove. */
export function MemberPage({ member, listPage }: { member: MemberDetails; listPage: string }) {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
      <Link to={listPage} className="self-start font-semibold text-brand-800 underline">
        All members
      </Link>
      <div>
        <h1 className="text-3xl font-extrabold break-words text-brand-900">{member.name}</h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
          <dt className="font-semibold">Email</dt>
          <dd className="break-all">{member.email}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{member.phone}</dd>
          <dt className="font-semibold">Class</dt>
          <dd>{member.class}</dd>
          <dt className="font-semibold">Department</dt>
          <dd>{member.department}</dd>
          <dt className="font-semibold">Session</dt>
          <dd>{member.status === "past" ? `${member.session} (past member since ${member.lapsed ?? "then"})` : member.session}</dd>
          {member.renewal && (
            <>
              <dt className="font-semibold">Asked to stay</dt>
              <dd>{`for ${member.renewal.session}, until ${member.renewal.until}`}</dd>
            </>
          )}
        </dl>
      </div>
      <PositionForm position={member.position} />
      <section aria-labelledby="history-heading" className="flex flex-col gap-2">
        <h2 id="history-heading" className="text-xl font-bold text-brand-900">
          History
        </h2>
        <ul className="flex flex-col gap-1 text-slate-900">
          <li>{`${member.applied}: applied to join`}</li>
          {member.history.map((entry) => (
            <li
              key={entry.id}
            >{`${entry.when}: ${HISTORY_WORDS[entry.kind](entry.detail)}${entry.adminEmail ? ` (by ${entry.adminEmail})` : ""}`}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="events-heading" className="flex flex-col gap-2">
        <h2 id="events-heading" className="text-xl font-bold text-brand-900">
          Events registered for and attended
        </h2>
        {member.registrations.length === 0 ? (
          <p className="text-slate-700">None yet.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-slate-900">
            {member.registrations.map((registration) => (
              <li key={registration.id}>
                {registration.attended
                  ? `${registration.heading}: attended (checked in ${registration.attended})`
                  : `${registration.heading}: ${REGISTRATION_WORDS[registration.status] ?? registration.status} (${registration.when})`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ActionButton
        intent="remove"
        fields={{ memberId: member.id }}
        variant="danger"
        className="self-start"
        toasts={{ failure: NOT_DONE }}
        confirm={{
          title: "Remove this member?",
          label: "Remove",
          body: `${member.name} is removed with their history. Their join request stays.`,
        }}
      >
        Remove member
      </ActionButton>
    </main>
  );
}
