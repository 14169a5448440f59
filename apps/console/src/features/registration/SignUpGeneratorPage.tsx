import { LinkOutlined } from '@ant-design/icons';
import { REGISTER_LINK_DEFAULT_HOURS, REGISTER_LINK_MAX_DAYS, type Tag } from '@pitboss/contract';
import { Alert, Button, Card, DatePicker, Flex, Form, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { showApiError } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { companyNow, toInstant } from '../../lib/time-zone';
import { useGlobalStore } from '../../store/global-store';
import { useUserInfoQuery } from '../auth/queries/use-user-info-query';
import { GroupSelect } from '../users/GroupSelect';
import { RoleSelect } from '../users/user-labels';
import { PendingLinksTable } from './PendingLinksTable';
import { useGenerateRegisterUrlMutation } from './queries/use-generate-register-url-mutation';

interface GeneratorForm {
  Tags: Tag;
  cid: number;
  GroupID: number | null;
  expired: Dayjs;
}

const PRESETS = [
  { key: 'day', days: 1 },
  { key: 'threeDays', days: 3 },
  { key: 'week', days: 7 },
  { key: 'month', days: 30 },
] as const;

/** The registration-link generator (`/sign-up-generator`: admins of publisher companies). */
export function SignUpGeneratorPage() {
  const { t } = useTranslation('registration');
  const [form] = Form.useForm<GeneratorForm>();
  const user = useUserInfoQuery();
  const workingCid = useGlobalStore((s) => s.cid) ?? user.data?.cid;
  const generate = useGenerateRegisterUrlMutation();
  const [error, setError] = useState<string>();
  const cid = Form.useWatch('cid', form);
  const companies = (user.data?.companies ?? []).filter((c) => c.role === 'admin');
  // The working company is the default once the user's companies are known.
  useEffect(() => {
    if (workingCid !== undefined && form.getFieldValue('cid') === undefined) form.setFieldValue('cid', workingCid);
  }, [form, workingCid]);

  const submit = async (values: GeneratorForm) => {
    setError(undefined);
    try {
      await generate.mutateAsync({
        Tags: values.Tags,
        cid: values.cid,
        expired: toInstant(values.expired),
        ...(values.GroupID != null && values.cid === workingCid ? { GroupID: values.GroupID } : {}),
      });
    } catch (e) {
      setError(showApiError(form, e));
    }
  };

  const latest = generate.data;
  const now = companyNow();
  return (
    <PageFrame description={t('generator.description')}>
      <Flex vertical gap="middle">
        <Card title={t('generator.newLink')}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form<GeneratorForm>
            form={form}
            layout="vertical"
            style={{ maxWidth: 520 }}
            initialValues={{
              Tags: 'Viewer',
              cid: workingCid ?? undefined,
              GroupID: null,
              expired: now.add(REGISTER_LINK_DEFAULT_HOURS, 'hour'),
            }}
            onFinish={(values) => void submit(values)}
          >
            <Form.Item name="Tags" label={t('generator.role')} rules={[{ required: true }]}>
              <RoleSelect />
            </Form.Item>
            <Form.Item name="cid" label={t('generator.company')} rules={[{ required: true }]}>
              <Select
                loading={user.isLoading}
                options={companies.map((c) => ({ value: c.cid, label: c.name }))}
                aria-label={t('generator.company')}
              />
            </Form.Item>
            {cid === workingCid && (
              <Form.Item name="GroupID" label={t('generator.group')}>
                <GroupSelect allowNone />
              </Form.Item>
            )}
            <Form.Item
              name="expired"
              label={t('generator.expires')}
              extra={t('generator.expiresHelp', { days: REGISTER_LINK_MAX_DAYS, hours: REGISTER_LINK_DEFAULT_HOURS })}
              rules={[{ required: true }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                allowClear={false}
                disabledDate={(day) => day.isBefore(now, 'day') || day.isAfter(now.add(REGISTER_LINK_MAX_DAYS, 'day'))}
                presets={PRESETS.map((p) => ({
                  label: t(`generator.presets.${p.key}`),
                  value: companyNow().add(p.days, 'day'),
                }))}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<LinkOutlined />} loading={generate.isPending}>
              {t('generator.generate')}
            </Button>
          </Form>
          {latest && (
            <Alert
              type="success"
              showIcon
              style={{ marginTop: 16 }}
              title={t('generator.result')}
              data-testid="generated-link"
              description={
                <Flex vertical gap={4}>
                  <Typography.Paragraph
                    code
                    copyable={{ text: latest.url, tooltips: [t('generator.copy'), t('generator.copied')] }}
                    style={{ marginBottom: 0, wordBreak: 'break-all' }}
                    data-testid="generated-url"
                  >
                    {latest.url}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary">
                    {t('generator.resultHelp', { expires: formatDateTime(latest.expired) })}
                  </Typography.Text>
                </Flex>
              }
            />
          )}
        </Card>
        <PendingLinksTable />
      </Flex>
    </PageFrame>
  );
}
