import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The one h1 of a guest page. */
export function AuthHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" gutterBottom>
      {children}
    </Typography>
  );
}
