import { plPL } from '@mui/material/locale';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's theme with the panel's colours (contrast checked for white text) and MUI's Polish texts. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#546e7a' },
  },
  components: {
    ...defaultTheme.components,
    ...plPL.components,
  },
};
