import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { ZOrganizationUpdate } from "@/lib/organizations/schemas";

const ZRename = ZOrganizationUpdate.pick({ name: true }).required();
export type TRename = z.infer<typeof ZRename>;

/** The organization settings' rename form's check, loaded on its first submit (see lazyResolver). */
export const renameResolver = zodResolver(ZRename);
