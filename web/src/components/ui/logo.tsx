import { appConfig } from '../../config/app-config.ts';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#a3e635" />
      <path
        d="M9.5 16.5 14 21l8.5-10"
        fill="none"
        stroke="#022c22"
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Logo mark and app name; the name is the accessible text of the surrounding link. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span className="text-lg font-extrabold tracking-tight text-white">{appConfig.appName}</span>
    </span>
  );
}
