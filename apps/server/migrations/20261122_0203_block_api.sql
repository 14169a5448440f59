-- The platform's block APIs (spec §3 "Blocked API") and the token sent to them ("Token record").
CREATE TABLE block_api (
  cid integer NOT NULL,
  api_id integer GENERATED ALWAYS AS IDENTITY,
  name text NOT NULL,
  is_lock boolean NOT NULL DEFAULT true,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid, api_id)
);
CREATE UNIQUE INDEX block_api_name_key ON block_api (cid, lower(name));

-- One token per company. It is a secret: the API answers whether it is set and its last 4 characters.
CREATE TABLE block_api_token (
  cid integer NOT NULL,
  token text NOT NULL,
  updated_by text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cid)
);
