-- Issue 21: a refused or failed change is audited with why (the answer's messageCode and message).
ALTER TABLE audit_log ADD COLUMN reason text;
