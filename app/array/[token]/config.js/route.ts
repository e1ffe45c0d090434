import { remoteConfigRoute } from "@/lib/capture/remote-config";

export const { GET } = remoteConfigRoute("js");
