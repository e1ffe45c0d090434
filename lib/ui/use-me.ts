"use client";

import { useQuery } from "@tanstack/react-query";
import { meQuery } from "@/lib/ui/queries";
import type { TUser } from "@/lib/ui/types";

/**
 * The signed-in user inside the app shell, whose layout puts them in the cache before anything renders.
 * Their current organization is always set there (the layout sends people without one to onboarding).
 */
export function useMe(): TUser & { organization: NonNullable<TUser["organization"]> } {
  const { data } = useQuery(meQuery());
  if (!data?.organization) throw new Error("useMe() is only available inside the signed-in app shell");
  return data as TUser & { organization: NonNullable<TUser["organization"]> };
}
