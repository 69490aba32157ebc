/** A published help page as GET /api/user/help answers it: the screen it helps with, by its route name. */
export interface HelpPage {
  route: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
}

export const USER_HELP_PATH = '/user/help';

/** The schema module's resource; the browser keeps the published pages under it, so root's saves through its screens refresh them. */
export const HELP_PAGES = 'help_pages';
