import type { TextPart } from "#core/text-parts.ts";

/** Text with its web addresses as links (server/services/linked-text.ts cut it up); everything else is text. */
export function LinkedText({ parts }: { parts: TextPart[] }) {
  return parts.map((part, index) =>
    part.href ? (
      <a key={index} href={part.href} rel="noopener noreferrer nofollow" className="font-medium text-brand-800 underline">
        {part.text}
      </a>
    ) : (
      part.text
    ),
  );
}
