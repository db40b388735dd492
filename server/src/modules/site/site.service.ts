import {
  communitySchema,
  FIGURE_KEYS,
  type FigureReport,
  type Figures,
  figureMessages,
  figureNumber,
  roundedCount,
  type ShownFigures,
  type SiteResponse,
  type SiteSettings,
  type SiteSettingsResponse,
  type siteSettingsUpdateSchema,
} from '@cashtips/contract/site';
import { formatSuccessRate } from '@cashtips/contract/success-rate';
import type { RecordWindow } from '@cashtips/contract/tips';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { siteSettings, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { invalidField } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { changedFields, recordAudit } from '../admin/audit.ts';
import type { TipsService } from '../tips/tips.service.ts';

const KEY = 'site';

/**
 * The figures every install showed before they were measured (spec part 1). Settings saved before
 * then hold them as if typed (the form sent all three back with any change), so a stored value
 * without the `figures: 'measured'` mark that equals one of them is read as not set.
 */
const LEGACY_DEFAULT_FIGURES: Record<keyof Figures, string> = {
  users: '500,000+',
  accuracy: '85%+',
  satisfaction: '98%',
};
/** Marks settings written since figures are measured (see LEGACY_DEFAULT_FIGURES). */
const MEASURED_MARK = 'measured';

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
/**
 * Verified accounts are counted at most this often: a sign-up shows on the landing page within this
 * long plus the rendered page's own 10 s (the figure is rounded down to two significant figures anyway).
 */
const USERS_TTL_MS = 60_000;

type Measured = { users: string | null; accuracy: string | null };

/** One stored figure: a string (empty = not set); anything else (an older shape) = not set. */
function storedFigure(value: unknown, key: keyof Figures, marked: boolean): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim().slice(0, 20);
  return !marked && text === LEGACY_DEFAULT_FIGURES[key] ? null : text;
}

/** An admin's users or accuracy figure applies when the number it claims is not above the measured one. */
function withinMeasured(set: string, measured: string | null): boolean {
  const claimed = figureNumber(set);
  const limit = measured === null ? null : figureNumber(measured);
  return claimed !== null && limit !== null && claimed <= limit;
}

type SettingsUpdate = z.output<typeof siteSettingsUpdateSchema>;

/**
 * What an admin sets about the public site (the landing page's marketing figures, community
 * links), and the public summary shown beside them: the verified record of free tips.
 */
export class SiteService {
  private cached: { at: number; settings: SiteSettings } | undefined;
  private verifiedCount: { at: number; value: Promise<number> } | undefined;
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

  async settings(): Promise<SiteSettings> {
    if (this.cached && Date.now() - this.cached.at < SETTINGS_TTL_MS) return this.cached.settings;
    const [row] = await this.deps.db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
    const value: Partial<Record<string, unknown>> = Object(row?.value);
    const marked = value.figuresAre === MEASURED_MARK;
    const figures: Partial<Record<string, unknown>> = Object(value.figures);
    const community = communitySchema.partial().safeParse(value.community ?? {});
    const settings: SiteSettings = {
      figures: {
        users: storedFigure(figures.users, 'users', marked),
        accuracy: storedFigure(figures.accuracy, 'accuracy', marked),
        satisfaction: storedFigure(figures.satisfaction, 'satisfaction', marked),
      },
      community: {
        telegram: this.deps.defaults.telegramChannelUrl,
        whatsapp: null,
        ...(community.success ? community.data : {}),
      },
    };
    this.cached = { at: Date.now(), settings };
    return settings;
  }

  /** Verified accounts still open, admins left out; counted at most once a minute unless `fresh`. */
  private countVerified(fresh = false): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const cached = this.verifiedCount;
    if (!fresh && cached && now - cached.at < USERS_TTL_MS) return cached.value;
    const value = this.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(isNotNull(users.emailVerifiedAt), isNull(users.closedAt), ne(users.role, 'admin')))
      .then(([row]) => row?.count ?? 0);
    // A failed count (database down) is not kept: the next read tries again.
    value.catch(() => {
      if (this.verifiedCount?.value === value) this.verifiedCount = undefined;
    });
    this.verifiedCount = { at: now, value };
    return value;
  }

  /**
   * The figures as measured: verified accounts rounded down to two significant figures ('1,200+'),
   * and the free tips' record over 90 days (the record line's window; null below 5 settled).
   */
  private async measure(fresh = false): Promise<Measured> {
    const [count, { windows }] = await Promise.all([this.countVerified(fresh), this.deps.tips.record()]);
    const rate = windows.find((window) => window.days === 90)?.successRate ?? null;
    return { users: roundedCount(count), accuracy: rate === null ? null : `${rate}%` };
  }

  /** Each figure as measured, as the admin set it, and what the landing page shows (null: nothing). */
  private report(figures: Figures, measured: Measured): Record<keyof Figures, FigureReport> {
    const measuredFigure = (key: 'users' | 'accuracy'): FigureReport => {
      const set = figures[key];
      const applies = set !== null && withinMeasured(set, measured[key]);
      return {
        measured: measured[key],
        shown: applies ? set : measured[key],
        setAboveMeasured: set !== null && !applies,
      };
    };
    return {
      users: measuredFigure('users'),
      accuracy: measuredFigure('accuracy'),
      satisfaction: { measured: null, shown: figures.satisfaction, setAboveMeasured: false },
    };
  }

  /** The admin's view: the settings, and each figure as measured now (counted afresh) and as shown. */
  async adminSettings(): Promise<Omit<SiteSettingsResponse, 'success'>> {
    const [settings, measured] = await Promise.all([this.settings(), this.measure(true)]);
    return { settings, figures: this.report(settings.figures, measured) };
  }

  /**
   * Saves a partial change. A users or accuracy figure above the measured one (counted afresh) is
   * refused with 422 naming the measured figure; an empty figure is stored as null (measured).
   */
  async update(actorUserId: string, patch: SettingsUpdate): Promise<Omit<SiteSettingsResponse, 'success'>> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const before = await this.settings();
    const typed: Partial<Figures> = {};
    for (const key of FIGURE_KEYS) {
      const value = patch.figures?.[key];
      if (value !== undefined) typed[key] = value?.trim() || null;
    }
    const measured = await this.measure(true);
    if (typed.users && !withinMeasured(typed.users, measured.users)) {
      throw invalidField('figures.users', figureMessages.usersAbove(measured.users), 'BUSINESS_RULE', 422);
    }
    if (typed.accuracy && !withinMeasured(typed.accuracy, measured.accuracy)) {
      throw invalidField(
        'figures.accuracy',
        figureMessages.accuracyAbove(measured.accuracy),
        'BUSINESS_RULE',
        422,
      );
    }
    const next: SiteSettings = {
      figures: { ...before.figures, ...typed },
      community: { ...before.community, ...patch.community },
    };
    const stored = { figuresAre: MEASURED_MARK, ...next };
    await inTransaction(db, async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ key: KEY, value: stored, updatedAt: now })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: stored, updatedAt: now } });
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
    return { settings: next, figures: this.report(next.figures, measured) };
  }

  /** The landing page's figures (measured, or an admin's no higher), next to the verified record. */
  async publicSite(): Promise<Omit<SiteResponse, 'success'>> {
    const [settings, measured, { windows }] = await Promise.all([
      this.settings(),
      this.measure(),
      this.deps.tips.record(),
    ]);
    const report = this.report(settings.figures, measured);
    const figures: ShownFigures = {
      users: report.users.shown,
      accuracy: report.accuracy.shown,
      satisfaction: report.satisfaction.shown,
    };
    return { figures, record: windows, community: settings.community };
  }
}
