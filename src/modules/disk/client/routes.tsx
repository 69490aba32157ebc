import { lazyScreen } from '../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../client/routes';
import { DISK_MODULE } from '../common/module';

/*
 * The file disk (SPEC 2 "dysk/{folder_id?}: the file disk, with edytuj/{file_id} (rename),
 * /udostepnianie (publish), /przenies (move)"), under /usluga/:service_id:
 *   dysk                                         service_disk: redirects to the root folder's id (SPEC 4)
 *   dysk/:folder_id                              service_disk_folder: the folder's entries and actions
 *   dysk/:folder_id/edytuj/:file_id              service_disk_rename: the entry's name
 *   dysk/:folder_id/edytuj/:file_id/udostepnianie service_disk_publish: public or not, with an end date
 *   dysk/:folder_id/edytuj/:file_id/przenies     service_disk_move: the folder picker
 * The entry's pages keep the folder it was opened from in their address, so they lead back to it.
 */
const screens = {
  redirect: lazyScreen(() => import('./DiskRedirect')),
  folder: lazyScreen(() => import('./DiskFolderScreen')),
  rename: lazyScreen(() => import('./DiskRenameScreen')),
  publish: lazyScreen(() => import('./DiskPublishScreen')),
  move: lazyScreen(() => import('./DiskMoveScreen')),
};

const base = '/usluga/:service_id/dysk';
const page = { module: DISK_MODULE, access: 'authenticated', activePrefix: 'service_disk' } as const;

export const diskRoutes: AppRoute[] = [
  { ...page, name: 'service_disk', path: base, title: 'resources.disk.title', parent: 'service_dashboard', activePrefix: undefined, screen: screens.redirect },
  {
    ...page,
    name: 'service_disk_folder',
    path: `${base}/:folder_id`,
    title: 'resources.disk.title',
    parent: 'service_dashboard',
    titleRecord: { api: '/client_service/{service_id}/files/{folder_id}', label: 'name' },
    screen: screens.folder,
  },
  { ...page, name: 'service_disk_rename', path: `${base}/:folder_id/edytuj/:file_id`, title: 'resources.disk.rename.title', parent: 'service_disk_folder', screen: screens.rename },
  {
    ...page,
    name: 'service_disk_publish',
    path: `${base}/:folder_id/edytuj/:file_id/udostepnianie`,
    title: 'resources.disk.publish.title',
    parent: 'service_disk_folder',
    screen: screens.publish,
  },
  { ...page, name: 'service_disk_move', path: `${base}/:folder_id/edytuj/:file_id/przenies`, title: 'resources.disk.move.title', parent: 'service_disk_folder', screen: screens.move },
];
