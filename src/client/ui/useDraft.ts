import { useCallback, useRef, useState } from 'react';

/**
 * A form's working copy of what the server stored: the stored value until the user changes it, then
 * the user's. A refetch (after saving, or another tab's change) never overwrites what the user is
 * changing; a save and a quick next change would otherwise lose the change.
 */
export function useDraft<T>(stored: T | undefined): [T | undefined, (update: (current: T) => T) => void] {
  const [edited, setEdited] = useState<{ value: T } | null>(null);
  const latest = useRef(stored);
  latest.current = stored;
  const change = useCallback((update: (current: T) => T) => {
    setEdited((current) => {
      const base = current ? current.value : latest.current;
      return base === undefined ? current : { value: update(base) };
    });
  }, []);
  return [edited ? edited.value : stored, change];
}
