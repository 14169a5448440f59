import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { AlertRuleRecord } from '@pitboss/contract';
import { Alert, App, Button, Flex, Switch, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useCan } from '../../hooks/useCan';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import { displayAuthor, displayRuleName } from '../../lib/seeded-names';
import { AlertTypeTag } from '../player-alerts/components/AlertTags';
import { LevelsSummary } from './LevelsSummary';
import { useDeleteAlertRuleMutation } from './queries/use-delete-alert-rule-mutation';
import { useListAlertRulesQuery } from './queries/use-list-alert-rules-query';
import { useSetAlertRuleEnabledMutation } from './queries/use-set-alert-rule-enabled-mutation';
import { RuleDrawer } from './RuleDrawer';

/**
 * Player settings (`/monitor/alert-setting`): the company's alert rules. Editors and admins create,
 * edit, switch on/off and delete; viewers read.
 */
export function AlertSettingPage() {
  const { t } = useTranslation(['alert-rules', 'alerting']);
  const { canEdit } = useCan();
  const { message } = App.useApp();
  const rules = useListAlertRulesQuery();
  const setEnabled = useSetAlertRuleEnabledMutation();
  const remove = useDeleteAlertRuleMutation();
  const confirmDelete = useConfirmDelete();
  const [open, setOpen] = useState<AlertRuleRecord | 'new'>();

  const toggle = async (rule: AlertRuleRecord, Enabled: boolean) => {
    try {
      await setEnabled.mutateAsync({ EventID: rule.EventID, Enabled });
      void message.success(t(Enabled ? 'settings.turnedOn' : 'settings.turnedOff', { name: rule.EventName }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const columns: ColumnsType<AlertRuleRecord> = [
    {
      title: t('settings.name'),
      dataIndex: 'EventName',
      sorter: (a, b) => a.EventName.localeCompare(b.EventName),
      render: (name: string, rule) => (
        <Typography.Text strong type={rule.Enabled ? undefined : 'secondary'}>
          {displayRuleName(t, name, rule.EventType)}
        </Typography.Text>
      ),
    },
    {
      title: t('settings.type'),
      dataIndex: 'EventType',
      sorter: (a, b) => a.EventType - b.EventType,
      defaultSortOrder: 'ascend',
      render: (_, rule) => (
        <Flex gap={4} align="center">
          <AlertTypeTag type={rule.EventType} />
          <Tooltip title={t(`alerting:typeHelp.${rule.EventType}`)}>
            <QuestionCircleOutlined style={{ opacity: 0.55 }} aria-label={t(`alerting:typeHelp.${rule.EventType}`)} />
          </Tooltip>
        </Flex>
      ),
    },
    {
      title: t('settings.window'),
      key: 'window',
      render: (_, rule) =>
        t('settings.windowValue', {
          count: rule.LoopValue,
          unit: t(`unitCount.${rule.TimeUnit}`, { count: rule.LoopValue }),
        }),
    },
    {
      title: t('settings.levels'),
      key: 'levels',
      render: (_, rule) => <LevelsSummary type={rule.EventType} levels={rule.Levels} />,
    },
    {
      title: t('settings.enabled'),
      dataIndex: 'Enabled',
      render: (enabled: boolean, rule) => (
        <Switch
          checked={enabled}
          disabled={!canEdit}
          loading={setEnabled.isPending && setEnabled.variables?.EventID === rule.EventID}
          onChange={(next) => void toggle(rule, next)}
          aria-label={t('settings.enabledOf', { name: rule.EventName })}
          data-testid={`rule-enabled-${rule.EventID}`}
        />
      ),
    },
    {
      title: t('settings.updated'),
      dataIndex: 'UpdateDate',
      sorter: (a, b) => a.UpdateDate.localeCompare(b.UpdateDate),
      render: (date: string, rule) => (
        <Flex vertical>
          <span>{formatDateTime(date)}</span>
          <Typography.Text type="secondary">{displayAuthor(t, rule.UpdatedBy)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('actions.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, rule) =>
        canEdit ? (
          <Flex gap={4}>
            <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(rule)}>
              {t('actions.edit')}
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDelete({
                  what: t('settings.ruleNamed', { name: rule.EventName }),
                  onConfirm: () => remove.mutateAsync(rule.EventID),
                })
              }
            >
              {t('actions.delete')}
            </Button>
          </Flex>
        ) : (
          <Button size="small" icon={<EyeOutlined />} onClick={() => setOpen(rule)}>
            {t('actions.view')}
          </Button>
        ),
    },
  ];

  return (
    <PageFrame
      description={t('settings.description')}
      toolbar={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')} data-testid="rule-create">
            {t('settings.create')}
          </Button>
        )
      }
    >
      {rules.isError && (
        <Alert
          type="error"
          showIcon
          title={t('table.loadFailed')}
          description={rules.error.message}
          action={
            <Button size="small" onClick={() => void rules.refetch()}>
              {t('actions.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
          data-testid="table-error"
        />
      )}
      <Table<AlertRuleRecord>
        rowKey="EventID"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="rules-table"
      />
      <RuleDrawer rule={open} readOnly={!canEdit} onClose={() => setOpen(undefined)} />
    </PageFrame>
  );
}
