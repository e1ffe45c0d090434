import type { CapturedEvent } from "@/lib/ingestion/types";

/** A captured `$pageview` with these properties, for the transformations' tests. */
export const pageview = (properties: Record<string, unknown>): CapturedEvent => ({
  uuid: "0190a0a0-0000-7000-8000-000000000000",
  event: "$pageview",
  distinctId: "user-1",
  properties,
  timestamp: new Date("2021-01-27T10:30:03.557Z"),
});
