import { lazyScreen } from '../../../client/layout/lazyScreen';
import type { AppRoute } from '../../../client/routes';
import type { SchemaView } from '../../../client/schema/routeTable';

/*
 * The newsletter's hand-written pages: the recipient imports (the service admin area's, and the
 * client's own from its recipients list), and
 * the mailing screens beyond the schema's own create and edit forms (SPEC 2: wysylki with
 * archiwalne, archiwalne/{mailing_id}, szczegoly; szablony/{template_id}/wysylki with dodaj and
 * edytuj/{mailing_id}). Each loads its code when opened.
 */
const screens = {
  current: lazyScreen<object>(() => import('./MailingLists').then((module) => ({ default: module.CurrentMailings }))),
  archive: lazyScreen<object>(() => import('./MailingLists').then((module) => ({ default: module.ArchivedMailings }))),
  ofTemplate: lazyScreen<object>(() => import('./MailingLists').then((module) => ({ default: module.TemplateMailings }))),
  preview: lazyScreen(() => import('./MailingArchivePreview')),
  details: lazyScreen(() => import('./MailingDetails')),
  recipientImports: lazyScreen(() => import('./RecipientImportsScreen')),
  recipientImportCreate: lazyScreen(() => import('./RecipientImportCreateScreen')),
  ownRecipientImport: lazyScreen<object>(() => import('./RecipientImportCreateScreen').then((module) => ({ default: module.OwnRecipientImportScreen }))),
  templateEditRedirect: lazyScreen(() => import('./TemplateEditRedirect')),
};

/** Screens put on the newsletter schema modules' own routes: admin/limity with the limits' usage under the form. */
export const newsletterScreens = {
  service_admin_limits: lazyScreen<object>(() => import('./LimitsPage')),
};

/** The schema's mailing form, on the template's own addresses (its template_id param fills the new mailing's template). */
const mailingForm = (view: SchemaView) =>
  lazyScreen<object>(() => import('../../../client/schema/FormScreen').then(({ default: FormScreen }) => ({ default: () => <FormScreen resource="mailings" view={view} /> })));

const base = { access: 'authenticated', module: 'mailings' } as const;

export const newsletterRoutes: AppRoute[] = [
  { ...base, name: 'service_mailings', path: '/usluga/:service_id/wysylki', title: 'resources.mailings.title', parent: 'service_dashboard', screen: screens.current },
  {
    ...base,
    name: 'service_mailings_archive',
    path: '/usluga/:service_id/wysylki/archiwalne',
    title: 'resources.mailings.archive.title',
    parent: 'service_mailings',
    activePrefix: 'service_mailings',
    screen: screens.archive,
  },
  {
    ...base,
    name: 'service_mailings_archive_show',
    path: '/usluga/:service_id/wysylki/archiwalne/:mailing_id',
    title: 'resources.mailings.archive.preview_title',
    parent: 'service_mailings_archive',
    activePrefix: 'service_mailings',
    screen: screens.preview,
  },
  {
    ...base,
    name: 'service_mailings_details',
    path: '/usluga/:service_id/wysylki/szczegoly',
    title: 'resources.mailings.details.title',
    parent: 'service_mailings',
    activePrefix: 'service_mailings',
    screen: screens.details,
  },
  {
    ...base,
    name: 'service_templates_mailings',
    path: '/usluga/:service_id/szablony/:template_id/wysylki',
    title: 'resources.mailings.actions.template_mailings',
    parent: 'service_templates',
    activePrefix: 'service_templates',
    screen: screens.ofTemplate,
  },
  {
    ...base,
    name: 'service_templates_mailings_create',
    path: '/usluga/:service_id/szablony/:template_id/wysylki/dodaj',
    title: 'app.schema.views.create',
    parent: 'service_templates_mailings',
    activePrefix: 'service_templates',
    screen: mailingForm('create'),
  },
  {
    ...base,
    name: 'service_templates_mailings_edit',
    path: '/usluga/:service_id/szablony/:template_id/wysylki/edytuj/:mailing_id',
    title: 'app.schema.views.edit',
    parent: 'service_templates_mailings',
    activePrefix: 'service_templates',
    screen: mailingForm('edit'),
  },
  {
    name: 'service_templates_edit_former',
    path: '/usluga/:service_id/szablony/edytuj/:template_id',
    title: 'app.schema.views.edit',
    parent: 'service_templates',
    activePrefix: 'service_templates',
    module: 'templates',
    access: 'authenticated',
    screen: screens.templateEditRedirect,
  },
  // The client's own import, from its recipients list (the list's x-admin.list.links names it).
  {
    name: 'service_configuration_recipients_import',
    path: '/usluga/:service_id/konfiguracja/odbiorcy/import',
    title: 'app.recipient_import.title',
    parent: 'service_configuration_recipients',
    activePrefix: 'service_configuration_recipients',
    module: 'recipients',
    access: 'authenticated',
    screen: screens.ownRecipientImport,
  },
  // The service admin area (root users): recipient imports.
  {
    name: 'service_admin_imports',
    path: '/usluga/:service_id/admin/importy',
    title: 'app.service_admin.imports.title',
    parent: 'service_dashboard',
    module: 'recipients',
    rootOnly: true,
    access: 'authenticated',
    screen: screens.recipientImports,
  },
  {
    name: 'service_admin_imports_create',
    path: '/usluga/:service_id/admin/importy/dodaj',
    title: 'app.service_admin.imports.create',
    parent: 'service_admin_imports',
    activePrefix: 'service_admin_imports',
    module: 'recipients',
    rootOnly: true,
    access: 'authenticated',
    screen: screens.recipientImportCreate,
  },
];
