import { type IconProps, Outline } from './outline.tsx';

export function TrendingIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="m3 17 6-6 4 4 8-8M15 7h6v6" />
    </Outline>
  );
}
