import { serve } from "@/lib/api/endpoint";
import {
  deleteEventDefinitionEndpoint,
  replaceEventDefinitionEndpoint,
  retrieveEventDefinitionEndpoint,
  updateEventDefinitionEndpoint,
} from "@/lib/definitions/endpoints";

export const { GET, POST, PUT, PATCH, DELETE } = serve(
  retrieveEventDefinitionEndpoint,
  updateEventDefinitionEndpoint,
  replaceEventDefinitionEndpoint,
  deleteEventDefinitionEndpoint,
);
