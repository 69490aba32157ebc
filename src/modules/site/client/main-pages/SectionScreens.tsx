import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { LinkBase, useLocation, useTranslate } from 'react-admin';
import { useToast } from '../../../../client/notifications';
import { api } from '../../../../client/providers/http';
import { LoadFailure, ModuleAccess, useSchemaContext } from '../../../../client/schema/access';
import { EmptyState, LoadingState } from '../../../../client/screens/common/QueryStates';
import { SortableList } from '../../../../client/ui/SortableList';
import { SECTIONS_RESOURCE, useBuilderChange, useBuilderPaths, useOffer, usePage, useSection, type Item, type Pickable, type Section } from './api';
import { nameError, NAME_MAX, useFieldErrors } from './fields';
import { Preview } from './Preview';

const TABS = ['', 'tresc', 'wyglad'] as const;
type TabPath = (typeof TABS)[number];
const TAB_LABELS: Record<TabPath, string> = { '': 'app.main_pages.section.name_tab', tresc: 'app.main_pages.section.content', wyglad: 'app.main_pages.section.look' };
const PICKER_PER_PAGE = 10;
const HEX = /^#[0-9a-fA-F]{6}$/;

function useSectionBase() {
  const { params } = useBuilderPaths();
  return `/usluga/${encodeURIComponent(params.service_id)}/wyglad/strona_glowna/${encodeURIComponent(params.main_page_prefix)}/edytuj/${encodeURIComponent(params.section_id)}`;
}

/** The section's name (edytuj): 3 to 64 characters, 'Nazwa sekcji została zaktualizowana.'. */
function NameForm({ section }: { section: Section }) {
  const translate = useTranslate();
  const toast = useToast();
  const { uploadSection } = useBuilderPaths();
  const [name, setName] = useState(section.name);
  useEffect(() => setName(section.name), [section.name]);
  const { errors, setErrors, fromServer } = useFieldErrors();
  const save = useBuilderChange((value: string) => api(uploadSection, { method: 'PUT', body: { name: value } }), 'resources.main_page_sections.messages.updated');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = nameError(name, translate);
    setErrors(found);
    if (found.name) return toast.error('validation.form_invalid');
    save.mutate(name, { onError: fromServer });
  };
  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2 }}>
      <TextField
        required
        fullWidth
        label={translate('resources.main_page_sections.fields.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? ' '}
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
      />
      <Button type="submit" variant="contained" loading={save.isPending}>
        {translate('ra.action.save')}
      </Button>
    </Paper>
  );
}

interface SectionData {
  component_name: string;
  data_mode: 'latest' | 'category';
  data_category: number | null;
  components: string[];
}

/** What the section shows (tresc): the module, the latest records or a category's ('Dane sekcji zostały zaktualizowane.'). */
function DataForm({ data, componentName }: { data: SectionData; componentName(component: string): string }) {
  const translate = useTranslate();
  const toast = useToast();
  const modeLabel = useId();
  const { section, params } = useBuilderPaths();
  const [values, setValues] = useState({ component_name: data.component_name, data_mode: data.data_mode, data_category: data.data_category });
  useEffect(() => setValues({ component_name: data.component_name, data_mode: data.data_mode, data_category: data.data_category }), [data]);
  const { errors, setErrors, fromServer } = useFieldErrors();
  const hasCategories = values.component_name === 'news';
  const categories = useQuery({
    queryKey: ['news_categories', 'choices', params.service_id],
    queryFn: ({ signal }) => api<{ data: { id: number; name: string }[] }>(`/client_service/${encodeURIComponent(params.service_id)}/module/news_categories`, { query: { per_page: 100 }, signal }),
    enabled: hasCategories && values.data_mode === 'category',
  });
  const save = useBuilderChange((body: typeof values) => api(`${section}/data`, { method: 'PUT', body }), 'resources.main_page_sections.messages.data_updated');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = values.data_mode === 'category' && !values.data_category ? { data_category: translate('validation.main_page_sections.data_category_required') } : {};
    setErrors(found);
    if (found.data_category) return toast.error('validation.form_invalid');
    save.mutate(values, { onError: fromServer });
  };
  return (
    <Paper component="form" onSubmit={submit} noValidate aria-labelledby="section-data-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="section-data-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.main_pages.data.title')}
      </Typography>
      {data.components.length > 1 && (
        <TextField
          select
          fullWidth
          label={translate('resources.main_page_sections.fields.component_name')}
          value={values.component_name}
          onChange={(event) => setValues((current) => ({ ...current, component_name: event.target.value, data_mode: 'latest', data_category: null }))}
          error={Boolean(errors.component_name)}
          helperText={errors.component_name ?? ' '}
        >
          {data.components.map((component) => (
            <MenuItem key={component} value={component}>
              {componentName(component)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <FormControl error={Boolean(errors.data_mode)}>
        <FormLabel id={modeLabel}>{translate('resources.main_page_sections.fields.data_mode')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby={modeLabel}
          value={values.data_mode}
          onChange={(event) => setValues((current) => ({ ...current, data_mode: event.target.value as SectionData['data_mode'], data_category: null }))}
        >
          <FormControlLabel value="latest" control={<Radio />} label={translate('app.main_pages.data.latest')} />
          <FormControlLabel value="category" control={<Radio />} label={translate('app.main_pages.data.category')} disabled={!hasCategories} />
        </RadioGroup>
      </FormControl>
      {values.data_mode === 'category' && (
        <TextField
          select
          fullWidth
          required
          sx={{ mt: 1 }}
          label={translate('resources.main_page_sections.fields.data_category')}
          value={values.data_category ?? ''}
          onChange={(event) => setValues((current) => ({ ...current, data_category: Number(event.target.value) }))}
          error={Boolean(errors.data_category)}
          helperText={errors.data_category ?? ' '}
        >
          {(categories.data?.data ?? []).map((category) => (
            <MenuItem key={category.id} value={category.id}>
              {category.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography color="text.secondary" variant="body2" sx={{ my: 1 }}>
        {translate('app.main_pages.data.help')}
      </Typography>
      <Button type="submit" variant="contained" loading={save.isPending}>
        {translate('ra.action.save')}
      </Button>
    </Paper>
  );
}

/** The items picked for the section, in their order (drag, keyboard, buttons), each removable: 'Element został usunięty.'. */
function PickedItems({ components, componentName }: { components: string[]; componentName(component: string): string }) {
  const translate = useTranslate();
  const { section, key, params } = useBuilderPaths();
  const lists = useQueries({
    queries: components.map((component) => ({
      queryKey: [...key, 'sections', params.main_page_prefix, params.section_id, 'items', component],
      queryFn: ({ signal }: { signal: AbortSignal }) => api<{ data: Item[] }>(`${section}/items/${component}`, { signal }).then((answer) => answer.data),
    })),
  });
  const loaded = lists.every((list) => list.isSuccess);
  const items = loaded ? lists.flatMap((list) => list.data!).sort((a, b) => a.position - b.position || a.id - b.id) : [];
  // The order just chosen, shown until the saved one is read back.
  const [moved, setMoved] = useState<number[] | null>(null);
  const order = moved ? moved.map((id) => items.find((item) => item.id === id)).filter((item): item is Item => item !== undefined) : items;
  const reorder = useBuilderChange((ids: number[]) => api(`${section}/items/order`, { method: 'PUT', body: { ids } }), 'app.schema.order_saved');
  const remove = useBuilderChange((item: Item) => api(`${section}/items/${item.id}`, { method: 'DELETE' }), 'resources.main_page_sections.messages.item_removed');
  const failed = lists.find((list) => list.isError);
  if (failed) return <LoadFailure error={failed.error} />;
  if (!loaded) return <LoadingState />;
  if (order.length === 0) return <EmptyState text={translate('app.main_pages.items.none')} />;
  return (
    <SortableList
      items={order}
      getId={(item) => item.id}
      getLabel={(item) => item.name}
      label={translate('app.main_pages.items.picked')}
      disabled={reorder.isPending}
      onReorder={(ids) => {
        setMoved(ids as number[]);
        reorder.mutate(ids as number[], { onSettled: () => setMoved(null) });
      }}
      renderItem={(item) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ListItemText primary={item.name || translate('app.main_pages.public.untitled')} secondary={componentName(item.component_name)} />
          <IconButton onClick={() => remove.mutate(item)} disabled={remove.isPending} aria-label={translate('app.main_pages.items.remove', { name: item.name })}>
            <DeleteIcon />
          </IconButton>
        </Box>
      )}
    />
  );
}

/** Records of the site's modules to pick, searched by a phrase, without those the section holds: 'Element został dodany.'. */
function ItemPicker({ components, componentName }: { components: string[]; componentName(component: string): string }) {
  const translate = useTranslate();
  const { collection, section, key, params } = useBuilderPaths();
  const [component, setComponent] = useState(components[0]);
  const [typed, setTyped] = useState('');
  const [phrase, setPhrase] = useState('');
  const found = useQuery({
    queryKey: [...key, 'pickable', component, phrase, params.section_id],
    queryFn: ({ signal }) =>
      api<{ data: Pickable[]; pagination: { total: number } }>(`${collection}/items/${component}`, {
        query: { phrase: phrase || undefined, excluded_section_id: params.section_id, per_page: PICKER_PER_PAGE },
        signal,
      }),
  });
  const add = useBuilderChange((item: Pickable) => api(`${section}/items`, { method: 'POST', body: { component_name: item.component_name, row_id: item.row_id } }), 'resources.main_page_sections.messages.item_added');
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPhrase(typed.trim());
  };
  return (
    <Box>
      <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        {components.length > 1 && (
          <TextField select size="small" label={translate('app.main_pages.items.module')} value={component} onChange={(event) => setComponent(event.target.value)} sx={{ minWidth: 180 }}>
            {components.map((name) => (
              <MenuItem key={name} value={name}>
                {componentName(name)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField size="small" type="search" label={translate('app.main_pages.items.phrase')} value={typed} onChange={(event) => setTyped(event.target.value)} sx={{ flex: 1, minWidth: 160 }} />
        <Button type="submit" variant="outlined">
          {translate('ra.action.search')}
        </Button>
      </Box>
      {found.isPending ? (
        <LoadingState />
      ) : found.isError ? (
        <LoadFailure error={found.error} />
      ) : found.data.data.length === 0 ? (
        <EmptyState text={translate('app.main_pages.items.nothing_found')} />
      ) : (
        <List dense aria-label={translate('app.main_pages.items.found')}>
          {found.data.data.map((item) => (
            <ListItem
              key={`${item.component_name}-${item.row_id}`}
              secondaryAction={
                <IconButton edge="end" onClick={() => add.mutate(item)} disabled={add.isPending} aria-label={translate('app.main_pages.items.add', { name: item.name })}>
                  <AddIcon />
                </IconButton>
              }
            >
              <ListItemText primary={item.name || translate('app.main_pages.public.untitled')} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

function ContentPage() {
  const translate = useTranslate();
  const { section, key, params } = useBuilderPaths();
  const offer = useOffer();
  const data = useQuery({ queryKey: [...key, 'sections', params.main_page_prefix, params.section_id, 'data'], queryFn: ({ signal }) => api<SectionData>(`${section}/data`, { signal }) });
  if (data.isError) return <LoadFailure error={data.error} />;
  if (data.isPending || offer.isPending) return <LoadingState />;
  const names = new Map(offer.data?.sections.flatMap((kind) => kind.components.map((component) => [component.component_name, component.name])) ?? []);
  const componentName = (component: string) => names.get(component) ?? component;
  return (
    <>
      <DataForm data={data.data} componentName={componentName} />
      <Paper aria-labelledby="section-items-title" component="section" sx={{ p: 2, mb: 2 }}>
        <Typography id="section-items-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.main_pages.items.picked')}
        </Typography>
        <PickedItems components={data.data.components} componentName={componentName} />
      </Paper>
      <Paper aria-labelledby="section-picker-title" component="section" sx={{ p: 2 }}>
        <Typography id="section-picker-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.main_pages.items.pick')}
        </Typography>
        {data.data.components.length ? <ItemPicker components={data.data.components} componentName={componentName} /> : <EmptyState text={translate('app.main_pages.items.no_modules')} />}
      </Paper>
    </>
  );
}

interface SectionView {
  view_prefix: number;
  background_color: string | null;
  background_uri: string | null;
  icon_uri: string | null;
  views: { view_prefix: number; name: string }[];
}

/** A picture of the look: the stored one (kept, or removed), or a new file replacing it. */
function PictureField({ label, stored, file, removed, onFile, onRemoved }: { label: string; stored: string | null; file: File | null; removed: boolean; onFile(file: File | null): void; onRemoved(removed: boolean): void }) {
  const translate = useTranslate();
  const inputId = useId();
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 2 }}>
      <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
        {label}
      </Typography>
      {stored && !file && <Box component="img" src={stored} alt={translate('app.main_pages.look.current', { field: label })} sx={{ maxWidth: 160, maxHeight: 80, display: 'block', mb: 1 }} />}
      {stored && !file && <FormControlLabel control={<Checkbox checked={removed} onChange={(event) => onRemoved(event.target.checked)} />} label={translate('app.main_pages.look.remove', { field: label })} />}
      <Box>
        <label htmlFor={inputId}>
          <Typography component="span" variant="body2">
            {translate('app.main_pages.look.choose', { field: label })}
          </Typography>
        </label>{' '}
        <input id={inputId} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
      </Box>
    </Box>
  );
}

/**
 * The look (wyglad): view variant, background colour, background picture and icon. SPEC 4: saving
 * first deletes an old picture that was removed or replaced, then uploads the new one; one toast
 * 'Wygląd sekcji został zaktualizowany.'.
 */
function LookPage({ section }: { section: Section }) {
  const translate = useTranslate();
  const toast = useToast();
  const paths = useBuilderPaths();
  const view = useQuery({ queryKey: [...paths.key, 'sections', paths.params.main_page_prefix, paths.params.section_id, 'view'], queryFn: ({ signal }) => api<SectionView>(`${paths.section}/view`, { signal }) });
  const [values, setValues] = useState({ view_prefix: 0, background_color: '' });
  const [background, setBackground] = useState<{ file: File | null; removed: boolean }>({ file: null, removed: false });
  const [icon, setIcon] = useState<{ file: File | null; removed: boolean }>({ file: null, removed: false });
  const { errors, setErrors, fromServer } = useFieldErrors();
  useEffect(() => {
    if (!view.data) return;
    setValues({ view_prefix: view.data.view_prefix, background_color: view.data.background_color ?? '' });
    setBackground({ file: null, removed: false });
    setIcon({ file: null, removed: false });
  }, [view.data]);
  const save = useBuilderChange(async () => {
    const stored = view.data!;
    if (stored.icon_uri && (icon.removed || icon.file)) await api(`${paths.section}/icon`, { method: 'DELETE' });
    if (stored.background_uri && (background.removed || background.file)) await api(`${paths.section}/background`, { method: 'DELETE' });
    const payload = { view_prefix: values.view_prefix, ...(values.background_color ? { background_color: values.background_color } : {}) };
    await api(`${paths.uploadSection}/view`, { method: 'PUT', body: multipart(payload, background.file) });
    if (icon.file) await api(paths.uploadSection, { method: 'PUT', body: multipart({ name: section.name }, icon.file) });
  }, 'resources.main_page_sections.messages.view_updated');
  if (view.isError) return <LoadFailure error={view.error} />;
  if (view.isPending) return <LoadingState />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = values.background_color && !HEX.test(values.background_color) ? { background_color: translate('validation.main_page_sections.background_color_invalid') } : {};
    setErrors(found);
    if (found.background_color) return toast.error('validation.form_invalid');
    save.mutate(undefined, { onError: fromServer });
  };
  return (
    <Paper component="form" onSubmit={submit} noValidate sx={{ p: 2 }}>
      <TextField
        select
        fullWidth
        required
        label={translate('resources.main_page_sections.fields.view_prefix')}
        value={values.view_prefix || ''}
        onChange={(event) => setValues((current) => ({ ...current, view_prefix: Number(event.target.value) }))}
        error={Boolean(errors.view_prefix)}
        helperText={errors.view_prefix ?? ' '}
      >
        {view.data.views.map((option) => (
          <MenuItem key={option.view_prefix} value={option.view_prefix}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        label={translate('resources.main_page_sections.fields.background_color')}
        value={values.background_color}
        placeholder="#1B3A6B"
        onChange={(event) => setValues((current) => ({ ...current, background_color: event.target.value }))}
        error={Boolean(errors.background_color)}
        helperText={errors.background_color ?? translate('app.main_pages.look.color_help')}
        sx={{ mb: 2 }}
      />
      <PictureField
        label={translate('resources.main_page_sections.fields.background')}
        stored={view.data.background_uri}
        file={background.file}
        removed={background.removed}
        onFile={(file) => setBackground((current) => ({ ...current, file }))}
        onRemoved={(removed) => setBackground((current) => ({ ...current, removed }))}
      />
      <PictureField
        label={translate('resources.main_page_sections.fields.icon')}
        stored={view.data.icon_uri}
        file={icon.file}
        removed={icon.removed}
        onFile={(file) => setIcon((current) => ({ ...current, file }))}
        onRemoved={(removed) => setIcon((current) => ({ ...current, removed }))}
      />
      <Button type="submit" variant="contained" loading={save.isPending}>
        {translate('ra.action.save')}
      </Button>
    </Paper>
  );
}

/** A multipart body: `payload` (JSON) and the picture in `file`, when there is one. */
function multipart(payload: object, file: File | null): FormData {
  const body = new FormData();
  body.append('payload', JSON.stringify(payload));
  if (file) body.append('file', file);
  return body;
}

/** The section's pages as tabs (name, content, look), with the page's live preview beside them. */
function SectionFrame({ tab, children }: { tab: TabPath; children(section: Section): ReactNode }) {
  const translate = useTranslate();
  const base = useSectionBase();
  const section = useSection();
  const page = usePage();
  if (section.isError) return <LoadFailure error={section.error} />;
  if (page.isError) return <LoadFailure error={page.error} />;
  if (section.isPending || page.isPending) return <LoadingState />;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {`${section.data.name} – ${translate(TAB_LABELS[tab])}`}
      </Typography>
      <Tabs value={tab} aria-label={translate('app.main_pages.section.tabs')} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((path) => (
          <Tab key={path} value={path} label={translate(TAB_LABELS[path])} component={LinkBase} to={path ? `${base}/${path}` : base} />
        ))}
      </Tabs>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>{children(section.data)}</Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Preview page={page.data} version={section.dataUpdatedAt} />
        </Grid>
      </Grid>
    </>
  );
}

function SectionScreen() {
  const base = useSectionBase();
  const { pathname } = useLocation();
  const tab: TabPath = pathname.startsWith(`${base}/tresc`) ? 'tresc' : pathname.startsWith(`${base}/wyglad`) ? 'wyglad' : '';
  return (
    <SectionFrame tab={tab}>
      {(section) => (tab === 'tresc' ? <ContentPage /> : tab === 'wyglad' ? <LookPage section={section} /> : <NameForm section={section} />)}
    </SectionFrame>
  );
}

/** edytuj/{section_id} with its tresc and wyglad pages. */
export default function SectionScreens() {
  return (
    <ModuleAccess context={useSchemaContext(SECTIONS_RESOURCE)}>
      <SectionScreen />
    </ModuleAccess>
  );
}
