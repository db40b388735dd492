import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { bookmakerNames } from '../utils/format.ts';

/** A bookmaker's name, typed or picked from the known ones (the <datalist> BookmakerOptions renders). */
export function BookmakerField({
  listId,
  ...props
}: Omit<ComponentProps<typeof TextField>, 'list' | 'maxLength' | 'autoComplete'> & {
  listId: string | undefined;
}) {
  return <TextField autoComplete="off" maxLength={40} list={listId} {...props} />;
}

/** The known bookmakers as their brands write them, once per form for every BookmakerField. */
export function BookmakerOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {Object.values(bookmakerNames).map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
