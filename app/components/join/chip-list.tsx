import type { FieldMetadata } from "@conform-to/react";
import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { fill } from "#core/i18n/catalogue.ts";
import type { FormWords } from "#core/i18n/forms/en.ts";
import { listEntries } from "#core/schemas/join.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, inputClass } from "#app/components/ui/field.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * A list answer (hobbies, books): type an entry, then Enter or Add; leaving the box adds what it holds too, and the
 * box itself is sent with the form, so nothing typed is dropped. Entries are read as the schema reads them
 * (`listEntries`: split on commas, trimmed, empty ones and repeats ignored); each chip has a remove button and travels
 * as its own value. Before scripts run (or without them) it is a plain text box whose entries are separated by commas.
 */
export function ChipList({
  meta,
  label,
  words,
  disabled,
  showError = true,
  onTyping,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  /** The join book in the page's language: the list's hint and buttons. */
  words: FormWords["join"];
  disabled?: boolean;
  /** False once the applicant has typed since the list's error was shown (SPEC 5: typing clears it). */
  showError?: boolean;
  /** Called on every keystroke. */
  onTyping: () => void;
}) {
  const [entries, setEntries] = useState(() => listEntries(meta.initialValue));
  const [draft, setDraft] = useState("");
  const scripted = useHydrated();

  const add = () => {
    if (draft.trim() !== "") setEntries(listEntries([...entries, draft]));
    setDraft("");
  };
  // Whether the last press since the box took the focus was on a button (Join Us, Back, Add, Remove). Such a press
  // acts on the box itself (it is sent with the form, kept by Back, added by Add), and a chip added as the focus leaves
  // would move the button from under the pointer before the press ends. (Safari and Firefox give no relatedTarget for
  // a pressed button; a touch's press ends before the focus moves.) Moving on by keyboard adds the entry.
  const pressingButton = useRef(false);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      pressingButton.current = event.target instanceof Element && event.target.closest("button") !== null;
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, []);
  const onBlur = () => {
    if (!pressingButton.current) add();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };
  return (
    <Field
      meta={meta}
      label={label}
      showError={showError}
      description={scripted ? words.listHint : words.listHintWithoutScripts}
      control={(aria) => (
        <>
          <div className="flex gap-2">
            <input
              key={scripted ? "draft" : "plain"}
              id={meta.id}
              name={meta.name}
              value={scripted ? draft : undefined}
              defaultValue={scripted ? undefined : entries.join(", ")}
              disabled={disabled}
              onChange={(event) => {
                setDraft(event.target.value);
                onTyping();
              }}
              onKeyDown={onKeyDown}
              onFocus={() => (pressingButton.current = false)}
              onBlur={onBlur}
              {...aria}
              // A dismissed error no longer marks the box either.
              aria-invalid={showError ? aria["aria-invalid"] : undefined}
              className={inputClass}
            />
            <Button type="button" variant="outline" onClick={add} disabled={disabled} aria-label={fill(words.addTo, { label })}>
              {words.add}
            </Button>
          </div>
          {scripted && entries.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label={fill(words.entries, { label })}>
              {entries.map((entry) => (
                <li
                  key={entry}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 ps-3 pe-1 text-sm font-medium text-brand-900"
                >
                  {entry}
                  <input type="hidden" name={meta.name} value={entry} />
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => setEntries(entries.filter((e) => e !== entry))}
                    aria-label={fill(words.remove, { entry })}
                    className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-800"
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    />
  );
}
