import { useId } from 'react';
import { SearchIcon } from '../../../components/ui/icons/search-icon.tsx';
import { inputBorder, inputClass } from '../../../components/ui/text-field.tsx';

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter searches at once instead of waiting for the pause in typing. */
  onSubmit: () => void;
  className?: string;
}

export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  className = '',
}: SearchFieldProps) {
  const id = useId();
  return (
    <search className={className}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
          {label}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-emerald-200/60" />
          <input
            id={id}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder={placeholder}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={`${inputClass} ${inputBorder(false)} pl-11`}
          />
        </div>
      </form>
    </search>
  );
}
