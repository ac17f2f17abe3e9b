-- Print layouts (exports-and-printing §3): categories, layouts (a JSON definition checked by the domain's
-- zod schema), and layout renders (a PDF written by a job). Built-in categories and layouts belong to no
-- organization and are seen by everyone; an organization's own ones by it and the organizations below it.
CREATE TABLE layout_categories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9-]{1,100}$'),
  organization_id bigint REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX layout_categories_slug_idx ON layout_categories (coalesce(organization_id, 0), slug);

CREATE TABLE layouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  layout_category_id bigint NOT NULL REFERENCES layout_categories(id) ON DELETE CASCADE,
  organization_id bigint REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  layout_type text NOT NULL CHECK (layout_type IN ('Basic', 'Sheet')),
  definition jsonb NOT NULL,
  parent_layout_id bigint REFERENCES layouts(id) ON DELETE SET NULL,
  flipped_layout_id bigint REFERENCES layouts(id) ON DELETE SET NULL,
  pose_number integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layouts_category_idx ON layouts (layout_category_id, name);

CREATE TABLE layout_renders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  layout_id bigint NOT NULL REFERENCES layouts(id) ON DELETE CASCADE,
  render_type text NOT NULL CHECK (render_type IN ('Basic', 'Sheet')),
  created_by_user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  render_name text NOT NULL CHECK (length(render_name) BETWEEN 1 AND 200),
  batch_name text,
  format text NOT NULL DEFAULT 'pdf',
  subject_ids bigint[] NOT NULL,
  group_by text[] NOT NULL DEFAULT '{}',
  sort_by text[] NOT NULL DEFAULT '{}',
  -- Whether the creator could see hidden subject fields: the job prints only what they could see.
  include_hidden_fields boolean NOT NULL DEFAULT false,
  worker_token text NOT NULL UNIQUE,
  worker_status text NOT NULL DEFAULT 'running' CHECK (worker_status IN ('running', 'complete', 'failed')),
  failure_reason text,
  storage_key text,
  page_count integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX layout_renders_project_idx ON layout_renders (project_id, created_at DESC);

INSERT INTO layout_categories (slug, name, position) VALUES ('portraits', 'Portraits', 1);
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, '8x10 Portrait', 'Basic', '{"page":{"width":576,"height":720,"margins":{"top":0,"right":0,"bottom":0,"left":0}},"grid":{"width":1,"height":1},"fill":"same","unit":{"width":576,"height":720,"boxes":[{"kind":"photo","x":0,"y":0,"width":576,"height":720}]}}'::jsonb FROM layout_categories WHERE slug = 'portraits';
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, '5x7 with Two Wallets', 'Basic', '{"page":{"width":576,"height":720,"margins":{"top":0,"right":0,"bottom":0,"left":0}},"grid":{"width":1,"height":1},"fill":"same","unit":{"width":576,"height":720,"boxes":[{"kind":"photo","x":12,"y":12,"width":360,"height":504},{"kind":"photo","x":384,"y":12,"width":180,"height":252},{"kind":"photo","x":384,"y":276,"width":180,"height":252},{"kind":"text","x":12,"y":530,"width":360,"height":24,"template":"{First Name} {Last Name}","size":16,"align":"center"}]}}'::jsonb FROM layout_categories WHERE slug = 'portraits';
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, 'Wallets 8-up', 'Basic', '{"page":{"width":576,"height":720,"margins":{"top":0,"right":0,"bottom":0,"left":0}},"grid":{"width":4,"height":2},"fill":"same","unit":{"width":144,"height":216,"boxes":[{"kind":"photo","x":8,"y":8,"width":128,"height":160},{"kind":"text","x":4,"y":174,"width":136,"height":18,"template":"{First Name} {Last Name}","size":10,"align":"center"}]}}'::jsonb FROM layout_categories WHERE slug = 'portraits';
INSERT INTO layout_categories (slug, name, position) VALUES ('class-composites', 'Class Composites', 2);
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, 'Class Composite', 'Sheet', '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":5,"height":4},"group_break":"page","title":{"template":"{group}","size":20},"unit":{"width":100,"height":150,"boxes":[{"kind":"photo","x":10,"y":4,"width":80,"height":100},{"kind":"text","x":0,"y":108,"width":100,"height":16,"template":"{First Name} {Last Name}","size":9,"align":"center"}]}}'::jsonb FROM layout_categories WHERE slug = 'class-composites';
INSERT INTO layout_categories (slug, name, position) VALUES ('id-cards', 'ID Cards', 3);
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, 'ID Cards CR-80 10-up', 'Basic', '{"page":{"width":612,"height":792,"margins":{"top":13.5,"right":36,"bottom":13.5,"left":36}},"grid":{"width":2,"height":5},"fill":"next","unit":{"width":243,"height":153,"boxes":[{"kind":"photo","x":8,"y":10,"width":80,"height":100},{"kind":"text","x":96,"y":10,"width":140,"height":18,"template":"{First Name} {Last Name}","size":13,"align":"left","weight":"bold"},{"kind":"text","x":96,"y":30,"width":140,"height":14,"template":"Grade {Grade}","size":10},{"kind":"text","x":96,"y":46,"width":140,"height":14,"template":"{School}","size":9},{"kind":"barcode","x":96,"y":68,"width":140,"height":48,"field":"Student ID"},{"kind":"text","x":96,"y":118,"width":140,"height":12,"template":"{Student ID}","size":8,"align":"center"},{"kind":"static","x":8,"y":122,"width":80,"height":14,"text":"STUDENT","size":9,"weight":"bold","align":"center"}]}}'::jsonb FROM layout_categories WHERE slug = 'id-cards';
INSERT INTO layout_categories (slug, name, position) VALUES ('contact-sheets', 'Contact Sheets', 4);
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, 'Contact Sheet', 'Sheet', '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":6,"height":6},"group_break":"page","title":{"template":"{group}","size":16},"unit":{"width":88,"height":112,"boxes":[{"kind":"photo","x":8,"y":0,"width":72,"height":90},{"kind":"text","x":0,"y":92,"width":88,"height":14,"template":"{First Name} {Last Name}","size":7,"align":"center"}]}}'::jsonb FROM layout_categories WHERE slug = 'contact-sheets';
INSERT INTO layout_categories (slug, name, position) VALUES ('subject-directory-sheets', 'Subject Directory Sheets', 5);
INSERT INTO layouts (layout_category_id, name, layout_type, definition) SELECT id, 'Subject Directory', 'Sheet', '{"page":{"width":612,"height":792,"margins":{"top":36,"right":36,"bottom":36,"left":36}},"grid":{"width":3,"height":24},"group_break":"flow","title":{"template":"{group}","size":12},"unit":{"width":176,"height":28,"boxes":[{"kind":"photo","x":2,"y":1.5,"width":20,"height":25},{"kind":"text","x":26,"y":7,"width":148,"height":14,"template":"{Last Name}, {First Name}","size":9}]}}'::jsonb FROM layout_categories WHERE slug = 'subject-directory-sheets';
