import { confidenceTone } from '@cashtips/contract/booking-codes';

import { badgeClass } from './badge-class.ts';

export { badgeClass };

/** Spec colours: 90+ green, 80+ yellow, 70+ orange, else red. */
export const confidenceClasses = {
  green: 'bg-green-400/15 text-green-300',
  yellow: 'bg-yellow-400/15 text-yellow-300',
  orange: 'bg-orange-400/15 text-orange-300',
  red: 'bg-red-400/15 text-red-300',
} as const;

/** The same colours for a confidence shown as a figure rather than a pill. */
export const confidenceTextClasses = {
  green: 'text-green-300',
  yellow: 'text-yellow-300',
  orange: 'text-orange-300',
  red: 'text-red-300',
} as const;

/** A code's or a tip's confidence, coloured by the spec's thresholds. */
export function ConfidenceBadge({ confidence }: { confidence: number }) {
  const tone = confidenceTone(confidence);
  return (
    <span data-tone={tone} className={`${badgeClass} ${confidenceClasses[tone]}`}>
      {confidence}% confidence
    </span>
  );
}
