import { type CheckCodeResponse, checkedBookmakerLabel } from '@cashtips/contract/bookmakers';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatLagosTime } from '../../../lib/format.ts';
import { previewBookingCode } from '../api/preview-booking-code.ts';

/**
 * "Read the games at SportyBet" (PRODUCT 16): for a bookmaker the product reads, the code's legs as the
 * bookmaker holds them fill the form (teams, league, kickoff, pick, odds, total); saving reads the code
 * again and refuses what differs. Nothing for another bookmaker: its codes are typed as before.
 */
export function BookmakerFill({
  bookmaker,
  bookingCode,
  onRead,
  onFieldErrors,
}: {
  bookmaker: string;
  bookingCode: string;
  onRead: (read: CheckCodeResponse) => void;
  onFieldErrors: (errors: Record<string, string>) => void;
}) {
  const label = checkedBookmakerLabel(bookmaker);
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<CheckCodeResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!label) return null;

  const fill = async () => {
    setProblem(null);
    setReading(true);
    try {
      const answer = await previewBookingCode({ bookmaker, bookingCode: bookingCode.trim() });
      setRead(answer);
      onRead(answer);
    } catch (error) {
      setRead(null);
      if (error instanceof ApiError && error.errors.length > 0) {
        onFieldErrors(Object.fromEntries(error.errors.map((field) => [field.field, field.message])));
      } else setProblem(errorMessage(error, `The code could not be read at ${label}.`));
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="mb-4 flex flex-col gap-2 sm:col-span-2">
      <Button
        variant="secondary"
        className="self-start"
        loading={reading}
        disabled={bookingCode.trim().length < 4}
        onClick={() => void fill()}
      >
        {reading ? 'Reading...' : `Read the games at ${label}`}
      </Button>
      <p className="text-xs text-emerald-200/70" role="status">
        {read
          ? `Filled from ${label} at ${formatLagosTime(read.checkedAt)}: ${read.legs.length} game${read.legs.length === 1 ? '' : 's'}, total odds ${read.totalOdds?.toFixed(2) ?? 'not given'}. Saving reads the code again.`
          : `${label} codes are read at the bookmaker: saving refuses games that differ from its legs.`}
      </p>
      {read && read.reasons.length > 0 && (
        <FormAlert message={`${label} no longer offers this code as shared: ${read.reasons.join('; ')}.`} />
      )}
      <FormAlert message={problem} />
    </div>
  );
}
