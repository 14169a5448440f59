import { MEMBER_ID_MAX_LENGTH } from '@pitboss/contract';
import type { BulkEntry, CsvColumnsSpec, EntryProblem } from './bulk-entries';

/** Column names a member list's CSV file may use: our own exports, and common spreadsheet headings. */
export const MEMBER_CSV_COLUMNS: CsvColumnsSpec = {
  keyHeaders: ['MemberID', 'MemberIDs', 'Member', 'ID', '會員ID', '会员ID', '會員', '会员'],
  memoHeaders: ['Memo', 'Note', 'Remark', '備註', '备注'],
};

/** Spec §5: member IDs are text, trimmed (the entries are), and at most 64 characters. */
export function validateMemberEntry(entry: BulkEntry): EntryProblem | undefined {
  if (entry.key.length > MEMBER_ID_MAX_LENGTH) return { code: 'tooLong', values: { max: MEMBER_ID_MAX_LENGTH } };
  return undefined;
}
