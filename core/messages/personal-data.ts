/** What the Personal data page says once data is deleted or erased, or an address is found to hold nothing (`counts`: "2 requests, …"). */
export const PERSONAL_DATA_DONE = {
  erased: "Erased",
  erasedFor: (counts: string, email: string) => `Erased ${counts} held for ${email}.`,
  deletedOlder: (counts: string) => `Deleted ${counts} older than that.`,
  nothingHeld: (email: string) => `Nothing is held for ${email}.`,
} as const;

/** The Personal data page's toast when an erasure was refused without words of its own. */
export const PERSONAL_DATA_FAILED = { erase: "Failed to erase" } as const;
