import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: estimated row height 56; rows beyond 8 scroll (and are only rendered near the view). */
export const ROW_HEIGHT = 56;
export const VISIBLE_ROWS = 8;
const OVERSCAN = 6;

/**
 * Windowing for a long table in a scroll container of VISIBLE_ROWS rows: only the rows in (and near) view
 * are rendered, with spacer rows keeping the scroll height. `resetKey` scrolls back to the top when it
 * changes (new filters or sort order).
 */
export function useVirtualRows(count: number, resetKey: unknown) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, height: VISIBLE_ROWS * ROW_HEIGHT });

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, clientHeight } = event.currentTarget;
    setView((previous) =>
      previous.top === scrollTop && previous.height === clientHeight
        ? previous
        : { top: scrollTop, height: clientHeight },
    );
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolling back up is the point of resetKey
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = 0;
    setView((previous) => ({ ...previous, top: 0 }));
  }, [resetKey]);

  const start = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(count, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  return {
    ref,
    onScroll,
    start,
    end,
    paddingTop: start * ROW_HEIGHT,
    paddingBottom: Math.max(0, count - end) * ROW_HEIGHT,
  };
}
