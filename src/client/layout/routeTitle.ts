import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { fillPath } from '../../common/schema/paths';
import { api } from '../providers/http';
import type { RouteMeta, TitleRecord } from '../routes';

/** The label of the record a page is about (TitleRecord's API address filled from the params), once read; undefined until then or if that fails. */
export function useRecordLabel(titleRecord: TitleRecord | undefined, params: Record<string, string | undefined>): string | undefined {
  let address: string | undefined;
  try {
    address = titleRecord ? fillPath(titleRecord.api, params) : undefined;
  } catch {
    address = undefined;
  }
  const record = useQuery({
    queryKey: ['route_title', address],
    queryFn: ({ signal }) => api<Record<string, unknown>>(address!, { signal }),
    enabled: Boolean(address),
    retry: false,
    staleTime: 60_000,
  });
  const label = titleRecord ? record.data?.[titleRecord.label] : undefined;
  return typeof label === 'string' && label ? label : undefined;
}

/** The route's title: its catalogue text, or the name of the record it is about once read (its text until then, or if that fails). */
export function useRouteTitle(route: RouteMeta | undefined, params: Record<string, string | undefined>, fallback: string): string {
  const translate = useTranslate();
  return useRecordLabel(route?.titleRecord, params) ?? translate(route?.title ?? fallback);
}
