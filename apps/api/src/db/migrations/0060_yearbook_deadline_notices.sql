-- The deadline warning e-mails sent (the daily job's memory): one per target, deadline and date, so that a
-- run again the same day, or the next day, sends it once.

CREATE TABLE yearbook_deadline_notices (
  yearbook_target_id bigint NOT NULL REFERENCES yearbook_targets(id) ON DELETE CASCADE,
  deadline_name text NOT NULL,
  deadline_date date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (yearbook_target_id, deadline_name, deadline_date)
);
