import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-admin';
import { useToast } from '../../../../client/notifications';
import { api, errorMessage } from '../../../../client/providers/http';

export const MAIN_PAGES = 'main_pages';
/** The module whose schema (schemas/site/main-page-section.schema.json) gives the builder's permission, fields and messages. */
export const SECTIONS_RESOURCE = 'main_page_sections';

export interface PageEntry {
  prefix: string;
  name: string;
  sections: number;
}
export interface Page extends PageEntry {
  domain: string | null;
  home: boolean;
}
export interface Named {
  name: string;
}
export interface SectionKind extends Named {
  section_prefix: string;
  components: (Named & { component_name: string; categories: boolean })[];
  views: (Named & { view_prefix: number })[];
}
export interface Offer extends Named {
  prefix: string;
  sections: SectionKind[];
  containers: (Named & { container_prefix: string })[];
}
export interface Section {
  id: number;
  page_prefix: string;
  section_prefix: string;
  container_prefix: string;
  name: string;
  component_name: string;
  data_mode: 'latest' | 'category';
  data_category: number | null;
  view_prefix: number;
  background_color: string | null;
  icon_uri: string | null;
  background_uri: string | null;
  status: 'on' | 'off';
}
export interface Item {
  id: number;
  row_id: number;
  component_name: string;
  name: string;
  position: number;
}
export interface Pickable {
  row_id: number;
  component_name: string;
  name: string;
}

export interface BuilderParams {
  service_id: string;
  main_page_prefix: string;
  section_id: string;
}

/** The route's params and the API addresses they name. */
export function useBuilderPaths() {
  const params = useParams() as unknown as BuilderParams;
  const collection = `/client_service/${encodeURIComponent(params.service_id)}/module/main_pages`;
  const upload = `/client_service/${encodeURIComponent(params.service_id)}/upload/main_pages`;
  const page = `${collection}/${encodeURIComponent(params.main_page_prefix ?? '')}`;
  const section = `${page}/sections/${encodeURIComponent(params.section_id ?? '')}`;
  const uploadSection = `${upload}/${encodeURIComponent(params.main_page_prefix ?? '')}/sections/${encodeURIComponent(params.section_id ?? '')}`;
  return { params, collection, page, section, uploadSection, key: [MAIN_PAGES, params.service_id] as const };
}

export function useOffer() {
  const { collection, key, params } = useBuilderPaths();
  return useQuery({
    queryKey: [...key, 'offer'],
    queryFn: ({ signal }) => api<{ pages: Offer[] }>(collection, { method: 'OPTIONS', signal }),
    select: (answer) => answer.pages.find((offer) => offer.prefix === params.main_page_prefix),
    staleTime: 60_000,
  });
}

export function usePage() {
  const { page, key, params } = useBuilderPaths();
  return useQuery({ queryKey: [...key, 'page', params.main_page_prefix], queryFn: ({ signal }) => api<Page>(page, { signal }) });
}

export function useSections() {
  const { page, key, params } = useBuilderPaths();
  return useQuery({ queryKey: [...key, 'sections', params.main_page_prefix], queryFn: ({ signal }) => api<{ data: Section[] }>(`${page}/sections`, { signal }).then((answer) => answer.data) });
}

export function useSection() {
  const { section, key, params } = useBuilderPaths();
  return useQuery({ queryKey: [...key, 'sections', params.main_page_prefix, params.section_id], queryFn: ({ signal }) => api<Section>(section, { signal }) });
}

/**
 * A builder change: its call, then its toast (a catalogue key, or none), then every builder
 * answer of the service read again (lists, the section, the preview's version) and the page
 * titles named by records. A refusal shows the server's detail.
 */
export function useBuilderChange<T>(call: (value: T) => Promise<unknown>, message?: string | ((value: T) => string)) {
  const { key } = useBuilderPaths();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: call,
    onSuccess: async (_answer, value) => {
      if (message) toast.success(typeof message === 'function' ? message(value) : message);
      await Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: ['route_title'] })]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** The public address of a page (/strona/{domain}/, the first page at the site's root). */
export const publicAddress = (page: Page) => (page.domain ? `/strona/${encodeURIComponent(page.domain)}/${page.home ? '' : encodeURIComponent(page.prefix)}` : null);
