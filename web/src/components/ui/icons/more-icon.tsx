import { type IconProps, Outline } from './outline.tsx';

export function MoreIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />
    </Outline>
  );
}
