import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The maintained list of robots' user-agent patterns, one a line (comments start with #). */
const BOT_LIST = fileURLToPath(new URL('./bot-user-agents.txt', import.meta.url));

/** The list's patterns as one case-insensitive expression. */
export function botPattern(list: string): RegExp {
  const patterns = list
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return new RegExp(patterns.join('|'), 'i');
}

const BOTS = botPattern(readFileSync(BOT_LIST, 'utf8'));

/** Whether a page view comes from a robot: a user agent on the list, or none at all (browsers always send one). */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim().length < 10 || BOTS.test(userAgent);
}
