import { and, eq, inArray } from "drizzle-orm";
import { validationError } from "@/lib/api/errors";
import { getDb } from "@/lib/db/client";
import { MAX_INTEGER } from "@/lib/db/integers";
import { actions } from "@/lib/db/schema";
import { normalizeActionStep, type ActionDefinition } from "./actions";

function actionIdOf(raw: unknown): number | null {
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id >= 0 && id <= MAX_INTEGER ? id : null;
}

const shown = (raw: unknown) => (typeof raw === "object" ? JSON.stringify(raw) : String(raw));

/**
 * The project's actions with these ids (numbers or numeric strings), not deleted. An id naming none of them
 * answers PostHog's 400 (`Entity.get_action`).
 */
export async function loadActions(teamId: number, ids: unknown[]): Promise<Map<number, ActionDefinition>> {
  const wanted = new Map<number, unknown>();
  for (const raw of ids) {
    if (raw === null || raw === undefined) throw validationError("Action ID cannot be None!", "actions");
    const id = actionIdOf(raw);
    if (id === null) throw validationError(`Action ID ${shown(raw)} does not exist!`, "actions");
    if (!wanted.has(id)) wanted.set(id, raw);
  }
  const found = new Map<number, ActionDefinition>();
  if (wanted.size === 0) return found;
  const db = await getDb();
  const rows = await db
    .select({ id: actions.id, name: actions.name, steps: actions.steps })
    .from(actions)
    .where(and(eq(actions.projectId, teamId), eq(actions.deleted, false), inArray(actions.id, [...wanted.keys()])));
  for (const row of rows) found.set(row.id, { id: row.id, name: row.name ?? "", steps: row.steps.map(normalizeActionStep) });
  for (const [id, raw] of wanted) if (!found.has(id)) throw validationError(`Action ID ${shown(raw)} does not exist!`, "actions");
  return found;
}
