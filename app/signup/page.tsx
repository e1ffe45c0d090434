import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/signup-form";
import { Button } from "@/components/ui/button";
import { currentUser } from "@/lib/ui/server";
import { homePath } from "@/lib/ui/paths";
import { signupAllowed } from "@/lib/users/service";

export const metadata: Metadata = { title: "Sign up" };

const signInLink = (
  <>
    Already have an account?{" "}
    <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
      Sign in
    </Link>
  </>
);

export default async function SignupPage() {
  const me = await currentUser();
  if (me) redirect(homePath(me));
  if (!(await signupAllowed()))
    return (
      <AuthCard title="Sign-ups are closed" description="New accounts on this Hedgerow instance are created through invites.">
        <div className="grid gap-4 text-sm">
          <p>
            Ask an admin of your organization to invite you. The invite link they send you opens a page where you choose your password and
            join their organization.
          </p>
          <Button asChild variant="outline" className="w-full">
            <Link href="/login">Back to sign in</Link>
          </Button>
        </div>
      </AuthCard>
    );
  return (
    <AuthCard
      title="Create your Hedgerow account"
      description="You will own a new organization with its first project."
      footer={signInLink}
    >
      <SignupForm />
    </AuthCard>
  );
}
