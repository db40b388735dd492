/** Desktop tables; phones get cards instead (`md:hidden` lists next to each table). */
export const tableFrame =
  'hidden overflow-x-auto rounded-2xl border border-emerald-800/70 bg-emerald-900/30 md:block';
export const tableClass = 'w-full border-collapse text-left text-sm';
export const headCell =
  'whitespace-nowrap border-b border-emerald-800/70 px-4 py-3 text-xs font-semibold uppercase tracking-wide text-emerald-200/70';
export const bodyCell = 'px-4 py-3 align-top text-emerald-50';
export const bodyRow = 'border-b border-emerald-800/40 last:border-b-0';
export const cardList = 'flex flex-col gap-3 md:hidden';
export const card = 'rounded-2xl border border-emerald-800/70 bg-emerald-900/35 p-4';
/** Makes a link's box cover its positioned row or card, so the whole row opens it. */
export const stretchedLink =
  'rounded font-semibold text-white underline-offset-4 after:absolute after:inset-0 after:content-[""] hover:underline focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-lime-300';
