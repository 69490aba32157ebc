import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { JsonSchema } from '../../common/schema/types';

interface Swatch {
  name?: unknown;
  color?: unknown;
}

/** Whether a property's value is shown as swatches (x-display: swatches, a template's colour versions). */
const showsSwatches = (property: JsonSchema | undefined) => property?.['x-display'] === 'swatches';

const CSS_COLOUR = /^#[0-9a-f]{3,8}$/i;

/** {name, color} items as coloured squares, each with its name beside it (the colour alone says nothing to a screen reader). */
export function Swatches({ value }: { value: unknown }) {
  const items = Array.isArray(value) ? (value as Swatch[]) : [];
  return (
    <Stack component="ul" direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item, index) => (
        <Stack component="li" key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {typeof item.color === 'string' && CSS_COLOUR.test(item.color) && (
            <Box aria-hidden sx={{ width: 24, height: 24, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: item.color }} />
          )}
          <Typography component="span">{String(item.name ?? '')}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * A value the schema shows as a picture (x-display): swatches, or the image at the address it
 * holds (a template's preview) with the record's label as its alt text; null for any other value.
 */
export function displayedAsPicture(property: JsonSchema | undefined, value: unknown, label: string): ReactNode {
  if (showsSwatches(property)) return <Swatches value={value} />;
  if (property?.['x-display'] === 'image' && typeof value === 'string' && value) {
    return <Box component="img" src={value} alt={label} sx={{ display: 'block', width: '100%', maxWidth: 360, height: 'auto' }} />;
  }
  return null;
}
