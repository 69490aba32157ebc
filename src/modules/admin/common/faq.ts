/** What GET /api/user/faq answers: the categories in root's order, each with its published questions in order. */
export interface FaqCategory {
  id: number;
  name: string;
  questions: FaqQuestion[];
}

export interface FaqQuestion {
  id: number;
  question: string;
  /** Sanitised HTML. */
  answer: string;
}

export const USER_FAQ_PATH = '/user/faq';
