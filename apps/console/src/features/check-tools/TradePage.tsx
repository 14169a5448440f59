import { getTrades, type TradeRow } from '@pitboss/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { checkCall } from './check-call';
import { commonBody } from './check-filters';
import { col, csvOf, type Kind, totalsOf } from './columns';
import { CheckSearchForm } from './components/CheckSearchForm';
import { CheckToolList } from './components/CheckToolList';
import { useCheckFilters } from './use-check-filters';

const EXTRA = ['Direction', 'CounterpartyID'] as const;

/** Transfer detail (`/check-tool/trade`; platform and aggregator only): transfers in and out with counterparties. */
export function TradePage() {
  const { t } = useTranslation('check-tools');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  const body = commonBody(filters);
  const direction =
    filters.extra.Direction === 'in' || filters.extra.Direction === 'out' ? filters.extra.Direction : undefined;
  const counterparty = filters.extra.CounterpartyID;
  const fields: [keyof TradeRow & string, Kind][] = [
    ['CreateDate', 'time'],
    ['MemberID', 'text'],
    ['NickName', 'text'],
    ['Direction', 'text'],
    ['CounterpartyID', 'text'],
    ['Currency', 'text'],
    ['Amount', 'money'],
    ['AmountBase', 'money'],
  ];
  const sortable = new Set(['CreateDate', 'MemberID', 'Amount', 'AmountBase']);
  return (
    <PageFrame description={t('trade.description')}>
      <CheckSearchForm filters={filters} onSearch={setFilters} extraKeys={EXTRA}>
        <Form.Item name="Direction" label={t('columns.Direction')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'in', label: t('trade.in') },
              { value: 'out', label: t('trade.out') },
            ]}
          />
        </Form.Item>
        <Form.Item name="CounterpartyID" label={t('columns.CounterpartyID')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      </CheckSearchForm>
      <CheckToolList<TradeRow>
        testId="trade-table"
        queryKey={['trade', body, direction, counterparty]}
        fetch={(page, signal) =>
          checkCall(
            getTrades,
            {
              body: {
                ...body,
                ...page,
                ...(direction ? { Direction: direction } : {}),
                ...(counterparty ? { CounterpartyID: counterparty } : {}),
              },
            },
            { signal },
          )
        }
        columns={fields.map(([f, k]) =>
          col<TradeRow>(t, f, k, {
            sortable: sortable.has(f),
            ...(f === 'Direction' ? { render: (d: string) => t(`trade.${d === 'in' ? 'in' : 'out'}`) } : {}),
          }),
        )}
        csvColumns={csvOf<TradeRow>(t, fields)}
        rowKey="ID"
        defaultSort="CreateDate Desc"
        fileName="trade"
        totals={totalsOf(t, [
          ['TransfersIn', 'count'],
          ['TransferIn', 'money'],
          ['TransfersOut', 'count'],
          ['TransferOut', 'money'],
        ])}
      />
    </PageFrame>
  );
}
