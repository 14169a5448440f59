-- Blacklist entries may come from a game RTP alert (event type 8) or an opposing-bet alert (9) as well as
-- from the player alert types 1–7 (issue 18: "blacklist both members" from an opposing-bet alert).
ALTER TABLE blacklist_member DROP CONSTRAINT blacklist_member_event_type_check;
ALTER TABLE blacklist_member ADD CONSTRAINT blacklist_member_event_type_check CHECK (event_type BETWEEN 1 AND 9);
