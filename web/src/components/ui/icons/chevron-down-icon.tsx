import { type IconProps, Outline } from './outline.tsx';

export function ChevronDownIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m6 9 6 6 6-6" />
    </Outline>
  );
}
