import { useState } from "react";
import { useFetcher } from "react-router";
import { ADMIN_ROLES, type AdminRole, ROLE_LABELS } from "#core/admin-roles.ts";
import { inviteAdminSchema } from "#core/schemas/accounts.ts";
import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { useAnswerToasts } from "#app/components/admin/forms/answer-toasts.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, inputClass, Options } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import type { AccountSummary, InvitationSummary } from "#server/auth/accounts.server.ts";
import { ACCOUNTS_FAILED } from "#core/messages/accounts.ts";

function RoleForm({ account }: { account: AccountSummary }) {
  const fetcher = useFetcher<ActionAnswer>();
  const { announce } = useAnswerToasts(fetcher.data, { failure: ACCOUNTS_FAILED.change });
  const [role, setRole] = useState<AdminRole>(account.role);
  const selectId = `role-${account.id}`;
  return (
    <fetcher.Form method="post" onSubmit={announce} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="adminId" value={account.id} />
      <label htmlFor={selectId} className="sr-only">{`Role of ${account.name ?? account.email}`}</label>
      <select id={selectId} name="role" value={role} onChange={(event) => setRole(event.target.value as AdminRole)} className={inputClass}>
        <Options values={ADMIN_ROLES} labels={ROLE_LABELS} />
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={role === account.role || fetcher.state !== "idle"}>
        Change role
      </Button>
    </fetcher.Form>
  );
}

/** Each admin: name, email, role (changeable), two factors, last sign-in, and Disable/Enable and Remove. */
export function AccountList({ accounts, you }: { accounts: AccountSummary[]; you: string }) {
  return (
    <ul className="flex flex-col divide-y divide-brand-100" aria-label="Admin accounts">
      {accounts.map((account) => (
        <li key={account.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="admin-account">
          <div>
            <p className="font-bold text-slate-900">
              {account.name ?? account.email}
              {account.id === you && <span className="font-normal text-slate-700"> (you)</span>}
            </p>
            {account.name && <p className="text-slate-700">{account.email}</p>}
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
              <dt className="font-semibold">Role</dt>
              <dd>{ROLE_LABELS[account.role]}</dd>
              <dt className="font-semibold">Blood coordinator</dt>
              <dd>{account.bloodCoordinator ? "Yes" : account.role === "owner" ? "No (Owners open the Blood section anyway)" : "No"}</dd>
              <dt className="font-semibold">Two-factor</dt>
              <dd>{account.twoFactor ? "On" : "Off"}</dd>
              <dt className="font-semibold">Last sign-in</dt>
              <dd>{account.lastSignIn ?? "Never"}</dd>
              {account.disabled && (
                <>
                  <dt className="font-semibold">Access</dt>
                  <dd className="font-semibold text-red-800">Disabled</dd>
                </>
              )}
            </dl>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <RoleForm account={account} />
            <ActionButton
              intent="set-blood-coordinator"
              fields={{ adminId: account.id, coordinator: account.bloodCoordinator ? "false" : "true" }}
              toasts={{ failure: ACCOUNTS_FAILED.change }}
            >
              {account.bloodCoordinator ? "Remove blood coordinator" : "Make blood coordinator"}
            </ActionButton>
            <ActionButton
              intent="set-access"
              fields={{ adminId: account.id, disabled: account.disabled ? "false" : "true" }}
              toasts={{ failure: ACCOUNTS_FAILED.change }}
            >
              {account.disabled ? "Enable" : "Disable"}
            </ActionButton>
            <ActionButton
              intent="delete"
              fields={{ adminId: account.id }}
              variant="danger"
              toasts={{ failure: ACCOUNTS_FAILED.remove }}
              confirm={{
                title: "Remove this admin?",
                label: "Remove",
                body: `${account.name ?? account.email} can no longer sign in, and every session of the account ends now.`,
              }}
            >
              Remove
            </ActionButton>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Whether every admin must sign in with two factors: the state, and the button that changes it. */
export function RequireTwoFactorForm({ required }: { required: boolean }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold text-slate-900" data-testid="two-factor-required">
        {required ? "Required for every admin." : "Not required: each admin chooses."}
      </p>
      <ActionButton
        intent="require-two-factor"
        fields={{ required: required ? "false" : "true" }}
        className="self-start"
        toasts={{ failure: ACCOUNTS_FAILED.change }}
      >
        {required ? "Stop requiring it" : "Require it for every admin"}
      </ActionButton>
    </div>
  );
}

/** "Invite admin": an email and a role; the invitation goes by mail. */
export function InviteAdminForm() {
  const invitation = useAdminForm({
    id: "invite-admin",
    intent: "invite",
    schema: inviteAdminSchema,
    defaultValue: { email: "", role: "editor" },
  });
  return (
    <AdminForm form={invitation} submit="Send invitation" label="Invite admin">
      <Field meta={invitation.fields.email} label="Email" type="email" autoComplete="off" />
      <SelectField meta={invitation.fields.role} label="Role" options={ROLE_LABELS} />
    </AdminForm>
  );
}

/** The invitations not yet accepted, each until it expires, with Revoke. */
export function InvitationList({ invitations }: { invitations: InvitationSummary[] }) {
  return (
    <div className="mt-6">
      <h3 className="font-bold text-brand-900">Waiting for an answer</h3>
      <ul className="mt-2 flex flex-col gap-2" aria-label="Open invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 text-slate-700">
            <span>{`${invitation.email}, ${ROLE_LABELS[invitation.role]}, until ${invitation.expires}`}</span>
            <ActionButton
              intent="revoke-invitation"
              fields={{ invitationId: invitation.id }}
              toasts={{ failure: ACCOUNTS_FAILED.revokeInvitation }}
              confirm={{ title: "Revoke this invitation?", label: "Revoke", body: `The link sent to ${invitation.email} stops working.` }}
            >
              Revoke
            </ActionButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
