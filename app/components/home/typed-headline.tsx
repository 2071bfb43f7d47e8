/** SPEC 4: typed once, 70 ms per character after 1000 ms, no cursor, no deleting. */
export const TYPE_START_MS = 1000;
export const TYPE_MS_PER_CHARACTER = 70;
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * The text is in the HTML from the start: screen readers and crawlers read it whole, and each visible character
 * is revealed by CSS at its own delay, so the effect needs no JavaScript and nothing shifts while it types.
 */
export function TypedHeadline({ text, className }: { text: string; className?: string }) {
  // Arabic script (an Urdu headline) joins its letters: typed one by one, each would stand apart. It shows whole.
  if (ARABIC_SCRIPT.test(text)) return <h1 className={className}>{text}</h1>;
  return (
    <h1 className={className}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true" data-testid="typed-headline">
        {Array.from(text).map((character, index) => (
          <span
            // The same character may repeat: its position is its identity.
            key={index}
            className="typed-char"
            style={{ animationDelay: `${TYPE_START_MS + TYPE_MS_PER_CHARACTER * index}ms` }}
          >
            {character}
          </span>
        ))}
      </span>
    </h1>
  );
}
