import { expect, test } from "vitest";
import { isInviteExpired } from "./expiry";

test("an invite expires once it is more than three days old", () => {
  const now = new Date("2025-06-10T12:00:00Z");
  expect(isInviteExpired(new Date("2025-06-10T11:00:00Z"), now)).toBe(false);
  expect(isInviteExpired(new Date("2025-06-07T12:00:00Z"), now)).toBe(false);
  expect(isInviteExpired(new Date("2025-06-07T11:59:59Z"), now)).toBe(true);
  expect(isInviteExpired(new Date("2025-05-01T00:00:00Z"), now)).toBe(true);
});
