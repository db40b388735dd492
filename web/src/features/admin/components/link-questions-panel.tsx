import type { LinkCandidate, LinkQuestion } from '@cashtips/contract/football';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { type LinkAnswer, useAnswerLinkQuestion } from '../api/answer-link-question.ts';
import { useFootballStatus } from '../api/get-football-status.ts';
import { useLinkQuestions } from '../api/get-link-questions.ts';
import { formatDateTime } from '../utils/format.ts';
import { providerName } from './match-football.tsx';
import { countText } from './matches-list.tsx';

const gamesText = (games: number) =>
  games === 0 ? 'No games on it yet' : `${countText(games, ['game', 'games'])} on it`;

function Candidate({
  candidate,
  onLink,
  busy,
}: {
  candidate: LinkCandidate;
  onLink: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-800/70 bg-emerald-950/40 p-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-white">
          {candidate.homeTeam} vs {candidate.awayTeam}
        </p>
        <p className="text-sm break-words text-emerald-100/75">
          {candidate.league} · <time dateTime={candidate.kickoff}>{formatDateTime(candidate.kickoff)}</time> ·{' '}
          {gamesText(candidate.games)}
        </p>
      </div>
      <Button
        variant="secondary"
        className="min-h-11 w-full px-4 text-sm sm:w-auto"
        loading={busy}
        onClick={onLink}
        aria-label={`Link to ${candidate.homeTeam} vs ${candidate.awayTeam}`}
      >
        Link to this match
      </Button>
    </li>
  );
}

function Question({ question }: { question: LinkQuestion }) {
  const titleId = useId();
  const answer = useAnswerLinkQuestion();
  const answering = answer.isPending ? answer.variables : undefined;
  const send = async (choice: LinkAnswer) => {
    if (answer.isPending) return;
    try {
      toast.success((await answer.mutateAsync(choice)).message);
    } catch (error) {
      toast.error(errorMessage(error, 'The answer was not saved. Please try again.'));
    }
  };
  return (
    <li aria-labelledby={titleId} className="rounded-2xl border border-amber-300/30 bg-amber-400/5 p-4">
      <p className="text-xs font-semibold tracking-wide text-amber-200 uppercase">
        {providerName(question.provider)} fixture {question.providerId}
      </p>
      <h3 id={titleId} className="mt-1 text-base font-bold break-words text-white">
        {question.homeTeam} vs {question.awayTeam}
      </h3>
      <p className="text-sm break-words text-emerald-100/80">
        {question.league} · <time dateTime={question.kickoff}>{formatDateTime(question.kickoff)}</time> (Lagos
        time)
      </p>
      <p className="mt-2 text-sm break-words text-emerald-50">{question.reason}</p>
      {question.candidates.length > 0 ? (
        <>
          <p className="mt-3 text-sm text-emerald-100/80">
            Is it{' '}
            {question.candidates.length === 1 ? 'this registered match' : 'one of these registered matches'}?
          </p>
          <ul className="mt-2 grid gap-2" aria-label="Registered matches it may be">
            {question.candidates.map((candidate) => (
              <Candidate
                key={candidate._id}
                candidate={candidate}
                busy={answering?.kind === 'link' && answering.matchId === candidate._id}
                onLink={() => void send({ questionId: question._id, kind: 'link', matchId: candidate._id })}
              />
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-3 text-sm text-emerald-100/80">
          The matches it looked like have been linked or removed since.
        </p>
      )}
      <Button
        variant="ghost"
        className="mt-3 min-h-11 w-full px-4 text-sm sm:w-auto"
        loading={answering?.kind === 'register'}
        onClick={() => void send({ questionId: question._id, kind: 'register' })}
      >
        It is another match: register it
      </Button>
    </li>
  );
}

/**
 * Provider fixtures the sync could not place on its own (issue 34): each with why, the registered
 * matches it may be ("Link to this match") and "register it" as a match of its own. Shown only
 * while some wait.
 */
export function LinkQuestionsPanel() {
  const titleId = useId();
  const waiting = useFootballStatus().data?.linkQuestions ?? 0;
  const query = useLinkQuestions(waiting);
  const questions = query.data?.questions ?? [];
  if (waiting === 0 || (query.isSuccess && questions.length === 0)) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-amber-300/40 bg-emerald-900/30 p-4"
    >
      <h2 id={titleId} className="text-base font-bold text-white">
        Provider fixtures waiting for you
      </h2>
      <p className="mt-1 text-sm text-emerald-100/75">
        These may be matches already registered under other names or times. Until you answer, they are not
        registered, so nothing is counted twice.
      </p>
      {query.isPending ? (
        <p role="status" className="mt-3 text-sm text-emerald-100/75">
          Loading {countText(waiting, ['fixture', 'fixtures'])}…
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-100">
          {errorMessage(query.error, 'Could not load the fixtures waiting for you.')}
        </p>
      ) : (
        <ul className="mt-3 grid gap-3" aria-label="Fixtures waiting for you">
          {questions.map((question) => (
            <Question key={question._id} question={question} />
          ))}
        </ul>
      )}
    </section>
  );
}
