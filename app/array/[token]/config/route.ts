import { remoteConfigRoute } from "@/lib/flags/remote-config";

export const { GET } = remoteConfigRoute("json");
