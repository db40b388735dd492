import { type IconProps, Outline } from './outline.tsx';

export function LogoutIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />
    </Outline>
  );
}
