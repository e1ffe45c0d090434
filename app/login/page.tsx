import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { config } from "@/lib/config";
import { currentUser } from "@/lib/ui/server";
import { homePath, safeNextPath } from "@/lib/ui/paths";
import { signupAllowed } from "@/lib/users/service";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  // Resolved against the public URL when there is one, so a full link to this site is followed too.
  const next = safeNextPath((await searchParams).next, config.siteUrl && new URL(config.siteUrl).origin);
  const me = await currentUser();
  if (me) redirect(next ?? homePath(me));
  return (
    <AuthCard
      title="Sign in to Hedgerow"
      description="Welcome back. Enter your email and password."
      footer={
        (await signupAllowed()) ? (
          <>
            New here?{" "}
            <Link href="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
              Create an account
            </Link>
          </>
        ) : (
          "No account? Ask an organization admin to invite you."
        )
      }
    >
      <LoginForm next={next ?? "/"} />
    </AuthCard>
  );
}
