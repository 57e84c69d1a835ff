import CryptoJS from 'crypto-js';
import type { CurrentUser } from '@streamhub/contract';

/**
 * The JS-readable `user` cookie (API.md §2): AES-256-CBC in the OpenSSL "Salted__" passphrase format
 * that crypto-js reads. Not a secret and never trusted by the server; the web app reads it to know
 * who is signed in before any call.
 */
export function encryptUserCookie(user: CurrentUser, passphrase: string): string {
  const { _id, username, fullname, avatar } = user;
  return CryptoJS.AES.encrypt(JSON.stringify({ _id, username, fullname, avatar }), passphrase).toString();
}

export function decryptUserCookie(value: string, passphrase: string): CurrentUser | null {
  try {
    const text = CryptoJS.AES.decrypt(value, passphrase).toString(CryptoJS.enc.Utf8);
    return text ? (JSON.parse(text) as CurrentUser) : null;
  } catch {
    return null;
  }
}
