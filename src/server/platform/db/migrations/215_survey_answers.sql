-- Users' answers to root's surveys (schemas/admin/survey*.schema.json, records in module_records):
-- one row per user and survey, changed in place until the survey closes; answers maps a question's
-- id to its value (an option, options, a scale point or a text).
CREATE TABLE survey_answers (
  id BIGSERIAL PRIMARY KEY,
  survey_id BIGINT NOT NULL REFERENCES module_records(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answers JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (survey_id, user_id)
);

-- Surveys a user set aside on the dashboard: offered once, never again.
CREATE TABLE survey_dismissals (
  survey_id BIGINT NOT NULL REFERENCES module_records(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (survey_id, user_id)
);
CREATE INDEX survey_dismissals_user ON survey_dismissals (user_id);
CREATE INDEX survey_answers_user ON survey_answers (user_id);
