import { endpoint } from "@/lib/api/endpoint";
import { ZOrganizationParams } from "@/lib/organizations/schemas";
import { testDestination, ZDestinationTest, ZDestinationTestResult } from "./connection";

export const testBatchExportDestinationEndpoint = endpoint({
  method: "POST",
  path: "/api/organizations/{organizationId}/batch_exports/test/",
  summary: "Try a destination's config (connect, authenticate, find where to write) without exporting anything; at most 10 s",
  tag: "batch_exports",
  scope: "batch_export:write",
  params: ZOrganizationParams,
  body: ZDestinationTest,
  response: ZDestinationTestResult,
  handler: ({ actor, params, body }) => testDestination(actor, params.organizationId, body),
});
