import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. (No tailwind-merge: it cost ~8 KiB gzip on every page; components put overridable
 * classes last and callers pass only classes that do not conflict.)
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
