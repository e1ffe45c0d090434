import { inject } from "vitest";

/**
 * Whether this stage runs the tests that start PGlite servers of their own: they test the same thing on either
 * stage, so they run once, on the PostgreSQL stage when there is one (the two stages run side by side and that one
 * is the shorter), else on this one.
 */
export const runsOwnPgliteServers = inject("backend") === "postgres" || !process.env.TEST_DATABASE_URL;
