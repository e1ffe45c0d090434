import { z } from "zod";

/**
 * A list's `search` parameter: matched as a pattern against every row the list reads, so one past 400 characters
 * is a 400 naming `search` (as PostHog's lists, whose searches fit in a name). Each list adds its description.
 */
export const ZSearch = z.string().max(400);
