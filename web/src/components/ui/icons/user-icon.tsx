import { type IconProps, Outline } from './outline.tsx';

export function UserIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 20a8 8 0 0 1 16 0" />
    </Outline>
  );
}
