import type { Metadata } from "next";
import { ApiKeysPage } from "@/components/api-keys/api-keys-page";

export const metadata: Metadata = { title: "Personal API keys" };

export default function PersonalApiKeysPage() {
  return <ApiKeysPage />;
}
