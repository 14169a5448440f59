import type { Level, NoticeEvent } from '@pitboss/contract';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';

export interface SettingForm<V> {
  EventIDs: number[];
  Levels: Level[];
  Values: V[];
}

export interface SettingModalProps<V> {
  open: boolean;
  /** Set when editing one event at one level: events and levels are then fixed. */
  editing?: { EventID: number; Level: Level; Values: V[] } | undefined;
  events: NoticeEvent[];
  valuesLabel: ReactNode;
  /** The field of the values (a multiple select of addresses or APIs). */
  valuesInput: ReactNode;
  valuesName: string;
  onSubmit: (values: SettingForm<V>) => Promise<void>;
  onClose: () => void;
  testId: string;
}

export const LEVELS: Level[] = [1, 2, 3];

/** Adds values (addresses, APIs) to events at levels, or edits those of one event and level. */
export function SettingModal<V>(props: SettingModalProps<V>) {
  const { t } = useTranslation('notifications');
  const [form] = Form.useForm<SettingForm<V>>();
  const { editing } = props;
  return (
    <FormModal<SettingForm<V>>
      open={props.open}
      title={editing ? t('editTitle') : t('addTitle')}
      form={form}
      initialValues={editing ? { EventIDs: [editing.EventID], Levels: [editing.Level], Values: editing.Values } : {}}
      fieldOf={(field) => (field.startsWith(props.valuesName) ? field.replace(props.valuesName, 'Values') : field)}
      onSubmit={props.onSubmit}
      onClose={props.onClose}
      testId={props.testId}
    >
      <Form.Item name="EventIDs" label={t('columns.EventName')} rules={[{ required: true, message: t('required') }]}>
        <Select
          mode="multiple"
          disabled={!!editing}
          optionFilterProp="label"
          options={props.events.map((e) => ({
            value: e.EventID,
            label: `${e.EventName} (${e.TypeName}, #${e.EventID})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="Levels" label={t('columns.Level')} rules={[{ required: true, message: t('required') }]}>
        <Select
          mode="multiple"
          disabled={!!editing}
          optionFilterProp="label"
          options={LEVELS.map((level) => ({ value: level, label: t('level', { level }) }))}
        />
      </Form.Item>
      <Form.Item name="Values" label={props.valuesLabel} rules={[{ required: true, message: t('required') }]}>
        {props.valuesInput}
      </Form.Item>
    </FormModal>
  );
}
