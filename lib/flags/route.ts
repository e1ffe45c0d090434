import { clientRoute, MAX_EVENT_BODY_BYTES } from "@/lib/capture/client-route";
import { evaluateFlags, type FlagsEndpoint } from "./evaluate";

/** The exports of `/decide/` or `/flags/`. */
export const flagsRoute = (endpoint: FlagsEndpoint) =>
  clientRoute((raw) => evaluateFlags(raw, endpoint, MAX_EVENT_BODY_BYTES), { maxBytes: MAX_EVENT_BODY_BYTES });
