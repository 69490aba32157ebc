import { MENU_ICON_NAMES } from '../../menu-icons';
import { catalogueKey, closed, identifier, type MetaPart } from './part';

/** The module's entry in the service menu (service scope) or the admin area's (admin scope), and folders a schema declares. */
export const menuPart: MetaPart = {
  admin: {
    menu: closed(
      {
        folder: {
          anyOf: [
            { ...identifier, description: 'The slot of the folder the entry goes in (one a schema declares, or a seeded one); none: the top level.' },
            closed(
              {
                slot: identifier,
                icon: { enum: [...MENU_ICON_NAMES] },
                sort: { type: 'integer' },
                name: catalogueKey,
                rootOnly: { type: 'boolean' },
              },
              ['slot', 'icon'],
              'Declares the folder (one schema per slot) and puts the entry in it; its name defaults to app.menu.folders.<slot>.',
            ),
          ],
        },
        icon: { enum: [...MENU_ICON_NAMES], description: 'An icon the sidebar knows (src/common/menu-icons.ts).' },
        sort: { type: 'integer', description: 'Its place among the folder\'s entries; default 100.' },
        name: catalogueKey,
        rootOnly: { type: 'boolean' },
      },
      ['icon'],
    ),
  },
};
