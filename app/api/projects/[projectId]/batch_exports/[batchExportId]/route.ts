import { serve } from "@/lib/api/endpoint";
import { deleteProjectBatchExportEndpoint, retrieveProjectBatchExportEndpoint, updateProjectBatchExportEndpoint } from "@/lib/batch-exports/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(retrieveProjectBatchExportEndpoint, updateProjectBatchExportEndpoint, deleteProjectBatchExportEndpoint);
