import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { nextAuthThrottleRefusal } from "@/lib/auth/next-auth-throttle";
import { authOptions } from "@/lib/auth/session";

// Built per request so the secret is read at run time, never at build time.
const handler = async (req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) =>
  (await nextAuthThrottleRefusal(req, (await ctx.params).nextauth)) ?? NextAuth(authOptions())(req, ctx);

export { handler as GET, handler as POST };
