import { MAX_IDS_PER_REQUEST, splitIds } from '@pitboss/contract';
import { Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface MemberIdInputProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  rows?: number;
  placeholder?: string;
}

/**
 * Member IDs typed or pasted as a list (commas, spaces, semicolons or new lines), trimmed and
 * de-duplicated with the contract's `splitIds`; shows the count. A controlled antd Form field.
 */
export function MemberIdInput({ value, onChange, rows = 3, placeholder }: MemberIdInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value ?? []).join('\n'));
  const ids = splitIds(text);
  // Follow a value set from outside (form reset), without rewriting what the user is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of `value` matters
  useEffect(() => {
    if (value && value.join('\n') !== splitIds(text).join('\n')) setText(value.join('\n'));
  }, [value]);
  return (
    <div>
      <Input.TextArea
        value={text}
        rows={rows}
        placeholder={placeholder ?? t('memberIds.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          onChange?.(splitIds(event.target.value));
        }}
      />
      <Typography.Text type={ids.length > MAX_IDS_PER_REQUEST ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {t('memberIds.count', { count: ids.length })}
      </Typography.Text>
    </div>
  );
}
