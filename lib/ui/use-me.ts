"use client";

import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { meQuery } from "@/lib/ui/account/queries";
import type { TUser } from "@/lib/ui/types";

type SignedInUser = TUser & { organization: NonNullable<TUser["organization"]> };

/**
 * The signed-in user inside the app shell, whose layout puts them in the cache before anything renders.
 * Their current organization is always set there (the layout sends people without one to onboarding).
 * Signing out or deleting the organization empties the cache just before navigating away; components still
 * on screen meanwhile keep the user they had, rather than failing into an error page.
 */
export function useMe(): SignedInUser {
  const { data } = useQuery(meQuery());
  const last = useRef<SignedInUser | null>(null);
  if (data?.organization) last.current = data as SignedInUser;
  if (!last.current) throw new Error("useMe() is only available inside the signed-in app shell");
  return last.current;
}
