import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { ZPassword, ZUserUpdate } from "@/lib/users/schemas";

// The account settings forms' checks, loaded on a form's first submit (see lazyResolver).

const ZCurrentPassword = z.string().min(1, "Enter your current password.").max(128);

const ZNameForm = ZUserUpdate.pick({ first_name: true, last_name: true }).required();
const ZEmailForm = z.object({ email: z.email().max(254), current_password: ZCurrentPassword });
const ZPasswordForm = z
  .object({ current_password: ZCurrentPassword, password: ZPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ["confirm"], message: "The two new passwords differ." });

export type TNameForm = z.infer<typeof ZNameForm>;
export type TEmailForm = z.infer<typeof ZEmailForm>;
export type TPasswordForm = z.infer<typeof ZPasswordForm>;

export const nameResolver = zodResolver(ZNameForm);
export const emailResolver = zodResolver(ZEmailForm);
export const passwordResolver = zodResolver(ZPasswordForm);
