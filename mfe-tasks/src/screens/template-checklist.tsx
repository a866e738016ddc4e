import { Box, Chip, Stack, Typography } from '@console/shared-sdk/mui';
import type { ChecklistItemDefinition } from '@console/shared-sdk/tasks';

/**
 * A checklist as staff will meet it, read-only: the lines in order, each saying whether it must be done
 * and whether it needs a photo (a template's detail and the library's preview).
 */
export function ChecklistItems({
  items,
  label = 'Checklist items',
}: {
  items: readonly Pick<ChecklistItemDefinition, 'text' | 'required' | 'photoRequired'>[];
  label?: string;
}) {
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        This checklist has no items.
      </Typography>
    );
  return (
    <Box component="ol" aria-label={label} sx={{ m: 0, pl: 3 }}>
      {items.map((item, index) => (
        <Box component="li" key={index} sx={{ py: 0.75 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {item.text}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={item.required ? 'primary' : 'default'}
              label={item.required ? 'Required' : 'Optional'}
            />
            {item.photoRequired && <Chip size="small" variant="outlined" label="Photo required" />}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
