import { customType } from "drizzle-orm/pg-core";

// The schema is read by the browser too (types, column lists), so this module holds no crypto and no key: the
// server's database client hands it the sealing (lib/secrets/at-rest.ts) when it opens.

type Values = Record<string, unknown>;

export interface Sealing {
  /** `values` with the named fields sealed. */
  seal: (values: Values, names: readonly string[]) => Values;
  /** `values` with every sealed field opened. */
  open: (values: Values) => Values;
}

let sealing: Sealing | undefined;

export function setSealing(implementation: Sealing) {
  sealing = implementation;
}

const active = (): Sealing => {
  if (!sealing) throw new Error("Secrets at rest need the database client (lib/db/client.ts), which sets their sealing.");
  return sealing;
};

/**
 * A jsonb column of settings whose `secretFields` are sealed at rest: written sealed, read opened, so the code
 * above the database sees plain values and the database (its files, WAL, backups) sees none of the secrets.
 */
export const sealedJsonb = (secretFields: readonly string[]) =>
  customType<{ data: Values; driverData: string }>({
    dataType: () => "jsonb",
    toDriver: (value) => JSON.stringify(active().seal(value, secretFields)),
    fromDriver: (value) => active().open(typeof value === "string" ? JSON.parse(value) : value),
  });
