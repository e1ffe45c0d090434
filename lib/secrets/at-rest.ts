import { isSealed, type SecretUnreadableError } from "./envelope";
import { openFields, sealFields } from "./fields";
import { currentKeyring } from "./keyring";
import type { Sealing } from "./sealed-column";

let reported = false;
const reportUnreadable = (error: SecretUnreadableError) => {
  if (reported) return;
  reported = true;
  console.error(
    `[secrets] ${error.message} Set the key that sealed it in HEDGEROW_ENCRYPTION_OLD_KEYS (or restore the data dir's encryption-keys file).`,
  );
};

/** Opens a settings object read from the database (through a sealed column, or by raw SQL past its mapping). */
export const openStoredFields = (values: Record<string, unknown>) =>
  Object.values(values).some(isSealed) ? openFields(values, currentKeyring(), reportUnreadable) : values;

/** The server's sealing of secret columns: with the current key, reading the keys only when a secret is there. */
export const serverSealing: Sealing = {
  seal: (values, names) => (names.some((name) => values[name] != null) ? sealFields(values, names, currentKeyring()) : values),
  open: openStoredFields,
};
