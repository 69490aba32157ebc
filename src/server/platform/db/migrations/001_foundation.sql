-- Users, sessions and the reminder flow.
CREATE TABLE users (
  id SERIAL PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  surname TEXT NOT NULL DEFAULT '',
  phone TEXT,
  email TEXT NOT NULL DEFAULT '',
  avatar_file TEXT,
  is_password_valid BOOLEAN NOT NULL DEFAULT TRUE,
  is_root BOOLEAN NOT NULL DEFAULT FALSE,
  is_blocked BOOLEAN NOT NULL DEFAULT FALSE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE refresh_tokens (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE login_attempts (
  id SERIAL PRIMARY KEY,
  username TEXT NOT NULL,
  ip TEXT NOT NULL,
  succeeded BOOLEAN NOT NULL,
  attempted_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_username ON login_attempts (username, attempted_at);
CREATE INDEX login_attempts_ip ON login_attempts (ip, attempted_at);

CREATE TABLE password_reminders (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX password_reminders_user ON password_reminders (user_id);

-- Regulations: a user must accept every regulation in force.
CREATE TABLE regulations (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  content TEXT NOT NULL,
  valid_from TIMESTAMPTZ NOT NULL DEFAULT now(),
  valid_to TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE regulation_acceptances (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  regulation_id INTEGER NOT NULL REFERENCES regulations(id) ON DELETE CASCADE,
  accepted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, regulation_id)
);

-- Services.
CREATE TABLE service_types (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  shortcut TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL UNIQUE
);
CREATE TABLE client_services (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  type_id INTEGER NOT NULL REFERENCES service_types(id),
  kind_id INTEGER NOT NULL CHECK (kind_id IN (1, 2, 3, 4)),
  client_id INTEGER NOT NULL,
  site_permissions_profile_id INTEGER,
  site_size_available BIGINT NOT NULL DEFAULT 0,
  site_size_used BIGINT NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE client_service_domains (
  id SERIAL PRIMARY KEY,
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  domain TEXT NOT NULL,
  is_main BOOLEAN NOT NULL DEFAULT FALSE,
  is_ssl BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX client_service_domains_service ON client_service_domains (client_service_id);
-- Who may use a service; is_admin is the site admin.
CREATE TABLE client_service_users (
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  is_admin BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (client_service_id, user_id)
);
CREATE INDEX client_service_users_user ON client_service_users (user_id);
-- Modules a service has; a site admin uses them all, other users only those granted below.
CREATE TABLE client_service_modules (
  client_service_id INTEGER NOT NULL REFERENCES client_services(id) ON DELETE CASCADE,
  module TEXT NOT NULL,
  PRIMARY KEY (client_service_id, module)
);
CREATE TABLE client_service_user_modules (
  client_service_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  module TEXT NOT NULL,
  PRIMARY KEY (client_service_id, user_id, module),
  FOREIGN KEY (client_service_id, user_id) REFERENCES client_service_users(client_service_id, user_id) ON DELETE CASCADE
);

-- Menus: menu is 'main' or 'client_service' (then service_type_id picks the services it serves).
CREATE TABLE menu_items (
  id SERIAL PRIMARY KEY,
  menu TEXT NOT NULL CHECK (menu IN ('main', 'client_service')),
  service_type_id INTEGER REFERENCES service_types(id),
  parent_id INTEGER REFERENCES menu_items(id) ON DELETE CASCADE,
  item_type TEXT NOT NULL DEFAULT 'link' CHECK (item_type IN ('link', 'folder', 'separator')),
  prefix TEXT,
  name TEXT NOT NULL DEFAULT '',
  icon TEXT,
  link TEXT,
  link_target TEXT,
  sort INTEGER NOT NULL DEFAULT 0,
  is_root BOOLEAN NOT NULL DEFAULT FALSE,
  params JSONB,
  shortcut TEXT
);
CREATE INDEX menu_items_menu ON menu_items (menu, service_type_id, sort);

-- Content blocks (footer and others), read state per user.
CREATE TABLE content (
  id SERIAL PRIMARY KEY,
  prefix TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',
  photo_file TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX content_prefix ON content (prefix);
CREATE TABLE content_reads (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_id INTEGER NOT NULL REFERENCES content(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, content_id)
);

-- News for users, read state per user.
CREATE TABLE news (
  id SERIAL PRIMARY KEY,
  title TEXT NOT NULL,
  lead TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  date TIMESTAMPTZ NOT NULL DEFAULT now(),
  published BOOLEAN NOT NULL DEFAULT TRUE,
  has_videos BOOLEAN NOT NULL DEFAULT FALSE,
  has_galleries BOOLEAN NOT NULL DEFAULT FALSE,
  has_audios BOOLEAN NOT NULL DEFAULT FALSE,
  has_maps BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX news_date ON news (date DESC);
CREATE TABLE news_reads (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  news_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  read_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, news_id)
);

