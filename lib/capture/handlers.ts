import { ingest } from "@/lib/ingestion/pipeline";
import { capture } from "./capture";
import { evaluateFlags, type FlagsEndpoint } from "./flags";
import { clientRoute, MAX_EVENT_BODY_BYTES } from "./route";

/** The exports of a capture route (`/e/`, `/batch/`, ...), its body limit given. */
export const captureRoute = (maxBytes: number) => clientRoute((raw) => capture(raw, maxBytes, ingest), { maxBytes });

/** The exports of `/decide/` or `/flags/`. */
export const flagsRoute = (endpoint: FlagsEndpoint) =>
  clientRoute((raw) => evaluateFlags(raw, endpoint, MAX_EVENT_BODY_BYTES), { maxBytes: MAX_EVENT_BODY_BYTES });
