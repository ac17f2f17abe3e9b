import TableCell, { type TableCellProps } from '@mui/material/TableCell';

/**
 * The Actions cell of a list row (and its header): on a phone it stays pinned to the right edge of
 * the table's scroll area, so that a row's actions are reachable without scrolling sideways
 * (375 px); wider screens show it in place.
 */
export function ActionsCell({
  children,
  sx,
  header = false,
  ...props
}: TableCellProps & { header?: boolean }) {
  return (
    <TableCell
      align="right"
      {...props}
      sx={[
        {
          whiteSpace: 'nowrap',
          // A header cell stays sticky (a stickyHeader table pins it to the top as well).
          position: header ? 'sticky' : { xs: 'sticky', md: 'static' },
          right: { xs: 0, md: 'auto' },
          zIndex: header ? 3 : 1,
          bgcolor: 'background.paper',
          boxShadow: { xs: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)', md: 'none' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </TableCell>
  );
}
