import { type IconProps, Outline } from './outline.tsx';

export function GiftIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 11h16v9H4v-9ZM3 7h18v4H3V7ZM12 7v13M12 7S10.5 3 8 4s0 3 4 3ZM12 7s1.5-4 4-3 0 3-4 3Z" />
    </Outline>
  );
}
