import { teamKey } from '@cashtips/contract/markets';

/*
 * Whether a registered match's clubs are the ones a football data provider names (issue 34): by a
 * few aliases no rule can guess ('Spurs'), and by the words that tell clubs apart, whatever the
 * company form, founding year, accents or short form around them.
 */

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

/**
 * Words that say what kind of club it is, not which: company forms ('FC', 'ACF', 'SSC', 'Calcio'),
 * and the little words between ('de', 'of'). 'Real', 'Athletic' or 'United' name the club and stay.
 */
const KIND_WORDS = new Set(
  (
    'fc afc cf sc ac acf as ss ssc us usc rc rcd cd ud sd ca vfb vfl tsg sv fsv bsc fk nk sk bk if ik cp sl ' +
    'sad calcio club de del la le of the and'
  ).split(' '),
);
const SPELLINGS = new Map([
  ['utd', 'united'],
  ['st', 'saint'],
]);

/** A name's words in lower case, without accents or punctuation: 'Atlético-Madrid' → atletico, madrid. */
const plainWords = (name: string): string[] =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/**
 * The words that tell a club apart: lower case, without accents and punctuation, without kind
 * words and founding years ('Bologna FC 1909' → bologna, 'ACF Fiorentina' → fiorentina,
 * 'FC Schalke 04' → schalke).
 */
export function clubWords(name: string): string[] {
  return plainWords(name)
    .map((word) => SPELLINGS.get(word) ?? word)
    .filter((word) => word && !KIND_WORDS.has(word) && !/^\d+$/.test(word));
}

/**
 * How surely two names are one club: 1 for the same name or alias, 0.9 when every word of the
 * shorter name is in the longer ('Bologna' / 'Bologna FC 1909'), 0.8 when each begins a word of the
 * longer ('Inter' / 'Internazionale', 'Man United' / 'Manchester United', football-data.org's 'FIO'
 * / 'Fiorentina'), else 0.
 */
export function clubLikeness(a: string, b: string): number {
  if (clubKey(a) === clubKey(b)) return 1;
  const left = clubWords(a);
  const right = clubWords(b);
  if (!left.length || !right.length) return 0;
  if (left.join(' ') === right.join(' ')) return 1;
  const size = (words: string[]) => words.length * 100 + words.join('').length;
  const [short, long] = size(left) <= size(right) ? [left, right] : [right, left];
  if (short.join('').length < 3) return 0;
  if (short.every((word) => long.includes(word))) return 0.9;
  const free = [...long];
  const begins = short.every((word) => {
    const at = free.findIndex((other) => word.length >= 3 && other.startsWith(word));
    if (at < 0) return false;
    free.splice(at, 1);
    return true;
  });
  return begins ? 0.8 : 0;
}

/** The likeness above which two names are taken for one club. */
export const SAME_CLUB = 0.8;

/** How surely a registered name is one of the names a provider gives a side (its best form). */
export const likenessToAny = (registered: string, forms: readonly string[]): number =>
  Math.max(0, ...forms.map((form) => clubLikeness(registered, form)));

const leagueWords = (name: string) =>
  new Set(plainWords(name).filter((word) => word !== 'the' && word !== 'of'));

/**
 * Two leagues' names that may be one league, every word of one in the other: 'Premier League' /
 * 'English Premier League', 'Serie A' / 'Italy Serie A' (numbers count: 'Ligue 1' is not 'Ligue 2').
 */
export function sameLeague(a: string, b: string): boolean {
  const left = leagueWords(a);
  const right = leagueWords(b);
  if (!left.size || !right.size) return false;
  const [small, big] = left.size <= right.size ? [left, right] : [right, left];
  return [...small].every((word) => big.has(word));
}
