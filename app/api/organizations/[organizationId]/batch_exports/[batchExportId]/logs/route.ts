import { serve } from "@/lib/api/endpoint";
import { listBatchExportLogsEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listBatchExportLogsEndpoint);
