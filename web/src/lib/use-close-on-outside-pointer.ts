import { type RefObject, useEffect, useRef } from 'react';

/**
 * While `open`, a pointer pressed anywhere outside `inside` (a popup and the button that opens it)
 * calls `close`: the way menus and popovers give way to the rest of the page.
 */
export function useCloseOnOutsidePointer(
  open: boolean,
  inside: RefObject<HTMLElement | null>[],
  close: () => void,
): void {
  // The latest of each, without subscribing again on every render.
  const latest = useRef({ inside, close });
  useEffect(() => {
    latest.current = { inside, close };
  });
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) latest.current.close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
}
