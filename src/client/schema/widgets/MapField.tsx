import { FormControl, FormHelperText, FormLabel, Skeleton } from '@mui/material';
import { ariaDescribedByIds, type ErrorSchema, type FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { PublicSettings } from '../../../common/settings';
import { api } from '../../providers/http';
import type { GeoPoint } from '../../ui/MapPicker';

// Leaflet (and its CSS) loads only with a form that has a map.
const MapPicker = lazy(() => import('../../ui/MapPicker').then((module) => ({ default: module.MapPicker })));

/** The messages of the coordinates' own errors (the field's own ones the field template shows). */
function coordinateErrors(errorSchema: ErrorSchema<Partial<GeoPoint>> | undefined): string[] {
  return (['latitude', 'longitude'] as const).flatMap((coordinate) => errorSchema?.[coordinate]?.__errors ?? []);
}

/** RJSF field of an object property with "x-widget": "map": {latitude, longitude} picked on a map or typed. */
export function MapField({ fieldPathId, formData, onChange, schema, uiSchema, name, disabled, readonly, errorSchema, required }: FieldProps<Partial<GeoPoint>>) {
  const settings = useQuery({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => api<PublicSettings>('/settings/public', { signal, authenticate: false }),
    staleTime: Infinity,
  });
  const id = fieldPathId.$id;
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? name);
  const errors = coordinateErrors(errorSchema);
  const invalid = errors.length > 0 || Boolean(errorSchema?.__errors?.length);
  return (
    <FormControl component="fieldset" fullWidth required={required} error={invalid}>
      <FormLabel component="legend">{title}</FormLabel>
      <Suspense fallback={<Skeleton variant="rectangular" height={320} />}>
        <MapPicker
          id={id}
          label={title}
          value={formData}
          onChange={(point) => onChange(point, fieldPathId.path)}
          tileUrl={settings.data?.map_tile_url}
          attribution={settings.data?.map_tile_attribution}
          disabled={disabled || readonly}
          error={invalid}
          describedBy={ariaDescribedByIds(id)}
        />
      </Suspense>
      {errors.map((message) => (
        <FormHelperText key={message}>{message}</FormHelperText>
      ))}
    </FormControl>
  );
}
