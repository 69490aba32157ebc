import en from '../../../i18n/en.json';
import pl from '../../../i18n/pl.json';
import type { Catalogue } from './translate';

export const catalogues: Record<'pl' | 'en', Catalogue> = { pl, en };
