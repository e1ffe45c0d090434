import { z } from "zod";
import { users, type User } from "@/lib/db/schema";

/** PostHog's `UserBasic`: how a user appears inside other resources (members, invites' `created_by`). */
export const ZUserBasic = z
  .object({
    id: z.number().int(),
    uuid: z.uuid(),
    distinct_id: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.email(),
    is_email_verified: z.boolean().nullable(),
    hedgehog_config: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "UserBasic" });

/** The columns `userBasic` reads, for queries that select only what they serialize. */
export const userBasicColumns = {
  id: users.id,
  uuid: users.uuid,
  distinctId: users.distinctId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isEmailVerified: users.isEmailVerified,
  hedgehogConfig: users.hedgehogConfig,
};

export function userBasic(user: Pick<User, keyof typeof userBasicColumns>): z.infer<typeof ZUserBasic> {
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinctId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_email_verified: user.isEmailVerified,
    hedgehog_config: (user.hedgehogConfig as Record<string, unknown> | null) ?? null,
  };
}

/** A resource's `created_by`: its creator as `UserBasic`, or null when there is none (or the user is gone). */
export function createdByOf(createdById: number | null, people: Map<number, User>) {
  const creator = createdById !== null ? people.get(createdById) : undefined;
  return creator ? userBasic(creator) : null;
}
