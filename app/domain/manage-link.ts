/** The /buchung form's field limits (server and `maxLength`). */
export const LINK_FIELD_MAX = { code: 32, email: 254 } as const;
