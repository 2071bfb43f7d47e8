import { v7 as uuidv7 } from "uuid";

/** Sortable ids: UUIDv7 orders by creation time. */
export const newId = (): string => uuidv7();

/** Times are stored as UTC ISO-8601 strings, which sort the same as the instants they name. */
export const nowIso = (): string => new Date().toISOString();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a string is shaped like the ids the site makes. Anything else names no row and is answered without asking
 * the database (PostgreSQL refuses some strings outright, a NUL byte for one).
 */
export const isRecordId = (id: string): boolean => UUID.test(id);
