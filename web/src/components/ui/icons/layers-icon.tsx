import { type IconProps, Outline } from './outline.tsx';

export function LayersIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m12 4 9 5-9 5-9-5 9-5ZM3 14l9 5 9-5" />
    </Outline>
  );
}
