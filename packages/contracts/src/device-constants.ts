// Device-signature constants shared by web and server (no schema library: the web's first visit uses them).

/** SPEC §3: the fixed channel value inside the device signature. */
export const DEVICE_SIGNATURE_CHANNEL = 'h5';
/** SPEC §4/§9: the built-in default device id a fresh client starts with. */
export const DEFAULT_DEVICE_ID = 'h5-0000000000000000-default';
/** The development key shared by web and server; production sets DEVICE_SIGN_KEY. 32 bytes → AES-256. */
export const DEFAULT_DEVICE_SIGN_KEY = 'haoshi-local-device-sign-key-32b';
/** The request header carrying the encrypted device signature (a key of app_header_sign). */
export const DEVICE_SIGN_HEADER = 'sign';
