-- Per-address request windows of the public link routes (reset and invitation), shared by every API
-- instance: a count per (bucket, address digest) in a fixed window. The address is kept only as a
-- keyed digest. Rows of ended windows are removed as new requests arrive.
CREATE TABLE request_limits (
  bucket text NOT NULL,
  address_digest text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (bucket, address_digest)
);
CREATE INDEX request_limits_window_start ON request_limits (window_start);
