export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }} role="status">
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
import { Box, CircularProgress } from '@console/shared-sdk/mui';
