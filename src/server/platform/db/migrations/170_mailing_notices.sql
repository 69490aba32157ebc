-- A mailing that fails after its start tells the user who started it, in that user's panel news.
-- Who started a mailing (the start call; a scheduled one keeps who scheduled it).
ALTER TABLE newsletter_mailings ADD COLUMN started_by INTEGER REFERENCES users(id) ON DELETE SET NULL;
-- A news item for one user only (a notice of the panel to that user); NULL: news for every user.
ALTER TABLE news ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX news_user ON news (user_id) WHERE user_id IS NOT NULL;
