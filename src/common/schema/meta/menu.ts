import { MENU_ICON_NAMES } from '../../menu-icons';
import { catalogueKey, closed, identifier, type MetaPart } from './part';

/** The module's entry in the service menu. */
export const menuPart: MetaPart = {
  admin: {
    menu: closed(
      {
        folder: { ...identifier, description: 'The slot of the folder the entry goes in; none: the top level.' },
        icon: { enum: [...MENU_ICON_NAMES], description: 'An icon the sidebar knows (src/common/menu-icons.ts).' },
        sort: { type: 'integer', description: 'Its place among the folder\'s entries; default 100.' },
        name: catalogueKey,
        rootOnly: { type: 'boolean' },
      },
      ['icon'],
    ),
  },
};
