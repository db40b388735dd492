import { type IconProps, Outline } from './outline.tsx';

export function ShieldIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 3 5 6v5c0 4.5 3 8 7 10 4-2 7-5.5 7-10V6l-7-3Z" />
    </Outline>
  );
}
