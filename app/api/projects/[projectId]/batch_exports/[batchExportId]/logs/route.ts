import { serve } from "@/lib/api/endpoint";
import { listProjectBatchExportLogsEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listProjectBatchExportLogsEndpoint);
