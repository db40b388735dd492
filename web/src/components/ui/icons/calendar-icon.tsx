import { type IconProps, Outline } from './outline.tsx';

export function CalendarIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M5 6h14a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1ZM4 10h16M8 3v4M16 3v4" />
    </Outline>
  );
}
