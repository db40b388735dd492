import { type IconProps, Outline } from './outline.tsx';

export function AlertCircleIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0ZM12 7.5v5M12 16h.01" />
    </Outline>
  );
}
