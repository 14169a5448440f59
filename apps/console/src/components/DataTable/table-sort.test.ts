import type { ColumnsType } from 'antd/es/table/interface';
import { describe, expect, it } from 'vitest';
import { sortOf, withSortOrder } from './table-sort';

interface Row {
  MemberID: string;
  CreateDate: string;
  TypeName: string;
}

const columns: ColumnsType<Row> = [
  { title: 'ID', dataIndex: 'MemberID', sorter: true },
  { title: 'Type', dataIndex: 'TypeName', key: 'EventType', sorter: true },
  { title: 'Created', dataIndex: 'CreateDate', sorter: true },
  { title: 'Memo', dataIndex: 'Memo' },
];

describe('table sort', () => {
  it('turns a table change into the server parameter, by column key first', () => {
    expect(sortOf<Row>({ columnKey: 'EventType', field: 'TypeName', order: 'ascend' })).toBe('EventType Asc');
    expect(sortOf<Row>({ field: 'MemberID', order: 'descend' })).toBe('MemberID Desc');
    expect(sortOf<Row>([{ field: ['a', 'b'], order: 'ascend' }])).toBe('a.b Asc');
    expect(sortOf<Row>({ field: 'MemberID', order: null })).toBeUndefined();
  });

  it('shows the current sort on its column only', () => {
    const shown = withSortOrder(columns, 'EventType Asc', 'CreateDate Desc');
    expect(shown.map((c) => ('sortOrder' in c ? c.sortOrder : 'none'))).toEqual([null, 'ascend', null, 'none']);
    const byDefault = withSortOrder(columns, 'CreateDate Desc', 'CreateDate Desc');
    expect(byDefault[2]).toMatchObject({ sortOrder: 'descend', sortDirections: ['descend', 'ascend', 'descend'] });
    expect(byDefault[0]).not.toHaveProperty('sortDirections');
  });
});
