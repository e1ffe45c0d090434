import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { OnboardingForm } from "@/components/onboarding/onboarding-form";
import { currentUser } from "@/lib/ui/server";

export const metadata: Metadata = { title: "Get started" };

export default async function OnboardingPage() {
  const me = await currentUser();
  if (!me) redirect("/login?next=/onboarding");
  return (
    <AuthCard
      title={me.organization ? `Welcome to Hedgerow, ${me.first_name}` : "Create an organization"}
      description={
        me.organization
          ? "Your organization and its first project are ready. Check their names before you start."
          : "You don't belong to any organization yet. Create one to start collecting events."
      }
    >
      <OnboardingForm me={me} />
    </AuthCard>
  );
}
