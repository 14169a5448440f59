import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordAccountProblem } from '@pitboss/contract';
import { AccountName, MailAddress, NewPassword, PersonName } from '@pitboss/contract/schemas';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * Form rules for account fields, checked with the contract's own schemas (the server runs the same),
 * with translated messages. Import only from lazy screens: the schemas bring zod along.
 */
interface Schema {
  safeParse: (value: unknown) => { success: boolean };
}

function schemaRule(schema: Schema, message: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}

export function accountRules(t: TFunction): FormRule[] {
  return [{ required: true, whitespace: true }, schemaRule(AccountName, t('auth:rules.account'))];
}

export function nameRules(t: TFunction): FormRule[] {
  return [{ required: true, whitespace: true }, schemaRule(PersonName, t('auth:rules.name'))];
}

export function mailRules(t: TFunction, required = true): FormRule[] {
  return [{ required, whitespace: true }, schemaRule(MailAddress, t('auth:rules.mail'))];
}

/** The password rule of the contract; `account` gives the account name it must not contain. */
export function passwordRules(t: TFunction, account: () => string | undefined): FormRule[] {
  return [
    { required: true },
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return;
        if (!NewPassword.safeParse(value).success) {
          throw new Error(t('auth:rules.password', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));
        }
        if (passwordAccountProblem(value, account())) throw new Error(t('auth:rules.passwordAccount'));
      },
    },
  ];
}

/** The text that says what a new password needs, shown under the field. */
export function passwordRuleText(t: TFunction): string {
  return t('auth:rules.passwordRule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

/** The "repeat password" field: must equal the field `passwordField`. */
export function confirmRules(t: TFunction, passwordField: string): FormRule[] {
  return [
    { required: true },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(passwordField)) throw new Error(t('auth:rules.mismatch'));
      },
    }),
  ];
}
