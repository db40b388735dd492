import { describe, expect, it } from 'vitest';
import { planTakeUpText } from '../../rollover/components/plan-badges.tsx';
import { codeTakeUp } from './code-badges.tsx';

/*
 * PRODUCT 13 and 15: no screen shows a buyer or subscriber count beside a slot count it could contradict. Every
 * screen (cards, detail pages, the Quick Preview, rollover tips, the dashboard) writes a code's or a
 * plan's take-up through these two functions, so checking them over every shape covers them all.
 */

const limits = [null, 1, 50] as const;
const lefts = [null, 0, 1, 12, 50] as const;
const counts = [0, 1, 31, 500] as const;

describe('take-up figures: slots or buyers, never both', () => {
  it('a code shows its real slots when it has any to count, else how many bought', () => {
    for (const slotLimit of limits) {
      for (const slotsLeft of lefts) {
        for (const buyerCount of counts) {
          const soldOut = slotsLeft === 0;
          const { label, text } = codeTakeUp({ slotLimit, slotsLeft, soldOut, buyerCount });
          const shape = JSON.stringify({ slotLimit, slotsLeft, buyerCount });
          if (slotsLeft === null) {
            expect(text, shape).toBe(`${buyerCount} bought`);
            expect(label, shape).toBe('Buyers');
          } else {
            expect(label, shape).toBe('Slots');
            expect(text, shape).not.toMatch(/bought|buyer/);
            // The buyer count is not in the slot text.
            if (buyerCount !== slotsLeft && buyerCount !== slotLimit) {
              expect(text, shape).not.toMatch(new RegExp(`\\b${buyerCount}\\b`));
            }
          }
        }
      }
    }
  });

  it('a plan shows its real slots when it has a limit, else its subscriber count', () => {
    for (const slotLimit of limits) {
      for (const slotsLeft of lefts) {
        if ((slotLimit === null) !== (slotsLeft === null)) continue;
        for (const subscriberCount of counts) {
          const text = planTakeUpText({ slotLimit, slotsLeft, subscriberCount });
          const shape = JSON.stringify({ slotLimit, slotsLeft, subscriberCount });
          if (slotLimit === null) {
            expect(text, shape).toMatch(/^\d+ subscribers?$/);
            expect(text, shape).toContain(String(subscriberCount));
          } else {
            expect(text, shape).not.toMatch(/subscriber/);
            expect(text, shape).toMatch(/^(Full|\d+ of \d+ slots? left)$/);
          }
        }
      }
    }
  });

  it('reads as before for the usual shapes', () => {
    expect(codeTakeUp({ slotLimit: 62, slotsLeft: 50, soldOut: false, buyerCount: 31 }).text).toBe(
      '50 of 62 slots left',
    );
    expect(codeTakeUp({ slotLimit: 20, slotsLeft: 0, soldOut: true, buyerCount: 20 }).text).toBe('Sold out');
    expect(codeTakeUp({ slotLimit: null, slotsLeft: null, soldOut: false, buyerCount: 1 }).text).toBe(
      '1 bought',
    );
    expect(planTakeUpText({ slotLimit: 100, slotsLeft: 100, subscriberCount: 38 })).toBe(
      '100 of 100 slots left',
    );
    expect(planTakeUpText({ slotLimit: null, slotsLeft: null, subscriberCount: 1 })).toBe('1 subscriber');
  });
});
