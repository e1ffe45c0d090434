import { MutationCache, type QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * What a write does to the cache once it succeeds, declared with it (as `meta`) and carried out in one place,
 * the query client's mutation cache (`writeEffectsCache`), before the caller's own `onSuccess`. Components add
 * their toasts and navigation in `onSuccess` without ever having to remember an invalidation.
 */
export interface WriteEffects {
  /** The response is the new value of this query. */
  returns?: QueryKey;
  /** Queries the write makes stale; those on screen are refetched before the mutation counts as done. */
  invalidates?: readonly QueryKey[] | "all";
  /** The write changes who is signed in, or takes the current organization away: nothing cached may outlive it. */
  clearsCache?: boolean;
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: WriteEffects;
  }
}

/** The mutation cache of every query client: it carries out each successful write's declared effects. */
export const writeEffectsCache = () =>
  new MutationCache({ onSuccess: (data, _variables, _result, mutation, { client }) => applyWriteEffects(client, data, mutation.meta) });

async function applyWriteEffects(client: QueryClient, data: unknown, effects: WriteEffects | undefined) {
  if (!effects) return;
  if (effects.clearsCache) {
    client.clear();
    return;
  }
  if (effects.returns) client.setQueryData(effects.returns, data);
  if (effects.invalidates === "all") await client.invalidateQueries();
  else if (effects.invalidates) await Promise.all(effects.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
}
