import { type IconProps, Outline } from './outline.tsx';

export function CheckIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m5 12 5 5L20 7" />
    </Outline>
  );
}
