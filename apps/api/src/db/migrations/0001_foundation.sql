-- Foundation: organizations, users, accounts, licenses, tokens, password resets, e-mail outbox,
-- seasons and projects (as far as the dashboard needs them).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE organizations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  parent_organization_id bigint REFERENCES organizations(id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  role text NOT NULL CHECK (role IN ('customer_role', 'studio_role', 'lab_role', 'vertically_integrated_role')),
  short_code varchar(9),
  contact_name text,
  contact_phone text,
  contact_email text,
  logo_url text,
  logo_thumb_url text,
  support_url text,
  current_season_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organizations_parent_idx ON organizations (parent_organization_id);
CREATE INDEX organizations_name_trgm_idx ON organizations USING gin (name gin_trgm_ops);

CREATE TABLE organization_support_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label text NOT NULL,
  external_url text NOT NULL,
  plic_app_slug text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX organization_support_links_org_idx ON organization_support_links (organization_id, position);

CREATE TABLE organization_support_contacts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  label text NOT NULL,
  name text,
  email text,
  phone_number text,
  plic_app_slug text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX organization_support_contacts_org_idx ON organization_support_contacts (organization_id, position);

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  password_hash text,
  roles text[] NOT NULL DEFAULT '{}',
  enable_plic_app_whitelist boolean NOT NULL DEFAULT false,
  plic_app_whitelist_slugs text[] NOT NULL DEFAULT '{}',
  default_account_id bigint,
  current_account_id bigint,
  invitation_sent_at timestamptz,
  invitation_accepted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  managed_organization_ids bigint[] NOT NULL DEFAULT '{}',
  enable_plic_app_whitelist boolean NOT NULL DEFAULT false,
  plic_app_whitelist_slugs text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, organization_id)
);
CREATE INDEX accounts_organization_idx ON accounts (organization_id);

ALTER TABLE users
  ADD CONSTRAINT users_default_account_fk FOREIGN KEY (default_account_id) REFERENCES accounts(id) ON DELETE SET NULL,
  ADD CONSTRAINT users_current_account_fk FOREIGN KEY (current_account_id) REFERENCES accounts(id) ON DELETE SET NULL;

CREATE TABLE app_licenses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plic_app_slug text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, plic_app_slug)
);

CREATE TABLE access_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX access_tokens_user_idx ON access_tokens (user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_resets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- Failed sign-ins, keyed by a hash of the e-mail and by the client address; rows older than the window
-- are deleted as new ones come in.
CREATE TABLE sign_in_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email_key text NOT NULL,
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_email_idx ON sign_in_failures (email_key, created_at);
CREATE INDEX sign_in_failures_address_idx ON sign_in_failures (address, created_at);

CREATE TABLE email_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'stored', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC);

CREATE TABLE seasons (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  period_start date,
  period_end date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seasons_organization_idx ON seasons (organization_id);

ALTER TABLE organizations
  ADD CONSTRAINT organizations_current_season_fk FOREIGN KEY (current_season_id) REFERENCES seasons(id) ON DELETE SET NULL;

CREATE TABLE projects (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  season_id bigint REFERENCES seasons(id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  short_code varchar(20),
  enable_plic_app_whitelist boolean NOT NULL DEFAULT false,
  plic_app_whitelist_slugs text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_organization_created_idx ON projects (organization_id, created_at DESC);
CREATE INDEX projects_season_idx ON projects (season_id);
