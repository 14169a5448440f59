-- Where a blacklisted member stands on the platform: the lock calls of one member, found by member.
CREATE INDEX outbox_block_member_idx ON outbox (cid, (payload->>'memberId')) WHERE channel = 'block-api';
