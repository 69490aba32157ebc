import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminColumn, ModuleSchema } from '../../common/schema/types';

/** How wide a thumbnail shows in a list: small enough for a row, whatever size the module makes. */
const SHOWN_WIDTH = 96;

/**
 * A list column of kind thumbnail: the file field's smallest thumbnail (or the file itself), its
 * alt text the record's `alt` property (empty, a decorative image, when the record has none).
 */
export function ThumbnailCell({ module, column, record }: { module: ModuleSchema; column: AdminColumn; record: Record<string, unknown> }) {
  const translate = useTranslate();
  const sizes = module.admin.files[column.field]?.thumbnails ?? [];
  const smallest = [...sizes].sort((a, b) => a.width * a.height - b.width * b.height)[0];
  const thumbnails = record[`${column.field}_thumbnails`] as Record<string, string> | undefined;
  const source = (smallest && thumbnails?.[smallest.name]) ?? record[`${column.field}_uri`];
  if (typeof source !== 'string' || !source) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.schema.thumbnail_missing')}
      </Typography>
    );
  }
  const alt = column.alt ? record[column.alt] : undefined;
  const height = smallest ? Math.round((SHOWN_WIDTH * smallest.height) / smallest.width) : undefined;
  return (
    <Box
      component="img"
      src={source}
      alt={typeof alt === 'string' ? alt : ''}
      loading="lazy"
      width={SHOWN_WIDTH}
      height={height}
      sx={{ display: 'block', objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
    />
  );
}
