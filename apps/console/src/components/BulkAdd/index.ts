export { BulkAddModal, type BulkAddModalProps, type BulkAddResult } from './BulkAddModal';
export type { BulkEntry, EntryProblem } from './bulk-entries';
