import { type IconProps, Outline } from './outline.tsx';

export function CheckCircleIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0ZM8 12.5l2.5 2.5L16 9.5" />
    </Outline>
  );
}
