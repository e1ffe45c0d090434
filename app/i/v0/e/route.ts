import { captureRoute } from "@/lib/capture/handlers";
import { MAX_EVENT_BODY_BYTES } from "@/lib/capture/route";

export const { GET, POST, OPTIONS } = captureRoute(MAX_EVENT_BODY_BYTES);
