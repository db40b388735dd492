import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { DraftErrors } from '../utils/form-draft.ts';
import { BookmakerField, BookmakerOptions } from './bookmaker-field.tsx';

interface BookingCodeFieldsProps {
  /** Rollover tips may be posted before their code exists. */
  optional: boolean;
  minLength: number;
  bookingCode: string;
  bookmaker: string;
  errors: DraftErrors;
  onBookingCodeChange: (value: string) => void;
  onBookmakerChange: (value: string) => void;
  /** Classes of the booking code's field (e.g. a full row). */
  codeClassName?: string;
  /** The id of the bookmakers' datalist, for other bookmaker fields of the form. */
  bookmakersId?: string;
}

/** A booking code as bookmakers print it, and its bookmaker (typed or picked from the known ones). */
export function BookingCodeFields({
  optional,
  minLength,
  bookingCode,
  bookmaker,
  errors,
  onBookingCodeChange,
  onBookmakerChange,
  codeClassName,
  bookmakersId,
}: BookingCodeFieldsProps) {
  const ownId = useId();
  const listId = bookmakersId ?? ownId;
  const suffix = optional ? ' (optional)' : '';
  return (
    <>
      <TextField
        label={`Booking code${suffix}`}
        name="bookingCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        className={codeClassName}
        hint={`${minLength} to 40 letters, digits or dashes; saved in capitals.`}
        value={bookingCode}
        onChange={(event) => onBookingCodeChange(event.target.value)}
        error={errors.bookingCode}
      />
      <BookmakerField
        label={`Bookmaker${suffix}`}
        name="bookmaker"
        listId={listId}
        value={bookmaker}
        onChange={(event) => onBookmakerChange(event.target.value)}
        error={errors.bookmaker}
      />
      <BookmakerOptions id={listId} />
    </>
  );
}
