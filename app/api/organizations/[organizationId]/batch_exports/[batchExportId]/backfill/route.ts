import { serve } from "@/lib/api/endpoint";
import { backfillBatchExportEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(backfillBatchExportEndpoint);
