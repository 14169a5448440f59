-- Member search by mobile (spec §3 member search key 3), beside the nick name and account indexes.
CREATE INDEX member_mobile_idx ON member (cid, mobile);
