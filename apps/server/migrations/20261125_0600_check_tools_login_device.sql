-- Check tools (issue 19): logins by device, for the members seen on one device (member login data) and
-- the accounts linked to a member by a shared device (member overview, `overview/other`).
CREATE INDEX login_device_idx ON login (cid, device, at) WHERE device IS NOT NULL;
