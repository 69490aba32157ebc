import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import { Box, IconButton } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from './visuallyHidden';

type Direction = 'up' | 'down';

export interface SortableListProps<T> {
  items: readonly T[];
  getId(item: T): UniqueIdentifier;
  /** A short name of the item, for its buttons and the announcements. */
  getLabel(item: T): string;
  renderItem(item: T, index: number): ReactNode;
  /** The items' ids in their new order. */
  onReorder(ids: UniqueIdentifier[]): void;
  /** The list's accessible name. */
  label: string;
  disabled?: boolean;
}

interface RowProps {
  id: UniqueIdentifier;
  itemLabel: string;
  index: number;
  count: number;
  disabled?: boolean;
  children: ReactNode;
  onMove(direction: Direction): void;
  buttonRef(direction: Direction, element: HTMLButtonElement | null): void;
}

function SortableRow({ id, itemLabel, index, count, disabled, children, onMove, buttonRef }: RowProps) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
    attributes: { roleDescription: translate('app.widgets.sortable.role') },
  });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, px: 1, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', opacity: isDragging ? 0.7 : 1 }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        size="small"
        aria-label={translate('app.widgets.sortable.drag', { item: itemLabel })}
        disabled={disabled}
        sx={{ cursor: disabled ? 'default' : 'grab', touchAction: 'none' }}
      >
        <DragIndicator fontSize="small" />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <IconButton
        ref={(element) => buttonRef('up', element)}
        size="small"
        aria-label={translate('app.widgets.sortable.move_up', { item: itemLabel })}
        disabled={disabled || index === 0}
        onClick={() => onMove('up')}
      >
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton
        ref={(element) => buttonRef('down', element)}
        size="small"
        aria-label={translate('app.widgets.sortable.move_down', { item: itemLabel })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove('down')}
      >
        <ArrowDownward fontSize="small" />
      </IconButton>
    </Box>
  );
}

/**
 * A list the user puts in order: drag an item by its handle (with a pointer, or with the keyboard:
 * Space or Enter lifts it, arrows move it, Space drops it, Escape cancels), or use its "move up" and
 * "move down" buttons. Every new position is announced in Polish in a live region.
 */
export function SortableList<T>({ items, getId, getLabel, renderItem, onReorder, label, disabled }: SortableListProps<T>) {
  const translate = useTranslate();
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = items.map(getId);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  // After a move by a button the focus follows the item (to its other button at either end of the list).
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: UniqueIdentifier; direction: Direction } | null>(null);

  const labelOf = (id: UniqueIdentifier | undefined) => {
    const item = items.find((candidate) => getId(candidate) === id);
    return item === undefined ? '' : getLabel(item);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(id as UniqueIdentifier) + 1;

  const reorder = (from: number, to: number) => {
    const moved = ids[from];
    onReorder(arrayMove(ids, from, to));
    setAnnouncement(translate('app.widgets.sortable.moved', { item: labelOf(moved), position: to + 1, total: ids.length }));
  };

  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const button = buttons.current.get(`${id}:${direction}`);
    const fallback = buttons.current.get(`${id}:${direction === 'up' ? 'down' : 'up'}`);
    (button && !button.disabled ? button : fallback)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, items]);

  // Where the dragged item was last announced: only a change of place is worth saying.
  const announcedOver = useRef<UniqueIdentifier | undefined>(undefined);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return translate('app.widgets.sortable.picked', { item: labelOf(active.id), position: positionOf(active.id), total: ids.length });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver.current) return undefined;
      announcedOver.current = over.id;
      return translate('app.widgets.sortable.over', { item: labelOf(active.id), position: positionOf(over.id), total: ids.length });
    },
    // The drop is announced by the list's own live region, as the buttons' moves are.
    onDragEnd: () => undefined,
    onDragCancel: ({ active }) => translate('app.widgets.sortable.cancelled', { item: labelOf(active.id), position: positionOf(active.id), total: ids.length }),
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) reorder(ids.indexOf(active.id), ids.indexOf(over.id));
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dropped}
        accessibility={{ announcements, screenReaderInstructions: { draggable: translate('app.widgets.sortable.instructions') } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
          <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item, index) => {
              const id = getId(item);
              return (
                <SortableRow
                  key={id}
                  id={id}
                  itemLabel={getLabel(item)}
                  index={index}
                  count={items.length}
                  disabled={disabled}
                  onMove={(direction) => {
                    reorder(index, direction === 'up' ? index - 1 : index + 1);
                    setFocusAfterMove({ id, direction });
                  }}
                  buttonRef={(direction, element) => buttons.current.set(`${id}:${direction}`, element)}
                >
                  {renderItem(item, index)}
                </SortableRow>
              );
            })}
          </Box>
        </SortableContext>
      </DndContext>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}
