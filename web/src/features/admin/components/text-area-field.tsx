import { type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { FieldError, inputBorder, inputClass } from '../../../components/ui/text-field.tsx';

interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'maxLength'> {
  label: string;
  hint: string;
  value: string;
  maxLength: number;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its hint, a character count and an error line (like TextField's). */
export function TextAreaField({
  label,
  hint,
  value,
  maxLength,
  error,
  className = '',
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        value={value}
        className={`${inputClass} ${inputBorder(Boolean(error))} h-auto resize-y py-3`}
        {...props}
      />
      <p id={`${id}-hint`} className="mt-1 flex justify-between gap-3 text-xs text-emerald-200/70">
        <span>{hint}</span>
        <span aria-hidden="true">
          {value.length}/{maxLength}
        </span>
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
