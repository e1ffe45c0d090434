import { customType } from "drizzle-orm/pg-core";
import { isSealed } from "./envelope";
import { openFields, sealFields } from "./fields";
import { currentKeyring } from "./keyring";

let reported = false;
const reportUnreadable = (error: Error) => {
  if (reported) return;
  reported = true;
  console.error(`[secrets] ${error.message} Set the key that sealed it in HEDGEROW_ENCRYPTION_OLD_KEYS (or restore the data dir's encryption-keys file).`);
};

/**
 * A jsonb column of settings whose `secretFields` are sealed at rest: written sealed, read opened, so the code
 * above the database sees plain values and the database (its files, WAL, backups) sees none of the secrets.
 */
export const sealedJsonb = (secretFields: readonly string[]) =>
  customType<{ data: Record<string, unknown>; driverData: string }>({
    dataType: () => "jsonb",
    toDriver: (value) => JSON.stringify(secretFields.some((name) => value[name] != null) ? sealFields(value, secretFields, currentKeyring()) : value),
    fromDriver: (value) => openStoredFields(typeof value === "string" ? JSON.parse(value) : value),
  });

/** Opens a settings object (read through the column, or by raw SQL past its mapping). */
export const openStoredFields = (values: Record<string, unknown>) =>
  Object.values(values).some(isSealed) ? openFields(values, currentKeyring(), reportUnreadable) : values;
