/**
 * Paths of screens the landing page never links. `paths` (paths.ts) is held whole by the entry
 * chunk, so every entry there is bytes on the landing page's budget (decision 003); these load only
 * with the lazy chunks that link or mount them. A screen the landing page comes to link moves there.
 */
export const screenPaths = {
  live: '/live',
} as const;
