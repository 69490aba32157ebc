/** Bodies of the user-area API calls the hand-written screens read (shared API contract). */
import type { ServiceDomain } from '../../layout/menu';

export interface ListResponse<T> {
  data: T[];
  pagination: { total: number };
}

export interface ServiceTypeRef {
  id: number;
  name: string;
  shortcut: string;
}

/** GET /api/service and GET /api/user/client_service/type (the latter adds count). */
export interface ServiceType extends ServiceTypeRef {
  prefix: string;
  count?: number;
}

/** An entry of GET /api/user/client_service (domains with add_domain=1). */
export interface UserClientService {
  service_id: number;
  name: string;
  service_type: ServiceTypeRef;
  kind_id: number;
  client_id: number;
  domains?: ServiceDomain[];
}

export interface NewsSummary {
  id: number;
  title: string;
  lead: string | null;
  date: string;
  is_read: boolean;
  has_videos: boolean;
  has_galleries: boolean;
  has_audios: boolean;
  has_maps: boolean;
}

export interface NewsList extends ListResponse<NewsSummary> {
  unread_count: number;
}

export interface NewsPhoto {
  id: number;
  caption: string | null;
  photo_uri: string | null;
  photo_thumbnails: { small: string } | null;
}

export interface NewsAttachment {
  id: number;
  name: string | null;
  file_uri: string | null;
}

export interface NewsItem extends NewsSummary {
  body: string | null;
  photos: NewsPhoto[];
  attachments: NewsAttachment[];
}

export interface Regulation {
  id: number;
  name: string;
  content: string;
  valid_from: string;
  is_accepted: boolean;
}
