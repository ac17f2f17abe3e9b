-- Records whose job failed for good or is gone are ended by a sweep (jobs/stranded-records.ts): these
-- partial indexes find the few records still being worked on without reading every render, import,
-- export or batch. A photo remembers its verification's job, so "verify again" asks pg-boss by its id
-- whether it is still alive, and starts a new one when it is not.
ALTER TABLE photos ADD COLUMN verify_job_id uuid;
CREATE INDEX layout_renders_running ON layout_renders (id) WHERE worker_status = 'running';
CREATE INDEX subject_imports_applying ON subject_imports (id) WHERE status = 'applying';
CREATE INDEX project_exports_working ON project_exports (id) WHERE job_status IS NULL OR job_status = 'working';
CREATE INDEX photo_batches_working ON photo_batches (id) WHERE state IN ('matching', 'applying');
