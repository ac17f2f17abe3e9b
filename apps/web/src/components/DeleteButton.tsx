import DeleteIcon from '@mui/icons-material/Delete';
import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * The button that deletes or removes something: in the error colour with the bin icon, outlined unless
 * `variant` says otherwise (a small text button for a row's Remove).
 */
export function DeleteButton(props: Omit<ButtonProps, 'color' | 'startIcon'>) {
  return <Button color="error" variant="outlined" startIcon={<DeleteIcon />} {...props} />;
}
