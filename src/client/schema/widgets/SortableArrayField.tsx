import type { UniqueIdentifier } from '@dnd-kit/core';
import { Templates } from '@rjsf/mui';
import type { ArrayFieldTemplateProps, FieldProps } from '@rjsf/utils';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslate } from 'react-admin';

// dnd-kit loads only with a form that has a sortable list.
const SortableList = lazy(() => import('../../ui/SortableList').then((module) => ({ default: module.SortableList<ReactElement> })));

const MuiArrayTemplate = Templates.ArrayFieldTemplate!;

/** What RJSF's ArrayField gives each item element: its index and the reorder that keeps the items' keys and errors. */
interface ArrayItemProps {
  index: number;
  handleReorderItems(event: undefined, index: number, newIndex: number): void;
}

/** The one move that turns one order of ids into the other (the list reports single moves). */
export function singleMove(before: readonly UniqueIdentifier[], after: readonly UniqueIdentifier[]): { from: number; to: number } | undefined {
  const first = before.findIndex((id, index) => after[index] !== id);
  if (first < 0) return undefined;
  const last = before.findLastIndex((id, index) => after[index] !== id);
  return after[last] === before[first] ? { from: first, to: last } : { from: last, to: first };
}

/** A short name of an item for the buttons and announcements: a text item itself, otherwise its position. */
function useItemLabel(values: readonly unknown[]) {
  const translate = useTranslate();
  return (index: number) => {
    const value = values[index];
    return (typeof value === 'string' && value.trim()) || typeof value === 'number' ? String(value) : translate('app.widgets.sortable.item', { position: index + 1 });
  };
}

/** The MUI array template with its items in a SortableList (drag, keyboard, move buttons, announcements). */
function SortableArrayTemplate(props: ArrayFieldTemplateProps) {
  const itemLabel = useItemLabel(Array.isArray(props.formData) ? props.formData : []);
  const ids = props.items.map((item) => item.key ?? '');
  const itemProps = (item: ReactElement) => item.props as ArrayItemProps;
  const list = (
    <Suspense key="sortable" fallback={props.items}>
      <SortableList
        items={props.items}
        getId={(item) => item.key ?? ''}
        getLabel={(item) => itemLabel(itemProps(item).index)}
        renderItem={(item) => item}
        onReorder={(order) => {
          const move = singleMove(ids, order);
          if (move) itemProps(props.items[move.from]).handleReorderItems(undefined, move.from, move.to);
        }}
        label={props.title}
        disabled={props.disabled || props.readonly}
      />
    </Suspense>
  );
  return <MuiArrayTemplate {...props} items={[list]} />;
}

/** RJSF field of arrays with "x-widget": "sortable": RJSF's own array field (add, edit, remove) with the items put in order by SortableList. */
export function SortableArrayField(props: FieldProps) {
  const { ArrayField } = props.registry.fields;
  return <ArrayField {...props} uiSchema={{ ...props.uiSchema, 'ui:ArrayFieldTemplate': SortableArrayTemplate, 'ui:options': { ...props.uiSchema?.['ui:options'], orderable: false } }} />;
}
