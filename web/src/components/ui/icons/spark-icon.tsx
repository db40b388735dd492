import { type IconProps, Outline } from './outline.tsx';

export function SparkIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
    </Outline>
  );
}
