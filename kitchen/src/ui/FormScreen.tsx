import type { FormEvent, ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A screen that is one form under its title (sign-in, enrolment, a PIN), narrow enough to read at a glance. */
export function FormScreen({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h1">{title}</Typography>
      {children}
    </Stack>
  );
}
