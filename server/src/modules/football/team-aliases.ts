import { teamKey } from '@cashtips/contract/markets';

/**
 * Clubs that providers, the bundled data and admins name differently beyond 'FC' and accents
 * (which `teamKey` already drops): each group is one club. The first name of a group is its key.
 */
const aliasGroups: readonly (readonly string[])[] = [
  ['Manchester United', 'Man United', 'Man Utd', 'Manchester Utd'],
  ['Manchester City', 'Man City'],
  ['Tottenham Hotspur', 'Tottenham', 'Spurs'],
  ['Wolverhampton Wanderers', 'Wolves', 'Wolverhampton'],
  ['Nottingham Forest', "Nott'm Forest", 'Nottm Forest', 'Forest'],
  ['Newcastle United', 'Newcastle'],
  ['West Ham United', 'West Ham'],
  ['Brighton & Hove Albion', 'Brighton and Hove Albion', 'Brighton'],
  ['Leicester City', 'Leicester'],
  ['Leeds United', 'Leeds'],
  ['Sheffield United', 'Sheffield Utd', 'Sheff Utd'],
  ['AFC Bournemouth', 'Bournemouth'],
  ['Ipswich Town', 'Ipswich'],
  ['Luton Town', 'Luton'],
  ['Paris Saint-Germain', 'Paris Saint Germain', 'Paris SG', 'PSG'],
  ['Olympique de Marseille', 'Olympique Marseille', 'Marseille'],
  ['Olympique Lyonnais', 'Lyon'],
  ['Bayern München', 'Bayern Munich', 'FC Bayern', 'Bayern'],
  ['Borussia Dortmund', 'Dortmund', 'BVB'],
  ['Borussia Mönchengladbach', "Borussia M'gladbach", 'Gladbach', 'Mönchengladbach'],
  ['Bayer 04 Leverkusen', 'Bayer Leverkusen', 'Leverkusen'],
  ['RB Leipzig', 'Leipzig'],
  ['Eintracht Frankfurt', 'Frankfurt'],
  ['Internazionale', 'Inter', 'Inter Milan', 'FC Internazionale Milano'],
  ['AC Milan', 'Milan'],
  ['Juventus', 'Juve'],
  ['AS Roma', 'Roma'],
  ['SSC Napoli', 'Napoli'],
  ['Atlético Madrid', 'Atletico Madrid', 'Atlético de Madrid', 'Club Atlético de Madrid', 'Atleti'],
  ['Real Madrid', 'Real Madrid CF'],
  ['FC Barcelona', 'Barcelona', 'Barça'],
  ['Athletic Club', 'Athletic Bilbao'],
  ['Real Betis', 'Betis', 'Real Betis Balompié'],
  ['Real Sociedad', 'Sociedad'],
  ['Sporting CP', 'Sporting Lisbon', 'Sporting'],
  ['Enyimba', 'Enyimba International', 'Enyimba FC'],
  ['Rivers United', 'Rivers Utd'],
  ['Kano Pillars', 'Pillars'],
  ['Remo Stars', 'Remo'],
  ['Shooting Stars', '3SC', 'Shooting Stars SC'],
  ['Enugu Rangers', 'Rangers International', 'Rangers Int.'],
];

const aliasKeys = new Map<string, string>();
for (const group of aliasGroups) {
  const key = teamKey(group[0] ?? '');
  for (const name of group) aliasKeys.set(teamKey(name), key);
}

/** One key per club, however a provider, the data or an admin names it. */
export function clubKey(name: string): string {
  const key = teamKey(name);
  return aliasKeys.get(key) ?? key;
}

/** Whether two names are the same club. */
export const sameClub = (a: string, b: string): boolean => clubKey(a) === clubKey(b);
