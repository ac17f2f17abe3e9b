import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

/** Spec §9: estimated row height 56; rows beyond 8 scroll (and are only rendered near the view). */
export const ROW_HEIGHT = 56;
export const VISIBLE_ROWS = 8;
const OVERSCAN = 6;

/**
 * Windowing for a long table in a scroll container of VISIBLE_ROWS rows (@tanstack/react-virtual): only
 * the rows in (and near) view are rendered, with spacer rows keeping the scroll height. `resetKey`
 * scrolls back to the top when it changes (new filters or sort order).
 */
export function useVirtualRows(count: number, resetKey: unknown) {
  const ref = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => ref.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: VISIBLE_ROWS * ROW_HEIGHT },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling back up is the point of resetKey
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [resetKey]);

  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items.length > 0 ? items[items.length - 1]!.index + 1 : 0;
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom =
    items.length > 0 ? Math.max(0, virtualizer.getTotalSize() - items[items.length - 1]!.end) : 0;
  return { ref, start, end, paddingTop, paddingBottom };
}
