/** Spec §3 list-response envelope: `{status, data: {recordsets, recordset, output, rowsAffected, returnValue}}`. */
export type ListEnvelope<T> = {
  status: number;
  data: {
    recordsets: T[][];
    recordset: T[];
    output: Record<string, unknown>;
    rowsAffected: number[];
    returnValue: number;
  };
  cnt?: number;
};

export function toListEnvelope<T>(rows: T[], total?: number): ListEnvelope<T> {
  const envelope: ListEnvelope<T> = {
    status: 0,
    data: {
      recordsets: [rows],
      recordset: rows,
      output: total === undefined ? {} : { cnt: total },
      rowsAffected: [rows.length],
      returnValue: 0,
    },
  };
  if (total !== undefined) envelope.cnt = total;
  return envelope;
}
