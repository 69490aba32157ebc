import { api } from '../../providers/http';
import type { ListResponse, NewsItem, NewsList, ServiceType, UserClientService } from './types';

/*
 * Query keys and fetchers shared by the screens. The user's service lists stay outside the
 * 'client_service' root, which the shell drops on leaving /usluga. Everything about news starts with ['news'] so one
 * invalidation after set_read also refreshes the top bar's unread badge.
 */
export const newsQueryKey = ['news'] as const;

export function newsListQuery(page: number, perPage: number) {
  return {
    queryKey: [...newsQueryKey, 'list', { page, perPage }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<NewsList>('/news', { query: { order: 'date', order_desc: true, page, per_page: perPage }, signal }),
  };
}

export function newsItemQuery(newsId: string) {
  return {
    queryKey: [...newsQueryKey, 'item', newsId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => api<NewsItem>(`/news/${encodeURIComponent(newsId)}`, { signal }),
  };
}

export function userServicesQuery(params: { typePrefix?: string; page: number; perPage: number }) {
  return {
    queryKey: ['user_services', 'list', params] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<ListResponse<UserClientService>>('/user/client_service', {
        query: { type_prefix: params.typePrefix, add_domain: 1, page: params.page, per_page: params.perPage },
        signal,
      }),
  };
}

export const userServiceTypesQuery = {
  queryKey: ['user_services', 'types'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<ListResponse<ServiceType>>('/user/client_service/type', { signal }),
};

export const serviceTypesQuery = {
  queryKey: ['service_types'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<ListResponse<ServiceType>>('/service', { signal }),
  staleTime: 10 * 60_000,
};
