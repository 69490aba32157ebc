-- How many users an important news item to users was mailed to (/admin/wiadomosci shows it): kept
-- with each news_mails row the mail job writes, in the same step.
ALTER TABLE news ADD COLUMN mails_sent INTEGER NOT NULL DEFAULT 0;
UPDATE news SET mails_sent = (SELECT count(*) FROM news_mails WHERE news_mails.news_id = news.id);
