-- Which demo data a database holds: 'shell' (users, services, menus, news: the first start) and one
-- row per module demo, so that each module's demo records are written once, also by a module added
-- after the first start, and never on a database that was not seeded with demo data.
CREATE TABLE demo_seeds (
  name TEXT PRIMARY KEY,
  seeded_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
