import type { Level } from '@pitboss/contract';
import { App, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useDeleteMailConfigsMutation } from './queries/use-delete-mail-configs-mutation';
import { useListMailConfigsQuery } from './queries/use-list-mail-configs-query';
import { useListNoticeEventsQuery } from './queries/use-list-notice-events-query';
import { useListRecipientsQuery } from './queries/use-list-recipients-query';
import { useSaveMailConfigsMutation } from './queries/use-save-mail-configs-mutation';
import { type SettingForm, SettingModal } from './SettingModal';
import { type SettingRow, SettingsTable } from './SettingsTable';

/** Mail setting (spec §2 notice group): which event and level are mailed to which addresses. */
export function MailSettingPage() {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const configs = useListMailConfigsQuery();
  const events = useListNoticeEventsQuery();
  const recipients = useListRecipientsQuery();
  const save = useSaveMailConfigsMutation();
  const remove = useDeleteMailConfigsMutation();
  const [modal, setModal] = useState<{
    open: boolean;
    editing?: { EventID: number; Level: Level; Values: string[]; Mobiles: string[] };
  }>({
    open: false,
  });

  const rows: SettingRow[] | undefined = configs.data?.map((c) => ({ ...c, Labels: [...c.Mails, ...c.Mobiles] }));
  const submit = async (values: SettingForm<string> & { Mobiles?: string[] }) => {
    await save.mutateAsync({
      EventIDs: values.EventIDs,
      Levels: values.Levels,
      Mails: values.Values ?? [],
      Mobiles: (values.Mobiles ?? []).map((m) => m.replace(/[\s-]/g, '')),
      replace: !!modal.editing,
    });
    void message.success(t('saved'));
    setModal((m) => ({ ...m, open: false }));
  };

  return (
    <PageFrame>
      <SettingsTable
        intro={t('mail.intro')}
        valuesTitle={t('columns.MailsAndMobiles')}
        rows={rows}
        loading={configs.isPending}
        error={configs.error}
        onRetry={() => void configs.refetch()}
        onAdd={() => setModal({ open: true })}
        onEdit={(row) => {
          const config = configs.data?.find((c) => c.EventID === row.EventID && c.Level === row.Level);
          setModal({
            open: true,
            editing: {
              EventID: row.EventID,
              Level: row.Level,
              Values: config?.Mails ?? [],
              Mobiles: config?.Mobiles ?? [],
            },
          });
        }}
        onDelete={(list) => remove.mutateAsync(list.map((r) => ({ EventID: r.EventID, Level: r.Level })))}
        testId="mail-settings"
      />
      <SettingModal<string>
        open={modal.open}
        editing={modal.editing}
        events={events.data ?? []}
        valuesName="Mails"
        valuesLabel={t('columns.Mails')}
        valuesRequired={false}
        extraInitial={modal.editing ? { Mobiles: modal.editing.Mobiles } : undefined}
        extraFields={
          <Form.Item name="Mobiles" label={t('columns.Mobiles')} extra={t('mail.mobilesHelp')}>
            <Select mode="tags" tokenSeparators={[',', ';']} placeholder="+886912345678" />
          </Form.Item>
        }
        valuesInput={
          <Select
            mode="tags"
            tokenSeparators={[',', ';', ' ']}
            placeholder={t('mail.placeholder')}
            options={(recipients.data ?? []).map((r) => ({
              value: r.Mail.toLowerCase(),
              label: `${r.Name} <${r.Mail}>`,
            }))}
          />
        }
        onSubmit={submit}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        testId="mail-setting-modal"
      />
    </PageFrame>
  );
}
