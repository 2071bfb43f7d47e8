/**
 * The name a mail that a public form causes may greet, and put in its To: header: letters (any script), spaces and
 * . ' - only, at most 60 characters. Anything else (a link, a line of text) is not repeated to the address typed,
 * which may be a stranger's: undefined, and the mail greets no one by name.
 */
export function greetableName(name: string): string | undefined {
  const oneLine = name.replace(/\s+/g, " ").trim();
  return /^\p{L}[\p{L}\p{M} .'’-]{0,59}$/u.test(oneLine) ? oneLine : undefined;
}
