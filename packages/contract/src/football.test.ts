import { describe, expect, it } from 'vitest';
import { automaticActor } from './football.ts';

describe('who an audit entry names when no admin acted', () => {
  it('names the football data provider that recorded a result, and the product otherwise', () => {
    expect(automaticActor({ status: 'finished', by: 'provider', provider: 'api-football' })).toBe(
      'Football data provider (API-Football)',
    );
    expect(automaticActor({ by: 'provider', provider: 'football-data' })).toBe(
      'Football data provider (football-data.org)',
    );
    expect(automaticActor({ by: 'provider', provider: 'elsewhere' })).toBe(
      'Football data provider (unknown)',
    );
    expect(automaticActor({ status: 'finished' })).toBe('Automatic (no admin)');
    expect(automaticActor(null)).toBe('Automatic (no admin)');
  });
});
