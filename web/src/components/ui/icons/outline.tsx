import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Shared frame of the stroke icons; each icon has its own module so a chunk loads only what it uses. */
export function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
