import { Box, Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AdminColumn } from '../../common/schema/types';
import { useToast } from '../notifications';
import { errorMessage, isApiError } from '../providers/http';
import { useTranslateText } from '../providers/useTranslateText';
import { useUnsavedChangesWarning } from '../ui/useUnsavedChangesWarning';
import type { SchemaContext } from './access';
import { fieldTitleKey } from './registry';
import { ThumbnailCell } from './Thumbnail';

interface Row {
  id: number | string;
  [field: string]: unknown;
}

type Changes = Record<string, Record<string, string>>;

/** A property that the form draws as a text area (a long text): several lines here too. */
const LONG_TEXT = 1000;

/**
 * A list page whose rows are edited in place (route.lists[].inline: a gallery's alt texts and
 * descriptions): each changed row is saved with the record's own PUT, one after another; a row the
 * server refuses keeps its changes and shows its messages under its fields. Leaving with unsaved
 * changes asks first.
 */
export function InlineEditTable({ context, rows, fields, title, label }: { context: SchemaContext; rows: Row[]; fields: string[]; title: string; label(row: Row): string }) {
  const { module, params } = context;
  const { admin } = module;
  const translate = useTranslate();
  const translateText = useTranslateText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  const [changes, setChanges] = useState<Changes>({});
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const changed = Object.keys(changes);
  useUnsavedChangesWarning(changed.length > 0);

  const thumbnails = admin.list.columns.filter((column): column is AdminColumn => column.kind === 'thumbnail');
  const valueOf = (row: Row, field: string) => changes[row.id]?.[field] ?? (typeof row[field] === 'string' ? (row[field] as string) : '');

  function edit(row: Row, field: string, value: string) {
    setChanges((current) => {
      const rowChanges = { ...current[row.id], [field]: value };
      // Typed back to what is stored: no change left in that field.
      if (value === (row[field] ?? '')) delete rowChanges[field];
      const next = { ...current, [row.id]: rowChanges };
      if (Object.keys(rowChanges).length === 0) delete next[row.id];
      return next;
    });
  }

  async function save() {
    setSaving(true);
    const refused: Record<string, Record<string, string>> = {};
    const kept: Changes = {};
    let saved = 0;
    for (const row of rows.filter((candidate) => changes[candidate.id])) {
      const data = { ...row, ...changes[row.id] };
      try {
        await dataProvider.update(admin.resource, { id: row.id, data, previousData: row, meta: params });
        saved += 1;
      } catch (error) {
        kept[row.id] = changes[row.id];
        refused[row.id] = isApiError(error, 400) && error.body.errors ? error.body.errors : { [fields[0]]: errorMessage(error) };
      }
    }
    setChanges(kept);
    setErrors(refused);
    setSaving(false);
    if (saved) toast.success('app.schema.inline.saved', { messageArgs: { smart_count: saved } });
    const failed = Object.keys(refused).length;
    if (failed) toast.error('app.schema.inline.failed', { messageArgs: { smart_count: failed } });
    await queryClient.invalidateQueries({ queryKey: [admin.resource] });
  }

  return (
    <Box component="form" onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
      <TableContainer>
        <Table aria-label={title} aria-busy={saving}>
          <TableHead>
            <TableRow>
              {thumbnails.map((column) => (
                <TableCell key={column.field}>{translate(fieldTitleKey(module, column.field))}</TableCell>
              ))}
              {fields.map((field) => (
                <TableCell key={field}>{translate(fieldTitleKey(module, field))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} selected={Boolean(changes[row.id])}>
                {thumbnails.map((column) => (
                  <TableCell key={column.field} sx={{ width: 112 }}>
                    <ThumbnailCell module={module} column={column} record={row} />
                  </TableCell>
                ))}
                {fields.map((field) => {
                  const property = module.schema.properties?.[field];
                  const maxLength = typeof property?.maxLength === 'number' ? property.maxLength : undefined;
                  const message = errors[row.id]?.[field];
                  return (
                    <TableCell key={field} sx={{ verticalAlign: 'top', minWidth: 220 }}>
                      <TextField
                        fullWidth
                        size="small"
                        multiline={maxLength === undefined || maxLength > 255 || maxLength >= LONG_TEXT}
                        value={valueOf(row, field)}
                        onChange={(event) => edit(row, field, event.target.value)}
                        disabled={saving}
                        error={Boolean(message)}
                        helperText={message ? translateText(message) : undefined}
                        slotProps={{
                          htmlInput: {
                            maxLength,
                            'aria-label': translate('app.schema.inline.field_of_row', { field: translate(fieldTitleKey(module, field)), label: label(row) }),
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" disabled={saving || changed.length === 0}>
          {translate(saving ? 'app.schema.inline.saving' : 'app.schema.inline.save')}
        </Button>
        <Button color="secondary" disabled={saving || changed.length === 0} onClick={() => { setChanges({}); setErrors({}); }}>
          {translate('app.schema.inline.discard')}
        </Button>
        <Typography role="status" variant="body2">
          {changed.length > 0 ? translate('app.schema.inline.changed_rows', { smart_count: changed.length }) : ''}
        </Typography>
      </Stack>
    </Box>
  );
}
