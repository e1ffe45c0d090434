import { serve } from "@/lib/api/endpoint";
import { createProjectBatchExportEndpoint, listProjectBatchExportsEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(listProjectBatchExportsEndpoint, createProjectBatchExportEndpoint);
