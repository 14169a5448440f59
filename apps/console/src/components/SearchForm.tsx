import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Flex, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchFormProps<V> {
  /** Runs with the valid values on Search, and with the initial values on Reset. */
  onSearch: (values: V) => void;
  initialValues?: Partial<V>;
  form?: FormInstance<V>;
  /** The filter fields: `Form.Item`s with a `name` and a `label`. */
  children: ReactNode;
}

/**
 * The filter bar above a list: labelled fields side by side (wrapping on narrow screens), then
 * Search and Reset. Pair it with `DataTable`: the values go into the table's query key.
 */
export function SearchForm<V extends object>({ onSearch, initialValues, form: given, children }: SearchFormProps<V>) {
  const { t } = useTranslation();
  const [own] = Form.useForm<V>();
  const form = given ?? own;
  return (
    // Tighter rows than an edit form: filters wrap into several rows on narrow screens.
    <ConfigProvider theme={{ components: { Form: { itemMarginBottom: 12 } } }}>
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onSearch}
        className="pb-search-form"
        data-testid="search-form"
      >
        <Flex wrap gap="small" align="flex-start">
          {children}
          <Form.Item label=" " colon={false}>
            <Flex gap="small">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('actions.search')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  form.resetFields();
                  onSearch(form.getFieldsValue(true) as V);
                }}
              >
                {t('actions.reset')}
              </Button>
            </Flex>
          </Form.Item>
        </Flex>
      </Form>
    </ConfigProvider>
  );
}
