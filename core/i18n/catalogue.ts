import { en, type Messages } from "./en";
import type { PartialMessages } from "./ur";

export type { Messages } from "./en";

/** A language's strings over English's: every string there is, in `locale` where it was translated. */
export function withFallback(translation: PartialMessages | undefined): Messages {
  if (!translation) return en;
  const merged = { ...en } as Record<string, Record<string, string>>;
  for (const [group, strings] of Object.entries(translation)) {
    merged[group] = { ...merged[group], ...Object.fromEntries(Object.entries(strings ?? {}).filter(([, text]) => text)) };
  }
  return merged as unknown as Messages;
}

/** `{name}` in `text` replaced by `values.name`. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
