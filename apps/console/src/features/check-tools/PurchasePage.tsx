import { getPurchases, type PurchaseRow } from '@pitboss/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { checkCall } from './check-call';
import { commonBody } from './check-filters';
import { col, csvOf, type Kind, totalsOf } from './columns';
import { CheckSearchForm } from './components/CheckSearchForm';
import { CheckToolList } from './components/CheckToolList';
import { usePurchaseOptionsQuery } from './queries/use-purchase-options-query';
import { useCheckFilters } from './use-check-filters';

const EXTRA = ['Platform', 'PaymentName', 'Category'] as const;

function OptionsField({ name, kind }: { name: string; kind: 'platforms' | 'paymentNames' | 'categories' }) {
  const { t } = useTranslation('check-tools');
  const options = usePurchaseOptionsQuery(kind);
  return (
    <Form.Item name={name} label={t(`filters.${kind}`)}>
      <Select
        allowClear
        showSearch
        style={{ width: 160 }}
        loading={options.isPending}
        options={(options.data ?? []).map((v) => ({ value: v, label: v }))}
      />
    </Form.Item>
  );
}

/** Top-up detail (`/check-tool/purchase`; platform and aggregator only): every top-up of the range. */
export function PurchasePage() {
  const { t } = useTranslation('check-tools');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  const body = commonBody(filters);
  const extra = Object.fromEntries(Object.entries(filters.extra).filter(([, v]) => v));
  const fields: [keyof PurchaseRow & string, Kind][] = [
    ['CreateDate', 'time'],
    ['MemberID', 'text'],
    ['NickName', 'text'],
    ['Currency', 'text'],
    ['Amount', 'money'],
    ['AmountBase', 'money'],
    ['Platform', 'text'],
    ['PaymentName', 'text'],
    ['Category', 'text'],
  ];
  const sortable = new Set(['CreateDate', 'MemberID', 'Amount', 'AmountBase']);
  return (
    <PageFrame description={t('purchase.description')}>
      <CheckSearchForm filters={filters} onSearch={setFilters} extraKeys={EXTRA}>
        <OptionsField name="Platform" kind="platforms" />
        <OptionsField name="PaymentName" kind="paymentNames" />
        <OptionsField name="Category" kind="categories" />
      </CheckSearchForm>
      <CheckToolList<PurchaseRow>
        testId="purchase-table"
        queryKey={['purchase', body, extra]}
        fetch={(page, signal) => checkCall(getPurchases, { body: { ...body, ...extra, ...page } }, { signal })}
        columns={fields.map(([f, k]) => col<PurchaseRow>(t, f, k, { sortable: sortable.has(f) }))}
        csvColumns={csvOf<PurchaseRow>(t, fields)}
        rowKey="ID"
        defaultSort="CreateDate Desc"
        fileName="purchase"
        totals={totalsOf(t, [
          ['AmountBase', 'money'],
          ['Members', 'count'],
          ['Unconverted', 'count'],
        ])}
      />
    </PageFrame>
  );
}
