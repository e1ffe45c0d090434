/** Keys of an analysis request that steer it (cache, format, tracking) and are not part of its filter. */
const NOT_FILTER = new Set(["refresh", "format", "client_query_id", "cache_invalidation_key"]);

/** The analysis's filter: the request without its steering keys. */
export function filterOf<F extends Record<string, unknown>>(request: F): F {
  return Object.fromEntries(Object.entries(request).filter(([key]) => !NOT_FILTER.has(key))) as F;
}
