import { serve } from "@/lib/api/endpoint";
import { replaceGroupTypesMetadataEndpoint, updateGroupTypesMetadataEndpoint } from "@/lib/groups/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(updateGroupTypesMetadataEndpoint, replaceGroupTypesMetadataEndpoint);
