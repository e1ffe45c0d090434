import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { DESTINATION_SECRET_FIELDS, pluginConfigs, plugins } from "@/lib/db/schema";
import { resealFields } from "./fields";
import { currentKeyring } from "./keyring";

type Values = Record<string, unknown>;

/**
 * Seals every stored secret with the current key: those written in clear before Hedgerow sealed them, and those
 * sealed with an older key (after a rotation). Rows are read raw (past the sealing column) and each is written
 * only if it still holds what was read, so a change made meanwhile is never overwritten. Answers the rows sealed.
 */
export async function resealStoredSecrets(db: Database): Promise<{ batchExports: number; pluginConfigs: number }> {
  const keyring = currentKeyring();
  let exportsSealed = 0;
  const exportRows = await db.execute(sql`SELECT id, destination_config FROM batch_exports`);
  for (const row of rowsOf(exportRows)) {
    const resealed = resealFields(row.destination_config as Values, DESTINATION_SECRET_FIELDS, keyring);
    if (!resealed) continue;
    const written = await db.execute(
      sql`UPDATE batch_exports SET destination_config = ${JSON.stringify(resealed)}::jsonb WHERE id = ${row.id} AND destination_config = ${JSON.stringify(row.destination_config)}::jsonb RETURNING id`,
    );
    exportsSealed += rowsOf(written).length;
  }
  let configsSealed = 0;
  const configRows = await db
    .select({ id: pluginConfigs.id, config: pluginConfigs.config, secretFields: plugins.secretFields })
    .from(pluginConfigs)
    .innerJoin(plugins, eq(plugins.id, pluginConfigs.pluginId));
  for (const row of configRows) {
    const resealed = resealFields(row.config, row.secretFields, keyring);
    if (!resealed) continue;
    const written = await db
      .update(pluginConfigs)
      .set({ config: resealed })
      .where(and(eq(pluginConfigs.id, row.id), sql`${pluginConfigs.config} = ${JSON.stringify(row.config)}::jsonb`))
      .returning({ id: pluginConfigs.id });
    configsSealed += written.length;
  }
  return { batchExports: exportsSealed, pluginConfigs: configsSealed };
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
