import { Copy, DoorOpen } from "lucide-react";
import { useFetcher } from "react-router";
import { DOOR_LINK_MESSAGES } from "#core/messages/check-in.ts";
import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import type { FormAnswer } from "#app/components/admin/forms/admin-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage, inputClass } from "#app/components/ui/field.tsx";
import type { ListedDoorLink } from "#server/services/registrations.ts";

/** What making a door link answers: the link (shown this once), or why not. */
interface DoorLinkAnswer extends FormAnswer {
  doorLink?: { label: string; link: string; expiresText: string };
}

const STATE_LABELS: Record<ListedDoorLink["state"], string> = { open: "Open", revoked: "Revoked", expired: "Expired" };

/**
 * An event's door links on its registrations screen: making one for a volunteer (the link is shown once, to copy and
 * send), and each link made, open, revoked or expired, with Revoke while it is open.
 */
export function DoorLinks({ links }: { links: ListedDoorLink[] }) {
  const fetcher = useFetcher<DoorLinkAnswer>();
  const answer = fetcher.data;
  const labelError = answer?.result.error?.label?.[0];
  const formError = answer?.result.error?.[""]?.[0];
  const doorLink = answer?.doorLink;
  return (
    <section aria-labelledby="door-links" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="door-links" className="text-xl font-bold text-slate-900">
        Door links
      </h2>
      <p className="mt-1 text-slate-700">{DOOR_LINK_MESSAGES.help}</p>
      <fetcher.Form method="post" className="mt-3 flex flex-col gap-1" aria-label="Make a door link">
        <input type="hidden" name="intent" value="door-link" />
        <label htmlFor="door-link-label" className="font-semibold text-slate-900">
          Who is it for?
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="door-link-label"
            name="label"
            maxLength={60}
            placeholder="Main gate"
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? "door-link-label-error" : undefined}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            <DoorOpen className="size-4" aria-hidden />
            Make a door link
          </Button>
        </div>
        {labelError && (
          <p id="door-link-label-error" className="text-sm font-semibold text-red-800">
            {labelError}
          </p>
        )}
      </fetcher.Form>
      {formError && <FormMessage>{formError}</FormMessage>}
      {doorLink && (
        <div role="status" className="mt-3 flex flex-col gap-2 rounded-lg border border-green-700 bg-green-50 p-3 text-green-950">
          <p className="font-semibold">
            Door link for {doorLink.label}, working until {doorLink.expiresText}. Copy it now: it is not shown again.
          </p>
          <p className="font-mono text-sm break-all" data-testid="door-link">
            {doorLink.link}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => void navigator.clipboard.writeText(doorLink.link)}
          >
            <Copy className="size-4" aria-hidden />
            Copy the link
          </Button>
        </div>
      )}
      {links.length > 0 && (
        <ul aria-label="Door links made" className="mt-4 flex flex-col gap-2">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-2">
              <span className="text-slate-900">
                <span className="font-semibold">{link.label}</span>
                {` · ${STATE_LABELS[link.state]} · made ${link.createdText}, ${link.state === "expired" ? "expired" : "until"} ${link.expiresText}`}
              </span>
              {link.state === "open" && (
                <ActionButton
                  intent="revoke-door-link"
                  fields={{ linkId: link.id }}
                  toasts={{ failure: DOOR_LINK_MESSAGES.notOpen }}
                  confirm={{
                    title: `Revoke the door link for ${link.label}?`,
                    body: "It stops working at once; check-ins made with it stay.",
                    label: "Revoke",
                  }}
                >
                  Revoke<span className="sr-only"> the door link for {link.label}</span>
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
