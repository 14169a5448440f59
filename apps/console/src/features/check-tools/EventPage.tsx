import { type EventDetailRow, getEventDetail, getEventSummaryV2 } from '@pitboss/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { checkCall } from './check-call';
import { commonBody } from './check-filters';
import { col, csvOf, type Kind, totalsOf } from './columns';
import { CheckSearchForm } from './components/CheckSearchForm';
import { CheckToolList } from './components/CheckToolList';
import { useEventCategoriesQuery } from './queries/use-event-categories-query';
import { useCheckFilters } from './use-check-filters';

const EXTRA = ['Category', 'EventName'] as const;

interface CategoryRow {
  Category: string;
  EventName: string;
  Count: number;
  Members: number;
  Points: number;
}

/** Bonus-point detail (`/check-tool/event`): points by category and event name, and every bonus. */
export function EventPage() {
  const { t } = useTranslation('check-tools');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  const categories = useEventCategoriesQuery();
  const body = commonBody(filters);
  const extra = Object.fromEntries(Object.entries(filters.extra).filter(([, v]) => v));
  const names = [...new Set((categories.data ?? []).flatMap((c) => c.EventNames))].filter(Boolean);
  const categoryFields: [keyof CategoryRow & string, Kind][] = [
    ['Category', 'text'],
    ['EventName', 'text'],
    ['Count', 'count'],
    ['Members', 'count'],
    ['Points', 'money'],
  ];
  const detailFields: [keyof EventDetailRow & string, Kind][] = [
    ['CreateDate', 'time'],
    ['MemberID', 'text'],
    ['NickName', 'text'],
    ['Category', 'text'],
    ['EventName', 'text'],
    ['Points', 'money'],
  ];
  return (
    <PageFrame description={t('event.description')}>
      <CheckSearchForm filters={filters} onSearch={setFilters} extraKeys={EXTRA}>
        <Form.Item name="Category" label={t('columns.Category')}>
          <Select
            allowClear
            style={{ width: 160 }}
            loading={categories.isPending}
            options={(categories.data ?? [])
              .filter((c) => c.Category)
              .map((c) => ({ value: c.Category, label: c.Category }))}
          />
        </Form.Item>
        <Form.Item name="EventName" label={t('columns.EventName')}>
          <Select allowClear showSearch style={{ width: 180 }} options={names.map((n) => ({ value: n, label: n }))} />
        </Form.Item>
      </CheckSearchForm>
      <CheckToolList<CategoryRow>
        testId="event-v2-table"
        title={t('event.byCategory')}
        queryKey={['event-v2', body, extra]}
        fetch={(page, signal) => checkCall(getEventSummaryV2, { body: { ...body, ...extra, ...page } }, { signal })}
        columns={categoryFields.map(([f, k]) => col<CategoryRow>(t, f, k, { sortable: true }))}
        csvColumns={csvOf<CategoryRow>(t, categoryFields)}
        rowKey={(r) => `${r.Category}|${r.EventName}`}
        defaultSort="Points Desc"
        fileName="bonus-by-category"
        totals={totalsOf(t, [
          ['Count', 'count'],
          ['Points', 'money'],
        ])}
      />
      <CheckToolList<EventDetailRow>
        testId="event-detail-table"
        title={t('event.detail')}
        queryKey={['event-detail', body, extra]}
        fetch={(page, signal) => checkCall(getEventDetail, { body: { ...body, ...extra, ...page } }, { signal })}
        columns={detailFields.map(([f, k]) => col<EventDetailRow>(t, f, k, { sortable: f !== 'NickName' }))}
        csvColumns={csvOf<EventDetailRow>(t, detailFields)}
        rowKey="ID"
        defaultSort="CreateDate Desc"
        fileName="bonus-detail"
        totals={totalsOf(t, [
          ['Points', 'money'],
          ['Members', 'count'],
        ])}
      />
    </PageFrame>
  );
}
