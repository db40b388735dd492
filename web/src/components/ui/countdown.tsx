import { COUNTDOWN_RED_BELOW_MS } from '@cashtips/contract/booking-codes';
import { useEffect, useState } from 'react';

/** Milliseconds left until `iso`, ticking every second until it reaches 0. */
export function useTimeLeft(iso: string): number {
  const target = Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  const left = Number.isFinite(target) ? Math.max(0, target - now) : 0;
  const done = left <= 0;
  useEffect(() => {
    if (done) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [done]);
  return left;
}

const two = (value: number) => String(value).padStart(2, '0');

export function formatTimeLeft(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${days}d ${hours}h ${two(minutes)}m`;
  return `${two(hours)}:${two(minutes)}:${two(rest)}`;
}

/**
 * Time to expiry: red with a pulsing dot under 30 minutes, "EXPIRED" at zero. The dot pulses, not
 * the digits: fading text in and out drops it below a readable contrast half of the time.
 */
export function Countdown({ expiresAt, className = '' }: { expiresAt: string; className?: string }) {
  const left = useTimeLeft(expiresAt);
  const urgent = left > 0 && left < COUNTDOWN_RED_BELOW_MS;
  const tone = left <= 0 ? 'text-rose-300' : urgent ? 'text-red-300' : 'text-white';
  return (
    <span
      data-testid="countdown"
      data-urgent={urgent || undefined}
      className={`inline-flex items-center gap-1 font-mono font-bold whitespace-nowrap tabular-nums ${tone} ${className}`}
    >
      {urgent && (
        <span
          data-testid="countdown-pulse"
          aria-hidden="true"
          className="size-1.5 animate-pulse rounded-full bg-red-400"
        />
      )}
      {left <= 0 ? 'EXPIRED' : formatTimeLeft(left)}
    </span>
  );
}
