// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MapPicker, type GeoPoint } from '../../src/client/ui/MapPicker';
import { renderScreens } from './support/screens';

/** The picker with its value kept as the form keeps it, recording every change. */
function renderPicker(initial: Partial<GeoPoint> | undefined, tiles?: { url: string; attribution: string }) {
  const changes: (Partial<GeoPoint> | undefined)[] = [];
  function Picker() {
    const [value, setValue] = useState(initial);
    return (
      <MapPicker
        id="place"
        label="Miejsce"
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        tileUrl={tiles?.url}
        attribution={tiles?.attribution}
      />
    );
  }
  renderScreens({ '/': <Picker /> }, '/');
  return changes;
}

const latitude = () => screen.getByRole('spinbutton', { name: 'Szerokość geograficzna' }) as HTMLInputElement;
const longitude = () => screen.getByRole('spinbutton', { name: 'Długość geograficzna' }) as HTMLInputElement;
const map = () => screen.getByRole('region', { name: 'Mapa: Miejsce' });

afterEach(cleanup);

describe('MapPicker', () => {
  it('shows the place on a map with a marker and in two number inputs', () => {
    renderPicker({ latitude: 52.2297, longitude: 21.0122 });
    expect(map().classList.contains('leaflet-container')).toBe(true);
    expect(map().querySelector('.map-picker-marker')?.getAttribute('title')).toBe('Wybrane miejsce: Miejsce');
    expect(latitude().value).toBe('52.2297');
    expect(longitude().value).toBe('21.0122');
    expect(map().getAttribute('aria-describedby')).toBe('place-hint');
    expect(screen.getByText('Kliknij mapę lub przeciągnij znacznik albo wpisz współrzędne poniżej.').id).toBe('place-hint');
  });

  it('takes typed coordinates and refuses those out of range, saying why', () => {
    const changes = renderPicker(undefined);
    expect(map().querySelector('.map-picker-marker')).toBeNull();
    fireEvent.change(latitude(), { target: { value: '50.0614' } });
    fireEvent.change(longitude(), { target: { value: '19.9366' } });
    expect(changes).toEqual([{ latitude: 50.0614 }, { latitude: 50.0614, longitude: 19.9366 }]);
    expect(map().querySelector('.map-picker-marker')).not.toBeNull();

    fireEvent.change(latitude(), { target: { value: '95' } });
    fireEvent.change(longitude(), { target: { value: '-180.5' } });
    expect(changes).toHaveLength(2);
    expect(latitude().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(latitude().getAttribute('aria-describedby')!)?.textContent).toBe('Podaj liczbę od -90 do 90.');
    expect(document.getElementById(longitude().getAttribute('aria-describedby')!)?.textContent).toBe('Podaj liczbę od -180 do 180.');

    fireEvent.change(latitude(), { target: { value: '-90' } });
    expect(changes.at(-1)).toEqual({ latitude: -90, longitude: 19.9366 });
    expect(latitude().getAttribute('aria-invalid')).toBe('false');
  });

  it('takes a click on the map as the place', () => {
    const changes = renderPicker(undefined);
    fireEvent.click(map(), { clientX: 0, clientY: 0 });
    // jsdom lays out nothing: the map is 0×0 px, so the click is at its centre (Poland's), to the pixel.
    expect(changes).toHaveLength(1);
    const [place] = changes as GeoPoint[];
    expect(place.latitude).toBeCloseTo(52.07, 1);
    expect(place.longitude).toBeCloseTo(19.48, 1);
    expect(map().querySelector('.map-picker-marker')).not.toBeNull();
    expect([latitude().value, longitude().value]).toEqual([String(place.latitude), String(place.longitude)]);
  });

  it('forgets the place once both inputs are emptied', () => {
    const changes = renderPicker({ latitude: 52, longitude: 21 });
    fireEvent.change(latitude(), { target: { value: '' } });
    expect(changes).toEqual([{ longitude: 21 }]);
    expect(latitude().getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(longitude(), { target: { value: '' } });
    expect(changes).toEqual([{ longitude: 21 }, undefined]);
    expect(map().querySelector('.map-picker-marker')).toBeNull();
  });

  it('works with tiles that do not load (offline), with the attribution sanitised', () => {
    const changes = renderPicker(
      { latitude: 52, longitude: 21 },
      { url: 'https://tile.example.invalid/{z}/{x}/{y}.png', attribution: '<a href="https://example.invalid/" onclick="alert(1)">Kafelki</a><script>alert(2)</script>' },
    );
    expect(map().querySelector('.leaflet-tile-pane img')?.getAttribute('src')).toMatch(/^https:\/\/tile\.example\.invalid\/\d+\/\d+\/\d+\.png$/);
    const credits = map().querySelector('.leaflet-control-attribution');
    expect(credits?.innerHTML).toBe('<a href="https://example.invalid/">Kafelki</a>');
    fireEvent.change(longitude(), { target: { value: '17.5' } });
    expect(changes).toEqual([{ latitude: 52, longitude: 17.5 }]);
  });
});
