import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/session";

// Built per request so the secret is read at run time, never at build time.
const handler = (req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) =>
  NextAuth(authOptions())(req, ctx);

export { handler as GET, handler as POST };
