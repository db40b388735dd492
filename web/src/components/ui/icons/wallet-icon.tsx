import { type IconProps, Outline } from './outline.tsx';

export function WalletIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 7a2 2 0 0 1 2-2h11v4M4 7v11a2 2 0 0 0 2 2h14V9H6a2 2 0 0 1-2-2ZM16 14.5h.01" />
    </Outline>
  );
}
