import { clientHandlers, MAX_EVENT_BODY_BYTES, nextRoute } from "@/lib/capture/client-route";
import { evaluateFlags, type FlagsEndpoint } from "./evaluate";

/** The answers of `/decide/` or `/flags/`. */
export const flagsHandlers = (endpoint: FlagsEndpoint) =>
  clientHandlers((raw) => evaluateFlags(raw, endpoint, MAX_EVENT_BODY_BYTES), { maxBytes: MAX_EVENT_BODY_BYTES });

/** The route-handler exports of `/decide/` or `/flags/`. */
export const flagsRoute = (endpoint: FlagsEndpoint) => nextRoute(flagsHandlers(endpoint));
