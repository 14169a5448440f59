/** Fields the blacklist can be sorted by (`sort=<field> Desc|Asc`). */
export const BLACKLIST_SORT_FIELDS = ['CreateDate', 'MemberID', 'NickName', 'VIPLevel', 'EventType'] as const;
