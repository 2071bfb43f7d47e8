import type { FieldMetadata } from "@conform-to/react";
import { X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { listEntries } from "#core/schemas/join";
import { Button } from "~/components/ui/button";
import { firstMessage, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A list answer (hobbies, books): type an entry, then Enter (or Add on small screens). Entries are trimmed; empty
 * ones and repeats are ignored; each chip has a remove button and travels as its own value. Before scripts run (or
 * without them) it is a plain text box whose entries are separated by commas, which the server splits the same way.
 */
export function ChipList({
  meta,
  label,
  disabled,
  quiet,
  onTyping,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  disabled?: boolean;
  /** Hide the list's error (the applicant has typed since it was shown). */
  quiet?: boolean;
  /** Called on every keystroke: typing clears the list's error (SPEC section 5). */
  onTyping: () => void;
}) {
  const [entries, setEntries] = useState(() => listEntries(meta.initialValue));
  const [draft, setDraft] = useState("");
  const scripted = useHydrated();

  const add = () => {
    const entry = draft.trim();
    if (entry !== "" && !entries.includes(entry)) setEntries([...entries, entry]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };
  // A list's own message, or an entry's ("Each entry must be at most 100 characters").
  const error = quiet ? undefined : firstMessage(meta.allErrors);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={meta.id} className="font-semibold text-slate-900">
        {label}
      </label>
      <p id={meta.descriptionId} className="text-sm text-slate-700">
        {scripted ? "Type an entry and press Enter (or Add) after each one." : "Separate the entries with commas."}
      </p>
      <div className="flex gap-2">
        <input
          key={scripted ? "draft" : "plain"}
          id={meta.id}
          name={scripted ? undefined : meta.name}
          value={scripted ? draft : undefined}
          defaultValue={scripted ? undefined : entries.join(", ")}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${meta.descriptionId} ${meta.errorId}` : meta.descriptionId}
          className={inputClass}
        />
        <Button type="button" variant="outline" className="md:hidden" onClick={add} disabled={disabled} aria-label={`Add to: ${label}`}>
          Add
        </Button>
      </div>
      {scripted && entries.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label={`${label}: entries`}>
          {entries.map((entry) => (
            <li
              key={entry}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-900"
            >
              {entry}
              <input type="hidden" name={meta.name} value={entry} />
              <button
                type="button"
                disabled={disabled}
                onClick={() => setEntries(entries.filter((e) => e !== entry))}
                aria-label={`Remove ${entry}`}
                className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-800"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
