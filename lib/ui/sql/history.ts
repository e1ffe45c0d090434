/** Queries kept per user and project, newest first; kept in the browser (localStorage), never sent anywhere. */
const MAX_HISTORY = 20;

export interface HistoryEntry {
  query: string;
  ranAt: string;
}

const storageKey = (userId: number, projectId: number) => `hedgerow:sql-history:${userId}:${projectId}`;

export function readHistory(userId: number, projectId: number): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId, projectId)) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((e): e is HistoryEntry => typeof e?.query === "string" && typeof e?.ranAt === "string")
      : [];
  } catch {
    return [];
  }
}

/** Adds a query at the top (a repeat moves up rather than showing twice) and returns the new list. */
export function addToHistory(userId: number, projectId: number, query: string): HistoryEntry[] {
  const entries = [{ query, ranAt: new Date().toISOString() }, ...readHistory(userId, projectId).filter((e) => e.query !== query)].slice(
    0,
    MAX_HISTORY,
  );
  try {
    localStorage.setItem(storageKey(userId, projectId), JSON.stringify(entries));
  } catch {
    // A full or disabled storage keeps this session's list only.
  }
  return entries;
}
