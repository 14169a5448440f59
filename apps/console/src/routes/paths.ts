/** Where `/` and a denied route lead. */
export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
