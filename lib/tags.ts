/** PostHog's `tagify`, for the tags of insights, dashboards, actions and definitions alike: trimmed, lower-cased, deduplicated, empty ones dropped. */
export function normalizeTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}
