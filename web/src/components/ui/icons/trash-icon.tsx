import { type IconProps, Outline } from './outline.tsx';

export function TrashIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </Outline>
  );
}
