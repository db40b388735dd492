import { type InputHTMLAttributes, useId } from 'react';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
}

export function Checkbox({ label, className = '', ...props }: CheckboxProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2.5 ${className}`}>
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 cursor-pointer rounded border-emerald-600 accent-lime-400"
        {...props}
      />
      <label htmlFor={id} className="cursor-pointer select-none text-sm text-emerald-100">
        {label}
      </label>
    </div>
  );
}
