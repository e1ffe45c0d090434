import { describe, expect, test } from "vitest";
import { Level } from "@/lib/organizations/levels";
import { canEditDashboard, canRestrictDashboard, effectivePrivilegeLevel, PrivilegeLevel, RestrictionLevel } from "./permissions";

const open = { restrictionLevel: RestrictionLevel.EVERYONE_IN_PROJECT_CAN_EDIT, createdById: 1 };
const restricted = { restrictionLevel: RestrictionLevel.ONLY_COLLABORATORS_CAN_EDIT, createdById: 1 };
const creator = { userId: 1, level: Level.MEMBER };
const member = { userId: 2, level: Level.MEMBER };
const admin = { userId: 3, level: Level.ADMIN };
const owner = { userId: 4, level: Level.OWNER };

describe("dashboard permissions", () => {
  test("everyone in the project edits an open dashboard", () => {
    for (const who of [creator, member, admin, owner]) {
      expect(canEditDashboard(open, who)).toBe(true);
      expect(effectivePrivilegeLevel(open, who)).toBe(PrivilegeLevel.CAN_EDIT);
    }
  });

  test("a restricted dashboard is edited by its creator and admins only; other members view it", () => {
    expect(canEditDashboard(restricted, creator)).toBe(true);
    expect(canEditDashboard(restricted, admin)).toBe(true);
    expect(canEditDashboard(restricted, owner)).toBe(true);
    expect(canEditDashboard(restricted, member)).toBe(false);
    expect(effectivePrivilegeLevel(restricted, member)).toBe(PrivilegeLevel.CAN_VIEW);
    // A dashboard whose creator left is the admins' alone.
    expect(canEditDashboard({ ...restricted, createdById: null }, creator)).toBe(false);
  });

  test("only the creator and admins change the restriction level, whatever it is", () => {
    expect(canRestrictDashboard(open, creator)).toBe(true);
    expect(canRestrictDashboard(open, admin)).toBe(true);
    expect(canRestrictDashboard(open, member)).toBe(false);
    expect(canRestrictDashboard(restricted, member)).toBe(false);
  });
});
