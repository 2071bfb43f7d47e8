import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { countOf } from "#core/count-of";
import { confirmTwoFactorSchema, passwordAgainSchema } from "#core/schemas/two-factor";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";

interface FormAnswerWithCodes {
  ok: boolean;
  result: SubmissionResult<string[]>;
  recoveryCodes?: string[];
}

/** What the security page knows: two factors on or off, the recovery codes left, and a setup waiting for its first code. */
export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
  setup?: { secret: string; qrSvg: string };
}

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
          onDone={() => showToast.success("Two-factor sign-in is off")}
        />
      </div>
    );
  }
  if (setup) return <ConfirmSetup setup={setup} onConfirmed={setShownCodes} />;
  return <StartSetup />;
}

function StartSetup() {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  return (
    <div className="flex flex-col gap-3">
      <p data-testid="two-factor-state">Off.</p>
      <fetcher.Form method="post" action={href("/admin/security")}>
        <input type="hidden" name="intent" value="start-two-factor" />
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" && <Spinner />}
          Set up two-factor sign-in
        </Button>
      </fetcher.Form>
    </div>
  );
}

/** The secret as a QR code and as text (in groups of four, to type), and the app's first code to confirm it. */
function ConfirmSetup({ setup, onConfirmed }: { setup: NonNullable<TwoFactorState["setup"]>; onConfirmed: (codes: string[]) => void }) {
  const fetcher = useFetcher<FormAnswerWithCodes>();
  const [form, fields] = useForm({
    id: "confirm-two-factor",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmTwoFactorSchema }),
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, (answer) => {
    if (answer.ok && answer.recoveryCodes) onConfirmed(answer.recoveryCodes);
  });
  const busy = fetcher.state !== "idle";
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
      <fetcher.Form
        method="post"
        action={href("/admin/security")}
        {...getFormProps(form)}
        className="flex flex-col gap-4"
        aria-label="Confirm two-factor sign-in"
      >
        <input type="hidden" name="intent" value="confirm-two-factor" />
        <Field
          meta={fields.code}
          label="The 6-digit code the app shows"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
        />
        <Button type="submit" disabled={busy} className="self-start">
          {busy && <Spinner />}
          Turn on
        </Button>
      </fetcher.Form>
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
  onDone: (answer: FormAnswerWithCodes) => void;
}) {
  const fetcher = useFetcher<FormAnswerWithCodes>();
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordAgainSchema }),
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, (answer) => answer.ok && onDone(answer));
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={href("/admin/security")} {...getFormProps(form)} className="flex flex-col gap-3" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <h3 className="font-bold text-brand-900">{label}</h3>
      <p className="text-slate-700">{description}</p>
      {form.errors && <FormMessage>{firstMessage(form.errors)}</FormMessage>}
      <Field meta={fields.password} label="Your password" type="password" autoComplete="current-password" />
      <Button type="submit" variant="outline" disabled={busy} className="self-start">
        {busy && <Spinner />}
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** The recovery codes, shown this once: each signs in once instead of the app's code. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <FormMessage tone="success">Two-factor sign-in is on.</FormMessage>
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
