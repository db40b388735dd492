import { type InputHTMLAttributes, useId } from 'react';
import { inputBorder, inputClass } from '../../../components/ui/text-field.tsx';

interface DateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
}

/** A labelled date input for a list's filters (no error line to reserve, like SelectField). */
export function DateField({ label, className = '', ...props }: DateFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-emerald-50">
        {label}
      </label>
      <input id={id} type="date" className={`${inputClass} ${inputBorder(false)}`} {...props} />
    </div>
  );
}
