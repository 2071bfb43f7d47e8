import type { z } from "zod";

/**
 * U+0000 (NUL) in a text field: nobody types it, SQLite would store it, and PostgreSQL refuses it in a text
 * column (the insert fails). Every text field that is stored or looked up refuses it, the same on both engines.
 */
export function withoutNul<T extends z.ZodString>(schema: T, label: string): T {
  return schema.refine((value) => !value.includes("\u0000"), `${label} contains a character that is not allowed`);
}
