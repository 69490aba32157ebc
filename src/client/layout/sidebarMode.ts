import { useCallback, useState } from 'react';

/** SPEC 2: the mini mode is remembered in local storage under `sidebar` ('mini' or ''). */
export const SIDEBAR_STORAGE_KEY = 'sidebar';

export function useSidebarMini(): [boolean, (mini: boolean) => void] {
  const [mini, setMiniState] = useState(() => localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'mini');
  const setMini = useCallback((next: boolean) => {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, next ? 'mini' : '');
    setMiniState(next);
  }, []);
  return [mini, setMini];
}
