import { teamKey } from '@cashtips/contract/markets';

/**
 * One name per club among the spellings a league's matches use: the data says 'Arsenal FC', an admin
 * types 'Arsenal'. Names with the same `teamKey` are one club, named by its most used spelling, so
 * an admin's recorded score on 'Arsenal' feeds the same team of the fit as the imported seasons.
 */
export function canonicalNames(names: Iterable<string>): Map<string, string> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const byKey = new Map<string, { name: string; count: number }>();
  for (const [name, count] of counts) {
    const key = teamKey(name);
    const best = byKey.get(key);
    if (
      !best ||
      count > best.count ||
      (count === best.count &&
        (name.length > best.name.length || (name.length === best.name.length && name < best.name)))
    )
      byKey.set(key, { name, count });
  }
  const canonical = new Map<string, string>();
  for (const name of counts.keys()) canonical.set(name, byKey.get(teamKey(name))?.name ?? name);
  return canonical;
}

/** Finds a typed team among a fitted model's teams by its key ('Arsenal' finds 'Arsenal FC'). */
export class TeamLookup {
  private readonly byKey = new Map<string, string>();

  constructor(teams: readonly string[]) {
    for (const team of teams) {
      const key = teamKey(team);
      if (!this.byKey.has(key)) this.byKey.set(key, team);
    }
  }

  /** The model's own name for a typed team, or undefined when the model has no such team. */
  find(typed: string): string | undefined {
    return this.byKey.get(teamKey(typed));
  }
}
