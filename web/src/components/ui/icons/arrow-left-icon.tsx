import { type IconProps, Outline } from './outline.tsx';

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </Outline>
  );
}
