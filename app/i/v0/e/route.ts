import { captureRoute, MAX_EVENT_BODY_BYTES } from "@/lib/capture/client-route";

export const { GET, POST, OPTIONS } = captureRoute(MAX_EVENT_BODY_BYTES);
