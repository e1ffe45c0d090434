import { and, count, desc, type SQL } from "drizzle-orm";
import { pageLimit, withQuery } from "@/lib/api/pagination";
import { getDb, type Tx } from "@/lib/db/client";
import { activityLogs, type ActivityLog, type User } from "@/lib/db/schema";
import { usersById } from "@/lib/users/lookup";

/** PostHog's `log_activity`: one entry of what a user did to an item of a scope (`Insight`, `Plugin`, `PluginConfig`). */
export async function recordActivity(
  entry: {
    organizationId: string;
    projectId: number | null;
    userId: number;
    scope: string;
    itemId: string;
    activity: string;
    detail: Record<string, unknown>;
  },
  tx?: Tx,
) {
  // Inside a transaction, through it: PGlite has one connection, which the transaction holds.
  await (tx ?? (await getDb())).insert(activityLogs).values(entry);
}

function serializeActivity(item: ActivityLog, people: Map<number, User>) {
  const user = item.userId !== null ? people.get(item.userId) : undefined;
  return {
    id: item.id,
    user: user
      ? {
          first_name: user.firstName,
          last_name: user.lastName,
          email: user.email,
          id: user.id,
          uuid: user.uuid,
          distinct_id: user.distinctId,
        }
      : null,
    unread: false,
    organization_id: item.organizationId,
    was_impersonated: false,
    is_system: false,
    activity: item.activity,
    item_id: item.itemId,
    scope: item.scope,
    detail: item.detail,
    created_at: item.createdAt.toISOString(),
  };
}

function positive(raw: string | undefined, fallback: number): number {
  const value = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/** PostHog's activity page (`activity_page_response`): `page`/`limit` (default 10), newest first, `total_count`. */
export async function activityPage(url: URL, query: { limit?: string; page?: string }, ...where: SQL[]) {
  const limit = pageLimit(query.limit, 10);
  const page = positive(query.page, 1);
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(activityLogs)
    .where(and(...where));
  const rows = await db
    .select()
    .from(activityLogs)
    .where(and(...where))
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const people = await usersById(rows.map((r) => r.userId));
  return {
    results: rows.map((r) => serializeActivity(r, people)),
    next: page * limit < total ? withQuery(url, { limit: String(limit), page: String(page + 1) }) : null,
    previous: page > 1 ? withQuery(url, { limit: String(limit), page: String(page - 1) }) : null,
    total_count: total,
  };
}
