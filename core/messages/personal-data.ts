/** What the Personal data page says once everything held for an address is erased. */
export const PERSONAL_DATA_DONE = { erased: "Erased" } as const;
