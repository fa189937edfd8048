// Only aes-cbc.ts imports this module, and only dynamically, where Web Crypto is missing.
import { cbc } from '@noble/ciphers/aes.js';
import type { AesCbc } from './aes-cbc';

export const nobleAesCbc: AesCbc = {
  encrypt: (key, iv, plain) => Promise.resolve(cbc(key, iv).encrypt(plain)),
  decrypt: (key, iv, sealed) => Promise.resolve(cbc(key, iv).decrypt(sealed)),
};
