import { NextResponse } from "next/server";
import { z } from "zod";
import { endpoint } from "@/lib/api/endpoint";
import { endEverySession, endSession, startSession } from "@/lib/auth/session";
import { ZLogin, ZSignup, ZUser, ZUserUpdate } from "./schemas";
import { login } from "@/lib/auth/credentials";
import { clientAddress } from "@/lib/server/forwarded";
import { serializeMe, signup, updateMe } from "./service";

const tag = "users";
const ZMeParams = z.object({ userId: z.literal("@me") });

export const signupEndpoint = endpoint({
  method: "POST",
  path: "/api/signup/",
  summary: "Create an account with its organization (first user of an instance, or when sign-up is open)",
  tag,
  public: true,
  scope: null,
  body: ZSignup,
  response: ZUser,
  status: 201,
  throttled: true,
  handler: async ({ req, body }) => {
    const user = await signup(body, clientAddress(req.headers));
    const response = NextResponse.json(await serializeMe({ user, apiKey: null }), { status: 201 });
    await startSession(response, user);
    return response;
  },
});

export const loginEndpoint = endpoint({
  method: "POST",
  path: "/api/login/",
  summary: "Sign in with email and password (sets the session cookie)",
  tag,
  public: true,
  scope: null,
  body: ZLogin,
  response: z.object({ success: z.boolean() }),
  throttled: true,
  handler: async ({ req, body }) => {
    const user = await login(body.email, body.password, clientAddress(req.headers));
    const response = NextResponse.json({ success: true });
    await startSession(response, user);
    return response;
  },
});

export const logoutEndpoint = endpoint({
  method: "POST",
  path: "/api/logout/",
  summary: "Sign out of the browser session (every copy of its cookie stops working)",
  tag,
  public: true,
  scope: null,
  status: 204,
  handler: async ({ actor }) => {
    const response = new NextResponse(null, { status: 204 });
    await endSession(response, actor?.sessionId ?? null);
    return response;
  },
});

export const logoutEverywhereEndpoint = endpoint({
  method: "POST",
  path: "/api/users/{userId}/logout_everywhere/",
  summary: "Sign out every browser session of yours, this one included (personal API keys keep working)",
  tag,
  scope: "user:write",
  params: ZMeParams,
  status: 204,
  handler: async ({ actor }) => {
    const response = new NextResponse(null, { status: 204 });
    await endEverySession(response, actor.user.id);
    return response;
  },
});

export const meEndpoint = endpoint({
  method: "GET",
  path: "/api/users/{userId}/",
  summary: "The signed-in user (`@me`) with their organizations, current organization and project",
  tag,
  scope: "user:read",
  params: ZMeParams,
  response: ZUser,
  handler: ({ actor }) => serializeMe(actor),
});

export const updateMeEndpoint = endpoint({
  method: "PATCH",
  path: "/api/users/{userId}/",
  summary:
    "Update your name, email or password (both need `current_password`; a new password signs out your other sessions), or switch your current organization or project",
  tag,
  scope: "user:write",
  params: ZMeParams,
  body: ZUserUpdate,
  response: ZUser,
  throttled: true,
  handler: ({ actor, body }) => updateMe(actor, body),
});
