import { Box, Link, Typography } from '@console/shared-sdk/mui';
import { useThemeSettings } from '../theme/settings';

export function Footer() {
  const type = useThemeSettings((s) => s.footerType);
  if (type === 'hidden') return null;
  return (
    <Box
      component="footer"
      sx={{
        px: 3,
        py: 1.5,
        display: 'flex',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        ...(type === 'sticky' ? { position: 'sticky', bottom: 0, zIndex: 1 } : {}),
      }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Compliance Console
      </Typography>
      <Link href="/api/docs" variant="body2" target="_blank" rel="noopener">
        API documentation
      </Link>
    </Box>
  );
}
