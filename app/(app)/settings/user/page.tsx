import type { Metadata } from "next";
import { UserSettingsPage } from "@/components/user-settings/user-settings-page";

export const metadata: Metadata = { title: "Account settings" };

export default function AccountSettingsPage() {
  return <UserSettingsPage />;
}
