import { randomInt } from "node:crypto";

export const MAX_SLUG_LENGTH = 48;

/**
 * Django's `slugify`: ASCII-fold, drop what is not a word character, space or hyphen, lowercase, and turn runs
 * of spaces and hyphens into one hyphen, trimmed of leading and trailing `-` and `_`.
 */
export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[^\p{ASCII}]/gu, "")
    .replace(/[^\w\s-]/g, "")
    .toLowerCase()
    .replace(/[-\s]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}

export const baseSlug = (name: string) => slugify(name).slice(0, MAX_SLUG_LENGTH);

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The slug to try after a collision: PostHog's `slug[:43] + "-" + 4 random letters`, stored lowercase. */
export function slugWithSuffix(slug: string): string {
  const suffix = Array.from({ length: 4 }, () => LETTERS[randomInt(LETTERS.length)]).join("");
  return `${slug.slice(0, MAX_SLUG_LENGTH - 5)}-${suffix}`.toLowerCase();
}
