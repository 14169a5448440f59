import { GAME_RTP_LOOP_VALUE_MAX, type GameRtpRuleRecord, LOOP_VALUE_MAX, TIME_UNITS } from '@pitboss/contract';
import { GameRtpRuleBody } from '@pitboss/contract/schemas';
import { Alert, App, Button, Drawer, Flex, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { issueMessage } from '../../alert-rules/issue-message';
import { useListMonitorGameTypesQuery } from '../queries/use-list-monitor-game-types-query';
import { useListMonitorGamesQuery } from '../queries/use-list-monitor-games-query';
import { useSaveGameRtpSettingMutation } from '../queries/use-save-game-rtp-setting-mutation';
import { GameLevelRows } from './GameLevelRows';
import {
  type FieldPath,
  type GameRuleFormValues,
  gameFormFieldOf,
  gameRuleToValues,
  gameValuesToBody,
  newGameRuleValues,
} from './game-rule-form';

export interface GameRuleDrawerProps {
  /** The rule to edit, `'new'` for a new one, or undefined when closed. */
  rule: GameRtpRuleRecord | 'new' | undefined;
  /** Viewers see the rule without being able to change it. */
  readOnly: boolean;
  onClose: () => void;
}

/**
 * Creates or edits a game RTP rule: name, target (all games, a game type, one game: pickers from
 * MonitorGameType / MonitorGame), expected RTP override, window, minimum rounds and the level rows.
 * Checked with the contract's schema before sending; the server's field errors land on their field.
 */
export function GameRuleDrawer({ rule, readOnly, onClose }: GameRuleDrawerProps) {
  const { t } = useTranslation(['game-rtp', 'alert-rules', 'alerting']);
  const { message } = App.useApp();
  const [form] = Form.useForm<GameRuleFormValues>();
  const save = useSaveGameRtpSettingMutation();
  const [formError, setFormError] = useState<string>();
  const scope = Form.useWatch('Scope', form);
  const unit = Form.useWatch('TimeUnit', form);
  const types = useListMonitorGameTypesQuery();
  const games = useListMonitorGamesQuery();
  const editing = rule !== undefined && rule !== 'new' ? rule : undefined;

  useEffect(() => {
    if (rule === undefined) return;
    setFormError(undefined);
    form.resetFields();
    form.setFieldsValue(rule === 'new' ? newGameRuleValues() : gameRuleToValues(rule));
  }, [rule, form]);

  const showErrors = (errors: { path: FieldPath | undefined; message: string }[]) => {
    const byField = new Map<string, { name: FieldPath; errors: string[] }>();
    const rest: string[] = [];
    for (const { path, message: text } of errors) {
      if (!path || (path.length === 1 && path[0] === 'Levels')) {
        rest.push(text);
        continue;
      }
      const key = path.join('.');
      const entry = byField.get(key) ?? { name: path, errors: [] };
      entry.errors.push(text);
      byField.set(key, entry);
    }
    form.setFields([...byField.values()] as Parameters<typeof form.setFields>[0]);
    setFormError(rest.length ? rest.join(' ') : undefined);
  };

  const submit = async (values: GameRuleFormValues) => {
    setFormError(undefined);
    const body = gameValuesToBody(values);
    if (body.Levels.length === 0) return setFormError(t('settings.noLevel'));
    const checked = GameRtpRuleBody.safeParse(body);
    if (!checked.success) {
      return showErrors(
        checked.error.issues.map((issue) => ({
          path: gameFormFieldOf(issue.path, body),
          message:
            issue.code === 'custom' && issue.path.includes('Above')
              ? t('settings.bandNeeded')
              : issue.code === 'custom' && (issue.path.includes('GameType') || issue.path.includes('GameID'))
                ? t('alert-rules:validation.required')
                : issueMessage(issue, t as never),
        })),
      );
    }
    try {
      await save.mutateAsync({ EventID: editing?.EventID, body: checked.data });
      void message.success(t(editing ? 'settings.saved' : 'settings.created', { name: checked.data.EventName }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errors?.length) {
        showErrors(error.errors.map((e) => ({ path: gameFormFieldOf(e.field, body), message: e.message })));
        if (!error.errors.some((e) => gameFormFieldOf(e.field, body))) setFormError(error.message);
      } else {
        setFormError((error as Error).message);
      }
    }
  };

  const title = readOnly ? t('settings.view') : editing ? t('settings.edit') : t('settings.create');
  const loopMax = unit ? Math.min(LOOP_VALUE_MAX[unit], GAME_RTP_LOOP_VALUE_MAX) : GAME_RTP_LOOP_VALUE_MAX;
  return (
    <Drawer
      open={rule !== undefined}
      onClose={onClose}
      title={editing ? `${title}: ${editing.EventName}` : title}
      size={680}
      destroyOnHidden
      data-testid="game-rule-drawer"
      footer={
        readOnly ? null : (
          <Flex justify="flex-end" gap="small">
            <Button onClick={onClose}>{t('actions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="game-rule-save">
              {t('actions.save')}
            </Button>
          </Flex>
        )
      }
    >
      <Form<GameRuleFormValues> form={form} layout="vertical" disabled={readOnly} onFinish={submit} requiredMark>
        {formError && (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="game-rule-form-error"
          />
        )}
        <Form.Item name="EventName" label={t('settings.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={128} placeholder={t('settings.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="Scope" label={t('settings.target')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={(['all', 'type', 'game'] as const).map((value) => ({
              value,
              label: t(`settings.scopes.${value}`),
            }))}
          />
        </Form.Item>
        {scope === 'type' && (
          <Form.Item name="GameType" label={t('settings.gameType')} rules={[{ required: true }]}>
            <Select
              showSearch
              loading={types.isPending}
              data-testid="game-type-picker"
              options={(types.data ?? []).map((row) => ({
                value: row.GameType,
                label: t('settings.typeOption', { type: row.GameType || t('settings.noType'), count: row.Games }),
              }))}
            />
          </Form.Item>
        )}
        {scope === 'game' && (
          <Form.Item name="GameID" label={t('settings.game')} rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={games.isPending}
              data-testid="game-picker"
              options={(games.data ?? []).map((row) => ({
                value: row.GameID,
                label: `${row.GameName || row.GameID} (${row.GameID}${row.GameType ? ` · ${row.GameType}` : ''})`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="ExpectedRTP" label={t('settings.expectedRtp')} extra={t('settings.expectedRtpHelp')}>
          <InputNumber min={0.01} max={200} step={0.1} suffix="%" style={{ width: 160 }} placeholder="—" />
        </Form.Item>
        <Form.Item label={t('settings.window')} required extra={t('settings.windowHelp')}>
          <Flex gap="small" align="flex-start">
            <Form.Item name="LoopValue" noStyle rules={[{ required: true }]}>
              <InputNumber
                min={1}
                max={loopMax}
                precision={0}
                style={{ width: 120 }}
                aria-label={t('settings.loopValue')}
              />
            </Form.Item>
            <Typography.Text style={{ lineHeight: '32px' }}>×</Typography.Text>
            <Form.Item name="TimeUnit" noStyle>
              <Select
                style={{ width: 140 }}
                aria-label={t('settings.timeUnit')}
                options={TIME_UNITS.map((u) => ({ value: u, label: t(`alert-rules:timeUnits.${u}`) }))}
              />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item
          name="MinRounds"
          label={t('settings.minRounds')}
          extra={t('settings.minRoundsHelp')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="Enabled" label={t('settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('settings.levels')} required>
          <GameLevelRows disabled={readOnly} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
