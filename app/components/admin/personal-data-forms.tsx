import { countOf } from "#core/count-of";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { eraseByEmailSchema, RETENTION_LABELS, retentionSchema } from "#core/schemas/personal-data";
import { useState } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";
import { useContentForm } from "./content/content-form";

interface Counts {
  requests: number;
  messages: number;
  registrations: number;
  mails: number;
}

/** "2 requests, 1 message, 0 registrations and 3 mails". */
const countsText = ({ requests, messages, registrations, mails }: Counts) =>
  `${countOf(requests, "request")}, ${countOf(messages, "message")}, ${countOf(registrations, "registration")} and ${countOf(mails, "mail")}`;
const nothing = ({ requests, messages, registrations, mails }: Counts) => requests + messages + registrations + mails === 0;

/** Months a choice keeps data for; "never" keeps it longest. */
const monthsOf = (choice: string) => (choice === "never" ? Infinity : Number(choice));

/**
 * The retention setting; saving it deletes at once what is older, and says how much that was. A shorter period than
 * the stored one asks first, as every delete does.
 */
export function RetentionForm({ retention }: { retention: string }) {
  const [deleted, setDeleted] = useState<Counts>();
  const [confirming, setConfirming] = useState<HTMLFormElement>();
  const { fetcher, form, fields } = useContentForm({
    id: "retention",
    schema: retentionSchema,
    defaultValue: { retention },
    onSaved: (answer) => setDeleted((answer as { deleted?: Counts }).deleted),
  });
  const formError = firstMessage(form.errors);
  const formProps = getFormProps(form);
  const chosen = fields.retention.value ?? retention;
  return (
    <>
      <fetcher.Form
        method="post"
        action={href("/admin/personal-data")}
        {...formProps}
        onSubmit={(event) => {
          if (monthsOf(chosen) < monthsOf(retention) && confirming !== event.currentTarget) {
            event.preventDefault();
            setConfirming(event.currentTarget);
            return;
          }
          formProps.onSubmit(event);
        }}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="retention" />
        {formError && <FormMessage>{formError}</FormMessage>}
        <SelectField
          meta={fields.retention}
          label="Keep join requests, contact messages and registrations for"
          options={RETENTION_LABELS}
        />
        {deleted && !nothing(deleted) && <FormMessage tone="success">{`Deleted ${countsText(deleted)} older than that.`}</FormMessage>}
        <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" && <Spinner />}
          Save
        </Button>
      </fetcher.Form>
      <ConfirmDialog
        open={confirming !== undefined && fetcher.state === "idle"}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={`Keep requests, messages and registrations for ${RETENTION_LABELS[chosen as keyof typeof RETENTION_LABELS] ?? chosen} only?`}
        confirmLabel="Save and delete"
        confirmVariant="danger"
        onConfirm={() => {
          // Submitted again with the dialog's answer: the form's own handler sends it this time.
          confirming?.requestSubmit();
          setConfirming(undefined);
        }}
      >
        Requests and messages older than that, with their notes and mails, are deleted now. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

interface EraseAnswer {
  ok: boolean;
  result: SubmissionResult<string[]>;
  email?: string;
  held?: Counts;
  erased?: Counts;
}

/** Find what is held for an address, then erase it all after a confirmation. */
export function EraseByEmail() {
  const finder = useFetcher<EraseAnswer>();
  const eraser = useFetcher<EraseAnswer>();
  const [confirming, setConfirming] = useState(false);
  /** The finding an erasure followed: its outcome replaces that finding only, not a later one. */
  const [erasedFinding, setErasedFinding] = useState<EraseAnswer>();
  const [form, fields] = useForm({
    id: "erase-by-email",
    lastResult: finder.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eraseByEmailSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useActionResult(eraser.data, (answer) => {
    setConfirming(false);
    if (answer.ok) {
      setErasedFinding(finder.data);
      showToast.success("Erased");
    } else showToast.error(firstMessage(answer.result.error) ?? "Failed to erase");
  });
  const found = finder.state === "idle" && finder.data?.ok ? finder.data : undefined;
  const erased = found && found === erasedFinding ? eraser.data?.erased : undefined;

  return (
    <div className="flex flex-col gap-4">
      <finder.Form method="post" action={href("/admin/personal-data")} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="find" />
        <Field meta={fields.email} label="Email address" type="email" autoComplete="off" />
        <Button type="submit" variant="outline" className="self-start" disabled={finder.state !== "idle"}>
          {finder.state !== "idle" && <Spinner />}
          Find
        </Button>
      </finder.Form>
      {/* Always there, so a screen reader reads each new outcome out. */}
      <div className="flex flex-col gap-3" aria-live="polite">
        {found?.held &&
          found.email &&
          (erased ? (
            <FormMessage tone="success">{`Erased ${countsText(erased)} held for ${found.email}.`}</FormMessage>
          ) : nothing(found.held) ? (
            <FormMessage tone="notice">{`Nothing is held for ${found.email}.`}</FormMessage>
          ) : (
            <>
              <p className="text-slate-900">{`Held for ${found.email}: ${countsText(found.held)}.`}</p>
              <Button variant="danger" className="self-start" onClick={() => setConfirming(true)}>
                Erase all
              </Button>
            </>
          ))}
      </div>
      <ConfirmDialog
        open={confirming}
        busy={eraser.state !== "idle"}
        onOpenChange={(open) => !open && eraser.state === "idle" && setConfirming(false)}
        title={`Erase everything held for ${found?.email ?? "this address"}?`}
        confirmLabel="Erase"
        confirmVariant="danger"
        onConfirm={() => {
          if (found?.email)
            void eraser.submit({ email: found.email, intent: "erase" }, { method: "post", action: href("/admin/personal-data") });
        }}
      >
        {`This deletes ${found?.held ? countsText(found.held) : "them"}, with their notes and history. It cannot be undone.`}
      </ConfirmDialog>
    </div>
  );
}
