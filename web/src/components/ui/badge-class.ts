/**
 * The pill every badge of the app is drawn in; a badge adds its colours. In a module of its own so a
 * badge on the landing page brings no contract schema with it.
 */
export const badgeClass =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';
