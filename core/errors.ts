/** What a caught error says, for a log line or a message: its message, or the thrown value as text. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
