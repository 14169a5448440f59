import type { Level } from '@pitboss/contract';
import { App, Select } from 'antd';
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
  const [modal, setModal] = useState<{ open: boolean; editing?: { EventID: number; Level: Level; Values: string[] } }>({
    open: false,
  });

  const rows: SettingRow[] | undefined = configs.data?.map((c) => ({ ...c, Labels: c.Mails }));
  const submit = async (values: SettingForm<string>) => {
    await save.mutateAsync({
      EventIDs: values.EventIDs,
      Levels: values.Levels,
      Mails: values.Values,
      replace: !!modal.editing,
    });
    void message.success(t('saved'));
    setModal((m) => ({ ...m, open: false }));
  };

  return (
    <PageFrame>
      <SettingsTable
        intro={t('mail.intro')}
        valuesTitle={t('columns.Mails')}
        rows={rows}
        loading={configs.isPending}
        error={configs.error}
        onRetry={() => void configs.refetch()}
        onAdd={() => setModal({ open: true })}
        onEdit={(row) =>
          setModal({ open: true, editing: { EventID: row.EventID, Level: row.Level, Values: row.Labels } })
        }
        onDelete={(list) => remove.mutateAsync(list.map((r) => ({ EventID: r.EventID, Level: r.Level })))}
        testId="mail-settings"
      />
      <SettingModal<string>
        open={modal.open}
        editing={modal.editing}
        events={events.data ?? []}
        valuesName="Mails"
        valuesLabel={t('columns.Mails')}
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
