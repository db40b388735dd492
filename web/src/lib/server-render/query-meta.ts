/**
 * Marks a query whose answer depends on who asks (the visitor's location): the server never runs it while
 * rendering a page, so what one visitor's request answered is never written into HTML served to others.
 */
export const visitorSpecific = { visitorSpecific: true } as const;

export function isVisitorSpecific(meta: Record<string, unknown> | undefined): boolean {
  return meta?.visitorSpecific === true;
}
