import { MAX_IDS_PER_REQUEST, MEMBER_ID_MAX_LENGTH, splitIds } from '@pitboss/contract';
import { Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface MemberIdInputProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  rows?: number;
  /** Grow with the text up to this many rows (then scroll). */
  maxRows?: number;
  placeholder?: string;
  id?: string;
}

/**
 * Member IDs typed or pasted as a list (commas, spaces, semicolons or new lines), trimmed and
 * de-duplicated with the contract's `splitIds`; shows the count. A controlled antd Form field.
 */
export function MemberIdInput({ value, onChange, rows = 3, maxRows, placeholder, id }: MemberIdInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value ?? []).join('\n'));
  const ids = splitIds(text);
  // Follow a value set from outside (form reset), without rewriting what the user is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of `value` matters
  useEffect(() => {
    const outside = value ?? [];
    if (outside.join('\n') !== splitIds(text).join('\n')) setText(outside.join('\n'));
  }, [value]);
  return (
    <div>
      <Input.TextArea
        id={id}
        value={text}
        autoSize={maxRows ? { minRows: rows, maxRows } : undefined}
        rows={maxRows ? undefined : rows}
        placeholder={placeholder ?? t('memberIds.placeholder')}
        onChange={(event) => {
          setText(event.target.value);
          onChange?.(splitIds(event.target.value));
        }}
      />
      {ids.length > 0 && (
        <Typography.Text type={ids.length > MAX_IDS_PER_REQUEST ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
          {t('memberIds.count', { count: ids.length })}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Searches send the IDs in the address, which servers cap (16 KB of headers by default): beyond
 * this many characters of IDs a search is refused on the form rather than by the server.
 */
export const MEMBER_ID_SEARCH_MAX_CHARS = 8000;

/** Form rules of a member-ID search field: every ID at most 64 characters, the list short enough. */
export function memberIdSearchRules(t: TFunction): Rule[] {
  return [
    {
      validator: async (_rule, ids: string[] | undefined) => {
        const tooLong = (ids ?? []).find((id) => id.length > MEMBER_ID_MAX_LENGTH);
        if (tooLong) throw new Error(t('memberIds.tooLong', { id: tooLong.slice(0, 20), max: MEMBER_ID_MAX_LENGTH }));
        if ((ids ?? []).join(',').length > MEMBER_ID_SEARCH_MAX_CHARS) throw new Error(t('memberIds.tooManyToSearch'));
      },
    },
  ];
}
