import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { errorResponse, privateAnswer } from "@/lib/api/endpoint";
import { ApiError } from "@/lib/api/errors";
import { checkedNextAuthPost } from "@/lib/api/next-auth-post";
import { nextAuthThrottleRefusal } from "@/lib/auth/next-auth-throttle";
import { authOptions } from "@/lib/auth/session";

type Context = { params: Promise<{ nextauth: string[] }> };

// Built per request so the secret is read at run time, never at build time.
const handler = async (req: NextRequest, ctx: Context): Promise<Response> =>
  privateAnswer((await nextAuthThrottleRefusal(req, (await ctx.params).nextauth)) ?? (await NextAuth(authOptions())(req, ctx)));

async function post(req: NextRequest, ctx: Context) {
  try {
    return await handler(await checkedNextAuthPost(req), ctx);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
}

export { handler as GET, post as POST };
