import type { FormProps } from 'antd';
import type { i18n as I18n } from 'i18next';

export type ValidateMessages = NonNullable<FormProps['validateMessages']>;

/**
 * Ant Design's form messages in the current language (spec §5): required reads "Please enter ${label}";
 * type, whitespace, date and length/min/max/range for strings, numbers and arrays. The texts keep Ant
 * Design's `${…}` placeholders, which i18next leaves alone.
 */
export function validateMessagesOf(i18n: I18n): ValidateMessages {
  const messages = i18n.t('validation:messages', { returnObjects: true });
  return messages && typeof messages === 'object' ? (messages as ValidateMessages) : {};
}
