import { postgresDestination } from "@/lib/batch-exports/destinations/postgres";
import { ConfigProblem } from "../transformations/kinds";
import { requiredText } from "./api";
import { lineOf, rowOf, writeBatch } from "./export-rows";
import { type BuiltInDestination, type DestinationEvent, eventNames, MASKED } from "./kinds";

const writer = postgresDestination("Postgres");
const HOST = /^[a-z0-9.:[\]-]{1,253}$/i;

/**
 * PostHog's PostgreSQL Export app, through the Postgres batch export's writer: the table (PostHog's events columns) is
 * created if missing, and each delivered batch is written in one transaction, a retried batch's events replacing their
 * rows (merged on uuid) rather than added twice. TLS without verifying the certificate when `hasSelfSignedCert` (or
 * the older `isHeroku`) is Yes.
 */
export const postgresExport: BuiltInDestination = {
  prepare(config) {
    const host = requiredText(config, "host");
    if (!HOST.test(host)) throw new ConfigProblem("host", "Enter a host name or an IP address.");
    const port = config.port === undefined || config.port === null || config.port === "" ? 5432 : Number(config.port);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new ConfigProblem("port", "Enter a port from 1 to 65535.");
    const database = requiredText(config, "dbName");
    const user = requiredText(config, "dbUsername");
    // PostHog's app's table name: its letters, digits and underscores.
    const table = (typeof config.tableName === "string" && config.tableName ? config.tableName : "posthog_event").replace(/[^\w]+/g, "");
    if (!table || table.length > 63) throw new ConfigProblem("tableName", "Enter a table name of letters, digits and underscores.");
    const writerConfig = {
      host,
      port,
      database,
      user,
      password: typeof config.dbPassword === "string" ? config.dbPassword : "",
      schema: "public",
      table_name: table,
      has_self_signed_cert: config.hasSelfSignedCert === "Yes" || config.isHeroku === "Yes",
    };
    const ignored = eventNames(config.eventsToIgnore);
    const accepts = (event: DestinationEvent) => !ignored.has(event.event.event);
    return {
      accepts,
      preview: (event) =>
        accepts(event)
          ? [
              {
                method: "COPY",
                url: `postgres://${MASKED}@${host}:${port}/${database}`,
                headers: {},
                body: { table: `public.${table}`, rows: [JSON.parse(lineOf(rowOf(event)))] },
              },
            ]
          : [],
      deliver: (events) => writeBatch((interval) => writer.open(writerConfig, interval), events, "copy"),
    };
  },
};
