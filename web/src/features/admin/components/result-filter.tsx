import { type CodeResult, codeResults } from '@cashtips/contract/booking-codes';
import type { ChangeEvent } from 'react';
import { codeResultLabels } from '../utils/format.ts';
import { SelectField } from './select-field.tsx';

/** The Result filter of a list of settled things (booking codes, rollover tips): All, Pending, Won, Lost, Void. */
export function ResultFilter({
  value,
  onChange,
}: {
  value: CodeResult | '';
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <SelectField label="Result" value={value} onChange={onChange}>
      <option value="">All</option>
      {codeResults.map((result) => (
        <option key={result} value={result}>
          {codeResultLabels[result]}
        </option>
      ))}
    </SelectField>
  );
}
