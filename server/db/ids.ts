import { v7 as uuidv7 } from "uuid";

/** Sortable ids: UUIDv7 orders by creation time. */
export const newId = (): string => uuidv7();

/** Times are stored as UTC ISO-8601 strings, which sort the same as the instants they name. */
export const nowIso = (): string => new Date().toISOString();
