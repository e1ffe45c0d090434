import { randomBytes } from "node:crypto";

/** PostHog's `secrets.token_urlsafe(32)`: 43 characters of base64url. */
export const newVerificationChallenge = () => randomBytes(32).toString("base64url");
