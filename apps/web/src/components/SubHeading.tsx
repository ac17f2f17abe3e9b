import Typography, { type TypographyProps } from '@mui/material/Typography';

/** A heading inside a page or a card (an h2 in the smaller h6 style): a table's, a form's, a card's title. */
export function SubHeading(props: Omit<TypographyProps<'h2'>, 'component' | 'variant'>) {
  return <Typography component="h2" variant="h6" {...props} />;
}
