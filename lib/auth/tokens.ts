import { createHash, randomBytes } from "node:crypto";

const BASE62 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** PostHog's `generate_random_token`: a random integer of `bytes` bytes written in base62. */
export function randomToken(bytes = 35): string {
  let value = BigInt(`0x${randomBytes(bytes).toString("hex")}`);
  let out = "";
  while (value > 0n) {
    out = BASE62[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out || "0";
}

export const newPersonalApiKey = () => `phx_${randomToken(35)}`;
export const newProjectApiToken = () => `phc_${randomToken(32)}`;

/** How a personal API key is stored: only its unsalted sha256, as PostHog stores it since 2024. */
export const hashApiKey = (key: string) => `sha256$${createHash("sha256").update(key).digest("hex")}`;

/** What is shown of a key after creation: first 4 and last 4 characters. */
export const maskApiKey = (key: string) => `${key.slice(0, 4)}...${key.slice(-4)}`;
