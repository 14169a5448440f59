/**
 * Spec §5/§8: a failed registration, e-mail verification or register-URL verification shows a fixed
 * Chinese message telling the user to contact customer service. The server answers these failures
 * with the codes below (and an English `message`); the console shows the text for the code verbatim,
 * whatever the interface language.
 */
export const REGISTRATION_FAILURE_MESSAGES = {
  REGISTER_FAILED: '註冊失敗，請聯繫客服',
  EMAIL_VERIFY_FAILED: '信箱驗證失敗，請聯繫客服',
  REGISTER_URL_INVALID: '註冊連結驗證失敗，請聯繫客服',
} as const;
export type RegistrationFailureCode = keyof typeof REGISTRATION_FAILURE_MESSAGES;

/** How long a generated registration link lives by default, and at most. */
export const REGISTER_LINK_DEFAULT_HOURS = 72;
export const REGISTER_LINK_MAX_DAYS = 90;

/** The console routes that mails link to. */
export const REGISTER_ROUTE = '/register';
export const RESET_PASSWORD_ROUTE = '/resetPassword';
