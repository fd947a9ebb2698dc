/** Staff sign-in: nothing longer is an account name (an e-mail address) or a password here. */
export const SIGN_IN_MAX_LENGTH = { email: 254, password: 1024 } as const;
