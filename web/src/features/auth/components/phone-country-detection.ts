/*
 * The phone picker's country when our location service cannot say (GEO_URL off, or it failed): the
 * browser's own settings, before the spec's default (us). The time zone first: it follows where the
 * device is, while many Nigerian phones are set to US or UK English.
 */

/** Time zones that place a device in one of the preferred countries (spec: us, gb, ng). */
const zoneCountries: Readonly<Record<string, string>> = {
  'Africa/Lagos': 'ng',
  'Europe/London': 'gb',
  'Europe/Belfast': 'gb',
  'America/New_York': 'us',
  'America/Detroit': 'us',
  'America/Chicago': 'us',
  'America/Denver': 'us',
  'America/Phoenix': 'us',
  'America/Los_Angeles': 'us',
  'America/Anchorage': 'us',
  'Pacific/Honolulu': 'us',
  'US/Eastern': 'us',
  'US/Central': 'us',
  'US/Mountain': 'us',
  'US/Pacific': 'us',
};

export interface BrowserSettings {
  timeZone: string | undefined;
  languages: readonly string[];
}

/**
 * The country the settings point to, among `known` (lower-case ISO codes), if any: the time zone's,
 * else the region of the first language that names one (`en-NG` → ng).
 */
export function countryFromBrowser(
  settings: BrowserSettings,
  known: ReadonlySet<string>,
): string | undefined {
  const byZone = settings.timeZone ? zoneCountries[settings.timeZone] : undefined;
  if (byZone && known.has(byZone)) return byZone;
  for (const language of settings.languages) {
    const region = regionOf(language);
    if (region && known.has(region)) return region;
  }
  return undefined;
}

function regionOf(language: string): string | undefined {
  try {
    return new Intl.Locale(language).region?.toLowerCase();
  } catch {
    return undefined;
  }
}

export function browserSettings(): BrowserSettings {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return { timeZone, languages: languages.filter(Boolean) };
}
