import { lagosDay } from '@cashtips/contract/lagos-time';
import type { ProviderFixture } from '../../integrations/football/provider.ts';
import { likenessToAny, SAME_CLUB, sameLeague } from './club-names.ts';

/*
 * Which registered match a provider's fixture is (issue 34). Matches typed by admins or imported
 * before the provider was switched on carry other names ('ACF Fiorentina' for football-data.org's
 * 'Fiorentina'); linking them by hand-kept aliases alone registered second copies of real matches.
 * A fixture is the registered match whose two clubs it names (in any of its name forms), kicking off
 * within minutes, in the same league (or with both clubs named exactly). A fixture that is that for
 * two matches, or that is only partly like one (one club, or both at another time), waits for an
 * admin; anything else is a match of its own.
 */

/** How far apart two kickoffs of one match may be, as typed and as the provider has it. */
export const KICKOFF_TOLERANCE_MINUTES = 15;

export type Registered = {
  id: string;
  league: string;
  homeTeam: string;
  awayTeam: string;
  kickoff: Date;
  matchDay: string;
};

export type LinkDecision<M extends Registered> =
  | { kind: 'link'; match: M }
  | { kind: 'ask'; candidates: M[]; reason: string }
  | { kind: 'register' };

type Likeness = { kind: 'sure' } | { kind: 'possible'; reason: string } | { kind: 'none' };

const minutesApart = (a: Date, b: Date) => Math.round(Math.abs(a.getTime() - b.getTime()) / 60_000);

/** How a fixture and one registered match look alike. */
export function likeness(fixture: ProviderFixture, match: Registered): Likeness {
  const home = likenessToAny(match.homeTeam, fixture.homeNames);
  const away = likenessToAny(match.awayTeam, fixture.awayNames);
  const apart = minutesApart(match.kickoff, fixture.kickoff);
  const near = apart <= KICKOFF_TOLERANCE_MINUTES;
  const bothClubs = home >= SAME_CLUB && away >= SAME_CLUB;
  const league = sameLeague(match.league, fixture.league) || (home === 1 && away === 1);
  if (bothClubs && near && league) return { kind: 'sure' };
  if (!near && match.matchDay !== lagosDay(fixture.kickoff)) return { kind: 'none' };
  if (bothClubs)
    return {
      kind: 'possible',
      reason: near
        ? `Both clubs match, but it is registered in ${match.league}, not ${fixture.league}.`
        : `Both clubs match, but the kickoffs are ${apart} minutes apart.`,
    };
  const swapped =
    likenessToAny(match.homeTeam, fixture.awayNames) >= SAME_CLUB &&
    likenessToAny(match.awayTeam, fixture.homeNames) >= SAME_CLUB;
  if (swapped) return { kind: 'possible', reason: 'The same clubs, with home and away the other way round.' };
  if (near && (home >= SAME_CLUB || away >= SAME_CLUB)) {
    const [same, other, registeredOther] =
      home >= SAME_CLUB
        ? [match.homeTeam, fixture.awayTeam, match.awayTeam]
        : [match.awayTeam, fixture.homeTeam, match.homeTeam];
    return {
      kind: 'possible',
      reason: `${same} plays at that time, but against ${other}, not ${registeredOther}.`,
    };
  }
  return { kind: 'none' };
}

/**
 * Decides every fixture of one answer together: a registered match two fixtures both look like
 * surely is asked about for both, and one linked surely is no candidate for another.
 */
export function decideLinks<M extends Registered>(
  fixtures: readonly ProviderFixture[],
  unlinked: readonly M[],
): Map<string, LinkDecision<M>> {
  const judged = fixtures.map((fixture) => {
    const sure: M[] = [];
    const possible: { match: M; reason: string }[] = [];
    for (const match of unlinked) {
      const seen = likeness(fixture, match);
      if (seen.kind === 'sure') sure.push(match);
      else if (seen.kind === 'possible') possible.push({ match, reason: seen.reason });
    }
    return { fixture, sure, possible };
  });
  const claims = new Map<string, number>();
  for (const { sure } of judged)
    for (const match of sure) claims.set(match.id, (claims.get(match.id) ?? 0) + 1);
  const linked = new Set(
    judged
      .filter(({ sure }) => sure.length === 1 && claims.get(sure[0]?.id ?? '') === 1)
      .map(({ sure }) => sure[0]?.id),
  );
  const decisions = new Map<string, LinkDecision<M>>();
  for (const { fixture, sure, possible } of judged) {
    const [only] = sure;
    let decision: LinkDecision<M>;
    if (only && sure.length === 1 && linked.has(only.id)) decision = { kind: 'link', match: only };
    else if (sure.length > 1)
      decision = {
        kind: 'ask',
        candidates: sure,
        reason: `${sure.length} registered matches have both clubs at this kickoff.`,
      };
    else if (only)
      decision = {
        kind: 'ask',
        candidates: [only],
        reason: 'Another fixture of the provider looks like this registered match too.',
      };
    else {
      const open = possible.filter(({ match }) => !linked.has(match.id));
      decision = open.length
        ? {
            kind: 'ask',
            candidates: open.map(({ match }) => match),
            reason: open.map(({ reason }) => reason).join(' '),
          }
        : { kind: 'register' };
    }
    decisions.set(fixture.providerId, decision);
  }
  return decisions;
}
