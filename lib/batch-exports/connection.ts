import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { unreachable } from "@/lib/net/destination-guard";
import { requireOrganizationMember } from "@/lib/organizations/access";
import { destinationFor } from "./destinations/registry";
import { validateDestination } from "./rules";
import { ZBatchExportDestinationInput } from "./schemas";

/** How long a connection test may take before it is reported as failed. */
const CONNECTION_TEST_TIMEOUT_MS = 10_000;

export const ZDestinationTest = z.object({ destination: ZBatchExportDestinationInput }).meta({ id: "BatchExportDestinationTest" });

export const ZDestinationTestResult = z
  .object({
    /** Whether the destination answered as an export needs it to (reached, authenticated, writable place found). */
    ok: z.boolean(),
    /** What was tried, or what went wrong, in the destination's own words. */
    detail: z.string(),
  })
  .meta({ id: "BatchExportDestinationTestResult" });

/**
 * Tries a destination's config without writing (PostgreSQL: connect and check the schema can take a table; S3: the
 * bucket; HTTP: an empty batch with the token), within CONNECTION_TEST_TIMEOUT_MS. An invalid config is the same
 * 400 as on create. Only the config sent is tried, never an export's stored one (its secrets stay with it). The host
 * must pass the destination guard (public addresses, or those HEDGEROW_ALLOWED_DESTINATIONS lists); not reaching it,
 * refused, failed or timed out, is one answer, "could not connect to the destination", so the test is no port
 * scanner: the reason is in the server's log.
 */
export async function testDestination(actor: Actor, organizationId: string, body: z.output<typeof ZDestinationTest>) {
  await requireOrganizationMember(actor, organizationId);
  const { type, config } = validateDestination(body.destination.type, body.destination.config);
  const signal = AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS);
  let settled = false;
  const timedOut = new Promise<never>((_, reject) =>
    signal.addEventListener(
      "abort",
      () => settled || reject(unreachable(`${type} destination: no answer within ${CONNECTION_TEST_TIMEOUT_MS / 1_000} s`)),
      { once: true },
    ),
  );
  try {
    await Promise.race([destinationFor(type).check(config as Record<string, unknown>, signal), timedOut]);
    return { ok: true, detail: `Connected to the ${type} destination.` };
  } catch (error) {
    const message = error instanceof Error ? error.message || error.name : String(error);
    return { ok: false, detail: `Could not use the ${type} destination: ${message}` };
  } finally {
    settled = true;
  }
}
