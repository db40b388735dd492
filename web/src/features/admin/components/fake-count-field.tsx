import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

interface FakeCountFieldProps {
  /** 'Show fake buyers' */
  toggleLabel: string;
  /** 'Fake buyers' */
  countLabel: string;
  hint: string;
  /** Field names: the toggle's and the count's. */
  names: [toggle: string, count: string];
  enabled: boolean;
  count: string;
  error?: string | undefined;
  onEnabledChange: (enabled: boolean) => void;
  onCountChange: (count: string) => void;
}

/** The switch for the extra buyers or subscribers users are shown, and how many; the count waits for the switch. */
export function FakeCountField({
  toggleLabel,
  countLabel,
  hint,
  names,
  enabled,
  count,
  error,
  onEnabledChange,
  onCountChange,
}: FakeCountFieldProps) {
  return (
    <div className="sm:col-span-2">
      <Checkbox
        label={toggleLabel}
        name={names[0]}
        className="mb-3 min-h-11"
        checked={enabled}
        onChange={(event) => onEnabledChange(event.target.checked)}
      />
      <TextField
        label={countLabel}
        name={names[1]}
        inputMode="numeric"
        autoComplete="off"
        className="sm:max-w-[calc(50%-0.375rem)]"
        disabled={!enabled}
        hint={hint}
        value={count}
        onChange={(event) => onCountChange(event.target.value)}
        error={error}
      />
    </div>
  );
}
