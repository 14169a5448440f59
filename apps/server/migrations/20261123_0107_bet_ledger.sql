-- Bets (about 85% of all events) no longer pass through the ledger: a unique index on bet (cid, id)
-- keeps a bet id unique, at a fifth of the cost of a ledger row (bench/RESULTS.md, "Ingest"). The
-- ledger `ingest_event` keeps every other type. Ingestion probes both under the company's ingest lock,
-- so an id stays unique within the company whatever its type (the first version wins).
CREATE UNIQUE INDEX bet_id_key ON bet (cid, id);

DELETE FROM ingest_event WHERE type = 'bet';
ALTER TABLE ingest_event DROP CONSTRAINT ingest_event_type_check;
ALTER TABLE ingest_event ADD CONSTRAINT ingest_event_type_check
  CHECK (type IN ('login', 'register', 'purchase', 'transfer', 'bonus'));

-- Every stored event id, whatever its type: what "already stored" means, and how an event is found by
-- its id (the planner takes each branch through its own index).
CREATE VIEW stored_event AS
  SELECT cid, id, 'bet'::text AS type, at, member_id FROM bet
  UNION ALL
  SELECT cid, id, type, at, member_id FROM ingest_event;
