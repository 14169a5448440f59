import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { SearchForm } from '../../../components/SearchForm';
import type { CheckFilters } from '../check-filters';

interface FormValues {
  range: CheckFilters['range'];
  MemberIDs: string;
  NickName: string;
  [extra: string]: unknown;
}

/** The shared filter bar: range, member IDs and nick name, then the screen's own `children` fields. */
export function CheckSearchForm({
  filters,
  onSearch,
  children,
  extraKeys = [],
  members = true,
}: {
  filters: CheckFilters;
  onSearch: (filters: CheckFilters) => void;
  children?: ReactNode;
  extraKeys?: readonly string[];
  members?: boolean;
}) {
  const { t } = useTranslation('check-tools');
  const initialValues: FormValues = {
    range: filters.range,
    MemberIDs: filters.MemberIDs,
    NickName: filters.NickName,
    ...filters.extra,
  };
  return (
    <SearchForm<FormValues>
      key={JSON.stringify({ ...initialValues, range: initialValues.range.map((d) => d.toISOString()) })}
      initialValues={initialValues}
      onSearch={(values) =>
        onSearch({
          range: values.range ?? filters.range,
          MemberIDs: String(values.MemberIDs ?? ''),
          NickName: String(values.NickName ?? ''),
          extra: Object.fromEntries(extraKeys.map((key) => [key, String(values[key] ?? '')])),
        })
      }
    >
      <Form.Item name="range" label={t('filters.range')} rules={[{ required: true }]}>
        <DateRangePicker />
      </Form.Item>
      {members && (
        <>
          <Form.Item name="MemberIDs" label={t('filters.memberIds')}>
            <Input allowClear style={{ width: 220 }} placeholder={t('filters.memberIdsHint')} />
          </Form.Item>
          <Form.Item name="NickName" label={t('filters.nickName')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
        </>
      )}
      {children}
    </SearchForm>
  );
}
