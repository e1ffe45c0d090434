import { serve } from "@/lib/api/endpoint";
import { testBatchExportDestinationEndpoint } from "@/lib/batch-exports/connection-endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(testBatchExportDestinationEndpoint);
