/** SPEC 4: typed once, 70 ms per character after 1000 ms, no cursor, no deleting. */
export const TYPE_START_MS = 1000;
export const TYPE_MS_PER_CHARACTER = 70;

/**
 * The text is in the HTML from the start: screen readers and crawlers read it whole, and each visible character
 * is revealed by CSS at its own delay, so the effect needs no JavaScript and nothing shifts while it types.
 */
export function TypedHeadline({ text, className }: { text: string; className?: string }) {
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
