"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";
import { useState, useSyncExternalStore } from "react";
import { DangerZoneCard } from "@/components/danger-zone-card";
import { THEME_OPTIONS } from "@/components/theme-options";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { logoutEverywhereMutation } from "@/lib/ui/account/mutations";

const noSubscription = () => () => {};

/** Light, dark or as the system is: stored in this browser by next-themes, as the account menu's choice is. */
export function ThemeCard() {
  const { theme, setTheme } = useTheme();
  // The stored theme is known in the browser only: the server's render checks nothing.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id="theme-title">Theme</CardTitle>
        <CardDescription>How Hedgerow looks in this browser.</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-labelledby="theme-title" className="flex flex-wrap gap-2">
          {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className="relative flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-accent has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={hydrated && theme === value}
                onChange={() => setTheme(value)}
                // Over the whole option, invisible: a click anywhere on it picks it, arrows move between them.
                className="absolute inset-0 cursor-pointer appearance-none opacity-0"
              />
              <Icon className="size-4" aria-hidden />
              {label}
            </label>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

/** Ends every browser session of the user, this one included, then shows the sign-in page. */
export function SignOutEverywhereCard() {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const signOut = useMutation({
    ...logoutEverywhereMutation(),
    onSuccess: () => {
      router.push("/login");
      router.refresh();
    },
  });
  return (
    <DangerZoneCard
      title="Sign out everywhere"
      description="Ends every session of yours in every browser, this one included. Personal API keys keep working."
      action={
        <Button variant="destructive" onClick={() => setConfirming(true)} className="shrink-0">
          Sign out everywhere
        </Button>
      }
    >
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out everywhere?"
        description="Every browser signed in as you, this one too, goes back to the sign-in page."
        action={signOut}
        onConfirm={() => signOut.mutate()}
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out…"
      />
    </DangerZoneCard>
  );
}
