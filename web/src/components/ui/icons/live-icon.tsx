import { type IconProps, Outline } from './outline.tsx';

/** A broadcast mark: live scores. */
export function LiveIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 13.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8" />
    </Outline>
  );
}
