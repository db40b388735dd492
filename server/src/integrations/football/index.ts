import type { FootballConfig } from '../../config/env.ts';
import { ApiFootballProvider } from './api-football.ts';
import { FootballDataProvider } from './football-data.ts';
import type { FootballProvider } from './provider.ts';

export { ApiFootballProvider } from './api-football.ts';
export { FootballDataProvider } from './football-data.ts';

/** The configured provider's adapter; `fetch` and `timeoutMs` are for tests. */
export function createFootballProvider(
  config: FootballConfig,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): FootballProvider {
  const settings = { key: config.key, baseUrl: config.baseUrl, ...options };
  return config.provider === 'api-football'
    ? new ApiFootballProvider(settings)
    : new FootballDataProvider(settings);
}
