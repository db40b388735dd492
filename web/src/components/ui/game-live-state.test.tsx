import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyMatchEvent } from '../../lib/live-matches.ts';
import { live, matchEvent } from '../../testing/match-fixtures.ts';
import { describeMatchChange, GameLiveState, LiveStateBadge } from './game-live-state.tsx';

const teams = { home: 'Arsenal', away: 'Chelsea' };

/** What the eye reads: the text outside the screen-reader-only parts. */
const seen = (element: Element) =>
  [...element.querySelectorAll('[aria-hidden="true"], [data-outcome]')]
    .map((part) => part.textContent?.replace(/^Pick /, ''))
    .join(' ')
    .trim();

describe('a game’s live state', () => {
  it('adds nothing before kickoff (the kickoff time already shows), or what the screen asks for', () => {
    const { container, rerender } = render(<LiveStateBadge live={live()} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<LiveStateBadge live={live()} idle={<span>16:00</span>} />);
    expect(container).toHaveTextContent('16:00');
  });

  it("shows a live match as Live 67' with the score and a dot that pulses only when motion is welcome", () => {
    const { container } = render(<LiveStateBadge live={live('live', 67, [1, 0])} />);
    const pill = container.querySelector('[data-live-status="live"]') as HTMLElement;
    expect(seen(pill)).toBe("Live 67'1-0");
    expect(screen.getByText('Live, minute 67, score 1-0')).toHaveClass('sr-only');
    // Tailwind's motion-safe: the ping runs only without prefers-reduced-motion.
    expect(pill.querySelector('.motion-safe\\:animate-ping')).not.toBeNull();
    expect(pill.querySelector('.animate-ping')).toBeNull();
  });

  it('says Live alone while the provider gives no minute or score yet', () => {
    render(<LiveStateBadge live={live('live')} />);
    expect(screen.getByText('Live', { selector: '.sr-only' })).toBeInTheDocument();
  });

  it('shows half-time as HT 1-0 and full time as FT 2-1', () => {
    const { container, rerender } = render(<LiveStateBadge live={live('halftime', null, [1, 0])} />);
    expect(seen(container)).toBe('HT1-0');
    expect(screen.getByText('Half-time, score 1-0')).toBeInTheDocument();
    rerender(<LiveStateBadge live={live('finished', null, [2, 1])} />);
    expect(seen(container)).toBe('FT2-1');
    expect(screen.getByText('Full time, score 2-1')).toBeInTheDocument();
  });

  it.each([
    ['won', 'Won'],
    ['lost', 'Lost'],
    ['void', 'Void'],
  ] as const)('adds the selection’s own result once known: %s', (outcome, label) => {
    render(<LiveStateBadge live={live('finished', null, [2, 1])} outcome={outcome} />);
    const badge = screen.getByText(label);
    expect(badge.closest('[data-outcome]')).toHaveAttribute('data-outcome', outcome);
    expect(badge.closest('[data-outcome]')).toHaveTextContent(`Pick ${label}`);
  });

  it('adds no result while it is pending or not the viewer’s to see (null)', () => {
    const { container, rerender } = render(
      <LiveStateBadge live={live('finished', null, [2, 1])} outcome="pending" />,
    );
    expect(container.querySelector('[data-outcome]')).toBeNull();
    rerender(<LiveStateBadge live={live('finished', null, [2, 1])} outcome={null} />);
    expect(container.querySelector('[data-outcome]')).toBeNull();
  });

  it('shows the recorded score after 90 minutes at full time, not one with extra time in it', () => {
    const { container } = render(
      <LiveStateBadge
        live={live('finished', null, [3, 2])}
        finalScore={{ home: 2, away: 2 }}
        outcome="lost"
      />,
    );
    expect(seen(container)).toBe('FT2-2 Lost');
  });

  it('shows full time from the recorded score when no provider moved the state on (an admin’s result)', () => {
    const { container } = render(
      <LiveStateBadge live={live()} finalScore={{ home: 0, away: 1 }} outcome="won" />,
    );
    expect(seen(container)).toBe('FT0-1 Won');
  });

  it.each([
    ['postponed', 'Postponed'],
    ['suspended', 'Suspended'],
    ['cancelled', 'Cancelled'],
    ['abandoned', 'Abandoned'],
  ] as const)('shows a %s match as a muted label', (status, label) => {
    const { container } = render(<LiveStateBadge live={live(status, null, [1, 1])} />);
    const pill = container.querySelector(`[data-live-status="${status}"]`);
    expect(pill).toHaveTextContent(label);
    expect(pill).toHaveClass('text-emerald-100/70');
    expect(pill).not.toHaveTextContent('1-1');
  });

  it('follows its match’s events, and only its own', () => {
    const client = new QueryClient();
    render(
      <>
        <GameLiveState matchId="match-1" live={live()} {...teams} />
        <GameLiveState matchId="match-2" live={live()} home="Enyimba" away="Rivers United" />
      </>,
    );
    act(() => applyMatchEvent(client, matchEvent('match-1', live('live', 12, [0, 1]))));
    expect(screen.getByText('Live, minute 12, score 0-1')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-live-status]')).toHaveLength(1);
  });
});

describe('what a screen reader hears of a change', () => {
  it('speaks of kick-off, goals, half-time, the second half and full time', () => {
    expect(describeMatchChange(teams, live(), live('live', 1, [0, 0]))).toBe(
      'Kick-off: Arsenal 0-0 Chelsea.',
    );
    expect(describeMatchChange(teams, live('live', 66, [0, 0]), live('live', 67, [1, 0]))).toBe(
      'Score: Arsenal 1-0 Chelsea, minute 67.',
    );
    expect(describeMatchChange(teams, live('live', 45, [1, 0]), live('halftime', null, [1, 0]))).toBe(
      'Half-time: Arsenal 1-0 Chelsea.',
    );
    expect(describeMatchChange(teams, live('halftime', null, [1, 0]), live('live', 46, [1, 0]))).toBe(
      'Second half: Arsenal 1-0 Chelsea.',
    );
    expect(describeMatchChange(teams, live('live', 90, [2, 1]), live('finished', null, [2, 1]))).toBe(
      'Full time: Arsenal 2-1 Chelsea.',
    );
    expect(describeMatchChange(teams, live(), live('postponed'))).toBe('Postponed: Arsenal v Chelsea.');
  });

  it('stays quiet while only the minute moves, or when it never knew the state before', () => {
    expect(describeMatchChange(teams, live('live', 66, [1, 0]), live('live', 67, [1, 0]))).toBeNull();
    expect(describeMatchChange(teams, undefined, live('live', 67, [1, 0]))).toBeNull();
  });
});
