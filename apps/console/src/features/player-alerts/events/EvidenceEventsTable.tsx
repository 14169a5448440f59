import type { EvidenceEvent } from '@pitboss/contract';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

type Field = keyof EvidenceEvent;

/** The optional fields, in the order shown; a column appears only when some event has it. */
const OPTIONAL: Field[] = [
  'GameID',
  'RoundID',
  'Side',
  'Stake',
  'Payout',
  'Amount',
  'Currency',
  'AmountBase',
  'Direction',
  'Points',
  'IP',
  'Device',
];
const NUMERIC = new Set<Field>(['Stake', 'Payout', 'Amount', 'AmountBase', 'Points']);

/** The events behind an alert's value, as stored: time, type, member and the fields their type has. */
export function EvidenceEventsTable({ events, showMember }: { events: EvidenceEvent[]; showMember: boolean }) {
  const { t, i18n } = useTranslation('player-alerts');
  const present = OPTIONAL.filter((field) => events.some((e) => e[field] !== undefined && e[field] !== null));
  const columns: ColumnsType<EvidenceEvent> = [
    { title: t('evidence.At'), dataIndex: 'At', render: (at: string) => formatDateTime(at), fixed: 'left' },
    { title: t('evidence.Type'), dataIndex: 'Type', render: (type: string) => t(`eventTypes.${type}`) },
    ...(showMember ? [{ title: t('evidence.MemberID'), dataIndex: 'MemberID' }] : []),
    ...present.map((field) => ({
      title: t(`evidence.${field}`),
      dataIndex: field,
      align: NUMERIC.has(field) ? ('right' as const) : undefined,
      render: (value: unknown, event: EvidenceEvent) => {
        if (value === undefined || value === null) return '';
        if (field === 'Payout' && typeof event.Stake === 'number' && typeof value === 'number') {
          const won = value > event.Stake;
          return (
            <Typography.Text type={won ? 'danger' : undefined}>{value.toLocaleString(i18n.language)}</Typography.Text>
          );
        }
        if (field === 'Direction') return t(`evidence.direction.${String(value)}`, { defaultValue: String(value) });
        return typeof value === 'number' ? value.toLocaleString(i18n.language) : String(value);
      },
    })),
    {
      title: t('evidence.ID'),
      dataIndex: 'ID',
      render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
    },
  ];
  return (
    <Table<EvidenceEvent>
      size="small"
      rowKey="ID"
      columns={columns}
      dataSource={events}
      pagination={events.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      data-testid="evidence-events"
    />
  );
}
