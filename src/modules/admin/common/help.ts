/** A published help page as GET /api/user/help answers it: the screen it helps with, by its route name. */
export interface HelpPage {
  route: string;
  title: string;
  /** Sanitised HTML. */
  content: string;
}

export const USER_HELP_PATH = '/user/help';
