import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Chip, Grid, IconButton, MenuItem, Paper, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { LinkBase, useTranslate } from 'react-admin';
import { useConfirm, useToast } from '../../../../client/notifications';
import { api, isApiError } from '../../../../client/providers/http';
import { LoadFailure, ModuleAccess, useSchemaContext } from '../../../../client/schema/access';
import { EmptyState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { SortableList } from '../../../../client/ui/SortableList';
import { SECTIONS_RESOURCE, useBuilderChange, useBuilderPaths, useOffer, usePage, useSections, type Offer, type Section } from './api';
import { Preview } from './Preview';
import { nameError, useFieldErrors } from './fields';

/** Adds a section of a kind the template offers, in one of its containers: 'Sekcja została dodana.'. */
function AddSection({ offer }: { offer: Offer }) {
  const translate = useTranslate();
  const toast = useToast();
  const { page } = useBuilderPaths();
  const [values, setValues] = useState({ section_prefix: '', container_prefix: offer.containers[0]?.container_prefix ?? '', name: '' });
  const { errors, setErrors, fromServer } = useFieldErrors();
  const add = useBuilderChange((body: typeof values) => api(page, { method: 'POST', body }), 'resources.main_page_sections.messages.created');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(values.section_prefix ? {} : { section_prefix: translate('validation.main_page_sections.section_prefix_required') }),
      ...(values.container_prefix ? {} : { container_prefix: translate('validation.main_page_sections.container_prefix_required') }),
      ...nameError(values.name, translate),
    };
    setErrors(found);
    if (Object.keys(found).length) return toast.error('validation.form_invalid');
    add.mutate(values, {
      onSuccess: () => setValues((current) => ({ ...current, section_prefix: '', name: '' })),
      onError: fromServer,
    });
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    size: 'small' as const,
  });
  return (
    <Paper component="form" onSubmit={submit} noValidate aria-labelledby="add-section-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="add-section-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.main_pages.add.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField select required label={translate('resources.main_page_sections.fields.section_prefix')} sx={{ minWidth: 180 }} {...field('section_prefix')}>
          {offer.sections.map((kind) => (
            <MenuItem key={kind.section_prefix} value={kind.section_prefix}>
              {kind.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select required label={translate('resources.main_page_sections.fields.container_prefix')} sx={{ minWidth: 180 }} {...field('container_prefix')}>
          {offer.containers.map((container) => (
            <MenuItem key={container.container_prefix} value={container.container_prefix}>
              {container.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField required label={translate('resources.main_page_sections.fields.name')} sx={{ minWidth: 220, flex: 1 }} slotProps={{ htmlInput: { maxLength: 64 } }} {...field('name')} />
        <Button type="submit" variant="contained" loading={add.isPending} sx={{ mt: 0.5 }}>
          {translate('ra.action.add')}
        </Button>
      </Box>
    </Paper>
  );
}

/** One section's row: its name and kind, the on/off switch (sending the other status), its edit link and deletion. */
function SectionRow({ section, offer }: { section: Section; offer: Offer }) {
  const translate = useTranslate();
  const confirm = useConfirm();
  const { page, params } = useBuilderPaths();
  const address = `${page}/sections/${section.id}`;
  const kind = offer.sections.find((candidate) => candidate.section_prefix === section.section_prefix);
  const container = offer.containers.find((candidate) => candidate.container_prefix === section.container_prefix);
  const toggle = useBuilderChange(
    (status: Section['status']) => api(`${address}/status`, { method: 'PUT', body: { status } }),
    (status) => `resources.main_page_sections.messages.${status === 'on' ? 'enabled' : 'disabled'}`,
  );
  const remove = useBuilderChange(() => api(address, { method: 'DELETE' }), 'resources.main_page_sections.messages.deleted');
  const askRemove = async () => {
    if (await confirm({ title: translate('app.main_pages.delete.title', { name: section.name }), content: 'app.main_pages.delete.content' })) remove.mutate(undefined);
  };
  const edit = `/usluga/${encodeURIComponent(params.service_id)}/wyglad/strona_glowna/${encodeURIComponent(params.main_page_prefix)}/edytuj/${section.id}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {section.name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
          <Chip size="small" label={kind?.name ?? section.section_prefix} />
          <Chip size="small" variant="outlined" label={container?.name ?? section.container_prefix} />
        </Box>
      </Box>
      <Switch
        checked={section.status === 'on'}
        disabled={toggle.isPending}
        onChange={() => toggle.mutate(section.status === 'on' ? 'off' : 'on')}
        slotProps={{ input: { 'aria-label': translate('app.main_pages.section.on', { name: section.name }) } }}
      />
      <IconButton component={LinkBase} to={edit} aria-label={translate('app.main_pages.section.edit', { name: section.name })}>
        <EditIcon />
      </IconButton>
      <IconButton onClick={askRemove} disabled={remove.isPending} aria-label={translate('app.main_pages.section.delete', { name: section.name })}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

/** The page's sections in order: dragged, moved by keyboard or by buttons; each move saved at once. */
function Sections({ sections, offer }: { sections: Section[]; offer: Offer }) {
  const translate = useTranslate();
  const { page } = useBuilderPaths();
  const [order, setOrder] = useState(sections);
  useEffect(() => setOrder(sections), [sections]);
  const save = useBuilderChange((ids: number[]) => api(`${page}/sections/order`, { method: 'PUT', body: { ids } }), 'app.schema.order_saved');
  if (order.length === 0) return <EmptyState text={translate('app.main_pages.no_sections')} />;
  return (
    <SortableList
      items={order}
      getId={(section) => section.id}
      getLabel={(section) => section.name}
      label={translate('app.main_pages.sections_label')}
      disabled={save.isPending}
      onReorder={(ids) => {
        setOrder(ids.map((id) => order.find((section) => section.id === id)!));
        save.mutate(ids as number[], { onError: () => setOrder(sections) });
      }}
      renderItem={(section) => <SectionRow section={section} offer={offer} />}
    />
  );
}

function PageBuilder() {
  const translate = useTranslate();
  const page = usePage();
  const offer = useOffer();
  const sections = useSections();
  if (page.isError) return <LoadFailure error={page.error} />;
  if (sections.isError) return <LoadFailure error={sections.error} />;
  if (offer.isError && !isApiError(offer.error, 404)) return <LoadFailure error={offer.error} />;
  if (page.isPending || sections.isPending || offer.isPending) return <LoadingState />;
  if (!offer.data) return <LoadFailure error={offer.error} />;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {page.data.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.main_pages.settings', { smart_count: sections.data.length, address: page.data.domain ?? '—' })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <AddSection offer={offer.data} />
          <Paper aria-labelledby="sections-title" component="section" sx={{ p: 2 }}>
            <Typography id="sections-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('app.main_pages.sections_label')}
            </Typography>
            <Sections sections={sections.data} offer={offer.data} />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Preview page={page.data} version={sections.dataUpdatedAt} />
        </Grid>
      </Grid>
    </>
  );
}

/** {main_page_prefix}: the page's settings, its sections in order (add, switch, reorder, delete) and its live preview. */
export default function MainPageScreen() {
  return (
    <ModuleAccess context={useSchemaContext(SECTIONS_RESOURCE)}>
      <PageBuilder />
    </ModuleAccess>
  );
}
