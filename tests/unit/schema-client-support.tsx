import type { ReactElement } from 'react';
import { DataProviderContext } from 'react-admin';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { renderScreens } from './support/screens';

/**
 * Renders schema screens as the app does: inside react-admin with the panel's dataProvider (the app
 * gives it to <AdminContext>), over the fake fetch/XHR of the test.
 */
export function renderSchemaScreens(routes: Record<string, ReactElement>, path: string) {
  const withData = Object.fromEntries(
    Object.entries(routes).map(([route, element]) => [route, <DataProviderContext.Provider value={dataProvider}>{element}</DataProviderContext.Provider>]),
  );
  return renderScreens(withData, path);
}
