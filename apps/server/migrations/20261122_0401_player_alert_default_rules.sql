-- The default player alert rules (the engine's DEFAULT_RULES, packages/engine/src/default-rules.ts; a
-- test keeps the two equal) for every company: those that exist now, and every company inserted from
-- now on, whichever code inserts it (a trigger, so the seed, the test helpers and any later company
-- creation all get them).
CREATE FUNCTION player_alert_default_rules(p_cid integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO player_alert_rule (cid, event_id, event_name, event_type, time_unit, loop_value, enabled, levels, updated_by)
  VALUES
    (p_cid, 1, 'High ratio', 1, 'day', 1, true,
     '[{"Level":1,"Op":">","Value":1.5,"MinSample":30},{"Level":2,"Op":">","Value":2.5,"MinSample":30},{"Level":3,"Op":">","Value":4,"MinSample":30}]', 'system'),
    (p_cid, 2, 'High win streak', 2, 'day', 1, true,
     '[{"Level":1,"Op":">=","Value":12,"MinSample":1},{"Level":2,"Op":">=","Value":16,"MinSample":1},{"Level":3,"Op":">=","Value":20,"MinSample":1}]', 'system'),
    (p_cid, 3, 'IP login', 3, 'hour', 1, true,
     '[{"Level":1,"Op":">=","Value":5,"MinSample":1},{"Level":2,"Op":">=","Value":10,"MinSample":1},{"Level":3,"Op":">=","Value":20,"MinSample":1}]', 'system'),
    (p_cid, 4, 'Register login', 4, 'day', 1, true,
     '[{"Level":1,"Op":">=","Value":5,"MinSample":1},{"Level":2,"Op":">=","Value":10,"MinSample":1},{"Level":3,"Op":">=","Value":20,"MinSample":1}]', 'system'),
    (p_cid, 5, 'Store', 5, 'day', 1, true,
     '[{"Level":1,"Op":">=","Value":10000,"MinSample":1},{"Level":2,"Op":">=","Value":50000,"MinSample":1},{"Level":3,"Op":">=","Value":200000,"MinSample":1}]', 'system'),
    (p_cid, 6, 'Trade', 6, 'day', 1, true,
     '[{"Level":1,"Op":">=","Value":20000,"MinSample":1},{"Level":2,"Op":">=","Value":100000,"MinSample":1},{"Level":3,"Op":">=","Value":500000,"MinSample":1}]', 'system'),
    (p_cid, 7, 'Event', 7, 'day', 1, true,
     '[{"Level":1,"Op":">=","Value":5000,"MinSample":1},{"Level":2,"Op":">=","Value":20000,"MinSample":1},{"Level":3,"Op":">=","Value":100000,"MinSample":1}]', 'system')
  ON CONFLICT DO NOTHING;
$$;

CREATE FUNCTION player_alert_rules_for_new_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM player_alert_default_rules(NEW.cid);
  RETURN NULL;
END
$$;

CREATE TRIGGER company_player_alert_rules AFTER INSERT ON company
  FOR EACH ROW EXECUTE FUNCTION player_alert_rules_for_new_company();

SELECT player_alert_default_rules(cid) FROM company;
