import { z } from "zod";

/** Every error body Hedgerow answers (PostHog's drf-exceptions-hog shape); `attr` names the field at fault. */
export const ZApiError = z
  .object({
    type: z.enum(["validation_error", "authentication_error", "invalid_request", "throttled_error", "server_error"]),
    code: z.string(),
    detail: z.string(),
    attr: z.string().nullable(),
    start: z.number().int().optional().meta({ description: "HogQL errors: offset of the query text at fault" }),
    end: z.number().int().optional().meta({ description: "HogQL errors: offset just past the text at fault" }),
  })
  .meta({ id: "Error", description: "PostHog-style error: `attr` is the field at fault (nested keys joined by `__`)." });

/** The OpenAPI document itself, as far as its own endpoint promises. */
export const ZOpenApiDocument = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "OpenAPIDocument" });

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown>; responses: Record<string, unknown> };
};

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  "x-required-scope": string | null;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { "application/json": { schema: JsonSchema } } } | { $ref: string }>;
}

export interface OpenApiParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema is read keyword by keyword, whatever each keyword holds
export type JsonSchema = Record<string, any>;
