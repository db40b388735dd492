import { type IconProps, Outline } from './outline.tsx';

export function BookmarkIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M7 4h10a1 1 0 0 1 1 1v15l-6-4-6 4V5a1 1 0 0 1 1-1Z" />
    </Outline>
  );
}
