import type { Level } from '@pitboss/contract';
import { Alert, App, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useDeleteBlockSettingsMutation } from './queries/use-delete-block-settings-mutation';
import { useListBlockSettingsQuery } from './queries/use-list-block-settings-query';
import { useListLockApisQuery } from './queries/use-list-lock-apis-query';
import { useListNoticeEventsQuery } from './queries/use-list-notice-events-query';
import { useSaveBlockSettingsMutation } from './queries/use-save-block-settings-mutation';
import { type SettingForm, SettingModal } from './SettingModal';
import { type SettingRow, SettingsTable } from './SettingsTable';

/** API notification (spec §2 block-setting): which event and level call which block APIs to lock the member. */
export function BlockSettingPage() {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const settings = useListBlockSettingsQuery();
  const events = useListNoticeEventsQuery();
  const apis = useListLockApisQuery();
  const save = useSaveBlockSettingsMutation();
  const remove = useDeleteBlockSettingsMutation();
  const [modal, setModal] = useState<{ open: boolean; editing?: { EventID: number; Level: Level; Values: number[] } }>({
    open: false,
  });
  const apiIdsOf = new Map((settings.data ?? []).map((s) => [`${s.EventID}/${s.Level}`, s.APIs]));

  const rows: SettingRow[] | undefined = settings.data?.map((s) => ({ ...s, Labels: s.APINames }));
  const submit = async (values: SettingForm<number>) => {
    await save.mutateAsync({
      EventIDs: values.EventIDs,
      Levels: values.Levels,
      APIs: values.Values,
      replace: !!modal.editing,
    });
    void message.success(t('saved'));
    setModal((m) => ({ ...m, open: false }));
  };

  return (
    <PageFrame>
      {apis.data && apis.data.length === 0 && (
        <Alert type="info" showIcon title={t('block.noApis')} style={{ marginBottom: 16 }} />
      )}
      <SettingsTable
        intro={t('block.intro')}
        valuesTitle={t('columns.APIs')}
        rows={rows}
        loading={settings.isPending}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        onAdd={() => setModal({ open: true })}
        onEdit={(row) =>
          setModal({
            open: true,
            editing: {
              EventID: row.EventID,
              Level: row.Level,
              Values: apiIdsOf.get(`${row.EventID}/${row.Level}`) ?? [],
            },
          })
        }
        onDelete={(list) => remove.mutateAsync(list.map((r) => ({ EventID: r.EventID, Level: r.Level })))}
        testId="block-settings"
      />
      <SettingModal<number>
        open={modal.open}
        editing={modal.editing}
        events={events.data ?? []}
        valuesName="APIs"
        valuesLabel={t('columns.APIs')}
        valuesInput={
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={(apis.data ?? []).map((api) => ({
              value: api.APIID,
              label: api.IsLock ? api.Name : `${api.Name} (${t('block.lockOff')})`,
            }))}
          />
        }
        onSubmit={submit}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        testId="block-setting-modal"
      />
    </PageFrame>
  );
}
