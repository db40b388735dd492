import { type IconProps, Outline } from './outline.tsx';

export function SearchIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14ZM20 20l-4-4" />
    </Outline>
  );
}
