import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** SPEC 2: '<page title> - Panel administracyjny'; the title a catalogue key, or (isText) a text already, e.g. a news category's name. */
export function useDocumentTitle(title: string, isText = false): void {
  const translate = useTranslate();
  useEffect(() => {
    document.title = `${isText ? title : translate(title)} - ${translate('app.layout.product')}`;
  }, [translate, title, isText]);
}
