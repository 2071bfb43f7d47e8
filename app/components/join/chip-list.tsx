import { X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

interface ChipListProps {
  id: string;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Called on every keystroke: typing clears the list's error (SPEC section 5). */
  onTyping: () => void;
  error?: string;
  disabled?: boolean;
  inputClassName: string;
}

/**
 * A list answer (hobbies, books): type an entry, then Enter (or Add on small screens). Entries are
 * trimmed; empty ones and repeats are ignored; each chip has a remove button.
 */
export function ChipList({ id, label, value, onChange, onTyping, error, disabled, inputClassName }: ChipListProps) {
  const [draft, setDraft] = useState("");
  const add = () => {
    const entry = draft.trim();
    if (entry !== "" && !value.includes(entry)) onChange([...value, entry]);
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      <p id={hintId} className="text-sm text-slate-700">
        Type an entry and press Enter (or Add) after each one.
      </p>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={draft}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className={cn(inputClassName, "mt-0")}
        />
        <Button type="button" variant="outline" className="md:hidden" onClick={add} disabled={disabled} aria-label={`Add to: ${label}`}>
          Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${label}: entries`}>
          {value.map((entry) => (
            <li key={entry} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-900">
              {entry}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((e) => e !== entry))}
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
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
