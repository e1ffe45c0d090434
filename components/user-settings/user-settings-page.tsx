"use client";

import { EmailCard, NameCard, PasswordCard } from "@/components/user-settings/account-forms";
import { SignOutEverywhereCard, ThemeCard } from "@/components/user-settings/preferences";
import { PageHeader } from "@/components/page-header";

export function UserSettingsPage() {
  return (
    <>
      <PageHeader title="Account settings" description="Your name, sign-in details and how Hedgerow looks to you." />
      <div className="grid gap-6">
        <NameCard />
        <EmailCard />
        <PasswordCard />
        <ThemeCard />
        <SignOutEverywhereCard />
      </div>
    </>
  );
}
