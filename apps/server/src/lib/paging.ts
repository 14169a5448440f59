/** LIMIT and OFFSET of a `PageQuery` (1-based page). */
export function pageWindow(query: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}
