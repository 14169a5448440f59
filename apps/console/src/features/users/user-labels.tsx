import { type Tag as RoleTagValue, roleOfTag, TAGS, type UserStatus } from '@pitboss/contract';
import { Badge, Select, type SelectProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const TAG_COLORS: Record<RoleTagValue, string> = { admin: 'magenta', Editor: 'blue', Viewer: 'cyan', Mail: 'purple' };

/** A role (spec §3 Tags) as a coloured label in the interface language. */
export function RoleTag({ tag }: { tag: RoleTagValue | '' }) {
  const { t } = useTranslation();
  if (!tag) return <Tag>{t('roles.none')}</Tag>;
  return <Tag color={TAG_COLORS[tag]}>{t(`roles.${roleOfTag(tag)}`)}</Tag>;
}

/** Choice of a role; `Mail` is the notification-only role. */
export function RoleSelect(props: Omit<SelectProps<RoleTagValue>, 'options'>) {
  const { t } = useTranslation();
  return (
    <Select<RoleTagValue>
      {...props}
      options={TAGS.map((tag) => ({ value: tag, label: t(`roles.${roleOfTag(tag)}`) }))}
    />
  );
}

const STATUS_BADGES: Record<UserStatus, 'default' | 'success' | 'warning'> = {
  0: 'default',
  1: 'success',
  2: 'warning',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('users');
  return <Badge status={STATUS_BADGES[status]} text={t(`status.${status}`)} />;
}
