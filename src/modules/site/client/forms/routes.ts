import { lazyScreen, type LazyScreen } from '../../../../client/layout/lazyScreen';

/** A form's preview ({form_id}): the form its fields make, drawn as the site draws it. */
export const formScreens: Record<string, LazyScreen<object>> = {
  service_forms_show: lazyScreen(() => import('./FormPreviewPage')),
};
