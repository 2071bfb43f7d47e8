import { useState } from "react";
import { href, Link } from "react-router";
import { countOf } from "#core/count-of.ts";
import { confirmTwoFactorSchema, passwordAgainSchema } from "#core/schemas/two-factor.ts";
import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import { AdminForm, type FormAnswer, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { SECURITY_DONE, SECURITY_FAILED } from "#core/messages/security.ts";
import type { Route } from "../../routes/admin/security/+types/index";

interface FormAnswerWithCodes extends FormAnswer {
  recoveryCodes?: string[];
}

/** What the security page knows: two factors on or off, the recovery codes left, and a setup waiting for its first code. */
type TwoFactorState = Pick<Route.ComponentProps["loaderData"], "enabled" | "recoveryCodesLeft" | "setup">;

/** Two-factor sign-in: set it up (scan, confirm with a code), see the recovery codes once, replace them, turn it off. */
export function TwoFactorSection({ enabled, recoveryCodesLeft, setup }: TwoFactorState) {
  const [shownCodes, setShownCodes] = useState<string[]>();
  if (shownCodes) return <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(undefined)} />;
  if (enabled) {
    return (
      <div className="flex flex-col gap-6">
        <p className="font-semibold text-green-800" data-testid="two-factor-state">
          {`On. ${countOf(recoveryCodesLeft, "recovery code")} left.`}
        </p>
        <PasswordAgainForm
          id="new-recovery-codes"
          intent="recovery-codes"
          label="New recovery codes"
          description="Ten new codes; the ones you have now stop working."
          onDone={(answer) => answer.recoveryCodes && setShownCodes(answer.recoveryCodes)}
        />
        <PasswordAgainForm
          id="turn-off-two-factor"
          intent="disable-two-factor"
          label="Turn off two-factor sign-in"
          description="Signing in then asks for your password only."
        />
      </div>
    );
  }
  if (setup) return <ConfirmSetup setup={setup} onConfirmed={setShownCodes} />;
  return <StartSetup />;
}

function StartSetup() {
  return (
    <div className="flex flex-col gap-3">
      <p data-testid="two-factor-state">Off.</p>
      <ActionButton intent="start-two-factor" variant="primary" size="md" toasts={{ failure: SECURITY_FAILED.twoFactorSetup }}>
        Set up two-factor sign-in
      </ActionButton>
    </div>
  );
}

/** The secret as a QR code and as text (in groups of four, to type), and the app's first code to confirm it. */
function ConfirmSetup({ setup, onConfirmed }: { setup: NonNullable<TwoFactorState["setup"]>; onConfirmed: (codes: string[]) => void }) {
  const confirmation = useAdminForm<typeof confirmTwoFactorSchema, FormAnswerWithCodes>({
    id: "confirm-two-factor",
    intent: "confirm-two-factor",
    schema: confirmTwoFactorSchema,
    shouldValidate: "onSubmit",
    onSaved: (answer) => answer.recoveryCodes && onConfirmed(answer.recoveryCodes),
  });
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-slate-700">
        <li>Open an authenticator app on your phone and add an account with this QR code.</li>
        <li>Or type this key into the app instead:</li>
      </ol>
      {/* The QR code is drawn on the server from this site's own address and the key: no script, no other host. */}
      <div
        role="img"
        aria-label="QR code of the two-factor key"
        className="size-48 self-start rounded border border-slate-300 bg-white"
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p className="font-mono text-lg break-all text-slate-900" data-testid="two-factor-secret">
        {setup.secret.match(/.{1,4}/g)?.join(" ")}
      </p>
      <AdminForm form={confirmation} label="Confirm two-factor sign-in" submit="Turn on">
        <Field
          meta={confirmation.fields.code}
          label="The 6-digit code the app shows"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
        />
      </AdminForm>
    </div>
  );
}

/** A change that asks for the password again. */
function PasswordAgainForm({
  id,
  intent,
  label,
  description,
  onDone,
}: {
  id: string;
  /** Which of the security page's actions it asks for. */
  intent: string;
  label: string;
  description: string;
  onDone?: (answer: FormAnswerWithCodes) => void;
}) {
  const passwordAgain = useAdminForm<typeof passwordAgainSchema, FormAnswerWithCodes>({
    id,
    intent,
    schema: passwordAgainSchema,
    shouldValidate: "onSubmit",
    onSaved: onDone,
  });
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-bold text-brand-900">{label}</h3>
      <p className="text-slate-700">{description}</p>
      <AdminForm form={passwordAgain} label={label} submit={label} submitVariant="outline" className="flex flex-col gap-3">
        <Field meta={passwordAgain.fields.password} label="Your password" type="password" autoComplete="current-password" />
      </AdminForm>
    </div>
  );
}

/** The recovery codes, shown this once: each signs in once instead of the app's code. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <FormMessage tone="success">{SECURITY_DONE.twoFactorOn}</FormMessage>
      <p className="text-slate-700">
        Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose the app. They are shown only
        now.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-lg text-slate-900" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
        <Button asChild variant="outline">
          <Link to={href("/admin")}>Go to the admin panel</Link>
        </Button>
      </div>
    </div>
  );
}
