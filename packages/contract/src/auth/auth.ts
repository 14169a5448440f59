export const SUPPORTED_LANGUAGES = ['en', 'zh', 'zh-CN'] as const;
export const DEFAULT_LANGUAGE: (typeof SUPPORTED_LANGUAGES)[number] = 'zh';

export const PASSWORD_MAX_LENGTH = 128;
