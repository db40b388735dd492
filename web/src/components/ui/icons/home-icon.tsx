import { type IconProps, Outline } from './outline.tsx';

export function HomeIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 10.5 12 4l8 6.5V19a1 1 0 0 1-1 1h-4.5v-5.5h-5V20H5a1 1 0 0 1-1-1v-8.5Z" />
    </Outline>
  );
}
