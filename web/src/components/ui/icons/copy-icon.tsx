import { type IconProps, Outline } from './outline.tsx';

export function CopyIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1ZM5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </Outline>
  );
}
