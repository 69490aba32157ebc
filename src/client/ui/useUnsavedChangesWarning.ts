import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../notifications';

/** The panel's question before unsaved changes are left. */
const LEAVE_QUESTION = { title: 'app.unsaved.question', confirmText: 'app.unsaved.leave', cancelText: 'app.unsaved.stay' } as const;

/**
 * While `dirty`, leaving asks first: closing or reloading the tab (the browser's own question) and
 * following a link of the panel (the panel's confirmation). The panel's router is not a data
 * router, so links are caught on their way to it.
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const asking = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      if (link.target && link.target !== '_self') return;
      const target = new URL(link.href, window.location.href);
      if (target.origin !== window.location.origin || `${target.pathname}${target.search}` === `${window.location.pathname}${window.location.search}`) return;
      event.preventDefault();
      event.stopPropagation();
      if (asking.current) return;
      asking.current = true;
      void confirm(LEAVE_QUESTION).then((leave) => {
        asking.current = false;
        if (leave) navigate(`${target.pathname}${target.search}${target.hash}`);
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, confirm, navigate]);
}
