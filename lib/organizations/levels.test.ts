import { describe, expect, test } from "vitest";
import { assignableLevels, invitableLevels, isMembershipLevel, lastOwnerProhibition, Level, memberChangeProhibition } from "./levels";

const member = (userId: number, level: number) => ({ userId, level });
const owner = member(1, Level.OWNER);
const admin = member(2, Level.ADMIN);
const plain = member(3, Level.MEMBER);

describe("memberChangeProhibition", () => {
  test("nobody changes their own level, owners included", () => {
    for (const self of [owner, admin, plain])
      expect(memberChangeProhibition(self, self, Level.MEMBER)).toBe("You can't change your own access level.");
  });

  test("only an owner makes another member owner", () => {
    expect(memberChangeProhibition(admin, plain, Level.OWNER)).toBe(
      "You can only make another member owner if you're this organization's owner.",
    );
    expect(memberChangeProhibition(admin, member(4, Level.ADMIN), Level.OWNER)).toBe(
      "You can only make another member owner if you're this organization's owner.",
    );
    expect(memberChangeProhibition(owner, plain, Level.OWNER)).toBeNull();
    expect(memberChangeProhibition(owner, admin, Level.OWNER)).toBeNull();
  });

  test("a level above the requester's own is refused", () => {
    expect(memberChangeProhibition(plain, member(4, Level.MEMBER), Level.ADMIN)).toBe(
      "You can only change access level of others to lower or equal to your current one.",
    );
  });

  test("editing others needs admin", () => {
    expect(memberChangeProhibition(plain, member(4, Level.MEMBER), Level.MEMBER)).toBe("You can only edit others if you are an admin.");
    expect(memberChangeProhibition(plain, member(4, Level.MEMBER))).toBe("You can only edit others if you are an admin.");
  });

  test("admins edit only others at or below their level", () => {
    expect(memberChangeProhibition(admin, owner, Level.ADMIN)).toBe("You can only edit others with level lower or equal to you.");
    expect(memberChangeProhibition(admin, owner)).toBe("You can only edit others with level lower or equal to you.");
    expect(memberChangeProhibition(admin, member(4, Level.ADMIN), Level.MEMBER)).toBeNull();
    expect(memberChangeProhibition(admin, plain, Level.ADMIN)).toBeNull();
    expect(memberChangeProhibition(owner, member(4, Level.OWNER), Level.ADMIN)).toBeNull();
  });

  test("removal (no new level): anyone may remove themselves, admins others at or below them", () => {
    for (const self of [owner, admin, plain]) expect(memberChangeProhibition(self, self)).toBeNull();
    expect(memberChangeProhibition(admin, plain)).toBeNull();
    expect(memberChangeProhibition(admin, member(4, Level.ADMIN))).toBeNull();
    expect(memberChangeProhibition(owner, member(4, Level.OWNER))).toBeNull();
  });
});

describe("assignableLevels", () => {
  test("owners may give others every level", () => {
    expect(assignableLevels(owner, plain)).toEqual([Level.MEMBER, Level.ADMIN, Level.OWNER]);
    expect(assignableLevels(owner, member(4, Level.OWNER))).toEqual([Level.MEMBER, Level.ADMIN, Level.OWNER]);
  });

  test("admins may give up to admin, and nothing to an owner", () => {
    expect(assignableLevels(admin, plain)).toEqual([Level.MEMBER, Level.ADMIN]);
    expect(assignableLevels(admin, owner)).toEqual([]);
  });

  test("members may give nothing, and nobody may change themselves", () => {
    expect(assignableLevels(plain, member(4, Level.MEMBER))).toEqual([]);
    for (const self of [owner, admin, plain]) expect(assignableLevels(self, self)).toEqual([]);
  });
});

test("isMembershipLevel accepts exactly 1, 8 and 15", () => {
  expect([1, 8, 15].every(isMembershipLevel)).toBe(true);
  for (const value of [0, 2, 9, 16, "8", null, 8.5]) expect(isMembershipLevel(value)).toBe(false);
});

describe("invitableLevels", () => {
  test("one's own level and those below it", () => {
    expect(invitableLevels(Level.MEMBER)).toEqual([Level.MEMBER]);
    expect(invitableLevels(Level.ADMIN)).toEqual([Level.MEMBER, Level.ADMIN]);
    expect(invitableLevels(Level.OWNER)).toEqual([Level.MEMBER, Level.ADMIN, Level.OWNER]);
  });
});

describe("lastOwnerProhibition", () => {
  test("the only owner may not leave; one of several may, and so may anyone below owner", () => {
    expect(lastOwnerProhibition(owner, 1)).toBe("Cannot leave the organization as its owner!");
    expect(lastOwnerProhibition(owner, 2)).toBeNull();
    expect(lastOwnerProhibition(admin, 1)).toBeNull();
    expect(lastOwnerProhibition(plain, 1)).toBeNull();
  });
});
