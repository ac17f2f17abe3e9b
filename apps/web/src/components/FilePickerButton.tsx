import Button, { type ButtonProps } from '@mui/material/Button';
import type { ReactNode } from 'react';

interface FilePickerButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'disabled'> {
  /** The button's words. */
  children: ReactNode;
  /** The file types offered (the input's `accept`). */
  accept?: string;
  multiple?: boolean;
  /** A folder picker: every file below the chosen folder. */
  folder?: boolean;
  /** The hidden input's test id (tests set its files). */
  testId?: string;
  /** The chosen files; the input is emptied afterwards, so choosing the same file again is seen. */
  onPick: (files: File[]) => void;
}

/** A button that opens the browser's file (or folder) chooser through its own hidden input. */
export function FilePickerButton({
  children,
  accept,
  multiple,
  folder = false,
  testId,
  onPick,
  variant = 'outlined',
  ...button
}: FilePickerButtonProps) {
  return (
    <Button component="label" variant={variant} {...button}>
      {children}
      <input
        hidden
        type="file"
        accept={accept}
        multiple={multiple || folder}
        data-testid={testId}
        {...(folder ? { webkitdirectory: '', directory: '' } : {})}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          onPick(files);
        }}
      />
    </Button>
  );
}
