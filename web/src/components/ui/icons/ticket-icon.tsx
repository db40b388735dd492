import { type IconProps, Outline } from './outline.tsx';

export function TicketIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 8a2 2 0 0 0 2-2h12a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H6a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4V8ZM14 6v12" />
    </Outline>
  );
}
