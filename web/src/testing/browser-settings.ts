import { vi } from 'vitest';

const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

/**
 * The browser's settings as a page reads them, its time zone and preferred languages, for a test
 * (vitest restores them after each): the phone picker guesses the country from these when the
 * location service cannot.
 */
export function stubBrowserSettings({ timeZone, languages }: { timeZone: string; languages: string[] }) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone };
  });
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
}
