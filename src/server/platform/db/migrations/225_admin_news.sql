-- Root's news to users (issue 17, /admin/wiadomosci, schemas/admin/user-news*.schema.json): the news
-- users read at /wiadomosci, kept by root on the engine. Each item has an audience (everyone, users
-- of chosen service types, chosen users by login), a publication moment (the existing `date`: shown
-- from then on) and may be important (mailed to its audience once it is published).
ALTER TABLE news ADD COLUMN audience TEXT NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'service_types', 'users'));
ALTER TABLE news ADD COLUMN service_types INTEGER[] NOT NULL DEFAULT '{}';
ALTER TABLE news ADD COLUMN users TEXT[] NOT NULL DEFAULT '{}';
ALTER TABLE news ADD COLUMN important BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE news ADD COLUMN created_at TIMESTAMPTZ NOT NULL DEFAULT now();
ALTER TABLE news ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now();
-- The panel's notices to one user (a failed mailing) become news for that user's login, as root's are.
UPDATE news SET audience = 'users', users = ARRAY[(SELECT username FROM users WHERE users.id = news.user_id)] WHERE user_id IS NOT NULL;
DROP INDEX news_user;
ALTER TABLE news DROP COLUMN user_id;
CREATE INDEX news_users ON news USING gin (users) WHERE audience = 'users';

-- A news item's photos and attachments (the engine's uploads, nested under the item's row).
CREATE TABLE user_news_photos (
  id SERIAL PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  caption TEXT,
  photo_file TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX user_news_photos_parent ON user_news_photos (parent_id, id);
CREATE TABLE user_news_attachments (
  id SERIAL PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  name TEXT,
  file_file TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX user_news_attachments_parent ON user_news_attachments (parent_id, id);

-- An important item mailed to a user: the mark commits with the send's step, so a user gets it once.
CREATE TABLE news_mails (
  news_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sent_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (news_id, user_id)
);
