/** Group types a project may have: PostHog's MAX_GROUP_TYPES_PER_TEAM (indexes 0 … 4). */
export const MAX_GROUP_TYPES = 5;
