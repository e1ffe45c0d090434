import { endpoint } from "@/lib/api/endpoint";
import { openApiDocument } from "./document";
import { ZOpenApiDocument } from "./schemas";

let serialized: string | undefined;

export const schemaEndpoint = endpoint({
  method: "GET",
  path: "/api/schema/",
  summary: "This API's OpenAPI 3.1 document",
  tag: "schema",
  public: true,
  scope: "any",
  response: ZOpenApiDocument,
  // Serialized once per process: the document only changes with the code.
  handler: async () =>
    new Response((serialized ??= JSON.stringify(openApiDocument())), {
      headers: { "content-type": "application/json", "cache-control": "public, max-age=300" },
    }),
});
