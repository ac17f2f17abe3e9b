-- Sign-in throttling by (e-mail, address) pair, by account and by address, each over the last hour
-- (SECURITY.md "Sign-in and tokens"): the pair index serves the pair and account counts, the address
-- index (from 0001) the address count, and the created_at index the purge of rows past the hour.
DROP INDEX IF EXISTS sign_in_failures_email_idx;
CREATE INDEX sign_in_failures_pair_idx ON sign_in_failures (email_key, address, created_at);
CREATE INDEX sign_in_failures_created_idx ON sign_in_failures (created_at);
