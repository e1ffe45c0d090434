import { eq, sql } from "drizzle-orm";
import { preparedStatement } from "@/lib/db/client";
import { projects, type Project } from "@/lib/db/schema";

/**
 * How long a token's project is remembered: a change of its capture settings (`anonymize_ips`) made through another
 * server process applies within it (this process's own changes apply at once).
 */
const FOUND_TTL_MS = 5_000;
/** Unknown tokens are remembered briefly: a flood of bad tokens costs no queries, a new project works at once. */
const MISSING_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  project: Project | null;
  expiresAt: number;
}

const holder = globalThis as unknown as { __hedgerowCaptureProjects?: Map<string, Entry> };
const cache = (holder.__hedgerowCaptureProjects ??= new Map());

const projectByToken = preparedStatement("capture_project_by_token", (db) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.apiToken, sql.placeholder("token")))
    .prepare("capture_project_by_token"),
);

/** The project a capture token (`phc_…`) belongs to, or null; cached in-process, since every event asks. */
export async function projectForToken(token: string, now = Date.now()): Promise<Project | null> {
  // PostgreSQL text cannot hold U+0000, so no project's token does (and the query would fail).
  if (token.includes("\u0000")) return null;
  const cached = cache.get(token);
  if (cached && cached.expiresAt > now) return cached.project;
  const [project] = await (await projectByToken()).execute({ token });
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(token, { project: project ?? null, expiresAt: now + (project ? FOUND_TTL_MS : MISSING_TTL_MS) });
  return project ?? null;
}

/** Forgets a token's project in this process, after its settings changed. */
export function forgetProjectForToken(token: string) {
  cache.delete(token);
}
