import { COUNTDOWN_RED_BELOW_MS } from '@cashtips/contract/booking-codes';
import { useEffect, useState } from 'react';
import { renderNow } from '../../lib/server-render/render-clock.ts';

/** Milliseconds left until `iso`, ticking every second until it reaches 0. */
export function useTimeLeft(iso: string): number {
  const target = Date.parse(iso);
  // The server's render time while a server-rendered page hydrates; the real time from the first effect.
  const [now, setNow] = useState(renderNow);
  const left = Number.isFinite(target) ? Math.max(0, target - now) : 0;
  const done = left <= 0;
  useEffect(() => {
    setNow(Date.now());
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

const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;

/**
 * The time left as a screen reader should say it ('4 hours 53 minutes'): the digits read out as
 * "zero four colon fifty-three…", and minutes are enough for a figure nobody listens to every second.
 */
export function spokenTimeLeft(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0)
    return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  return minutes > 0 ? unit(minutes, 'minute') : 'less than a minute';
}

interface CountdownProps {
  expiresAt: string;
  /**
   * What it counts down to, shown before the digits and read with them ('Expires in'). Leave it out
   * only where a visible label already names it (a `<dt>` beside it).
   */
  label?: string;
  className?: string;
}

/**
 * Time to expiry: red with a pulsing dot under 30 minutes, "EXPIRED" at zero. The dot pulses, not
 * the digits: fading text in and out drops it below a readable contrast half of the time. Screen
 * readers get the label and the time in words instead of the digits.
 */
export function Countdown({ expiresAt, label, className = '' }: CountdownProps) {
  const left = useTimeLeft(expiresAt);
  const urgent = left > 0 && left < COUNTDOWN_RED_BELOW_MS;
  const tone = left <= 0 ? 'text-rose-300' : urgent ? 'text-red-300' : 'text-white';
  const spoken = left <= 0 ? 'Expired' : `${label ? `${label} ` : ''}${spokenTimeLeft(left)}`;
  const digits = (
    <span
      data-testid="countdown"
      data-urgent={urgent || undefined}
      aria-hidden="true"
      className={`inline-flex items-center gap-1 font-mono font-bold whitespace-nowrap tabular-nums ${tone} ${className}`}
    >
      {urgent && (
        <span data-testid="countdown-pulse" className="size-1.5 animate-pulse rounded-full bg-red-400" />
      )}
      {left <= 0 ? 'EXPIRED' : formatTimeLeft(left)}
    </span>
  );
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1">
      {label && left > 0 && (
        <span aria-hidden="true" className="whitespace-nowrap">
          {label}
        </span>
      )}
      {digits}
      <span className="sr-only">{spoken}</span>
    </span>
  );
}
