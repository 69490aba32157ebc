import { describe, expect, it } from 'vitest';
import { routes } from '../../src/client/routes';
import { clientRegistry } from '../../src/client/schema/registry';
import { helpRoutes } from '../../src/modules/admin/server/help/routes';

/** The screens the server lets root tie help pages to are the browser's own signed-in routes, no copy of them. */
describe('the help pages’ screens', () => {
  const offered = helpRoutes(clientRegistry.modules);

  it('are every signed-in route of the browser’s table, and no other', () => {
    const signedIn = routes.filter((route) => route.access === 'authenticated').map((route) => route.name);
    expect(offered.map((route) => route.id).sort()).toEqual([...signedIn].sort());
    expect(offered.map((route) => route.id)).not.toContain('login');
  });

  it('name each screen by its Polish title and path, a generic view under its parent’s title, in Polish order', () => {
    const named = (id: string) => offered.find((route) => route.id === id)?.name;
    expect(named('service_disk_folder')).toBe('Dysk plików (/usluga/:service_id/dysk/:folder_id)');
    expect(named('admin_help_edit')).toBe('Pomoc – Edytuj (/admin/pomoc/edytuj/:help_page_id)');
    const names = offered.map((route) => route.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pl')));
  });
});
