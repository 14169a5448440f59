import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** A contract schema's issue as the user reads it, in their language (zod's own texts are English). */
export function issueMessage(issue: z.core.$ZodIssue, t: TFunction<'alert-rules'>): string {
  switch (issue.code) {
    case 'invalid_type':
      return t('validation.required');
    case 'too_small':
      return issue.origin === 'string' ? t('validation.required') : t('validation.min', { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.maxLength', { max: issue.maximum })
        : t('validation.max', { max: issue.maximum });
    case 'custom':
      return issue.path.includes('LoopValue') ? t('validation.window') : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}
