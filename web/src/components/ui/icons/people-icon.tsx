import { type IconProps, Outline } from './outline.tsx';

export function PeopleIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14.5a7 7 0 0 1 4 6.5" />
    </Outline>
  );
}
