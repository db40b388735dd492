import { type ReactNode, useId } from 'react';

interface SwitchRowProps {
  label: string;
  /** What the setting does, or why it cannot be changed; announced with the switch. */
  description: ReactNode;
  checked: boolean;
  onToggle: () => void;
  /** A change is being saved (or the state read): announced, and the switch waits. */
  busy?: boolean;
  disabled?: boolean;
}

/** A setting with an on/off switch (role="switch"), named by its label and described by its text. */
export function SwitchRow({
  label,
  description,
  checked,
  onToggle,
  busy = false,
  disabled = false,
}: SwitchRowProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <div className="flex items-center gap-3 rounded-xl bg-emerald-950/50 px-3 py-3">
      <div className="min-w-0 flex-1">
        <p id={labelId} className="text-sm font-semibold text-white">
          {label}
        </p>
        <p id={descriptionId} className="text-xs text-emerald-100/70">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        onClick={onToggle}
        className={`relative inline-flex h-11 w-[4.25rem] shrink-0 items-center rounded-full p-1 transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
          checked ? 'bg-lime-400' : 'bg-emerald-800'
        }`}
      >
        <span
          aria-hidden="true"
          className={`size-9 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : ''}`}
        />
      </button>
    </div>
  );
}
