import { Resolver } from "node:dns/promises";
import { config } from "@/lib/config";

/**
 * The TXT records published at `name`, each as its list of strings; none when the name does not exist, has no
 * TXT record, or the resolvers do not answer within a few seconds (verification then simply fails).
 */
export async function lookupTxt(name: string): Promise<string[][]> {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  if (config.dnsServers.length) resolver.setServers(config.dnsServers);
  try {
    return await resolver.resolveTxt(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTFOUND" && code !== "ENODATA")
      console.warn(`[domains] TXT lookup of ${name} failed: ${code ?? (error as Error).message}`);
    return [];
  }
}
