import { serve } from "@/lib/api/endpoint";
import {
  deletePropertyDefinitionEndpoint,
  replacePropertyDefinitionEndpoint,
  retrievePropertyDefinitionEndpoint,
  updatePropertyDefinitionEndpoint,
} from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrievePropertyDefinitionEndpoint,
  updatePropertyDefinitionEndpoint,
  replacePropertyDefinitionEndpoint,
  deletePropertyDefinitionEndpoint,
);
