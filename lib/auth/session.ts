import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decode, encode, type JWT } from "next-auth/jwt";
import type { NextResponse } from "next/server";
import { config, sessionSecret } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import type { User } from "@/lib/db/schema";
import { ApiError } from "@/lib/api/errors";
import { clientAddress } from "@/lib/server/forwarded";
import { login } from "./credentials";
import { openSession, revokeOtherSessions, revokeSession, SESSION_MAX_AGE_SECONDS, sessionUser, type SessionClaims } from "./session-store";

const secureCookies = () => config.secureCookies;
/** The session cookie's name, as next-auth names it. */
export const sessionCookieName = () => `${secureCookies() ? "__Secure-" : ""}next-auth.session-token`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sign-in a session token names: its user (`sub`) and its session row (`sid`). Tokens issued before sessions
 * were recorded carry no `sid`, and name none.
 */
export function sessionClaims(token: JWT | null): SessionClaims | null {
  const userId = Number(token?.sub);
  const sessionId = token?.sid;
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  if (typeof sessionId !== "string" || !UUID.test(sessionId)) return null;
  return { userId, sessionId };
}

/**
 * next-auth reads its own URL (its redirects, its callback's origin) from the environment only, and without one falls
 * back to `http://localhost:3000`: it is the public URL, else the host the request reached (the forwarded host only
 * when TRUST_PROXY admits it, lib/server/forwarded.ts).
 */
function pointNextAuthAtPublicUrl() {
  if (config.siteUrl) process.env.NEXTAUTH_URL ??= config.siteUrl;
  else process.env.AUTH_TRUST_HOST ??= "true";
}

/** next-auth in the browser: email + password, sessions as encrypted JWT cookies naming a `user_sessions` row. */
export function authOptions(): NextAuthOptions {
  pointNextAuthAtPublicUrl();
  return {
    secret: sessionSecret(),
    // The same cookie the API's sign-ins set, Secure whenever the public URL is https (whatever NEXTAUTH_URL says).
    useSecureCookies: secureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        // Counted with the API's sign-ins (lib/auth/throttle.ts); app/api/auth answers 429 before this once limited.
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          try {
            const user = await login(credentials.email, credentials.password, clientAddress(new Headers(req.headers as HeadersInit)));
            return { id: String(user.id), email: user.email, name: user.firstName };
          } catch (error) {
            if (error instanceof ApiError && error.status === 400) return null;
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      // A sign-in through next-auth's own route records its session as the API's sign-ins do. Any later read of
      // the token (next-auth's session route) checks it still stands: a throw makes next-auth clear the cookie.
      async jwt({ token, user }) {
        if (user) return { ...token, sid: await openSession(Number(user.id)) };
        if (!(await sessionUser(sessionClaims(token)))) throw new Error("This session was signed out.");
        return token;
      },
    },
    events: {
      async signOut({ token }) {
        const claims = sessionClaims(token);
        if (claims) await revokeSession(claims.sessionId);
      },
    },
  };
}

/** A request's browser session: the signed-in user and the session's id. */
export interface BrowserSession {
  user: User;
  sessionId: string;
}

/** The session a cookie value signs in, or null: unreadable, from before recorded sessions, signed out or expired. */
export async function authenticateSession(cookie: string | undefined): Promise<BrowserSession | null> {
  if (!cookie) return null;
  let token: JWT | null;
  try {
    token = await decode({ token: cookie, secret: sessionSecret() });
  } catch {
    return null; // not one of ours, or tampered with
  }
  const claims = sessionClaims(token);
  const user = await sessionUser(claims);
  return user && claims ? { user, sessionId: claims.sessionId } : null;
}

/** Signs a user in from an API call (sign-up, login, invite acceptance): a new session, in the cookie next-auth sets. */
export async function startSession(response: NextResponse, user: { id: number; email: string; firstName: string }) {
  const sid = await openSession(user.id);
  const token = await encode({
    secret: sessionSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
    token: { sub: String(user.id), sid, email: user.email, name: user.firstName },
  });
  response.cookies.set(sessionCookieName(), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** Signs the request's session out: its row is deleted (copies of the cookie stop working) and the cookie cleared. */
export async function endSession(response: NextResponse, sessionId: string | null) {
  if (sessionId) await revokeSession(sessionId);
  response.cookies.delete(sessionCookieName());
}

/** Signs a user out of every browser session, the request's own included, and clears its cookie. */
export async function endEverySession(response: NextResponse, userId: number) {
  await revokeOtherSessions(await getDb(), userId, null);
  response.cookies.delete(sessionCookieName());
}
