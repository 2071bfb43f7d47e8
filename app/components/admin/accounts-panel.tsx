import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { type AdminRole, ROLE_LABELS } from "#core/admin-roles";
import { inviteAdminSchema } from "#core/schemas/accounts";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, inputClass } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { type ActionAnswer, answerMessage } from "~/lib/answer-message";
import { useActionResult } from "~/lib/use-action-result";
import type { AccountSummary, InvitationSummary } from "../../../server/auth/accounts.server";
import { useConfirmedDelete } from "./use-confirmed-delete";

/** Posts one change of an account (its role, or its access) and says how it went. */
function useAccountChange(success: string) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) showToast.success(success);
    else showToast.error(answerMessage(answer) ?? "The change failed. Please try again.");
  });
  return fetcher;
}

function RoleForm({ account }: { account: AccountSummary }) {
  const fetcher = useAccountChange("Role changed");
  const [role, setRole] = useState<AdminRole>(account.role);
  const selectId = `role-${account.id}`;
  return (
    <fetcher.Form method="post" action={href("/admin/accounts")} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-role" />
      <input type="hidden" name="adminId" value={account.id} />
      <label htmlFor={selectId} className="sr-only">{`Role of ${account.name ?? account.email}`}</label>
      <select id={selectId} name="role" value={role} onChange={(event) => setRole(event.target.value as AdminRole)} className={inputClass}>
        {Object.entries(ROLE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={role === account.role || fetcher.state !== "idle"}>
        Change role
      </Button>
    </fetcher.Form>
  );
}

function AccessButton({ account }: { account: AccountSummary }) {
  const fetcher = useAccountChange(account.disabled ? "Account enabled" : "Account disabled: its sessions have ended");
  return (
    <fetcher.Form method="post" action={href("/admin/accounts")}>
      <input type="hidden" name="intent" value="set-access" />
      <input type="hidden" name="adminId" value={account.id} />
      <input type="hidden" name="disabled" value={account.disabled ? "false" : "true"} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        {account.disabled ? "Enable" : "Disable"}
      </Button>
    </fetcher.Form>
  );
}

/** Each admin: name, email, role (changeable), two factors, last sign-in, and Disable/Enable and Remove. */
export function AccountList({ accounts, you }: { accounts: AccountSummary[]; you: string }) {
  const removal = useConfirmedDelete<AccountSummary>({
    action: () => href("/admin/accounts"),
    body: (account) => ({ intent: "delete", adminId: account.id }),
    success: "Account removed",
    failure: "The account could not be removed",
  });
  return (
    <>
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
              <AccessButton account={account} />
              <Button type="button" size="sm" variant="danger" onClick={() => removal.select(account)}>
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog {...removal.dialog} title="Remove this admin?" confirmLabel="Remove" confirmVariant="danger">
        {`${removal.selected?.name ?? removal.selected?.email ?? ""} can no longer sign in, and every session of the account ends now.`}
      </ConfirmDialog>
    </>
  );
}

/** Whether every admin must sign in with two factors: the state, and the button that changes it. */
export function RequireTwoFactorForm({ required }: { required: boolean }) {
  const fetcher = useAccountChange(required ? "Two-factor sign-in is no longer required" : "Two-factor sign-in is now required");
  return (
    <fetcher.Form method="post" action={href("/admin/accounts")} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="require-two-factor" />
      <p className="font-semibold text-slate-900" data-testid="two-factor-required">
        {required ? "Required for every admin." : "Not required: each admin chooses."}
      </p>
      <input type="hidden" name="required" value={required ? "false" : "true"} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"} className="self-start">
        {required ? "Stop requiring it" : "Require it for every admin"}
      </Button>
    </fetcher.Form>
  );
}

/** "Invite admin": an email and a role; the invitation goes by mail. */
export function InviteAdminForm() {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: "invite-admin",
    lastResult: fetcher.data?.result,
    defaultValue: { email: "", role: "editor" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteAdminSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, ({ ok }) => ok && showToast.success("Invitation sent"));
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={href("/admin/accounts")}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
      aria-label="Invite admin"
    >
      <input type="hidden" name="intent" value="invite" />
      <Field meta={fields.email} label="Email" type="email" autoComplete="off" />
      <SelectField meta={fields.role} label="Role" options={ROLE_LABELS} />
      <Button type="submit" disabled={busy} className="self-start">
        {busy && <Spinner />}
        Send invitation
      </Button>
    </fetcher.Form>
  );
}

/** The invitations not yet accepted, each until it expires, with Revoke. */
export function InvitationList({ invitations }: { invitations: InvitationSummary[] }) {
  const revocation = useConfirmedDelete<InvitationSummary>({
    action: () => href("/admin/accounts"),
    body: (invitation) => ({ intent: "revoke-invitation", invitationId: invitation.id }),
    success: "Invitation revoked",
    failure: "The invitation could not be revoked",
  });
  return (
    <div className="mt-6">
      <h3 className="font-bold text-brand-900">Waiting for an answer</h3>
      <ul className="mt-2 flex flex-col gap-2" aria-label="Open invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 text-slate-700">
            <span>{`${invitation.email}, ${ROLE_LABELS[invitation.role]}, until ${invitation.expires}`}</span>
            <Button type="button" size="sm" variant="outline" onClick={() => revocation.select(invitation)}>
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog {...revocation.dialog} title="Revoke this invitation?" confirmLabel="Revoke" confirmVariant="danger">
        {`The link sent to ${revocation.selected?.email ?? ""} stops working.`}
      </ConfirmDialog>
    </div>
  );
}
