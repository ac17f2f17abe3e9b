import { useEffect, useRef } from 'react';

/**
 * A handheld scanner types its keys within a few ms of each other; a busy tablet may deliver them up to
 * about a tenth of a second apart. A person typing on no field at all is not a worry: only keys ending
 * in Enter, three or more, are read as a scan, and one that names no student is said so and changes nothing.
 */
export const SCAN_KEY_GAP_MS = 120;
const SCAN_MIN_LENGTH = 3;

/** Whether keys pressed there are the field's own (typing into a search box is not a scan). */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return target.getAttribute('role') === 'combobox';
}

/**
 * A USB or Bluetooth scanner types the code and Enter: anywhere on the page, with no field focused
 * first, those keys (each within SCAN_KEY_GAP_MS of the one before) are read as one scan and handed to
 * `onScan`. Keys typed into a field stay the field's; the scan's Enter is kept from pressing a focused
 * button.
 */
export function useScanner(onScan: (code: string) => void, enabled = true) {
  const handler = useRef(onScan);
  handler.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let lastAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isEditable(event.target)) {
        buffer = '';
        return;
      }
      const now = event.timeStamp || performance.now();
      const quick = now - lastAt <= SCAN_KEY_GAP_MS;
      lastAt = now;
      if (event.key === 'Enter' || event.key === 'Tab') {
        const code = buffer;
        buffer = '';
        if (quick && code.length >= SCAN_MIN_LENGTH) {
          event.preventDefault();
          event.stopPropagation();
          handler.current(code);
        }
        return;
      }
      if (event.key.length !== 1) {
        if (event.key !== 'Shift') buffer = '';
        return;
      }
      buffer = quick ? buffer + event.key : event.key;
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
