import { footballMessages, type LinkQuestion } from '@cashtips/contract/football';
import { lagosDay } from '@cashtips/contract/lagos-time';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { databaseErrorOf } from '../../db/errors.ts';
import { matches, matchLinkQuestions } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../admin/audit.ts';

type QuestionRow = typeof matchLinkQuestions.$inferSelect;
type Rows<T> = { rows: T[] };

/** Open questions an admin sees at once; more wait behind them, soonest kickoff first. */
const LISTED = 50;

/**
 * The admin's side of provider fixtures the sync could not place (fixture-links.ts): the list,
 * "link to this match" and "register it as a match of its own", each audited.
 */
export class LinkQuestions {
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  async open(): Promise<LinkQuestion[]> {
    const { db } = this.deps;
    const rows = await db
      .select()
      .from(matchLinkQuestions)
      .where(isNull(matchLinkQuestions.answer))
      .orderBy(asc(matchLinkQuestions.kickoff))
      .limit(LISTED);
    const ids = [...new Set(rows.flatMap((row) => row.candidateIds))];
    const candidates = ids.length
      ? ((await db.execute(sql`
          select m.id, m.league, m.home_team, m.away_team, m.kickoff, m.provider_id,
            (select count(*)::int from selections s where s.match_id = m.id) as games
          from matches m where m.id = any(${sql.param(ids)}::uuid[])`)) as unknown as Rows<{
          id: string;
          league: string;
          home_team: string;
          away_team: string;
          kickoff: Date | string;
          provider_id: string | null;
          games: number;
        }>)
      : { rows: [] };
    // A candidate linked to another fixture since, or gone, is no longer one.
    const byId = new Map(candidates.rows.filter((row) => !row.provider_id).map((row) => [row.id, row]));
    return rows.map((row) => ({
      _id: row.id,
      provider: row.provider as LinkQuestion['provider'],
      providerId: row.providerId,
      league: row.league,
      homeTeam: row.homeTeam,
      awayTeam: row.awayTeam,
      kickoff: row.kickoff.toISOString(),
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      candidates: row.candidateIds.flatMap((id) => {
        const match = byId.get(id);
        return match
          ? [
              {
                _id: match.id,
                league: match.league,
                homeTeam: match.home_team,
                awayTeam: match.away_team,
                kickoff: new Date(match.kickoff).toISOString(),
                games: Number(match.games),
              },
            ]
          : [];
      }),
    }));
  }

  /** The question, locked, while it still waits. */
  private async waiting(tx: Executor, questionId: string): Promise<QuestionRow> {
    if (!isUuid(questionId)) throw notFound(footballMessages.questionNotFound);
    const [question] = await tx
      .select()
      .from(matchLinkQuestions)
      .where(eq(matchLinkQuestions.id, questionId))
      .for('update');
    if (!question) throw notFound(footballMessages.questionNotFound);
    if (question.answer) throw new AppError('CONFLICT', 409, footballMessages.questionAnswered);
    return question;
  }

  /** "Link to this match": the registered match becomes the provider's fixture. */
  async link(actorUserId: string, questionId: string, matchId: string): Promise<string> {
    const now = this.deps.clock.now();
    return inTransaction(this.deps.db, async (tx) => {
      const question = await this.waiting(tx, questionId);
      if (!question.candidateIds.includes(matchId))
        throw new AppError('BUSINESS_RULE', 422, footballMessages.notACandidate);
      const [linked] = await tx
        .update(matches)
        .set({ provider: question.provider, providerId: question.providerId, updatedAt: now })
        .where(and(eq(matches.id, matchId), isNull(matches.providerId)))
        .returning({ id: matches.id })
        .catch((error: unknown) => {
          // Another match holds the fixture already (an answer in another tab, a sync meanwhile).
          if (databaseErrorOf(error, '23505'))
            throw new AppError('CONFLICT', 409, footballMessages.candidateLinked);
          throw error;
        });
      if (!linked) throw new AppError('CONFLICT', 409, footballMessages.candidateLinked);
      await this.answered(tx, question, 'linked', matchId, actorUserId, now);
      return matchId;
    });
  }

  /** "It is another match": the fixture is registered as a match of its own. */
  async register(actorUserId: string, questionId: string): Promise<string> {
    const now = this.deps.clock.now();
    return inTransaction(this.deps.db, async (tx) => {
      const question = await this.waiting(tx, questionId);
      const [created] = await tx
        .insert(matches)
        .values({
          sport: 'football',
          league: question.league,
          homeTeam: question.homeTeam,
          awayTeam: question.awayTeam,
          kickoff: question.kickoff,
          matchDay: lagosDay(question.kickoff),
          source: 'provider',
          provider: question.provider,
          providerId: question.providerId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: matches.id });
      if (!created) throw new AppError('CONFLICT', 409, footballMessages.alreadyRegistered);
      await this.answered(tx, question, 'registered', created.id, actorUserId, now);
      return created.id;
    });
  }

  private async answered(
    tx: Executor,
    question: QuestionRow,
    answer: 'linked' | 'registered',
    matchId: string,
    actorUserId: string,
    now: Date,
  ) {
    await tx
      .update(matchLinkQuestions)
      .set({ answer, matchId, answeredBy: actorUserId, answeredAt: now, updatedAt: now })
      .where(eq(matchLinkQuestions.id, question.id));
    await recordAudit(tx, now, {
      actorUserId,
      action: answer === 'linked' ? 'match.link' : 'match.register',
      targetType: 'match',
      targetId: matchId,
      before: { provider: null },
      after: {
        provider: question.provider,
        providerId: question.providerId,
        fixture: `${question.homeTeam} vs ${question.awayTeam}`,
      },
      reason: question.reason,
    });
  }
}
