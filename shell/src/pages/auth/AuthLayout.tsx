import { Box, Card, CardContent, Typography } from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@console/shared-sdk';

/** The frame of the signed-out pages: a centred card with the product name. */
export function AuthLayout({
  title,
  subtitle,
  maxWidth = 420,
  children,
}: {
  title: string;
  subtitle?: string;
  /** Pixels; a page that shows more than a short form (a pack's verdict) needs more room. */
  maxWidth?: number;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card sx={{ width: '100%', maxWidth }}>
        <CardContent sx={{ p: 4 }}>
          <Typography sx={{ fontWeight: 700 }} variant="overline" color="primary">
            Compliance Console
          </Typography>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
