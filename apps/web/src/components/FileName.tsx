import { Fragment } from 'react';

/**
 * A file name that wraps between its parts (after "-", "_", "." and spaces) rather than mid-word
 * (375 px): "class-roster_2026.csv" may break as "class-|roster_|2026.csv".
 */
export function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=[-_.])/);
  return (
    <span style={{ overflowWrap: 'break-word', wordBreak: 'normal' }} data-testid="file-name">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name, in order
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
