-- Which process runs which job, and when each process was last seen alive (jobs/liveness.ts): a job of a
-- process that stopped being seen (killed, its machine gone) is handed back to the queue within a minute
-- instead of waiting out its expiry (up to four hours for an export).
CREATE TABLE job_instances (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE job_runs (
  job_id uuid PRIMARY KEY,
  queue text NOT NULL,
  instance_id text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_runs_instance_id ON job_runs (instance_id);
