import { type IconProps, Outline } from './outline.tsx';

export function ArrowRightIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Outline>
  );
}
