import { Box, FormHelperText, TextField } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { sanitizeHtml } from '../layout/sanitize';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

type Coordinate = keyof GeoPoint;

const LIMITS: Record<Coordinate, number> = { latitude: 90, longitude: 180 };
// Where the map opens when the field is empty: the whole of Poland.
const POLAND_CENTRE: L.LatLngTuple = [52.07, 19.48];
const COUNTRY_ZOOM = 6;
const PLACE_ZOOM = 13;
// About 10 cm: more digits would only be noise from the pointer.
const DECIMALS = 6;

function rounded(value: number): number {
  return Number(value.toFixed(DECIMALS));
}

/** A typed coordinate, or undefined when it is no number within -limit..limit. */
export function parseCoordinate(text: string, coordinate: Coordinate): number | undefined {
  const value = Number(text.replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) && Math.abs(value) <= LIMITS[coordinate] ? value : undefined;
}

/** A point the map gives (a longitude may wrap past ±180 after panning), within the ranges. */
function pointOf(latLng: L.LatLng): GeoPoint {
  const wrapped = latLng.wrap();
  return { latitude: rounded(wrapped.lat), longitude: rounded(wrapped.lng) };
}

function isEmptyPoint(value: Partial<GeoPoint>): boolean {
  return value.latitude === undefined && value.longitude === undefined;
}

function isPoint(value: Partial<GeoPoint> | undefined): value is GeoPoint {
  return typeof value?.latitude === 'number' && typeof value.longitude === 'number';
}

export interface MapPickerProps {
  id: string;
  /** The field's name, for the map's and the inputs' names. */
  label: string;
  value: Partial<GeoPoint> | undefined;
  /** The new place; undefined once both inputs are emptied. */
  onChange(value: Partial<GeoPoint> | undefined): void;
  /** Leaflet tile URL template; without one the map has no background, the marker and inputs still work. */
  tileUrl?: string;
  /** The tile provider's attribution (HTML, sanitised here). */
  attribution?: string;
  disabled?: boolean;
  error?: boolean;
  /** Ids of the error and help texts the form shows for the field. */
  describedBy?: string;
}

/**
 * A place as latitude and longitude: a Leaflet map with a draggable marker (a click moves it too)
 * and, as the keyboard way, two number inputs that refuse values out of range.
 */
export function MapPicker({ id, label, value, onChange, tileUrl, attribution, disabled, error, describedBy }: MapPickerProps) {
  const translate = useTranslate();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const latest = useRef({ value, onChange, disabled });
  latest.current = { value, onChange, disabled };
  const [texts, setTexts] = useState<Record<Coordinate, string>>({ latitude: String(value?.latitude ?? ''), longitude: String(value?.longitude ?? '') });
  const [problems, setProblems] = useState<Partial<Record<Coordinate, boolean>>>({});

  // Moves (or first places) the marker; the map itself reports drags and clicks through onChange.
  const placeMarker = (point: GeoPoint) => {
    if (!map.current) return;
    const position: L.LatLngTuple = [point.latitude, point.longitude];
    if (marker.current) marker.current.setLatLng(position);
    else {
      marker.current = L.marker(position, {
        draggable: !latest.current.disabled,
        keyboard: false,
        title: translate('app.widgets.map.marker', { field: label }),
        icon: L.divIcon({ className: 'map-picker-marker', iconSize: [20, 20] }),
      }).addTo(map.current);
      marker.current.on('dragend', () => marker.current && latest.current.onChange(pointOf(marker.current.getLatLng())));
    }
  };

  useEffect(() => {
    if (!container.current) return;
    const start = latest.current.value;
    const created = L.map(container.current, {
      center: isPoint(start) ? [start.latitude, start.longitude] : POLAND_CENTRE,
      zoom: isPoint(start) ? PLACE_ZOOM : COUNTRY_ZOOM,
      attributionControl: false,
    });
    map.current = created;
    created.on('click', (event: L.LeafletMouseEvent) => {
      if (!latest.current.disabled) latest.current.onChange(pointOf(event.latlng));
    });
    if (isPoint(start)) placeMarker(start);
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is made once; later values reach it through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!map.current || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution: attribution ? sanitizeHtml(attribution) : undefined }).addTo(map.current);
    const credits = L.control.attribution({ prefix: false }).addTo(map.current);
    return () => {
      tiles.remove();
      credits.remove();
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    if (marker.current?.dragging) {
      if (disabled) marker.current.dragging.disable();
      else marker.current.dragging.enable();
    }
  }, [disabled]);

  // A value from outside (the map, a loaded record): marker, view and inputs follow it.
  useEffect(() => {
    if (!value) {
      marker.current?.remove();
      marker.current = null;
    }
    if (!isPoint(value)) return;
    placeMarker(value);
    map.current?.panTo([value.latitude, value.longitude]);
    setTexts((current) => ({
      latitude: parseCoordinate(current.latitude, 'latitude') === value.latitude ? current.latitude : String(value.latitude),
      longitude: parseCoordinate(current.longitude, 'longitude') === value.longitude ? current.longitude : String(value.longitude),
    }));
    setProblems({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value?.latitude, value?.longitude]);

  // A number in range is taken, an emptied input drops its coordinate, anything else is refused and said so.
  const type = (coordinate: Coordinate, text: string) => {
    setTexts((current) => ({ ...current, [coordinate]: text }));
    const emptied = text.trim() === '';
    const parsed = parseCoordinate(text, coordinate);
    setProblems((current) => ({ ...current, [coordinate]: !emptied && parsed === undefined }));
    if (parsed !== undefined) onChange({ ...value, [coordinate]: parsed });
    else if (emptied) {
      const { [coordinate]: _dropped, ...rest } = value ?? {};
      onChange(isEmptyPoint(rest) ? undefined : rest);
    }
  };

  const hintId = `${id}-hint`;
  return (
    <Box sx={{ mt: 1 }}>
      <Box
        ref={container}
        id={`${id}-map`}
        role="region"
        aria-label={translate('app.widgets.map.map', { field: label })}
        aria-describedby={hintId}
        sx={{
          height: 320,
          borderRadius: 1,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          '& .map-picker-marker': { bgcolor: 'primary.main', border: '3px solid white', borderRadius: '50%', boxShadow: 2 },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      />
      <FormHelperText id={hintId}>{translate('app.widgets.map.hint')}</FormHelperText>
      <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
        {(['latitude', 'longitude'] as const).map((coordinate) => {
          const problemId = `${id}-${coordinate}-problem`;
          return (
            <TextField
              key={coordinate}
              id={`${id}-${coordinate}`}
              type="number"
              label={translate(`app.widgets.map.${coordinate}`)}
              value={texts[coordinate]}
              onChange={(event) => type(coordinate, event.target.value)}
              disabled={disabled}
              error={Boolean(problems[coordinate]) || error}
              helperText={problems[coordinate] ? translate('app.widgets.map.out_of_range', { min: -LIMITS[coordinate], max: LIMITS[coordinate] }) : undefined}
              slotProps={{
                formHelperText: { id: problemId },
                htmlInput: {
                  min: -LIMITS[coordinate],
                  max: LIMITS[coordinate],
                  step: 'any',
                  'aria-describedby': [problems[coordinate] ? problemId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined,
                },
              }}
            />
          );
        })}
      </Box>
    </Box>
  );
}
