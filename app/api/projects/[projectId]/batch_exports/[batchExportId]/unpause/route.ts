import { serve } from "@/lib/api/endpoint";
import { unpauseProjectBatchExportEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(unpauseProjectBatchExportEndpoint);
