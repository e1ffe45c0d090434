/**
 * TanStack Query keys, one factory per resource. Never inline a key: mutations invalidate through these,
 * so a key written by hand would silently miss invalidations.
 */
export const userKeys = {
  all: ["users"] as const,
  me: () => [...userKeys.all, "@me"] as const,
};

export const memberKeys = {
  all: ["members"] as const,
  list: (organizationId: string) => [...memberKeys.all, organizationId] as const,
};

export const inviteKeys = {
  all: ["invites"] as const,
  list: (organizationId: string) => [...inviteKeys.all, organizationId] as const,
  /** The public preview an invitee opens from their link. */
  preview: (inviteId: string) => [...inviteKeys.all, "preview", inviteId] as const,
};

export const apiKeyKeys = {
  all: ["personal_api_keys"] as const,
  list: () => [...apiKeyKeys.all, "list"] as const,
};

export const projectKeys = {
  all: ["projects"] as const,
  list: (organizationId: string) => [...projectKeys.all, organizationId] as const,
};

export const domainKeys = {
  all: ["domains"] as const,
  list: (organizationId: string) => [...domainKeys.all, organizationId] as const,
};
