import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { CheckInAnswer } from "#app/components/admin/check-in/check-in-answer.ts";
import { CheckInOutcome } from "#app/components/admin/check-in/check-in-outcome.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage, inputClass } from "#app/components/ui/field.tsx";

/** The walk-in form's fields. */
const WALK_IN_FIELDS = [
  { name: "name", label: "Name", type: "text", autoComplete: "off" },
  { name: "email", label: "Email", type: "email", autoComplete: "off" },
  { name: "phone", label: "Phone number", type: "tel", autoComplete: "off" },
] as const;

/**
 * Someone who came without registering: added with a place (while there is one) and checked in at once. A fetcher of
 * its own, so what it came to shows here, where the person at the door is typing.
 */
export function WalkInForm() {
  const fetcher = useFetcher<CheckInAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const errors = fetcher.data?.result.error;
  const added = fetcher.data?.checkIn;
  useEffect(() => {
    if (added) form.current?.reset();
  }, [added]);
  return (
    <details className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <summary className="cursor-pointer font-semibold text-slate-900">Add a walk-in</summary>
      <fetcher.Form ref={form} method="post" aria-label="Add a walk-in" className="mt-3 flex flex-col gap-3">
        <input type="hidden" name="intent" value="walk-in" />
        {WALK_IN_FIELDS.map((field) => {
          const error = errors?.[field.name]?.[0];
          return (
            <div key={field.name} className="flex flex-col gap-1">
              <label htmlFor={`walk-in-${field.name}`} className="font-semibold text-slate-900">
                {field.label}
              </label>
              <input
                id={`walk-in-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `walk-in-${field.name}-error` : undefined}
                className={inputClass}
              />
              {error && (
                <p id={`walk-in-${field.name}-error`} className="text-sm font-semibold text-red-800">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {errors?.[""]?.[0] && <FormMessage>{errors[""][0]}</FormMessage>}
        <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"}>
          Add and check in
        </Button>
      </fetcher.Form>
      {added && <CheckInOutcome result={added} />}
    </details>
  );
}
