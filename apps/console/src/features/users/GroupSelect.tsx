import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListGroupsQuery } from './queries/use-list-groups-query';

/** Choice of one of the company's user groups; `null` (shown as "No group") when `allowNone`. */
export function GroupSelect({
  allowNone,
  ...props
}: Omit<SelectProps<number | null>, 'options' | 'loading'> & { allowNone?: boolean }) {
  const { t } = useTranslation('users');
  const groups = useListGroupsQuery();
  const options = [
    ...(allowNone ? [{ value: null as number | null, label: t('fields.noGroup') }] : []),
    ...(groups.data ?? []).map((g) => ({ value: g.GroupID as number | null, label: g.Name })),
  ];
  return <Select<number | null> {...props} loading={groups.isLoading} options={options} />;
}
