import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** SPEC 2: '<page title> - Panel administracyjny'. */
export function useDocumentTitle(titleKey: string): void {
  const translate = useTranslate();
  useEffect(() => {
    document.title = `${translate(titleKey)} - ${translate('app.layout.product')}`;
  }, [translate, titleKey]);
}
