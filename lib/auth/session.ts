import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { encode, getToken } from "next-auth/jwt";
import type { NextRequest, NextResponse } from "next/server";
import { sessionSecret } from "@/lib/config";
import { checkCredentials } from "@/lib/users/service";

const SESSION_MAX_AGE = 30 * 24 * 60 * 60;
const secureCookies = () => Boolean(process.env.NEXTAUTH_URL?.startsWith("https://"));
const cookieName = () => `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;

/** next-auth in the browser: email + password, sessions as signed JWT cookies. */
export function authOptions(): NextAuthOptions {
  return {
    secret: sessionSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          const user = await checkCredentials(credentials.email, credentials.password);
          return user ? { id: String(user.id), email: user.email, name: user.firstName } : null;
        },
      }),
    ],
  };
}

/** The signed-in user's id from the session cookie, or null. */
export async function sessionUserId(req: NextRequest): Promise<number | null> {
  const token = await getToken({ req, secret: sessionSecret(), secureCookie: secureCookies() });
  const id = Number(token?.sub);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Signs a user in from an API call (sign-up, login, invite acceptance) with the same cookie next-auth sets. */
export async function startSession(response: NextResponse, user: { id: number; email: string; firstName: string }) {
  const token = await encode({
    secret: sessionSecret(),
    maxAge: SESSION_MAX_AGE,
    token: { sub: String(user.id), email: user.email, name: user.firstName },
  });
  response.cookies.set(cookieName(), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    maxAge: SESSION_MAX_AGE,
  });
}

export function endSession(response: NextResponse) {
  response.cookies.delete(cookieName());
}
