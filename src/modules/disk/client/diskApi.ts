import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/providers/http';
import type { SharedDiskEntry } from '../common/entry';

/** An entry of the disk as the server gives it (GET .../files/{id}), with its public address. */
export type DiskEntry = SharedDiskEntry;

export interface DiskEntryDetails extends DiskEntry {
  path: { id: number; name: string }[];
  files: DiskEntry[];
  pagination?: { total: number };
}

export interface DiskDirectory {
  id: number;
  name: string;
  parent_directory: number | null;
  allowed: boolean;
}

/** The calls' addresses (relative to /api). */
export const diskCalls = {
  root: (serviceId: string) => `/client_service/${encodeURIComponent(serviceId)}/module/files`,
  entry: (serviceId: string, id: string | number) => `/client_service/${encodeURIComponent(serviceId)}/files/${encodeURIComponent(String(id))}`,
  upload: (serviceId: string, folderId: string | number) => `/client_service/${encodeURIComponent(serviceId)}/upload/files/${encodeURIComponent(String(folderId))}`,
};

/** The screens' addresses (SPEC 2 dysk/{folder_id?} with edytuj/{file_id}, /udostepnianie and /przenies). */
export const diskPaths = {
  folder: (serviceId: string, folderId: string | number) => `/usluga/${serviceId}/dysk/${folderId}`,
  rename: (serviceId: string, folderId: string | number, fileId: number) => `/usluga/${serviceId}/dysk/${folderId}/edytuj/${fileId}`,
  publish: (serviceId: string, folderId: string | number, fileId: number) => `/usluga/${serviceId}/dysk/${folderId}/edytuj/${fileId}/udostepnianie`,
  move: (serviceId: string, folderId: string | number, fileId: number) => `/usluga/${serviceId}/dysk/${folderId}/edytuj/${fileId}/przenies`,
};

/** Every query of a service's disk starts with this key, so one invalidation refreshes them all. */
export const diskKey = (serviceId: string) => ['disk', serviceId];

export function useDiskEntry(serviceId: string, id: string | undefined) {
  return useQuery({
    queryKey: [...diskKey(serviceId), 'entry', id],
    queryFn: ({ signal }) => api<DiskEntryDetails>(diskCalls.entry(serviceId, id!), { signal }),
    enabled: Boolean(id),
  });
}

