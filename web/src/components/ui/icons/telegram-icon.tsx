import type { SVGProps } from 'react';

/** Own module: the floating button in the entry chunk needs only this icon. */
export function TelegramIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d="M21.94 4.66 18.9 19.01c-.23 1.01-.83 1.26-1.68.79l-4.63-3.41-2.24 2.15c-.25.25-.45.45-.93.45l.33-4.72 8.6-7.77c.37-.33-.08-.52-.58-.19L7.14 12.99l-4.58-1.43c-1-.31-1.01-1 .21-1.48L20.66 3.2c.83-.31 1.56.19 1.28 1.46Z" />
    </svg>
  );
}
