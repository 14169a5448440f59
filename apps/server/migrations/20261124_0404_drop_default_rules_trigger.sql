-- Default player alert rules are written once, in TypeScript: the engine's DEFAULT_RULES, which the
-- alert-rules module gives every new company through the companies service (`addDefaults`), in the
-- transaction that creates it. The trigger of 0401 wrote them a second time, in SQL. Companies that
-- exist keep their rules.
DROP TRIGGER company_player_alert_rules ON company;
DROP FUNCTION player_alert_rules_for_new_company();
DROP FUNCTION player_alert_default_rules(integer);
