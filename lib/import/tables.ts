// What the import's steps share: the names of their working tables, the events that change persons, and the
// engine settings of their reads and inserts.
import { mayName, SOURCE_SETTINGS } from "./source";

/** Settings of the import's reads and inserts: no read time limit (a file takes what it takes). */
export const IMPORT_SETTINGS = { ...SOURCE_SETTINGS, max_execution_time: 0, date_time_input_format: "best_effort" } as const;

/** Prefix of the tables a run stages its files in (dropped as it goes; a run cut short leaves them to the next). */
export const STAGING_PREFIX = "import_staging_";

export const CHANGES_PERSONS = `(NOT personless AND (event IN ('$identify', '$create_alias')
  OR ((${mayName('"$set')} OR ${mayName('"$unset"')})
    AND (JSONHas(properties, '$set') OR JSONHas(properties, '$set_once') OR JSONHas(properties, '$unset')))))
  OR event = '$groupidentify'`;

/** Prefix of the tables holding a file's distinct ids' persons while its events are inserted. */
export const PERSONS_MAP_PREFIX = "import_persons_";

export const settingsSql = (settings: Record<string, string | number>) =>
  Object.entries(settings)
    .map(([name, value]) => `${name} = ${typeof value === "number" ? value : `'${value}'`}`)
    .join(", ");
