import { type IconProps, Outline } from './outline.tsx';

export function TransferIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 8h13l-3-3M20 16H7l3 3" />
    </Outline>
  );
}
