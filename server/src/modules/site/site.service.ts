import {
  DEFAULT_FIGURES,
  type SiteResponse,
  type SiteSettings,
  siteSettingsSchema,
  type siteSettingsUpdateSchema,
} from '@cashtips/contract/site';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import type { RecordWindow } from '@cashtips/contract/tips';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { changedFields, recordAudit } from '../admin/audit.ts';
import type { TipsService } from '../tips/tips.service.ts';

const KEY = 'site';

/**
 * The landing page's verified record in words, from the record's windows: '73.6% won over the
 * last 30 days (14 of 19 settled) · …'; windows with nothing settled are left out, null if all are.
 */
export function recordLine(windows: RecordWindow[]): string | null {
  const parts = windows
    .filter((window) => window.won + window.lost > 0)
    .map(
      (window) =>
        `${formatSuccessRate(window.successRate)} won over the last ${window.days} days (${window.won} of ${window.won + window.lost} settled)`,
    );
  return parts.length ? parts.join(' · ') : null;
}
/** Settings change rarely; another process's edit shows within this long. */
const SETTINGS_TTL_MS = 30_000;

type SettingsUpdate = z.output<typeof siteSettingsUpdateSchema>;

/**
 * What an admin sets about the public site (the landing page's marketing figures, community
 * links), and the public summary shown beside them: the verified record of free tips.
 */
export class SiteService {
  private cached: { at: number; settings: SiteSettings } | undefined;
  private readonly changeListeners: Array<() => void> = [];

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      tips: TipsService;
      defaults: { telegramChannelUrl: string | null };
    },
  ) {}

  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  private defaults(): SiteSettings {
    return {
      figures: DEFAULT_FIGURES,
      community: { telegram: this.deps.defaults.telegramChannelUrl, whatsapp: null },
    };
  }

  async settings(): Promise<SiteSettings> {
    if (this.cached && Date.now() - this.cached.at < SETTINGS_TTL_MS) return this.cached.settings;
    const [row] = await this.deps.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
    const defaults = this.defaults();
    const stored = siteSettingsSchema.partial().safeParse(row?.value ?? {});
    const settings: SiteSettings = {
      figures: { ...defaults.figures, ...(stored.success ? stored.data.figures : {}) },
      community: { ...defaults.community, ...(stored.success ? stored.data.community : {}) },
    };
    this.cached = { at: Date.now(), settings };
    return settings;
  }

  async update(actorUserId: string, patch: SettingsUpdate): Promise<SiteSettings> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const before = await this.settings();
    const next: SiteSettings = {
      figures: { ...before.figures, ...patch.figures },
      community: { ...before.community, ...patch.community },
    };
    await inTransaction(db, async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ key: KEY, value: next, updatedAt: now })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: next, updatedAt: now } });
      const changes = changedFields(
        { ...before.figures, ...before.community },
        { ...next.figures, ...next.community },
      );
      if (changes) {
        await recordAudit(tx, now, {
          actorUserId,
          action: 'site.update',
          targetType: 'site',
          targetId: null,
          ...changes,
        });
      }
    });
    this.cached = { at: Date.now(), settings: next };
    for (const listener of this.changeListeners) listener();
    return next;
  }

  /** The landing page's figures as set, next to the record computed from settled free tips. */
  async publicSite(): Promise<Omit<SiteResponse, 'success'>> {
    const [settings, { windows }] = await Promise.all([this.settings(), this.deps.tips.record()]);
    return { figures: settings.figures, record: windows, community: settings.community };
  }
}
