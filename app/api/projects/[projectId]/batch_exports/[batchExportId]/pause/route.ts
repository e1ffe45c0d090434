import { serve } from "@/lib/api/endpoint";
import { pauseProjectBatchExportEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(pauseProjectBatchExportEndpoint);
