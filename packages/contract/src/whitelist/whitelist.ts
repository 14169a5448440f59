/** Fields the player whitelist and the IP whitelist can be sorted by (`sort=<field> Desc|Asc`). */
export const WHITELIST_SORT_FIELDS = ['CreateDate', 'MemberID', 'NickName', 'VIPLevel'] as const;
export const WHITELIST_IP_SORT_FIELDS = ['CreateDate', 'IP'] as const;
