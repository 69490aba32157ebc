/** The body of GET /api/user (SPEC 3 "User"). */
export interface CurrentUser {
  id: number;
  username: string;
  name: string;
  surname: string;
  phone: string | null;
  email: string;
  avatar_uri: string | null;
  is_password_valid: boolean;
  is_regulations: boolean;
  is_root: boolean;
}
