import Box from '@mui/material/Box';
import { useCallback, useEffect, useState } from 'react';

interface Overflow {
  /** Columns hidden to the left (scrolled past). */
  start: boolean;
  /** Columns hidden to the right. */
  end: boolean;
  /** The width of a column pinned to the right edge (row actions on a phone): the cue sits beside it. */
  endInset: number;
}

const NONE: Overflow = { start: false, end: false, endInset: 0 };

/**
 * Whether a table's scroll area hides columns to either side. A table wider than a phone (375 px) scrolls
 * sideways, which nothing shows by itself: the cues below mark the edge where columns are hidden.
 * `ref` goes on the scroll area (the TableContainer).
 */
export function useHorizontalOverflow() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [overflow, setOverflow] = useState<Overflow>(NONE);
  const ref = useCallback((node: HTMLElement | null) => setElement(node), []);

  useEffect(() => {
    if (!element) return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const start = hidden > 1 && element.scrollLeft > 1;
      const end = hidden > 1 && element.scrollLeft < hidden - 1;
      const last = element.querySelector<HTMLElement>('thead tr > :last-child');
      const endInset = last && getComputedStyle(last).position === 'sticky' ? last.offsetWidth : 0;
      setOverflow((o) =>
        o.start === start && o.end === end && o.endInset === endInset ? o : { start, end, endInset },
      );
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // Rows arriving or the window turning change the widths.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    const table = element.querySelector('table');
    if (table) observer.observe(table);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [element]);

  return { ref, ...overflow };
}

const cue = {
  position: 'absolute',
  top: 0,
  bottom: 0,
  width: 20,
  pointerEvents: 'none',
  zIndex: 4,
} as const;

/**
 * A shade at each edge that hides columns, inside a `position: relative` box around the scroll area;
 * decoration only (screen readers read every column anyway).
 */
export function ScrollCues({ start, end, endInset }: Overflow) {
  return (
    <>
      {start && (
        <Box
          aria-hidden="true"
          data-testid="scroll-cue-start"
          sx={{ ...cue, left: 0, background: 'linear-gradient(to right, rgba(0,0,0,0.2), rgba(0,0,0,0))' }}
        />
      )}
      {end && (
        <Box
          aria-hidden="true"
          data-testid="scroll-cue-end"
          sx={{
            ...cue,
            right: endInset,
            background: 'linear-gradient(to left, rgba(0,0,0,0.2), rgba(0,0,0,0))',
          }}
        />
      )}
    </>
  );
}
