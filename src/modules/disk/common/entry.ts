/** A disk entry (file or folder) as the calls give it (GET .../files/{id}), for the server and the screens. */
export interface DiskEntry {
  id: number;
  name: string;
  is_dir: boolean;
  parent_directory: number | null;
  public: boolean;
  public_end_date: string | null;
  size: number;
  content_type: string | null;
  created_at: string;
  updated_at: string;
}

/** An entry with its public address (null unless it is public). */
export interface SharedDiskEntry extends DiskEntry {
  public_url: string | null;
}
