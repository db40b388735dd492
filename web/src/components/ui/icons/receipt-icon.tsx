import { type IconProps, Outline } from './outline.tsx';

export function ReceiptIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2V3ZM9 8h6M9 12h6M9 16h3" />
    </Outline>
  );
}
