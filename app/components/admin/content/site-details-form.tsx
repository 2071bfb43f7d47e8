import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { type SiteDetailsInput, siteDetailsSchema } from "#core/schemas/content-forms";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { SaveButton, useSavedToast } from "./save-button";

/** /admin/content/home: names, texts and links, saved together. */
export function SiteDetailsForm({ details }: { details: SiteDetailsInput }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: "site-details",
    lastResult: fetcher.data?.result,
    defaultValue: { ...details, version: String(details.version) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: siteDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useSavedToast(fetcher.data);
  const formError = firstMessage(form.errors);

  return (
    <fetcher.Form
      method="post"
      action="/admin/content/details"
      {...getFormProps(form)}
      className="mt-6 flex flex-col gap-5"
      aria-label="Home"
    >
      {formError && <FormMessage>{formError}</FormMessage>}
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.name} label="Name" />
        <Field meta={fields.shortName} label="Short name" description="For the phone's home screen, e.g. an abbreviation." />
      </div>
      <Field meta={fields.tagline} label="Tagline" description="The typed headline on the home page." />
      <Field meta={fields.heroText} label="Hero text" rows={3} />
      <Field meta={fields.mission} label="Mission" rows={6} description="The paragraph under “About Us”." />
      <Field meta={fields.videoChannelUrl} label="Video channel link" type="url" inputMode="url" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.whatsappContactUrl} label="WhatsApp link" type="url" inputMode="url" description="A https://wa.me/… link." />
        <Field meta={fields.whatsappCommunityUrl} label="WhatsApp community link" type="url" inputMode="url" />
      </div>
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
