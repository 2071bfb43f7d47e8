/** A count with its noun as a person reads it: "1 photo", "3 photos", "0 registrations". */
export const countOf = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
