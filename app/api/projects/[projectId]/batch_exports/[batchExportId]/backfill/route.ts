import { serve } from "@/lib/api/endpoint";
import { backfillProjectBatchExportEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(backfillProjectBatchExportEndpoint);
