import { type IconProps, Outline } from './outline.tsx';

export function ClockIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0ZM12 7v5l3 2" />
    </Outline>
  );
}
