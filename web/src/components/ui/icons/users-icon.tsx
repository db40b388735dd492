import { type IconProps, Outline } from './outline.tsx';

export function UsersIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14a6.5 6.5 0 0 1 3.5 6" />
    </Outline>
  );
}
