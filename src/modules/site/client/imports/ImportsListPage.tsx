import ListScreen from '../../../../client/schema/ListScreen';
import { IMPORTS, SectionPage } from './sections';

/** konfiguracja/importy: the imports list (the schema module's), or the next enabled import page. */
export default function ImportsListPage() {
  return (
    <SectionPage section="imports">
      <ListScreen resource={IMPORTS} view="list" />
    </SectionPage>
  );
}
