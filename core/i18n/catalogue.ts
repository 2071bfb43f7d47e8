/**
 * A catalogue: a book of the site's own words, in groups of strings. English is each book's whole text; another
 * language's translation may leave strings out, and English shows in their place. Strings only, so a translation can
 * travel in a page's data; `{name}` marks a value filled in by `fill`.
 */
export type Book = Record<string, Record<string, string>>;

/** Any part of a book: what a language has translated of it. */
export type Translation<Of extends Book> = { [Group in keyof Of]?: Partial<Of[Group]> };

/** A book's strings in a language over English's: every string there is, translated where it was. */
export function withFallback<Of extends Book>(english: Of, translation: Translation<Of> | undefined): Of {
  if (!translation) return english;
  const merged: Record<string, Record<string, string>> = { ...english };
  for (const [group, strings] of Object.entries(translation)) {
    const translated = Object.entries((strings ?? {}) as Record<string, string | undefined>).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    );
    merged[group] = { ...merged[group], ...Object.fromEntries(translated) };
  }
  return merged as Of;
}

/**
 * `make` with a memory: one result per `bookOf(words)` (a part of a language's book, one object per language), so what
 * is made in a language (a form's schemas) is made once.
 */
export function oncePerBook<Words, Made>(bookOf: (words: Words) => object, make: (words: Words) => Made): (words: Words) => Made {
  const made = new WeakMap<object, Made>();
  return (words) => {
    let result = made.get(bookOf(words));
    if (!result) made.set(bookOf(words), (result = make(words)));
    return result;
  };
}

/** `{name}` in `text` replaced by `values.name`. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
