import { type IconProps, Outline } from './outline.tsx';

export function ShareIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
    </Outline>
  );
}
