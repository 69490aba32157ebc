/** SPEC 9 session-timer constants and the pure rules the timer component follows. */
export const TIMER_VISIBLE_SECONDS = 180;
export const WARNING_SECONDS = 60;
export const WARNING_AUTO_CLOSE_MS = 60_000;
export const TICK_MS = 1000;
/** Moments at which screen readers hear how long is left (a per-second announcement would drown everything). */
export const ANNOUNCE_AT_SECONDS = [180, 120, 60, 30, 10];

export function formatRemaining(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(safe / 60)).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

export function isTimerVisible(seconds: number): boolean {
  return seconds <= TIMER_VISIBLE_SECONDS;
}

export function isWarningDue(seconds: number): boolean {
  return seconds > 0 && seconds < WARNING_SECONDS;
}
