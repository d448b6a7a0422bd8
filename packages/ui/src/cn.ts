import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Deliberately without tailwind-merge: it would be 8 KB of the 120 KB script
 * budget, so components expose variants for what callers may change, and a caller's classes
 * only add properties the component does not set.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
