import { Select } from 'antd';
import { useCustomerOptionsQuery } from './queries/use-customer-options-query';

/** The publisher's reconcile customers, searchable by name; several (`multiple`) or one, as a form control. */
export function CustomersSelect({
  multiple,
  ...props
}: {
  multiple?: boolean;
  value?: number | number[];
  onChange?: (value: number | number[]) => void;
  'data-testid'?: string;
}) {
  const customers = useCustomerOptionsQuery();
  return (
    <Select
      {...props}
      {...(multiple ? { mode: 'multiple' as const, allowClear: true, maxTagCount: 'responsive' as const } : {})}
      showSearch={{ optionFilterProp: 'label' }}
      loading={customers.isPending}
      options={customers.data ?? []}
    />
  );
}
