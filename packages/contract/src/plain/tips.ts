/** Texts of the free and past tips screens (spec part 2); exact strings are requirements. */
export const tipMessages = {
  noPastTips: 'No past tips available',
  noFreeTipsToday: 'No free tips posted yet today. The next one lands on our Telegram channel first.',
  tipNotFound: 'Tip not found',
  recordSince: (day: string) => `Every free tip settled since ${day}`,
  /** The record before any real tip is settled (demo tips never count: PRODUCT 15). */
  noSettledTips: 'No settled tips yet.',
  demoNotCounted: 'Tips marked Demo are sample content and count in no record.',
  onlyFreeType: "Free is the only type of tip posted here: send type 'free' or leave it out.",
} as const;

/** Spec: Won, Lost, otherwise Pending (a void tip shows as Pending). */
export const tipStatuses = ['Won', 'Lost', 'Pending'] as const;
export type TipStatus = (typeof tipStatuses)[number];
export function tipStatus(result: string): TipStatus {
  if (result === 'won') return 'Won';
  if (result === 'lost') return 'Lost';
  return 'Pending';
}
