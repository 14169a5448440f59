export type { CsvColumn } from '../../lib/csv';
export type { DataPage, PageRequest } from '../../lib/list-page';
export { pageFromEnvelope } from '../../lib/list-page';
export { CsvExportButton } from './CsvExportButton';
export { DataTable, type DataTableProps, type DataTableSelection } from './DataTable';
